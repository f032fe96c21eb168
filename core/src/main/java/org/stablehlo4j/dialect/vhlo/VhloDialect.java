package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/**
 * The VHLO dialect: one row per op version (all attributes inherent, the {@link VhloOpDef} attached as the row's
 * extra data), the pretty form of {@code vhlo.func_v1}, and its bytecode codec ({@link VhloBytecode}).
 */
public final class VhloDialect extends Dialect {
    public VhloDialect(Context context) {
        super("vhlo", context);
        addOperations(VhloOpTable.opDefinitions());
        addInterface(OpAsmDialectInterface.class, new OpAsmTable().printer(VhloFuncPrinter.OP, new VhloFuncPrinter()));
        addInterface(DialectBytecode.class, VhloBytecode.INSTANCE);
        addInterface(AsmDialectInterface.class, VhloAttrText.INSTANCE);
    }
}
