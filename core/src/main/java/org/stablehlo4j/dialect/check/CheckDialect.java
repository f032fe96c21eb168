package org.stablehlo4j.dialect.check;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/** The check dialect: its op rows ({@link CheckOps}) and their declarative pretty forms. */
public final class CheckDialect extends Dialect {
    public CheckDialect(Context context) {
        super("check", context);
        addOperations(CheckOps.TABLE);
        addInterface(OpAsmDialectInterface.class, FormatForms.declarativeTable(CheckOps.TABLE.all()));
    }
}
