package org.stablehlo4j.interpreter.dense;

/**
 * The plain-loop micro-kernels used when the Vector API is absent: each element of the tile is
 * {@code c = fma(a[p], b[p], c)} for the steps in order, the same operations as {@link VectorKernels}, so both
 * give the same bits.
 */
final class ScalarKernels {
    private ScalarKernels() {}

    /** Rows of a plain tile. */
    static final int MR = 4;
    /** Columns of a plain tile. */
    static final int NR = 8;

    static void f32(int kc, float[] a, int ao, float[] b, int bo, float[] c, int co, int ldc) {
        for (int i = 0; i < MR; i++) for (int j = 0, at = co + i * ldc; j < NR; j++) {
            float s = c[at + j];
            for (int p = 0; p < kc; p++) s = Math.fma(a[ao + p * MR + i], b[bo + p * NR + j], s);
            c[at + j] = s;
        }
    }

    static void f64(int kc, double[] a, int ao, double[] b, int bo, double[] c, int co, int ldc) {
        for (int i = 0; i < MR; i++) for (int j = 0, at = co + i * ldc; j < NR; j++) {
            double s = c[at + j];
            for (int p = 0; p < kc; p++) s = Math.fma(a[ao + p * MR + i], b[bo + p * NR + j], s);
            c[at + j] = s;
        }
    }
}
