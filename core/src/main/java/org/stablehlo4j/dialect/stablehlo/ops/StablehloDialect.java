package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.HloBase;
import org.stablehlo4j.dialect.stablehlo.StablehloAttrConstraints;
import org.stablehlo4j.dialect.stablehlo.asm.StablehloFormatExtension;
import org.stablehlo4j.dialect.stablehlo.asm.WhileReduceForms;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectAttrConstraints;

/**
 * The StableHLO dialect (upstream {@code StablehloDialect}): its op rows, the ops' pretty forms, and the parse
 * hooks of its types and attributes ({@link StablehloAsm}).
 */
public final class StablehloDialect extends Dialect {
    /**
     * Loads the dialect into {@code context}.
     *
     * @param context the context that owns the dialect
     */
    public StablehloDialect(Context context) {
        super(StablehloOps.DIALECT, context);
        addOperations(StablehloOpHooks.TABLE);
        declareCompleteSignatures();
        OpAsmTable asm = FormatForms.declarativeTable(StablehloOps.all(), StablehloFormatExtension.INSTANCE);
        FormatForms.addConstant(asm, ConstantOp.NAME);
        asm.format(WhileOp.NAME, WhileReduceForms.WHILE);
        // the compact reduce form asks the dialect's rows whether the inner op qualifies
        asm.format(ReduceOp.NAME, WhileReduceForms.reduce(this::opDefinition));
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(AsmDialectInterface.class, StablehloAsm.HOOKS);
        addInterface(DialectBytecode.class, StablehloBytecode.INSTANCE);
        addInterface(DialectAttrConstraints.class, StablehloAttrConstraints.INSTANCE);
        HloBase.attachTo(this);
    }

    /**
     * StableHLO's constants: a {@code stablehlo.constant} from an elements attribute of the result type.
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    @Override
    public Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        return StablehloFolding.materializeConstant(builder, value, type, loc);
    }
}
