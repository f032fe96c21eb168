package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;

/**
 * The binary element-wise kernel when an operand is a splat {@code stablehlo.constant} (such as the {@code 0} of a
 * ReLU or a scale): its single value is read with stride 0 instead of streaming the materialized tensor, which
 * is the same value at every element, so the results are those of {@link Elementwise#apply}.
 */
final class SplatOperands {
    private SplatOperands() {}

    /**
     * {@code op}'s result: {@code def} of {@code a} and {@code b}.
     *
     * @param name the op name (for diagnostics)
     * @param def  the element-wise function
     * @param op   the op (its operands' defining ops are looked at)
     * @param a    the left operand's value
     * @param b    the right operand's value
     * @param type the result type
     * @return the result
     */
    static Tensor binary(String name, Elementwise.Def def, Operation op, Tensor a, Tensor b, RankedTensorType type) {
        if (a.kind == Tensor.Kind.COMPLEX || a.size == 0 || op.numOperands() != 2) {
            return Elementwise.apply(name, def, a, b, type);
        }
        boolean splatA = splat(op, 0, a);
        boolean splatB = splat(op, 1, b);
        if (!splatA && !splatB) return Elementwise.apply(name, def, a, b, type);
        Tensor r = Tensor.zeros(type);
        Elementwise.applyRange(name, def, a, 0, splatA ? 0 : 1, b, 0, splatB ? 0 : 1, r, 0, r.size);
        return r;
    }

    /** Whether operand {@code i} of {@code op} is a splat constant of {@code value}'s type. */
    private static boolean splat(Operation op, int i, Tensor value) {
        Operation def = op.operand(i).definingOp();
        return def != null && Steps.isSplatConstant(def) && def.result(0).type().equals(value.type());
    }
}
