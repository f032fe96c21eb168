package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.pass.OperationPass;

/** A pass on each {@code func.func} (upstream's {@code OperationPass<func::FuncOp>}). */
interface FunctionPass extends OperationPass {
    /**
     * Runs on functions.
     *
     * @return {@code func.func}
     */
    @Override
    default String anchor() {
        return FuncOp.NAME;
    }
}
