package org.stablehlo4j.dialect.builtin;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.VerificationError;

/** The builtin dialect's ops: {@code builtin.module} and {@code builtin.unrealized_conversion_cast}. */
public final class BuiltinOps {
    public static final String DIALECT = "builtin";

    public static final DialectOpTable TABLE = OpTable.define(DIALECT, BuiltinOps::rows);

    private BuiltinOps() {}

    /** ODS's ZeroOperands and ZeroResults traits of ModuleOp. */
    private static void verifyModule(Operation op) {
        if (op.numOperands() != 0) throw VerificationError.op(op, "requires zero operands");
        if (op.numResults() != 0) throw VerificationError.op(op, "requires zero results");
    }

    private static void rows(OpTable t) {
        t.op("module").optAttr("sym_name", AttrKind.STRING).optAttr("sym_visibility", AttrKind.STRING)
                .region("bodyRegion")
                .traits(OpTrait.ISOLATED_FROM_ABOVE, OpTrait.NO_TERMINATOR, OpTrait.GRAPH_REGION, OpTrait.SYMBOL_TABLE)
                .custom()
                .verifier(BuiltinOps::verifyModule);
        t.op("unrealized_conversion_cast").varIn("inputs", "AnyType").varOut("outputs", "AnyType").custom();
    }
}
