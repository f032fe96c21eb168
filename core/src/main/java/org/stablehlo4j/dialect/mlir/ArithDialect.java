package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;

/** The part of MLIR's arith dialect that StableHLO's tests and passes use (the rows of {@link MlirOps}). */
public final class ArithDialect extends MlirDialect {
    /**
     * Loads the dialect into {@code context}.
     *
     * @param context the context that owns the dialect
     */
    public ArithDialect(Context context) {
        super(MlirOps.ARITH_DIALECT, context, MlirOpHooks.ARITH, asm -> {
            FormatForms.addArithConstant(asm, ConstantOp.NAME);
            MlirAsm.addArith(asm);
        });
    }
}
