package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftLeftOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightLogicalOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.XorOp;

import java.util.Arrays;

/**
 * Loops of their own for the commonest binary element-wise ops on integers ({@code add}, {@code subtract},
 * {@code multiply}, {@code and}, {@code or}, {@code xor}, {@code shift_left}, {@code shift_right_logical}; not
 * i1), computing exactly what their {@link Elementwise.IntFn}s compute: the 64-bit result of the stored
 * (normalized) operands, then normalized to the element width. The loops run over unit strides (an operand of
 * another stride is gathered first, one of stride 0 filled), so the JIT can drop bounds checks and vectorize.
 */
final class IntLoops {
    private IntLoops() {}

    /** Loop numbers: indices into {@link #DEFS}. */
    static final int ADD = 0, SUB = 1, MUL = 2, AND = 3, OR = 4, XOR = 5, SHL = 6, SHRL = 7;

    private static final Elementwise.Def[] DEFS = {
        Elementwise.BINARY.get(AddOp.DEFINITION), Elementwise.BINARY.get(SubtractOp.DEFINITION),
        Elementwise.BINARY.get(MultiplyOp.DEFINITION), Elementwise.BINARY.get(AndOp.DEFINITION),
        Elementwise.BINARY.get(OrOp.DEFINITION), Elementwise.BINARY.get(XorOp.DEFINITION),
        Elementwise.BINARY.get(ShiftLeftOp.DEFINITION), Elementwise.BINARY.get(ShiftRightLogicalOp.DEFINITION),
    };

    /** The loop number of {@code def}, or -1 if it has no loop here. */
    static int opOf(Elementwise.Def def) {
        return Elementwise.indexOf(DEFS, def);
    }

    /**
     * {@code r[ri + k] = op(a[ai + k * as], b[bi + k * bs])} for {@code k < n}, on integer tensors (not i1) whose
     * element type is {@code a}'s.
     *
     * @param op a loop number of {@link #opOf}
     */
    static void binary(int op, Tensor a, int ai, int as, Tensor b, int bi, int bs, Tensor r, int ri, int n) {
        long[] x = a.ints;
        long[] y = b.ints;
        if (as != 1) {
            x = unit(x, ai, as, n);
            ai = 0;
        }
        if (bs != 1) {
            y = unit(y, bi, bs, n);
            bi = 0;
        }
        long[] out = r.ints;
        switch (op) {
            case ADD -> {
                for (int k = 0; k < n; k++) out[ri + k] = x[ai + k] + y[bi + k];
            }
            case SUB -> {
                for (int k = 0; k < n; k++) out[ri + k] = x[ai + k] - y[bi + k];
            }
            case MUL -> {
                for (int k = 0; k < n; k++) out[ri + k] = x[ai + k] * y[bi + k];
            }
            case AND -> {
                for (int k = 0; k < n; k++) out[ri + k] = x[ai + k] & y[bi + k];
            }
            case OR -> {
                for (int k = 0; k < n; k++) out[ri + k] = x[ai + k] | y[bi + k];
            }
            case XOR -> {
                for (int k = 0; k < n; k++) out[ri + k] = x[ai + k] ^ y[bi + k];
            }
            case SHL -> {
                boolean uint = a.kind == Tensor.Kind.UINT;
                int w = a.width;
                for (int k = 0; k < n; k++) {
                    long s = y[bi + k];
                    out[ri + k] = outOfRange(s, uint, w) ? 0 : x[ai + k] << s;
                }
            }
            default -> {
                boolean uint = a.kind == Tensor.Kind.UINT;
                int w = a.width;
                long mask = w >= 64 ? -1L : (1L << w) - 1;
                for (int k = 0; k < n; k++) {
                    long s = y[bi + k];
                    out[ri + k] = outOfRange(s, uint, w) ? 0 : (x[ai + k] & mask) >>> s;
                }
            }
        }
        normalize(r, out, ri, n);
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
    static void into(int op, long[] x, int xs, long[] y, int ys, long[] out, int n, Tensor like) {
        if (n == 0) return; // no elements: no one-element operand to read either
        if (xs == 0 && (ys == 0 || op == SUB || op == SHL || op == SHRL)) {
            x = unit(x, 0, 0, n);
            xs = 1;
        } else if (xs == 0) { // a commutative op: the one-element operand goes right
            long[] t = x;
            x = y;
            y = t;
            ys = 0;
        }
        boolean u = like.kind == Tensor.Kind.UINT;
        int w = like.width;
        int h = 64 - w; // each result is normalized as it is stored: (v << h) >>> h, or >> h for signed types
        if (ys == 1) {
            switch (op) {
                case ADD -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] + y[k], h, u); }
                case SUB -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] - y[k], h, u); }
                case MUL -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] * y[k], h, u); }
                case AND -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] & y[k], h, u); }
                case OR -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] | y[k], h, u); }
                case XOR -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] ^ y[k], h, u); }
                case SHL -> { for (int k = 0; k < n; k++) out[k] = outOfRange(y[k], u, w) ? 0 : norm(x[k] << y[k], h, u); }
                default -> {
                    long mask = w >= 64 ? -1L : (1L << w) - 1;
                    for (int k = 0; k < n; k++) out[k] = outOfRange(y[k], u, w) ? 0 : norm((x[k] & mask) >>> y[k], h, u);
                }
            }
        } else {
            long c = y[0];
            switch (op) {
                case ADD -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] + c, h, u); }
                case SUB -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] - c, h, u); }
                case MUL -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] * c, h, u); }
                case AND -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] & c, h, u); }
                case OR -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] | c, h, u); }
                case XOR -> { for (int k = 0; k < n; k++) out[k] = norm(x[k] ^ c, h, u); }
                case SHL -> {
                    if (outOfRange(c, u, w)) java.util.Arrays.fill(out, 0, n, 0L);
                    else for (int k = 0; k < n; k++) out[k] = norm(x[k] << c, h, u);
                }
                default -> {
                    long mask = w >= 64 ? -1L : (1L << w) - 1;
                    if (outOfRange(c, u, w)) java.util.Arrays.fill(out, 0, n, 0L);
                    else for (int k = 0; k < n; k++) out[k] = norm((x[k] & mask) >>> c, h, u);
                }
            }
        }
    }

    /**
     * {@code out[k] = (x[k] << s) | (x[k] >>> t)} as the three ops {@code shift_left}, {@code shift_right_logical}
     * and {@code or} compute it (each shift 0 when out of range, each result normalized; an {@code or} of normalized
     * values is normalized): a rotation, the core of Threefry, in one loop. Shift amounts {@code s[k * ss]} and
     * {@code t[k * ts]} (strides 1, or 0 for one amount); {@code x} has unit stride.
     */
    static void shiftOr(long[] x, long[] s, int ss, long[] t, int ts, long[] out, int n, Tensor like) {
        boolean u = like.kind == Tensor.Kind.UINT;
        int w = like.width;
        int h = 64 - w;
        long mask = w >= 64 ? -1L : (1L << w) - 1;
        if (ss == 0 && ts == 0 && n > 0) {
            long a = s[0];
            long b = t[0];
            boolean left = !outOfRange(a, u, w);
            boolean right = !outOfRange(b, u, w);
            for (int k = 0; k < n; k++) {
                long v = x[k];
                out[k] = (left ? norm(v << a, h, u) : 0) | (right ? norm((v & mask) >>> b, h, u) : 0);
            }
            return;
        }
        for (int k = 0; k < n; k++) {
            long v = x[k];
            long a = s[k * ss];
            long b = t[k * ts];
            out[k] = (outOfRange(a, u, w) ? 0 : norm(v << a, h, u)) | (outOfRange(b, u, w) ? 0 : norm((v & mask) >>> b, h, u));
        }
    }

    /** {@link #into} of one element: {@code op(x, y)} normalized to the element type of {@code like}. */
    static long one(int op, long x, long y, Tensor like) {
        boolean u = like.kind == Tensor.Kind.UINT;
        int w = like.width;
        long v = switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case SHL -> outOfRange(y, u, w) ? 0 : x << y;
            default -> outOfRange(y, u, w) ? 0 : (x & (w >= 64 ? -1L : (1L << w) - 1)) >>> y;
        };
        return norm(v, 64 - w, u);
    }

    /** {@code v} sign- ({@code !unsigned}) or zero-extended from bit {@code 63 - h} ({@code h = 64 - width}). */
    private static long norm(long v, int h, boolean unsigned) {
        return unsigned ? (v << h) >>> h : (v << h) >> h;
    }

    /** A shift amount outside {@code [0, width)} (for unsigned types: as an unsigned number). */
    private static boolean outOfRange(long s, boolean uint, int width) {
        return uint ? Long.compareUnsigned(s, width) >= 0 : s < 0 || s >= width;
    }

    /** Elements {@code from + k * stride} of {@code v} for {@code k < n}, as a new array. */
    private static long[] unit(long[] v, int from, int stride, int n) {
        long[] out = new long[n];
        for (int k = 0, i = from; k < n; k++, i += stride) out[k] = v[i];
        return out;
    }

    /** Sign- or zero-extends {@code out[ri..ri+n)} from {@code r}'s element width (as {@link Tensor#normalize}). */
    static void normalize(Tensor r, long[] out, int ri, int n) {
        if (r.width >= 64) return;
        int sh = 64 - r.width;
        if (r.kind == Tensor.Kind.UINT) {
            long mask = (1L << r.width) - 1;
            for (int k = 0; k < n; k++) out[ri + k] &= mask;
        } else {
            for (int k = 0; k < n; k++) out[ri + k] = (out[ri + k] << sh) >> sh;
        }
    }
}
