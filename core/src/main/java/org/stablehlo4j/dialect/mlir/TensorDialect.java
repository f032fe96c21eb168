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

/** The part of MLIR's tensor dialect that StableHLO's tests and passes use (the rows of {@link MlirOps}). */
public final class TensorDialect extends Dialect {
    /**
     * Loads the dialect into {@code context}.
     *
     * @param context the context that owns the dialect
     */
    public TensorDialect(Context context) {
        super(MlirOps.TENSOR_DIALECT, context);
        addOperations(MlirOpHooks.TENSOR.all());
        declareCompleteSignatures();
        OpAsmTable asm = FormatForms.declarativeTable(MlirOpHooks.TENSOR.all());
        MlirAsm.addTensor(asm);
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(DialectTypeConstraints.class, MlirTypeConstraints.INSTANCE);
    }

    /**
     * The folded constants of tensor ops (a {@code tensor.dim} of a static size, ...) are {@code arith.constant}s
     * (MLIR's {@code TensorDialect::materializeConstant}).
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
