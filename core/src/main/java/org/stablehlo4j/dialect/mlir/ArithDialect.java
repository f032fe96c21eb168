package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/** The part of MLIR's arith dialect that StableHLO's tests and passes use (the rows of {@link MlirOps}). */
public final class ArithDialect extends Dialect {
    /**
     * Loads the dialect into {@code context}.
     *
     * @param context the context that owns the dialect
     */
    public ArithDialect(Context context) {
        super(MlirOps.ARITH_DIALECT, context);
        addOperations(MlirOpHooks.ARITH.all());
        declareCompleteSignatures();
        OpAsmTable asm = FormatForms.declarativeTable(MlirOpHooks.ARITH.all());
        FormatForms.addArithConstant(asm, ConstantOp.NAME);
        MlirAsm.addArith(asm);
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(DialectTypeConstraints.class, MlirTypeConstraints.INSTANCE);
    }

    /**
     * An {@code arith.constant} of {@code value} when it is a typed attribute of type {@code type} (MLIR's
     * {@code ArithDialect::materializeConstant}).
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    @Override
    public Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        return MlirOpHooks.materializeConstant(builder, value, type, loc);
    }
}
