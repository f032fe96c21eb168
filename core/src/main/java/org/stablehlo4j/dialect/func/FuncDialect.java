package org.stablehlo4j.dialect.func;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/**
 * MLIR's func dialect: func.func, func.return, func.call, func.constant, func.call_indirect; their pretty forms
 * ({@code FuncOpAsm}, {@code FuncForms}) and property layout for bytecode.
 */
public final class FuncDialect extends Dialect {
    public FuncDialect(Context context) {
        super(FuncOps.DIALECT, context);
        addOperations(FuncOpHooks.TABLE);
        declareCompleteSignatures();
        addInterface(OpAsmDialectInterface.class, FuncForms.addTo(FuncOpAsm.table()));
        addInterface(DialectBytecode.class, FuncBytecode.INSTANCE);
    }
}
