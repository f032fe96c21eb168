package org.stablehlo4j.interpreter.dense;

/**
 * The plain-loop micro-kernels used when the Vector API is absent: each element of the tile is
 * {@code c = c + a[p] * b[p]} (each rounded) for the steps in order, the same operations as {@link VectorKernels}, so both
 * give the same bits. Eight elements advance together so that the chains overlap (measured, 1024³ on one thread:
 * 10 GFLOP/s in f32 and f64, against 1.9 for one element's chain at a time).
 */
final class ScalarKernels {
    private ScalarKernels() {}

    /** Rows of a plain tile. */
    static final int MR = 4;
    /** Columns of a plain tile. */
    static final int NR = 8;

    /** f32: a row at a time, its 8 columns in 8 independent chains (hides the add latency). */
    static void f32(int kc, float[] a, int ao, float[] b, int bo, float[] c, int co, int ldc) {
        for (int i = 0; i < MR; i++) {
            int at = co + i * ldc;
            float s0 = c[at], s1 = c[at + 1], s2 = c[at + 2], s3 = c[at + 3];
            float s4 = c[at + 4], s5 = c[at + 5], s6 = c[at + 6], s7 = c[at + 7];
            for (int p = 0, x = ao + i, y = bo; p < kc; p++, x += MR, y += NR) {
                float v = a[x];
                s0 += v * b[y]; s1 += v * b[y + 1]; s2 += v * b[y + 2];
                s3 += v * b[y + 3]; s4 += v * b[y + 4]; s5 += v * b[y + 5];
                s6 += v * b[y + 6]; s7 += v * b[y + 7];
            }
            c[at] = s0; c[at + 1] = s1; c[at + 2] = s2; c[at + 3] = s3;
            c[at + 4] = s4; c[at + 5] = s5; c[at + 6] = s6; c[at + 7] = s7;
        }
    }

    /** f64: two rows by four columns at a time, 8 independent chains. */
    static void f64(int kc, double[] a, int ao, double[] b, int bo, double[] c, int co, int ldc) {
        for (int i = 0; i < MR; i += 2) for (int j = 0; j < NR; j += 4) {
            int r0 = co + i * ldc + j;
            int r1 = r0 + ldc;
            double s00 = c[r0], s01 = c[r0 + 1], s02 = c[r0 + 2], s03 = c[r0 + 3];
            double s10 = c[r1], s11 = c[r1 + 1], s12 = c[r1 + 2], s13 = c[r1 + 3];
            for (int p = 0, x = ao + i, y = bo + j; p < kc; p++, x += MR, y += NR) {
                double u = a[x];
                double w = a[x + 1];
                double b0 = b[y], b1 = b[y + 1], b2 = b[y + 2], b3 = b[y + 3];
                s00 += u * b0; s01 += u * b1;
                s02 += u * b2; s03 += u * b3;
                s10 += w * b0; s11 += w * b1;
                s12 += w * b2; s13 += w * b3;
            }
            c[r0] = s00; c[r0 + 1] = s01; c[r0 + 2] = s02; c[r0 + 3] = s03;
            c[r1] = s10; c[r1 + 1] = s11; c[r1 + 2] = s12; c[r1 + 3] = s13;
        }
    }
}
