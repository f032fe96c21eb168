package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/** The part of MLIR's arith dialect that StableHLO's tests use. */
public final class ArithDialect extends Dialect {
    public ArithDialect(Context context) {
        super("arith", context);
        addOperations(MlirOps.ARITH.all());
        OpAsmTable asm = FormatForms.declarativeTable(MlirOps.ARITH.all());
        FormatForms.addArithConstant(asm, MlirOps.ARITH_CONSTANT);
        addInterface(OpAsmDialectInterface.class, asm);
    }
}
