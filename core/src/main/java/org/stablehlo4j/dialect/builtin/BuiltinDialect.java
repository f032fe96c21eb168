package org.stablehlo4j.dialect.builtin;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/** MLIR's builtin dialect: the module, unrealized_conversion_cast (the builtin types/attributes are in ir). */
public final class BuiltinDialect extends Dialect {
    public BuiltinDialect(Context context) {
        super(BuiltinOps.DIALECT, context);
        addOperations(BuiltinOps.TABLE);
        addInterface(OpAsmDialectInterface.class, OpAsmTable.builtinForms());
    }
}
