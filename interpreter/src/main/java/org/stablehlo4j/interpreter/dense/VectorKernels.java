package org.stablehlo4j.interpreter.dense;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The register-blocked micro-kernels on the Vector API: {@code C[mr x nr] += A-panel * B-panel} over {@code kc}
 * packed steps, one fused multiply-add per element and step, in step order (so each element gets exactly the
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
    static final int F32_MR = 6;
    /** Columns of the f32 kernel: two vectors. */
    static final int F32_NR = 2 * FL;
    /** Rows of the f64 kernel. */
    static final int F64_MR = 4;
    /** Columns of the f64 kernel: three vectors. */
    static final int F64_NR = 3 * DL;

    /** f32: 6 rows by 2 vectors, twelve accumulators in registers. */
    static void f32(int kc, float[] a, int ao, float[] b, int bo, float[] c, int co, int ldc) {
        int r1 = co + ldc, r2 = r1 + ldc, r3 = r2 + ldc, r4 = r3 + ldc, r5 = r4 + ldc;
        FloatVector c00 = FloatVector.fromArray(FS, c, co), c01 = FloatVector.fromArray(FS, c, co + FL);
        FloatVector c10 = FloatVector.fromArray(FS, c, r1), c11 = FloatVector.fromArray(FS, c, r1 + FL);
        FloatVector c20 = FloatVector.fromArray(FS, c, r2), c21 = FloatVector.fromArray(FS, c, r2 + FL);
        FloatVector c30 = FloatVector.fromArray(FS, c, r3), c31 = FloatVector.fromArray(FS, c, r3 + FL);
        FloatVector c40 = FloatVector.fromArray(FS, c, r4), c41 = FloatVector.fromArray(FS, c, r4 + FL);
        FloatVector c50 = FloatVector.fromArray(FS, c, r5), c51 = FloatVector.fromArray(FS, c, r5 + FL);
        for (int p = 0; p < kc; p++, ao += 6, bo += 2 * FL) {
            FloatVector b0 = FloatVector.fromArray(FS, b, bo);
            FloatVector b1 = FloatVector.fromArray(FS, b, bo + FL);
            FloatVector x = FloatVector.broadcast(FS, a[ao]);
            c00 = x.fma(b0, c00); c01 = x.fma(b1, c01);
            x = FloatVector.broadcast(FS, a[ao + 1]);
            c10 = x.fma(b0, c10); c11 = x.fma(b1, c11);
            x = FloatVector.broadcast(FS, a[ao + 2]);
            c20 = x.fma(b0, c20); c21 = x.fma(b1, c21);
            x = FloatVector.broadcast(FS, a[ao + 3]);
            c30 = x.fma(b0, c30); c31 = x.fma(b1, c31);
            x = FloatVector.broadcast(FS, a[ao + 4]);
            c40 = x.fma(b0, c40); c41 = x.fma(b1, c41);
            x = FloatVector.broadcast(FS, a[ao + 5]);
            c50 = x.fma(b0, c50); c51 = x.fma(b1, c51);
        }
        c00.intoArray(c, co); c01.intoArray(c, co + FL); c10.intoArray(c, r1); c11.intoArray(c, r1 + FL);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + FL); c30.intoArray(c, r3); c31.intoArray(c, r3 + FL);
        c40.intoArray(c, r4); c41.intoArray(c, r4 + FL); c50.intoArray(c, r5); c51.intoArray(c, r5 + FL);
    }

    /** f64: 4 rows by 3 vectors, twelve accumulators in registers. */
    static void f64(int kc, double[] a, int ao, double[] b, int bo, double[] c, int co, int ldc) {
        int r1 = co + ldc, r2 = r1 + ldc, r3 = r2 + ldc, v2 = 2 * DL;
        DoubleVector c00 = DoubleVector.fromArray(DS, c, co), c01 = DoubleVector.fromArray(DS, c, co + DL),
                c02 = DoubleVector.fromArray(DS, c, co + v2);
        DoubleVector c10 = DoubleVector.fromArray(DS, c, r1), c11 = DoubleVector.fromArray(DS, c, r1 + DL),
                c12 = DoubleVector.fromArray(DS, c, r1 + v2);
        DoubleVector c20 = DoubleVector.fromArray(DS, c, r2), c21 = DoubleVector.fromArray(DS, c, r2 + DL),
                c22 = DoubleVector.fromArray(DS, c, r2 + v2);
        DoubleVector c30 = DoubleVector.fromArray(DS, c, r3), c31 = DoubleVector.fromArray(DS, c, r3 + DL),
                c32 = DoubleVector.fromArray(DS, c, r3 + v2);
        for (int p = 0; p < kc; p++, ao += 4, bo += 3 * DL) {
            DoubleVector b0 = DoubleVector.fromArray(DS, b, bo);
            DoubleVector b1 = DoubleVector.fromArray(DS, b, bo + DL);
            DoubleVector b2 = DoubleVector.fromArray(DS, b, bo + v2);
            DoubleVector x = DoubleVector.broadcast(DS, a[ao]);
            c00 = x.fma(b0, c00); c01 = x.fma(b1, c01); c02 = x.fma(b2, c02);
            x = DoubleVector.broadcast(DS, a[ao + 1]);
            c10 = x.fma(b0, c10); c11 = x.fma(b1, c11); c12 = x.fma(b2, c12);
            x = DoubleVector.broadcast(DS, a[ao + 2]);
            c20 = x.fma(b0, c20); c21 = x.fma(b1, c21); c22 = x.fma(b2, c22);
            x = DoubleVector.broadcast(DS, a[ao + 3]);
            c30 = x.fma(b0, c30); c31 = x.fma(b1, c31); c32 = x.fma(b2, c32);
        }
        c00.intoArray(c, co); c01.intoArray(c, co + DL); c02.intoArray(c, co + v2);
        c10.intoArray(c, r1); c11.intoArray(c, r1 + DL); c12.intoArray(c, r1 + v2);
        c20.intoArray(c, r2); c21.intoArray(c, r2 + DL); c22.intoArray(c, r2 + v2);
        c30.intoArray(c, r3); c31.intoArray(c, r3 + DL); c32.intoArray(c, r3 + v2);
    }
}
