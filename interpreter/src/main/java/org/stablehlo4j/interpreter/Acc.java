package org.stablehlo4j.interpreter;

import org.stablehlo4j.interpreter.Tensor.Kind;
import org.stablehlo4j.ir.FloatKind;

/**
 * Packed operands and an accumulator in the primitive type that computes the result element type exactly (see
 * {@link Contraction}): {@code a} and {@code b} are gathered from their tensors through index maps, {@code c}
 * starts at zero and is scattered into the result at the end.
 */
abstract class Acc {
    /**
     * {@code c[cOff + j] += a[aOff + k] * b[bOff + k * bStride + j]} for {@code k} in {@code [k0, k1)} in order and
     * {@code j} in {@code [0, len)}, each product and sum rounded to the element type.
     */
    abstract void block(int cOff, int aOff, int k0, int k1, int bOff, int bStride, int len);

    /** Writes the accumulator into {@code out}: element {@code i} to {@code map[i]} (or {@code i} when null). */
    abstract void store(Tensor out, int[] map);

    static Acc of(Tensor result, Tensor a, int[] aMap, Tensor b, int[] bMap) {
        int n = result.size;
        if (result.kind == Kind.FLOAT && result.floatKind == FloatKind.F32) return new F32(a, aMap, b, bMap, n);
        if (result.kind == Kind.FLOAT) return new F64(a, aMap, b, bMap, n, result.floatKind);
        if (result.kind == Kind.COMPLEX) return new Complex(a, aMap, b, bMap, n, result.floatKind);
        return new Ints(a, aMap, b, bMap, n, result.kind == Kind.BOOL);
    }

    static int at(int[] map, int i) {
        return map == null ? i : map[i];
    }

    /** f32 in {@code float} arithmetic: Java's float operations round exactly as the spec's per-step rounding. */
    static final class F32 extends Acc {
        final float[] a;
        final float[] b;
        final float[] c;

        F32(Tensor ta, int[] aMap, Tensor tb, int[] bMap, int n) {
            a = gather(ta.reals, aMap);
            b = gather(tb.reals, bMap);
            c = new float[n];
        }

        private static float[] gather(double[] src, int[] map) {
            float[] out = new float[map.length];
            for (int i = 0; i < out.length; i++) out[i] = (float) src[map[i]];
            return out;
        }

        @Override
        void block(int cOff, int aOff, int k0, int k1, int bOff, int bStride, int len) {
            float[] a = this.a;
            float[] b = this.b;
            float[] c = this.c;
            int k = k0;
            // four terms per pass with the partial sum in a register: the same operations in the same order
            for (; k + 3 < k1; k += 4) {
                float a0 = a[aOff + k];
                float a1 = a[aOff + k + 1];
                float a2 = a[aOff + k + 2];
                float a3 = a[aOff + k + 3];
                int b0 = bOff + k * bStride;
                int b1 = b0 + bStride;
                int b2 = b1 + bStride;
                int b3 = b2 + bStride;
                for (int j = 0; j < len; j++) {
                    float s = c[cOff + j];
                    s += a0 * b[b0 + j];
                    s += a1 * b[b1 + j];
                    s += a2 * b[b2 + j];
                    s += a3 * b[b3 + j];
                    c[cOff + j] = s;
                }
            }
            for (; k < k1; k++) {
                float av = a[aOff + k];
                int bo = bOff + k * bStride;
                for (int j = 0; j < len; j++) c[cOff + j] += av * b[bo + j];
            }
        }

        @Override
        void store(Tensor out, int[] map) {
            for (int i = 0; i < c.length; i++) out.reals[at(map, i)] = c[i];
        }
    }

    /** Operands and accumulator as doubles, {@code parts} per element (2 for complex numbers). */
    abstract static class Doubles extends Acc {
        final double[] a;
        final double[] b;
        final double[] c;

        Doubles(Tensor ta, int[] aMap, Tensor tb, int[] bMap, int n, int parts) {
            a = gather(ta.reals, aMap, parts);
            b = gather(tb.reals, bMap, parts);
            c = new double[parts * n];
        }
    }

    /** f64 in {@code double} arithmetic; narrower float formats round every product and sum to their format. */
    static final class F64 extends Doubles {
        final FloatKind round;

        F64(Tensor ta, int[] aMap, Tensor tb, int[] bMap, int n, FloatKind kind) {
            super(ta, aMap, tb, bMap, n, 1);
            round = kind == FloatKind.F64 ? null : kind;
        }

        @Override
        void block(int cOff, int aOff, int k0, int k1, int bOff, int bStride, int len) {
            double[] a = this.a;
            double[] b = this.b;
            double[] c = this.c;
            for (int k = k0; k < k1; k++) {
                double av = a[aOff + k];
                int bo = bOff + k * bStride;
                if (round == null) {
                    for (int j = 0; j < len; j++) c[cOff + j] += av * b[bo + j];
                } else {
                    for (int j = 0; j < len; j++) {
                        c[cOff + j] = Tensor.roundTo(round, c[cOff + j] + Tensor.roundTo(round, av * b[bo + j]));
                    }
                }
            }
        }

        @Override
        void store(Tensor out, int[] map) {
            for (int i = 0; i < c.length; i++) out.reals[at(map, i)] = c[i];
        }
    }

    /** Complex numbers as interleaved (re, im), products rounded like {@code stablehlo.multiply}. */
    static final class Complex extends Doubles {
        final FloatKind kind;

        Complex(Tensor ta, int[] aMap, Tensor tb, int[] bMap, int n, FloatKind kind) {
            super(ta, aMap, tb, bMap, n, 2);
            this.kind = kind;
        }

        private double r(double v) {
            return Tensor.roundTo(kind, v);
        }

        @Override
        void block(int cOff, int aOff, int k0, int k1, int bOff, int bStride, int len) {
            for (int k = k0; k < k1; k++) {
                double ar = a[2 * (aOff + k)];
                double ai = a[2 * (aOff + k) + 1];
                int bo = bOff + k * bStride;
                for (int j = 0; j < len; j++) {
                    double br = b[2 * (bo + j)];
                    double bi = b[2 * (bo + j) + 1];
                    double pr = r(r(ar * br) - r(ai * bi));
                    double pi = r(r(ar * bi) + r(ai * br));
                    int ci = 2 * (cOff + j);
                    c[ci] = r(c[ci] + pr);
                    c[ci + 1] = r(c[ci + 1] + pi);
                }
            }
        }

        @Override
        void store(Tensor out, int[] map) {
            for (int i = 0; i < c.length / 2; i++) {
                int o = at(map, i);
                out.reals[2 * o] = c[2 * i];
                out.reals[2 * o + 1] = c[2 * i + 1];
            }
        }
    }

    /** Integers wrap in 64 bits and are normalized to the element width at the end; i1 is and/or. */
    static final class Ints extends Acc {
        final long[] a;
        final long[] b;
        final long[] c;
        final boolean bool;

        Ints(Tensor ta, int[] aMap, Tensor tb, int[] bMap, int n, boolean bool) {
            a = new long[aMap.length];
            for (int i = 0; i < a.length; i++) a[i] = ta.ints[aMap[i]];
            b = new long[bMap.length];
            for (int i = 0; i < b.length; i++) b[i] = tb.ints[bMap[i]];
            c = new long[n];
            this.bool = bool;
        }

        @Override
        void block(int cOff, int aOff, int k0, int k1, int bOff, int bStride, int len) {
            for (int k = k0; k < k1; k++) {
                long av = a[aOff + k];
                int bo = bOff + k * bStride;
                if (bool) {
                    for (int j = 0; j < len; j++) c[cOff + j] |= av & b[bo + j];
                } else {
                    for (int j = 0; j < len; j++) c[cOff + j] += av * b[bo + j];
                }
            }
        }

        @Override
        void store(Tensor out, int[] map) {
            for (int i = 0; i < c.length; i++) out.ints[at(map, i)] = out.normalize(c[i]);
        }
    }

    static double[] gather(double[] src, int[] map, int parts) {
        double[] out = new double[map.length * parts];
        for (int i = 0; i < map.length; i++) {
            for (int p = 0; p < parts; p++) out[i * parts + p] = src[map[i] * parts + p];
        }
        return out;
    }
}
