package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/** The part of MLIR's tensor dialect that StableHLO's tests use. */
public final class TensorDialect extends Dialect {
    public TensorDialect(Context context) {
        super("tensor", context);
        addOperations(MlirOps.TENSOR.all());
        addInterface(OpAsmDialectInterface.class,
                MlirForms.addTensorDim(FormatForms.declarativeTable(MlirOps.TENSOR.all())));
    }
}
