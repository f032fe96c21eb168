package org.stablehlo4j.dialect.interpreter;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/** The interpreter dialect: its op rows ({@link InterpreterOps}) and their declarative pretty forms. */
public final class InterpreterDialect extends Dialect {
    public InterpreterDialect(Context context) {
        super("interpreter", context);
        addOperations(InterpreterOpHooks.TABLE);
        addInterface(OpAsmDialectInterface.class, FormatForms.declarativeTable(InterpreterOps.SIGNATURES.all()));
    }
}
