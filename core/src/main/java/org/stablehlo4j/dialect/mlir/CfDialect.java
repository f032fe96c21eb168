package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/**
 * The part of MLIR's cf (control flow) dialect that StableHLO's tests use: {@code cf.br} with its pretty form. The
 * dialect's other ops (cond_br, switch, assert) are accepted in the generic form, as the stub it replaces did.
 */
public final class CfDialect extends Dialect {
    /**
     * The dialect, loaded into {@code context}.
     *
     * @param context the context
     */
    public CfDialect(Context context) {
        super("cf", context);
        allowUnknownOperations();
        addOperations(MlirOps.CF.all());
        addInterface(OpAsmDialectInterface.class, CfForms.addBranch(FormatForms.declarativeTable(MlirOps.CF.all())));
    }
}
