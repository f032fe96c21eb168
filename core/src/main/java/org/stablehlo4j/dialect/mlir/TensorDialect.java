package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.ir.Context;

/** The part of MLIR's tensor dialect that StableHLO's tests and passes use (the rows of {@link MlirOps}). */
public final class TensorDialect extends MlirDialect {
    /**
     * Loads the dialect into {@code context}.
     *
     * @param context the context that owns the dialect
     */
    public TensorDialect(Context context) {
        super(MlirOps.TENSOR_DIALECT, context, MlirOpHooks.TENSOR, MlirAsm::addTensor);
    }
}
