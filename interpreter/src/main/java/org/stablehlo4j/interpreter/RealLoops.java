package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogPlusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
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

    /** Loop numbers: indices into {@link #DEFS}. */
    private static final int ADD = 0, SUB = 1, MUL = 2, MAX = 3;

    private static final Elementwise.Def[] DEFS = {
        Elementwise.BINARY.get(AddOp.DEFINITION), Elementwise.BINARY.get(SubtractOp.DEFINITION),
        Elementwise.BINARY.get(MultiplyOp.DEFINITION), Elementwise.BINARY.get(MaximumOp.DEFINITION),
        Elementwise.BINARY.get(MinimumOp.DEFINITION),
    };

    /** The loop number of {@code def}, or -1 if it has no loop of its own. */
    static int opOf(Elementwise.Def def) {
        return Elementwise.indexOf(DEFS, def);
    }

    /**
     * {@code r[ri + k] = op(a[ai + k * as], b[bi + k * bs])} for {@code k < n} when {@code def} has a loop here and
     * the result is f32 or f64 (operands of the result's type).
     *
     * @return whether it ran (otherwise nothing was written)
     */
    static boolean binary(Elementwise.Def def, Tensor a, int ai, int as, Tensor b, int bi, int bs, Tensor r, int ri,
                          int n) {
        return b != null && binary(opOf(def), a, ai, as, b, bi, bs, r, ri, n);
    }

    /** {@link #binary(Elementwise.Def, Tensor, int, int, Tensor, int, int, Tensor, int, int)} by loop number. */
    static boolean binary(int op, Tensor a, int ai, int as, Tensor b, int bi, int bs, Tensor r, int ri, int n) {
        if (op < 0 || b == null || r.kind != Tensor.Kind.FLOAT || a.floatKind != r.floatKind
                || b.floatKind != r.floatKind) {
            return false;
        }
        boolean f32 = r.floatKind == FloatKind.F32;
        if (!f32 && r.floatKind != FloatKind.F64) return false;
        // operands of other strides than 1 are gathered into unit-stride copies first, but for a splat right
        // operand (stride 0, the commonest case: a constant), whose one value is read once
        boolean splat = bs == 0;
        double[] x = as == 1 ? a.reals : unit(a.reals, ai, as, n);
        double[] y = bs == 1 || splat ? b.reals : unit(b.reals, bi, bs, n);
        ai = as == 1 ? ai : 0;
        bi = bs == 1 || splat ? bi : 0;
        double c = splat && n > 0 ? y[bi] : 0;
        double[] out = r.reals;
        switch (op) {
            case ADD -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] + c, f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] + y[bi + k], f32);
            }
            case SUB -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] - c, f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] - y[bi + k], f32);
            }
            case MUL -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] * c, f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(x[ai + k] * y[bi + k], f32);
            }
            case MAX -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(max(x[ai + k], c), f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(max(x[ai + k], y[bi + k]), f32);
            }
            default -> {
                if (splat) for (int k = 0; k < n; k++) out[ri + k] = rounded(min(x[ai + k], c), f32);
                else for (int k = 0; k < n; k++) out[ri + k] = rounded(min(x[ai + k], y[bi + k]), f32);
            }
        }
        return true;
    }


    /**
     * {@code out[k] = op(x[k * xs], y[k * ys])} for {@code k < n} (what {@link #binary} writes), into {@code out}
     * (not an operand), over unit strides or one element. These loops are kept apart from {@link #binary}'s, which
     * take offsets: a loop that reads and writes every array at the same index is vectorized by the JIT even when
     * the arrays might be one, a loop with offsets is not (merged, they ran twice as slow on 16-element tensors).
     *
     * @param op a loop number of {@link #opOf}
     * @param xs 1, or 0 to read {@code x[0]} at every position (as {@code ys} for {@code y})
     */
    static void into(int op, double[] x, int xs, double[] y, int ys, double[] out, int n, boolean f32) {
        if (n == 0) return; // no elements: no one-element operand to read either
        if (xs == 0 && ys == 0) x = unit(x, 0, 0, n);
        if (xs == 0 && ys == 1) {
            double c = x[0];
            switch (op) {
                case ADD -> { for (int k = 0; k < n; k++) out[k] = rounded(c + y[k], f32); }
                case SUB -> { for (int k = 0; k < n; k++) out[k] = rounded(c - y[k], f32); }
                case MUL -> { for (int k = 0; k < n; k++) out[k] = rounded(c * y[k], f32); }
                case MAX -> { for (int k = 0; k < n; k++) out[k] = rounded(max(c, y[k]), f32); }
                default -> { for (int k = 0; k < n; k++) out[k] = rounded(min(c, y[k]), f32); }
            }
        } else if (ys == 1) {
            switch (op) {
                case ADD -> { for (int k = 0; k < n; k++) out[k] = rounded(x[k] + y[k], f32); }
                case SUB -> { for (int k = 0; k < n; k++) out[k] = rounded(x[k] - y[k], f32); }
                case MUL -> { for (int k = 0; k < n; k++) out[k] = rounded(x[k] * y[k], f32); }
                case MAX -> { for (int k = 0; k < n; k++) out[k] = rounded(max(x[k], y[k]), f32); }
                default -> { for (int k = 0; k < n; k++) out[k] = rounded(min(x[k], y[k]), f32); }
            }
        } else {
            double c = y[0];
            switch (op) {
                case ADD -> { for (int k = 0; k < n; k++) out[k] = rounded(x[k] + c, f32); }
                case SUB -> { for (int k = 0; k < n; k++) out[k] = rounded(x[k] - c, f32); }
                case MUL -> { for (int k = 0; k < n; k++) out[k] = rounded(x[k] * c, f32); }
                case MAX -> { for (int k = 0; k < n; k++) out[k] = rounded(max(x[k], c), f32); }
                default -> { for (int k = 0; k < n; k++) out[k] = rounded(min(x[k], c), f32); }
            }
        }
    }

    private static final Elementwise.Def[] UNARY = {
        Elementwise.UNARY.get(NegateOp.DEFINITION), Elementwise.UNARY.get(AbsOp.DEFINITION),
        Elementwise.UNARY.get(SqrtOp.DEFINITION), Elementwise.UNARY.get(ExponentialOp.DEFINITION),
        Elementwise.UNARY.get(LogOp.DEFINITION), Elementwise.UNARY.get(LogPlusOneOp.DEFINITION),
    };

    /** The unary loop number of {@code def} ({@code negate}, {@code abs}, {@code sqrt}, {@code exponential},
     * {@code log}, {@code log_plus_one}), or -1. */
    static int unaryOf(Elementwise.Def def) {
        return Elementwise.indexOf(UNARY, def);
    }

    /**
     * {@code out[k] = op(x[k])} for {@code k < n} in f32 ({@code f32}) or f64, with the functions of the ops'
     * {@link Elementwise.Def}s, rounded as {@link Tensor#roundTo} rounds.
     *
     * @param op a loop number of {@link #unaryOf}
     */
    static void unary(int op, double[] x, double[] out, int n, boolean f32) {
        switch (op) {
            case 0 -> { for (int k = 0; k < n; k++) out[k] = rounded(-x[k], f32); }
            case 1 -> { for (int k = 0; k < n; k++) out[k] = rounded(Math.abs(x[k]), f32); }
            case 2 -> { for (int k = 0; k < n; k++) out[k] = rounded(Math.sqrt(x[k]), f32); }
            case 3 -> { for (int k = 0; k < n; k++) out[k] = rounded(Math.exp(x[k]), f32); }
            case 4 -> { for (int k = 0; k < n; k++) out[k] = rounded(Math.log(x[k]), f32); }
            default -> { for (int k = 0; k < n; k++) out[k] = rounded(Math.log1p(x[k]), f32); }
        }
    }

    /** Elements {@code from + k * stride} of {@code v} for {@code k < n}, as a new array. */
    private static double[] unit(double[] v, int from, int stride, int n) {
        double[] out = new double[n];
        for (int k = 0, i = from; k < n; k++, i += stride) out[k] = v[i];
        return out;
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
