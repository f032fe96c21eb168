package org.stablehlo4j.testing;

import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;

/**
 * Ops whose pretty form, as upstream prints it, does not parse back to the same op, so a print/parse/print round
 * trip of the pretty form cannot be a fixed point for them (the generic form still must be).
 *
 * <p>The only one: a {@code stablehlo.while} whose result types or region argument types differ from its operand
 * types (they need only be compatible, e.g. {@code tensor<?xf32>} for a {@code tensor<4xf32>} operand). Upstream
 * (hlo::printWhileOp) prints the pretty form for every while that verifies and writes only the operand types;
 * its parser gives the results and the region arguments those types, so the other types are lost. We print what
 * upstream prints (byte-identical output), so the round-trip tests leave such modules' pretty form out.
 */
public final class LossyPrettyForms {
    private LossyPrettyForms() {}

    /**
     * Whether {@code root} or an op nested in it has a lossy pretty form.
     *
     * @param root the op to look into (e.g. a module)
     * @return whether a round trip of its pretty print may change it
     */
    public static boolean contains(Operation root) {
        return root.walk(WalkOrder.PRE_ORDER, op -> isLossy(op) ? WalkResult.INTERRUPT : WalkResult.ADVANCE)
                == WalkResult.INTERRUPT;
    }

    /**
     * Whether {@code op} is a while whose pretty form loses its result or region argument types.
     *
     * @param op an op
     * @return whether the pretty form of {@code op} itself is lossy
     */
    public static boolean isLossy(Operation op) {
        if (!WhileOp.is(op) || op.numRegions() != 2) return false;
        int n = op.numOperands();
        if (op.numResults() != n) return false;
        Block cond = op.region(0).entry();
        Block body = op.region(1).entry();
        for (int i = 0; i < n; i++) {
            Object t = op.operand(i).type();
            if (!t.equals(op.result(i).type())) return true;
            if (cond != null && i < cond.numArguments() && !t.equals(cond.argument(i).type())) return true;
            if (body != null && i < body.numArguments() && !t.equals(body.argument(i).type())) return true;
        }
        return false;
    }
}
