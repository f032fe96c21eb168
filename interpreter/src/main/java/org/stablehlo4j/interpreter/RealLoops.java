package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.ir.FloatKind;

/**
 * Loops of their own for the commonest binary element-wise ops ({@code add}, {@code subtract}, {@code multiply},
 * {@code maximum}, {@code minimum}) on f32 and f64 tensors, so that the per-element function is not a call through
 * {@link Elementwise.Def} (a megamorphic call site the JIT cannot inline). Each element is computed by the same
 * expression and rounded as {@link Tensor#roundTo} rounds (a NaN kept as it is, an f32 result narrowed to
 * {@code float}): the results are bit for bit those of {@link Elementwise#applyRange}'s general loop.
 */
final class RealLoops {
    private RealLoops() {}

    private static final int ADD = 0;
    private static final int SUB = 1;
    private static final int MUL = 2;
    private static final int MAX = 3;
    private static final int MIN = 4;

    /** The loop number of {@code def}, or -1 if it has no loop of its own. */
    private static int opOf(Elementwise.Def def) {
        if (def == Elementwise.BINARY.get(AddOp.DEFINITION)) return ADD;
        if (def == Elementwise.BINARY.get(SubtractOp.DEFINITION)) return SUB;
        if (def == Elementwise.BINARY.get(MultiplyOp.DEFINITION)) return MUL;
        if (def == Elementwise.BINARY.get(MaximumOp.DEFINITION)) return MAX;
        if (def == Elementwise.BINARY.get(MinimumOp.DEFINITION)) return MIN;
        return -1;
    }

    /**
     * {@code r[ri + k] = op(a[ai + k * as], b[bi + k * bs])} for {@code k < n} when {@code def} has a loop here and
     * the result is f32 or f64 (operands of the result's type).
     *
     * @return whether it ran (otherwise nothing was written)
     */
    static boolean binary(Elementwise.Def def, Tensor a, int ai, int as, Tensor b, int bi, int bs, Tensor r, int ri,
                          int n) {
        if (b == null || r.kind != Tensor.Kind.FLOAT || a.floatKind != r.floatKind || b.floatKind != r.floatKind) {
            return false;
        }
        boolean f32 = r.floatKind == FloatKind.F32;
        if (!f32 && r.floatKind != FloatKind.F64) return false;
        int op = opOf(def);
        if (op < 0) return false;
        double[] x = a.reals;
        double[] y = b.reals;
        double[] out = r.reals;
        // a tensor and a splat constant (the commonest case) with constant strides: no index multiplications
        boolean splat = as == 1 && bs == 0;
        double c = splat ? y[bi] : 0;
        switch (op) {
            case ADD -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] + c, f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k * as] + y[bi + k * bs], f32);
            }
            case SUB -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] - c, f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k * as] - y[bi + k * bs], f32);
            }
            case MUL -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] * c, f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k * as] * y[bi + k * bs], f32);
            }
            case MAX -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(max(x[ai + k], c), f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(max(x[ai + k * as], y[bi + k * bs]), f32);
            }
            default -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(min(x[ai + k], c), f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(min(x[ai + k * as], y[bi + k * bs]), f32);
            }
        }
        return true;
    }

    /** {@link Tensor#roundTo} for f32 ({@code f32}) or f64. */
    private static double rounded(double v, boolean f32) {
        return f32 && !Double.isNaN(v) ? (float) v : v;
    }

    private static double max(double p, double q) {
        return Double.isNaN(p) || Double.isNaN(q) ? Double.NaN : Math.max(p, q);
    }

    private static double min(double p, double q) {
        return Double.isNaN(p) || Double.isNaN(q) ? Double.NaN : Math.min(p, q);
    }
}
