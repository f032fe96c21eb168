package org.stablehlo4j.interpreter.dense;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The register-blocked micro-kernels on the Vector API: {@code C[mr x nr] += A-panel * B-panel} over {@code kc}
 * packed steps, one multiply then one add per element and step, in step order (so each element gets exactly the
 * operations of {@link ScalarKernels}). Only loaded when {@code jdk.incubator.vector} is readable (see
 * {@link Gemm#vectorAvailable()}): its signatures use primitive arrays only.
 */
final class VectorKernels {
    private VectorKernels() {}

    private static final VectorSpecies<Float> FS = FloatVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Double> DS = DoubleVector.SPECIES_PREFERRED;
    private static final int FL = FS.length();
    private static final int DL = DS.length();

    /** Rows of the f32 kernel. */
    static final int F32_MR = 5;
    /** Columns of the f32 kernel: four vectors. */
    static final int F32_NR = 4 * FL;
    /** Rows of the narrow f32 kernel. */
    static final int F32N_MR = 10;
    /** Columns of the narrow f32 kernel: two vectors. */
    static final int F32N_NR = 2 * FL;
    /** Rows of the f64 kernel. */
    static final int F64_MR = 6;
    /** Columns of the f64 kernel: two vectors. */
    static final int F64_NR = 2 * DL;

    /**
     * f32: 5 rows by 4 vectors, 20 accumulators in registers (of AVX-512's 32): per step 4 vector loads and 5
     * broadcasts for 20 multiplies and 20 adds. Measured on a Zen 4 core (thread CPU time, 512³ from packed
     * panels): 46 ×10⁹ multiply-adds per second, against 42 for 8 x 3 and 43-44 for 6 x 4 (24 accumulators leave
     * too few registers for the products and broadcasts), 38-44 for 4 x 4.
     */
    static void f32(int kc, float[] a, int ao, float[] b, int bo, float[] c, int co, int ldc) {
        int f2 = 2 * FL;
        int f3 = 3 * FL;
        int r0 = co, r1 = r0 + ldc, r2 = r1 + ldc, r3 = r2 + ldc, r4 = r3 + ldc;
        FloatVector c00 = ld(c, r0), c01 = ld(c, r0 + FL), c02 = ld(c, r0 + f2), c03 = ld(c, r0 + f3);
        FloatVector c10 = ld(c, r1), c11 = ld(c, r1 + FL), c12 = ld(c, r1 + f2), c13 = ld(c, r1 + f3);
        FloatVector c20 = ld(c, r2), c21 = ld(c, r2 + FL), c22 = ld(c, r2 + f2), c23 = ld(c, r2 + f3);
        FloatVector c30 = ld(c, r3), c31 = ld(c, r3 + FL), c32 = ld(c, r3 + f2), c33 = ld(c, r3 + f3);
        FloatVector c40 = ld(c, r4), c41 = ld(c, r4 + FL), c42 = ld(c, r4 + f2), c43 = ld(c, r4 + f3);
        for (int p = 0; p < kc; p++, ao += 5, bo += 4 * FL) {
            FloatVector b0 = ld(b, bo), b1 = ld(b, bo + FL), b2 = ld(b, bo + f2), b3 = ld(b, bo + f3);
            FloatVector x;
            x = FloatVector.broadcast(FS, a[ao]);
            c00 = c00.add(x.mul(b0)); c01 = c01.add(x.mul(b1)); c02 = c02.add(x.mul(b2)); c03 = c03.add(x.mul(b3));
            x = FloatVector.broadcast(FS, a[ao + 1]);
            c10 = c10.add(x.mul(b0)); c11 = c11.add(x.mul(b1)); c12 = c12.add(x.mul(b2)); c13 = c13.add(x.mul(b3));
            x = FloatVector.broadcast(FS, a[ao + 2]);
            c20 = c20.add(x.mul(b0)); c21 = c21.add(x.mul(b1)); c22 = c22.add(x.mul(b2)); c23 = c23.add(x.mul(b3));
            x = FloatVector.broadcast(FS, a[ao + 3]);
            c30 = c30.add(x.mul(b0)); c31 = c31.add(x.mul(b1)); c32 = c32.add(x.mul(b2)); c33 = c33.add(x.mul(b3));
            x = FloatVector.broadcast(FS, a[ao + 4]);
            c40 = c40.add(x.mul(b0)); c41 = c41.add(x.mul(b1)); c42 = c42.add(x.mul(b2)); c43 = c43.add(x.mul(b3));
        }
        c00.intoArray(c, r0); c01.intoArray(c, r0 + FL); c02.intoArray(c, r0 + f2); c03.intoArray(c, r0 + f3);
        c10.intoArray(c, r1); c11.intoArray(c, r1 + FL); c12.intoArray(c, r1 + f2); c13.intoArray(c, r1 + f3);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + FL); c22.intoArray(c, r2 + f2); c23.intoArray(c, r2 + f3);
        c30.intoArray(c, r3); c31.intoArray(c, r3 + FL); c32.intoArray(c, r3 + f2); c33.intoArray(c, r3 + f3);
        c40.intoArray(c, r4); c41.intoArray(c, r4 + FL); c42.intoArray(c, r4 + f2); c43.intoArray(c, r4 + f3);
    }

    /**
     * f32 for products of at most two vectors' width (a convolution's 16 or 32 output features), where
     * {@link #f32}'s four vectors would be half padding: 10 rows by 2 vectors, 20 accumulators, per step 2 vector
     * loads and 10 broadcasts (measured: about 80 % of {@link #f32}'s speed, so faster whenever it saves a fifth
     * of the padded columns).
     */
    static void f32Narrow(int kc, float[] a, int ao, float[] b, int bo, float[] c, int co, int ldc) {
        int r0 = co, r1 = r0 + ldc, r2 = r1 + ldc, r3 = r2 + ldc, r4 = r3 + ldc, r5 = r4 + ldc, r6 = r5 + ldc;
        int r7 = r6 + ldc, r8 = r7 + ldc, r9 = r8 + ldc;
        FloatVector c00 = ld(c, r0), c01 = ld(c, r0 + FL), c10 = ld(c, r1), c11 = ld(c, r1 + FL);
        FloatVector c20 = ld(c, r2), c21 = ld(c, r2 + FL), c30 = ld(c, r3), c31 = ld(c, r3 + FL);
        FloatVector c40 = ld(c, r4), c41 = ld(c, r4 + FL), c50 = ld(c, r5), c51 = ld(c, r5 + FL);
        FloatVector c60 = ld(c, r6), c61 = ld(c, r6 + FL), c70 = ld(c, r7), c71 = ld(c, r7 + FL);
        FloatVector c80 = ld(c, r8), c81 = ld(c, r8 + FL), c90 = ld(c, r9), c91 = ld(c, r9 + FL);
        for (int p = 0; p < kc; p++, ao += 10, bo += 2 * FL) {
            FloatVector b0 = ld(b, bo), b1 = ld(b, bo + FL);
            FloatVector x;
            x = FloatVector.broadcast(FS, a[ao]); c00 = c00.add(x.mul(b0)); c01 = c01.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 1]); c10 = c10.add(x.mul(b0)); c11 = c11.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 2]); c20 = c20.add(x.mul(b0)); c21 = c21.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 3]); c30 = c30.add(x.mul(b0)); c31 = c31.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 4]); c40 = c40.add(x.mul(b0)); c41 = c41.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 5]); c50 = c50.add(x.mul(b0)); c51 = c51.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 6]); c60 = c60.add(x.mul(b0)); c61 = c61.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 7]); c70 = c70.add(x.mul(b0)); c71 = c71.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 8]); c80 = c80.add(x.mul(b0)); c81 = c81.add(x.mul(b1));
            x = FloatVector.broadcast(FS, a[ao + 9]); c90 = c90.add(x.mul(b0)); c91 = c91.add(x.mul(b1));
        }
        c00.intoArray(c, r0); c01.intoArray(c, r0 + FL); c10.intoArray(c, r1); c11.intoArray(c, r1 + FL);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + FL); c30.intoArray(c, r3); c31.intoArray(c, r3 + FL);
        c40.intoArray(c, r4); c41.intoArray(c, r4 + FL); c50.intoArray(c, r5); c51.intoArray(c, r5 + FL);
        c60.intoArray(c, r6); c61.intoArray(c, r6 + FL); c70.intoArray(c, r7); c71.intoArray(c, r7 + FL);
        c80.intoArray(c, r8); c81.intoArray(c, r8 + FL); c90.intoArray(c, r9); c91.intoArray(c, r9 + FL);
    }

    private static FloatVector ld(float[] array, int offset) {
        return FloatVector.fromArray(FS, array, offset);
    }

    /** f64: 6 rows by 2 vectors, twelve accumulators in registers. */
    static void f64(int kc, double[] a, int ao, double[] b, int bo, double[] c, int co, int ldc) {
        int r1 = co + ldc, r2 = r1 + ldc, r3 = r2 + ldc, r4 = r3 + ldc, r5 = r4 + ldc;
        DoubleVector c00 = DoubleVector.fromArray(DS, c, co), c01 = DoubleVector.fromArray(DS, c, co + DL);
        DoubleVector c10 = DoubleVector.fromArray(DS, c, r1), c11 = DoubleVector.fromArray(DS, c, r1 + DL);
        DoubleVector c20 = DoubleVector.fromArray(DS, c, r2), c21 = DoubleVector.fromArray(DS, c, r2 + DL);
        DoubleVector c30 = DoubleVector.fromArray(DS, c, r3), c31 = DoubleVector.fromArray(DS, c, r3 + DL);
        DoubleVector c40 = DoubleVector.fromArray(DS, c, r4), c41 = DoubleVector.fromArray(DS, c, r4 + DL);
        DoubleVector c50 = DoubleVector.fromArray(DS, c, r5), c51 = DoubleVector.fromArray(DS, c, r5 + DL);
        for (int p = 0; p < kc; p++, ao += 6, bo += 2 * DL) {
            DoubleVector b0 = DoubleVector.fromArray(DS, b, bo);
            DoubleVector b1 = DoubleVector.fromArray(DS, b, bo + DL);
            DoubleVector x = DoubleVector.broadcast(DS, a[ao]);
            c00 = c00.add(x.mul(b0)); c01 = c01.add(x.mul(b1));
            x = DoubleVector.broadcast(DS, a[ao + 1]);
            c10 = c10.add(x.mul(b0)); c11 = c11.add(x.mul(b1));
            x = DoubleVector.broadcast(DS, a[ao + 2]);
            c20 = c20.add(x.mul(b0)); c21 = c21.add(x.mul(b1));
            x = DoubleVector.broadcast(DS, a[ao + 3]);
            c30 = c30.add(x.mul(b0)); c31 = c31.add(x.mul(b1));
            x = DoubleVector.broadcast(DS, a[ao + 4]);
            c40 = c40.add(x.mul(b0)); c41 = c41.add(x.mul(b1));
            x = DoubleVector.broadcast(DS, a[ao + 5]);
            c50 = c50.add(x.mul(b0)); c51 = c51.add(x.mul(b1));
        }
        c00.intoArray(c, co); c01.intoArray(c, co + DL); c10.intoArray(c, r1); c11.intoArray(c, r1 + DL);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + DL); c30.intoArray(c, r3); c31.intoArray(c, r3 + DL);
        c40.intoArray(c, r4); c41.intoArray(c, r4 + DL); c50.intoArray(c, r5); c51.intoArray(c, r5 + DL);
    }
}
