package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stablehlo4j.interpreter.CustomCallTesting.assertClose;
import static org.stablehlo4j.interpreter.CustomCallTesting.assertFailsWith;
import static org.stablehlo4j.interpreter.CustomCallTesting.assertOrthonormalColumns;
import static org.stablehlo4j.interpreter.CustomCallTesting.f64;
import static org.stablehlo4j.interpreter.CustomCallTesting.ints;
import static org.stablehlo4j.interpreter.CustomCallTesting.matrix;
import static org.stablehlo4j.interpreter.CustomCallTesting.multiply;
import static org.stablehlo4j.interpreter.CustomCallTesting.random;
import static org.stablehlo4j.interpreter.CustomCallTesting.run;
import static org.stablehlo4j.interpreter.CustomCallTesting.transpose;
import static org.stablehlo4j.interpreter.CustomCallTesting.values;

/**
 * The TPU-era custom calls in the forms JAX lowered them to ({@code jax/_src/lax/linalg.py}: {@code Qr} and
 * {@code ProductOfElementaryHouseholderReflectors} for geqrf/householder_product, {@code LuDecomposition}, and the
 * Jacobi {@code Eigh} with its {@code "lower,sort,max_iter,tol"} backend_config and tuple results), checked by
 * reconstruction (Q R = A, P A = L U, A V = V diag(w)) rather than against stored outputs; plus
 * {@code AllocateBuffer} and {@code annotate_device_placement}.
 */
class TpuCustomCallsTest {
    /** JAX's TPU qr: Qr (tuple result, as exported in 2023) then the Householder product of its reflectors. */
    private static final String QR_TUPLE = """
            func.func @main(%a: tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<5x3xf64>) {
              %0 = stablehlo.custom_call @Qr(%a) {xla_shape = "(f64[5,3]{1,0}, f64[3]{0})"}
                  : (tensor<5x3xf64>) -> tuple<tensor<5x3xf64>, tensor<3xf64>>
              %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<5x3xf64>, tensor<3xf64>>) -> tensor<5x3xf64>
              %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<5x3xf64>, tensor<3xf64>>) -> tensor<3xf64>
              %3 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%1, %2)
                  : (tensor<5x3xf64>, tensor<3xf64>) -> tensor<5x3xf64>
              return %3, %1 : tensor<5x3xf64>, tensor<5x3xf64>
            }
            """;

    @Test
    void qrTupleFormThenHouseholderProductReconstructsA() throws Exception {
        double[] a = random(1, 15);
        List<Object> r = run(QR_TUPLE, f64(new long[] {5, 3}, a));
        double[][] q = matrix(values(r.get(0)), 0, 5, 3);
        double[][] packed = matrix(values(r.get(1)), 0, 5, 3);
        double[][] upper = new double[3][3];
        for (int i = 0; i < 3; i++) for (int j = i; j < 3; j++) upper[i][j] = packed[i][j];
        assertOrthonormalColumns(q, 1e-12);
        assertClose(matrix(a, 0, 5, 3), multiply(q, upper), 1e-12, "Q R");
    }

    @Test
    void qrSeparateResultsWithBatchDimensions() throws Exception {
        String text = """
                func.func @main(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4x4xf64>) {
                  %0:2 = stablehlo.custom_call @Qr(%a) {api_version = 1 : i32}
                      : (tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4xf64>)
                  %1 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%0#0, %0#1) {api_version = 1 : i32}
                      : (tensor<2x4x4xf64>, tensor<2x4xf64>) -> tensor<2x4x4xf64>
                  return %1, %0#0 : tensor<2x4x4xf64>, tensor<2x4x4xf64>
                }
                """;
        double[] a = random(2, 32);
        List<Object> r = run(text, f64(new long[] {2, 4, 4}, a));
        for (int b = 0; b < 2; b++) {
            double[][] q = matrix(values(r.get(0)), b, 4, 4);
            double[][] packed = matrix(values(r.get(1)), b, 4, 4);
            double[][] upper = new double[4][4];
            for (int i = 0; i < 4; i++) for (int j = i; j < 4; j++) upper[i][j] = packed[i][j];
            assertOrthonormalColumns(q, 1e-12);
            assertClose(matrix(a, b, 4, 4), multiply(q, upper), 1e-12, "batch " + b + ": Q R");
        }
    }

    /** JAX's TPU lu (2023 export): LuDecomposition with a tuple of (lu, 0-based pivots, permutation). */
    private static final String LU_TUPLE = """
            func.func @main(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>) {
              %0 = stablehlo.custom_call @LuDecomposition(%a) {xla_shape = "(f32[3,3]{1,0}, s32[3]{0}, s32[3]{0})"}
                  : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
              %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3x3xf32>
              %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3xi32>
              %3 = stablehlo.get_tuple_element %0[2] : (tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>) -> tensor<3xi32>
              return %1, %2, %3 : tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>
            }
            """;

    @Test
    void luOfTheIotaMatrixAsOnTpu() throws Exception {
        // [[0, 1, 2], [3, 4, 5], [6, 7, 8]]: partial pivoting picks row 2, then row 2 again (the swapped row 0)
        double[] a = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        List<Object> r = run(LU_TUPLE, CustomCallTesting.tensor(org.stablehlo4j.ir.FloatType.F32, new long[] {3, 3}, a));
        assertArrayEquals(new double[] {6, 7, 8, 0, 1, 2, 0.5, 0.5, 0}, values(r.get(0)), 1e-6);
        assertArrayEquals(new long[] {2, 2, 2}, ints(r.get(1)));
        assertArrayEquals(new long[] {2, 0, 1}, ints(r.get(2)));
    }

    @Test
    void luSeparateResultsSatisfyPaEqualsLu() throws Exception {
        String text = """
                func.func @main(%a: tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>) {
                  %0:3 = stablehlo.custom_call @LuDecomposition(%a)
                      : (tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>)
                  return %0#0, %0#1, %0#2 : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2x4xi32>
                }
                """;
        double[] a = random(3, 24);
        List<Object> r = run(text, f64(new long[] {2, 4, 3}, a));
        long[] pivots = ints(r.get(1)), perm = ints(r.get(2));
        for (int b = 0; b < 2; b++) {
            double[][] lu = matrix(values(r.get(0)), b, 4, 3);
            double[][] l = new double[4][3], u = new double[3][3];
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 3; j++) {
                    if (i > j) l[i][j] = lu[i][j];
                    else {
                        if (i == j) l[i][j] = 1;
                        u[i][j] = lu[i][j];
                    }
                }
            }
            double[][] x = matrix(a, b, 4, 3), pa = new double[4][];
            long[] p = Arrays.copyOfRange(perm, 4 * b, 4 * b + 4);
            for (int i = 0; i < 4; i++) pa[i] = x[(int) p[i]];
            assertClose(pa, multiply(l, u), 1e-12, "batch " + b + ": P A = L U");
            // the permutation is the pivots' row swaps applied in order
            long[] expected = {0, 1, 2, 3};
            for (int i = 0; i < 3; i++) {
                int piv = (int) pivots[3 * b + i];
                long t = expected[i];
                expected[i] = expected[piv];
                expected[piv] = t;
            }
            assertArrayEquals(expected, p);
        }
    }

    /** JAX's TPU eigh (2023 export): Eigh with backend_config "lower,sort,max_iter,tol", tuple (vectors, values). */
    private static String eigh(String config) {
        return """
                func.func @main(%a: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xf64>) {
                  %0 = stablehlo.custom_call @Eigh(%a) {backend_config = "CONFIG", xla_shape = "(f64[4,4]{1,0}, f64[4]{0})"}
                      : (tensor<4x4xf64>) -> tuple<tensor<4x4xf64>, tensor<4xf64>>
                  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<4x4xf64>, tensor<4xf64>>) -> tensor<4x4xf64>
                  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<4x4xf64>, tensor<4xf64>>) -> tensor<4xf64>
                  return %1, %2 : tensor<4x4xf64>, tensor<4xf64>
                }
                """.replace("CONFIG", config);
    }

    @Test
    void eighReadsTheTriangleItIsToldAndDiagonalizes() throws Exception {
        double[] r = random(4, 16);
        double[][] sym = new double[4][4];
        for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) sym[i][j] = r[4 * Math.min(i, j) + Math.max(i, j)];
        for (String config : List.of("1,1,15,0.000010", "0,1,100,1e-6")) {
            boolean lower = config.startsWith("1");
            // the other triangle holds garbage: only the named one may be read
            double[] a = new double[16];
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) a[4 * i + j] = (lower ? i >= j : i <= j) ? sym[i][j] : 100 + i - j;
            }
            List<Object> out = run(eigh(config), f64(new long[] {4, 4}, a));
            double[][] v = matrix(values(out.get(0)), 0, 4, 4);
            double[] w = values(out.get(1));
            for (int i = 1; i < 4; i++) assertTrue(w[i - 1] <= w[i], "ascending: " + Arrays.toString(w));
            assertOrthonormalColumns(v, 1e-12);
            double[][] vw = new double[4][4];
            for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) vw[i][j] = v[i][j] * w[j];
            assertClose(multiply(sym, v), vw, 1e-10, config + ": A V = V diag(w)");
            double trace = 0;
            for (int i = 0; i < 4; i++) trace += sym[i][i];
            assertEquals(trace, Arrays.stream(w).sum(), 1e-12);
        }
    }

    @Test
    void allocateBufferIsZerosAndAnnotateDevicePlacementTheIdentity() throws Exception {
        String text = """
                func.func @main(%x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>) {
                  %0 = stablehlo.custom_call @AllocateBuffer() : () -> tensor<2x3xf32>
                  %1 = stablehlo.custom_call @annotate_device_placement(%x) {has_side_effect = true,
                      mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<3xf32>) -> tensor<3xf32>
                  return %0, %1 : tensor<2x3xf32>, tensor<3xf32>
                }
                """;
        Tensor x = CustomCallTesting.tensor(org.stablehlo4j.ir.FloatType.F32, new long[] {3}, 1, 2, 3);
        List<Object> r = run(text, x);
        assertArrayEquals(new double[6], values(r.get(0)));
        assertEquals("tensor<2x3xf32>", ((Tensor) r.get(0)).type().toString());
        assertSame(x, r.get(1));
    }

    @Test
    void badCallsGetDiagnosticsNamingTheKernel() {
        assertFailsWith(QR_TUPLE.replace("tuple<tensor<5x3xf64>, tensor<3xf64>>", "tuple<tensor<5x3xf64>, tensor<4xf64>>"),
                "Qr: taus must have shape [3], got tensor<4xf64>", f64(new long[] {5, 3}, random(5, 15)));
        assertFailsWith(eigh("lower"), "Eigh: backend_config must be \"lower,sort_eigenvalues,max_iter,epsilon\"",
                f64(new long[] {4, 4}, random(6, 16)));
        assertFailsWith("""
                func.func @main() -> tensor<2x3xf16> {
                  %a = stablehlo.constant dense<1.0> : tensor<2x3xf16>
                  %0:3 = stablehlo.custom_call @LuDecomposition(%a)
                      : (tensor<2x3xf16>) -> (tensor<2x3xf16>, tensor<2xi32>, tensor<2xi32>)
                  return %0#0 : tensor<2x3xf16>
                }
                """, "LuDecomposition: unsupported element type f16");
        assertFailsWith("""
                func.func @main() -> tensor<3x3xf32> {
                  %a = stablehlo.constant dense<1.0> : tensor<3x3xf32>
                  %0 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%a)
                      : (tensor<3x3xf32>) -> tensor<3x3xf32>
                  return %0 : tensor<3x3xf32>
                }
                """, "ProductOfElementaryHouseholderReflectors: expected 2 operand(s) and 1 result(s), got 1 and 1");
        assertFailsWith("""
                func.func @main() -> tensor<2xf32> {
                  %a = stablehlo.constant dense<1.0> : tensor<3xf32>
                  %0 = stablehlo.custom_call @annotate_device_placement(%a) : (tensor<3xf32>) -> tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """, "annotate_device_placement: expected 1 operand and 1 result of the same type");
    }
}
