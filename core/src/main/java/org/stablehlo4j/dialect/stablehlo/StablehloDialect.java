package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.dialect.stablehlo.asm.StablehloFormatExtension;
import org.stablehlo4j.dialect.stablehlo.asm.WhileReduceForms;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.Type;

/**
 * The StableHLO dialect (upstream {@code StablehloDialect}): its op rows, the ops' pretty forms, and the parse
 * hooks of its types and attributes ({@link StablehloAsm}).
 */
public final class StablehloDialect extends Dialect {
    public StablehloDialect(Context context) {
        super(StablehloOps.DIALECT, context);
        addOperations(StablehloOps.all());
        declareCompleteSignatures();
        OpAsmTable asm = FormatForms.declarativeTable(StablehloOps.all(), StablehloFormatExtension.INSTANCE);
        FormatForms.addConstant(asm, "stablehlo.constant");
        asm.format("stablehlo.while", WhileReduceForms.WHILE);
        asm.format("stablehlo.reduce", WhileReduceForms.REDUCE);
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(AsmDialectInterface.class, HOOKS);
        addInterface(DialectBytecode.class, StablehloBytecode.INSTANCE);
        addInterface(org.stablehlo4j.ir.DialectAttrConstraints.class, StablehloAttrConstraints.INSTANCE);
    }

    /** Type and attribute bodies, parsed by {@link StablehloAsm} (stateless; also used for nested bodies). */
    static final AsmDialectInterface HOOKS = new Hooks();

    private static final class Hooks implements AsmDialectInterface {
        @Override
        public Type parseType(DialectType opaque) {
            return StablehloAsm.parseType(opaque);
        }

        @Override
        public Attribute parseAttribute(DialectAttr opaque) {
            try {
                return StablehloAsm.parseAttribute(opaque);
            } catch (org.stablehlo4j.asm.DialectBodyException e) {
                String body = opaque.body();
                // Upstream's pretty conv<[b, 0, 1, f]x...> parser reports only its own error; its raw form adds one.
                boolean conv = body.startsWith("conv<") && body.substring(5).stripLeading().startsWith("raw");
                String kind = body.startsWith("dot<") || conv ? "dot"
                        : body.startsWith("gather<") ? "gather" : body.startsWith("scatter<") ? "scatter" : null;
                // Like upstream's struct parsers, which add their own error at the token they stopped on.
                if (kind != null) e.withFollowUp("failed parsing " + kind + " dimension numbers attribute");
                throw e;
            }
        }
    }
}
