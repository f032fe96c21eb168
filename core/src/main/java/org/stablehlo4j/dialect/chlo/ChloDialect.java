package org.stablehlo4j.dialect.chlo;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.dialect.stablehlo.HloBase;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Dialect;

/**
 * The chlo dialect: its op rows ({@link ChloOps}), their declarative pretty forms and the hand-written ones of
 * {@code chlo.scan} ({@link ChloScanAssembly}) and {@code chlo.constant}.
 */
public final class ChloDialect extends Dialect {
    public ChloDialect(Context context) {
        super("chlo", context);
        addOperations(ChloOpHooks.TABLE);
        declareCompleteSignatures();
        OpAsmTable asm = FormatForms.declarativeTable(ChloOps.SIGNATURES.all());
        asm.format(ScanOp.NAME, ChloScanAssembly.INSTANCE);
        FormatForms.addTypedConstant(asm, ConstantOp.NAME);
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(DialectBytecode.class, ChloBytecode.INSTANCE);
        addInterface(org.stablehlo4j.asm.AsmDialectInterface.class, new org.stablehlo4j.asm.AsmDialectInterface() {
            @Override
            public Attribute parseAttribute(org.stablehlo4j.ir.DialectAttr opaque) {
                return ChloRules.canonicalRaggedDot(opaque);
            }
        });
        // ChloOps.td includes StableHLO's Base.td: the HLO_* type constraints and traits
        HloBase.attachTo(this);
    }

    /**
     * CHLO's constants: a {@code chlo.constant} from an elements attribute.
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    @Override
    public Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        return ChloFolding.materializeConstant(builder, value, type, loc);
    }
}
