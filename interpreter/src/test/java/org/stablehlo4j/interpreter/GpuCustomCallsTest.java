package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
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
 * JAX's GPU custom calls in the forms its CUDA/ROCm lowerings emit ({@code jax/_src/lax/linalg.py},
 * {@code jax/_src/random/threefry2x32.py}) that the {@code _cuda}/{@code _rocm} exports of the jax-runtime
 * conformance area do not reach: Threefry (known answers and the StableHLO expansion JAX emits on CPU), LU pivots to
 * a permutation (batched, out-of-range pivots), gesvd with {@code transposed} (JAX's m &lt; n case), gesvdj's
 * economy mode, syevd on the upper triangle, sytrd, batched gtsv2, and bad calls.
 */
class GpuCustomCallsTest {
    private static final IntegerType UI32 = new IntegerType(32, IntegerType.Signedness.UNSIGNED);
    private static final RankedTensorType UI32_SCALAR = new RankedTensorType(new long[0], UI32);

    private static String threefryModule(String target, int n) {
        return """
                func.func @main(%k0: tensor<NxN>, %k1: tensor<NxN>, %x0: tensor<NxN>, %x1: tensor<NxN>)
                    -> (tensor<NxN>, tensor<NxN>) {
                  %0:2 = stablehlo.custom_call @TARGET(%k0, %k1, %x0, %x1) {mhlo.backend_config = {},
                      operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>,
                                         dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>],
                      result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>]}
                      : (tensor<NxN>, tensor<NxN>, tensor<NxN>, tensor<NxN>) -> (tensor<NxN>, tensor<NxN>)
                  return %0#0, %0#1 : tensor<NxN>, tensor<NxN>
                }
                """.replace("NxN", n + "xui32").replace("TARGET", target);
    }

    private static Tensor ui32(long... v) {
        return Tensor.ofLongs(new RankedTensorType(new long[] {v.length}, UI32), v.clone());
    }

    @Test
    void threefryMatchesTheKnownAnswersOfThreefry2x32With20Rounds() throws Exception {
        // Random123's known-answer vectors (also JAX's random_test): key, counter -> output
        Tensor k0 = ui32(0, 0xffffffffL, 0x13198a2eL), k1 = ui32(0, 0xffffffffL, 0x03707344L);
        Tensor x0 = ui32(0, 0xffffffffL, 0x243f6a88L), x1 = ui32(0, 0xffffffffL, 0x85a308d3L);
        for (String target : List.of("cu_threefry2x32_ffi", "hip_threefry2x32_ffi")) {
            List<Object> r = run(threefryModule(target, 3), k0, k1, x0, x1);
            assertArrayEquals(new long[] {0x6b200159L, 0x1cb996fcL, 0xc4923a9cL}, ints(r.get(0)), target);
            assertArrayEquals(new long[] {0x99ba4efeL, 0xbb002be7L, 0x483df7a0L}, ints(r.get(1)), target);
        }
    }

    @Test
    void threefryGivesTheBitsOfTheStableHloExpansionJaxEmitsOnCpu() throws Exception {
        Path sample = Path.of(System.getProperty("stablehlo.shared", "../shared/stablehlo"))
                .resolve("../jax-samples/rng_threefry.jax.mlir").normalize();
        assumeTrue(Files.isRegularFile(sample), "jax-samples not available at " + sample);
        ModuleOp cpu = CustomCallTesting.parse(Files.readString(sample));
        Random random = new Random(7);
        for (int trial = 0; trial < 4; trial++) {
            long key0 = random.nextInt() & 0xffffffffL, key1 = random.nextInt() & 0xffffffffL;
            long[] x0 = new long[16], x1 = new long[16];
            for (int i = 0; i < 16; i++) {
                x0[i] = random.nextInt() & 0xffffffffL;
                x1[i] = random.nextInt() & 0xffffffffL;
            }
            // JAX's CPU lowering: @threefry2x32(key0, key1, x0, x1) on 4x4 counts, a while loop of 5 round groups
            RankedTensorType t = new RankedTensorType(new long[] {4, 4}, UI32);
            List<Object> expected = new Interpreter(cpu).run("threefry2x32", List.of(
                    Tensor.ofLongs(UI32_SCALAR, new long[] {key0}), Tensor.ofLongs(UI32_SCALAR, new long[] {key1}),
                    Tensor.ofLongs(t, x0.clone()), Tensor.ofLongs(t, x1.clone())));
            // the CUDA lowering broadcasts the key to the counts' shape first
            long[] k0 = new long[16], k1 = new long[16];
            Arrays.fill(k0, key0);
            Arrays.fill(k1, key1);
            List<Object> gpu = run(threefryModule("cu_threefry2x32_ffi", 16), ui32(k0), ui32(k1), ui32(x0), ui32(x1));
            assertArrayEquals(ints(expected.get(0)), ints(gpu.get(0)), "x0 of trial " + trial);
            assertArrayEquals(ints(expected.get(1)), ints(gpu.get(1)), "x1 of trial " + trial);
        }
    }

    @Test
    void luPivotsToPermutationAsJaxsCudaTestBatchesIt() throws Exception {
        // JAX's back-compat case: pivots iota(24) as 2x3x4 into permutations of size 8; pivots >= 8 are skipped
        String text = """
                func.func @main() -> tensor<2x3x8xi32> {
                  %0 = stablehlo.iota dim = 0 : tensor<24xi32>
                  %1 = stablehlo.reshape %0 : (tensor<24xi32>) -> tensor<2x3x4xi32>
                  %2 = stablehlo.custom_call @cu_lu_pivots_to_permutation(%1) {mhlo.backend_config = {},
                      mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 1, 0]> : tensor<3xindex>],
                      result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>]} : (tensor<2x3x4xi32>) -> tensor<2x3x8xi32>
                  return %2 : tensor<2x3x8xi32>
                }
                """;
        long[] got = ints(run(text).get(0));
        long[] identity = {0, 1, 2, 3, 4, 5, 6, 7};
        for (int row = 0; row < 6; row++) {
            long[] expected = row == 1 ? new long[] {4, 5, 6, 7, 0, 1, 2, 3} : identity;
            assertArrayEquals(expected, Arrays.copyOfRange(got, 8 * row, 8 * row + 8), "row " + row);
        }
        assertFailsWith(text.replace("2x3x8xi32", "2x3x2xi32"), "cu_lu_pivots_to_permutation: Output permutation "
                + "size 2 must match or exceed the trailing dimension of the input pivots 4.");
    }

    /** JAX's GPU svd with algorithm QR for m < n: gesvd of the row-major matrix, transposed = true, u/vt swapped. */
    private static String gesvd(String target, boolean full, String extra) {
        String u = "3x3", vt = full ? "5x5" : "3x5";
        return """
                func.func @main(%a: tensor<3x5xf64>) -> (tensor<3xf64>, tensor<U>, tensor<VT>, tensor<i32>) {
                  %0:5 = stablehlo.custom_call @TARGET(%a) {mhlo.backend_config = {compute_uv = true,
                      full_matrices = FULL, transposed = true EXTRA}, operand_layouts = [dense<[1, 0]> : tensor<2xindex>],
                      result_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>,
                        dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>]}
                      : (tensor<3x5xf64>) -> (tensor<3x5xf64>, tensor<3xf64>, tensor<VT>, tensor<U>, tensor<i32>)
                  return %0#1, %0#3, %0#2, %0#4 : tensor<3xf64>, tensor<U>, tensor<VT>, tensor<i32>
                }
                """.replace("TARGET", target).replace("FULL", String.valueOf(full)).replace("EXTRA", extra)
                .replace("tensor<U>", "tensor<" + u + "xf64>").replace("tensor<VT>", "tensor<" + vt + "xf64>");
    }

    @Test
    void gesvdTransposedReconstructsAWideMatrix() throws Exception {
        double[] a = random(11, 15);
        for (String target : List.of("cusolver_gesvd_ffi", "hipsolver_gesvd_ffi")) {
            for (boolean full : List.of(true, false)) {
                List<Object> r = run(gesvd(target, full, ""), f64(new long[] {3, 5}, a));
                double[] s = values(r.get(0));
                double[][] u = matrix(values(r.get(1)), 0, 3, 3);
                double[][] vt = matrix(values(r.get(2)), 0, full ? 5 : 3, 5);
                assertEquals(0, ints(r.get(3))[0]);
                for (int i = 1; i < 3; i++) assertEquals(true, s[i - 1] >= s[i], "descending " + Arrays.toString(s));
                assertOrthonormalColumns(u, 1e-12);
                assertOrthonormalColumns(transpose(vt), 1e-12);
                double[][] us = new double[3][3];
                for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) us[i][j] = u[i][j] * s[j];
                double[][] vtk = Arrays.copyOf(vt, 3);
                assertClose(matrix(a, 0, 3, 5), multiply(us, vtk), 1e-12, target + " full=" + full + ": U S V^T");
            }
        }
    }

    @Test
    void gesvdjEconomyModeGivesVNotItsTranspose() throws Exception {
        String text = """
                func.func @main(%a: tensor<2x6x4xf64>) -> (tensor<2x4xf64>, tensor<2x6x4xf64>, tensor<2x4x4xf64>, tensor<2xi32>) {
                  %0:5 = stablehlo.custom_call @hipsolver_gesvdj_ffi(%a) {mhlo.backend_config = {compute_uv = true,
                      full_matrices = false}, mhlo.frontend_attributes = {num_batch_dims = "1"},
                      operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]}
                      : (tensor<2x6x4xf64>) -> (tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x6x4xf64>, tensor<2x4x4xf64>, tensor<2xi32>)
                  return %0#1, %0#2, %0#3, %0#4 : tensor<2x4xf64>, tensor<2x6x4xf64>, tensor<2x4x4xf64>, tensor<2xi32>
                }
                """;
        double[] a = random(12, 48);
        List<Object> r = run(text, f64(new long[] {2, 6, 4}, a));
        assertArrayEquals(new long[] {0, 0}, ints(r.get(3)));
        for (int b = 0; b < 2; b++) {
            double[] s = Arrays.copyOfRange(values(r.get(0)), 4 * b, 4 * b + 4);
            double[][] u = matrix(values(r.get(1)), b, 6, 4), v = matrix(values(r.get(2)), b, 4, 4);
            assertOrthonormalColumns(u, 1e-12);
            assertOrthonormalColumns(v, 1e-12);
            double[][] us = new double[6][4];
            for (int i = 0; i < 6; i++) for (int j = 0; j < 4; j++) us[i][j] = u[i][j] * s[j];
            assertClose(matrix(a, b, 6, 4), multiply(us, transpose(v)), 1e-12, "batch " + b + ": U S V^T");
        }
    }

    @Test
    void complexSvdsConjugateV() throws Exception {
        // gesvdj returns V (A = U S V^H); gesvd with transposed = true returns V^H in result 2 and U in result 3
        String text = """
                func.func @main(%a: tensor<2x3xcomplex<f64>>) -> (tensor<2xf64>, tensor<2x2xcomplex<f64>>, tensor<3x3xcomplex<f64>>,
                    tensor<2xf64>, tensor<2x2xcomplex<f64>>, tensor<3x3xcomplex<f64>>) {
                  %0:5 = stablehlo.custom_call @cusolver_gesvdj_ffi(%a) {mhlo.backend_config = {compute_uv = true, full_matrices = true}}
                      : (tensor<2x3xcomplex<f64>>) -> (tensor<2x3xcomplex<f64>>, tensor<2xf64>, tensor<2x2xcomplex<f64>>,
                         tensor<3x3xcomplex<f64>>, tensor<i32>)
                  %1:5 = stablehlo.custom_call @cusolver_gesvd_ffi(%a) {mhlo.backend_config = {compute_uv = true,
                      full_matrices = true, transposed = true}}
                      : (tensor<2x3xcomplex<f64>>) -> (tensor<2x3xcomplex<f64>>, tensor<2xf64>, tensor<3x3xcomplex<f64>>,
                         tensor<2x2xcomplex<f64>>, tensor<i32>)
                  return %0#1, %0#2, %0#3, %1#1, %1#3, %1#2 : tensor<2xf64>, tensor<2x2xcomplex<f64>>, tensor<3x3xcomplex<f64>>,
                      tensor<2xf64>, tensor<2x2xcomplex<f64>>, tensor<3x3xcomplex<f64>>
                }
                """;
        double[] a = random(18, 12);
        List<Object> r = run(text, CustomCallTesting.c128(new long[] {2, 3}, a));
        for (int form = 0; form < 2; form++) {
            double[] s = values(r.get(3 * form)), u = values(r.get(3 * form + 1)), v = values(r.get(3 * form + 2));
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 3; j++) {
                    double re = 0, im = 0;
                    for (int k = 0; k < 2; k++) {
                        double ur = u[2 * (2 * i + k)], ui = u[2 * (2 * i + k) + 1];
                        // form 0: V[j][k] conjugated; form 1: V^H[k][j] as given
                        double vr = form == 0 ? v[2 * (3 * j + k)] : v[2 * (3 * k + j)];
                        double vi = form == 0 ? -v[2 * (3 * j + k) + 1] : v[2 * (3 * k + j) + 1];
                        re += s[k] * (ur * vr - ui * vi);
                        im += s[k] * (ur * vi + ui * vr);
                    }
                    assertEquals(a[2 * (3 * i + j)], re, 1e-12, "form " + form + ": re A(" + i + ", " + j + ")");
                    assertEquals(a[2 * (3 * i + j) + 1], im, 1e-12, "form " + form + ": im A(" + i + ", " + j + ")");
                }
            }
        }
    }

    @Test
    void syevdOnTheUpperTriangleAndSytrdKeepTheSpectrum() throws Exception {
        String text = """
                func.func @main(%a: tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<4xf64>, tensor<i32>) {
                  %0:3 = stablehlo.custom_call @cusolver_syevd_ffi(%a) {mhlo.backend_config = {algorithm = 2 : ui8, lower = false},
                      operand_layouts = [dense<[0, 1]> : tensor<2xindex>]}
                      : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>, tensor<i32>)
                  %1:5 = stablehlo.custom_call @hipsolver_sytrd_ffi(%a) {mhlo.backend_config = {lower = false},
                      operand_layouts = [dense<[0, 1]> : tensor<2xindex>]}
                      : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>, tensor<4xf64>, tensor<4xf64>, tensor<i32>)
                  return %0#0, %0#1, %1#1, %1#2, %1#4 : tensor<5x5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<4xf64>, tensor<i32>
                }
                """;
        double[] r0 = random(13, 25);
        double[][] sym = new double[5][5];
        double[] a = new double[25];
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                sym[i][j] = r0[5 * Math.min(i, j) + Math.max(i, j)];
                a[5 * i + j] = i <= j ? sym[i][j] : -50; // only the upper triangle is meaningful
            }
        }
        List<Object> r = run(text, f64(new long[] {5, 5}, a));
        double[][] v = matrix(values(r.get(0)), 0, 5, 5);
        double[] w = values(r.get(1));
        assertOrthonormalColumns(v, 1e-12);
        double[][] vw = new double[5][5];
        for (int i = 0; i < 5; i++) for (int j = 0; j < 5; j++) vw[i][j] = v[i][j] * w[j];
        assertClose(multiply(sym, v), vw, 1e-10, "A V = V diag(w)");
        // T = tridiag(e, d, e) is similar to A: same trace and Frobenius norm (sum of squared eigenvalues)
        double[] d = values(r.get(2)), e = values(r.get(3));
        double traceA = 0, normA = 0, normT = 0;
        for (int i = 0; i < 5; i++) {
            traceA += sym[i][i];
            normT += d[i] * d[i];
            for (int j = 0; j < 5; j++) normA += sym[i][j] * sym[i][j];
        }
        for (double x : e) normT += 2 * x * x;
        assertEquals(traceA, Arrays.stream(d).sum(), 1e-12);
        assertEquals(normA, normT, 1e-10);
        assertEquals(normA, Arrays.stream(w).map(x -> x * x).sum(), 1e-10);
        assertEquals(0, ints(r.get(4))[0]);
    }

    @Test
    void gtsv2SolvesABatchOfTridiagonalSystems() throws Exception {
        String text = """
                func.func @main(%dl: tensor<2x5xf64>, %d: tensor<2x5xf64>, %du: tensor<2x5xf64>, %b: tensor<2x5x2xf64>) -> tensor<2x5x2xf64> {
                  %0 = stablehlo.custom_call @cusparse_gtsv2_ffi(%dl, %d, %du, %b) {mhlo.backend_config = {},
                      operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>,
                        dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>],
                      output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 3, operand_tuple_indices = []>],
                      result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]}
                      : (tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5xf64>, tensor<2x5x2xf64>) -> tensor<2x5x2xf64>
                  return %0 : tensor<2x5x2xf64>
                }
                """;
        double[] dl = random(14, 10), d = random(15, 10), du = random(16, 10), b = random(17, 20);
        for (int i = 0; i < 10; i++) d[i] += d[i] >= 0 ? 4 : -4; // diagonally dominant
        dl[0] = dl[5] = 0;
        du[4] = du[9] = 0;
        double[] x = values(run(text, f64(new long[] {2, 5}, dl), f64(new long[] {2, 5}, d), f64(new long[] {2, 5}, du),
                f64(new long[] {2, 5, 2}, b)).get(0));
        for (int batch = 0; batch < 2; batch++) {
            for (int i = 0; i < 5; i++) {
                for (int c = 0; c < 2; c++) {
                    int o = 5 * batch;
                    double ax = d[o + i] * x[10 * batch + 2 * i + c];
                    if (i > 0) ax += dl[o + i] * x[10 * batch + 2 * (i - 1) + c];
                    if (i < 4) ax += du[o + i] * x[10 * batch + 2 * (i + 1) + c];
                    assertEquals(b[10 * batch + 2 * i + c], ax, 1e-12, "row " + i + " of batch " + batch);
                }
            }
        }
    }

    @Test
    void badCallsGetDiagnosticsNamingTheKernel() {
        assertFailsWith("""
                func.func @main() -> tensor<i32> {
                  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf32>
                  %0:2 = stablehlo.custom_call @cusolver_potrf_ffi(%a) {mhlo.backend_config = {}}
                      : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
                  return %0#1 : tensor<i32>
                }
                """, "cusolver_potrf_ffi: mhlo.backend_config.lower must be a boolean (missing)");
        assertFailsWith("""
                func.func @main() -> tensor<i32> {
                  %a = stablehlo.constant dense<1.0> : tensor<2x2xf16>
                  %0:3 = stablehlo.custom_call @hipsolver_getrf_ffi(%a) {mhlo.backend_config = {}}
                      : (tensor<2x2xf16>) -> (tensor<2x2xf16>, tensor<2xi32>, tensor<i32>)
                  return %0#2 : tensor<i32>
                }
                """, "hipsolver_getrf_ffi: unsupported element type f16");
        assertFailsWith("""
                func.func @main() -> tensor<i32> {
                  %a = stablehlo.constant dense<1.0> : tensor<3x3xf32>
                  %0:3 = stablehlo.custom_call @cusolver_getrf_ffi(%a) {mhlo.backend_config = {}}
                      : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<2xi32>, tensor<i32>)
                  return %0#2 : tensor<i32>
                }
                """, "cusolver_getrf_ffi: ipiv must have shape [3], got tensor<2xi32>");
        assertFailsWith("""
                func.func @main() -> tensor<i32> {
                  %a = stablehlo.constant dense<1.0> : tensor<3x5xf32>
                  %0:5 = stablehlo.custom_call @cusolver_gesvd_ffi(%a) {mhlo.backend_config = {compute_uv = true,
                      full_matrices = true, transposed = false}}
                      : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<5x5xf32>, tensor<i32>)
                  return %0#4 : tensor<i32>
                }
                """, "cusolver_gesvd_ffi: The GPU implementation of gesvd requires that the input matrix be m x n with m >= n");
        assertFailsWith("""
                func.func @main() -> tensor<2xui32> {
                  %a = stablehlo.constant dense<1> : tensor<2xui32>
                  %b = stablehlo.constant dense<1> : tensor<3xui32>
                  %0:2 = stablehlo.custom_call @cu_threefry2x32_ffi(%a, %a, %a, %b) {mhlo.backend_config = {}}
                      : (tensor<2xui32>, tensor<2xui32>, tensor<2xui32>, tensor<3xui32>) -> (tensor<2xui32>, tensor<2xui32>)
                  return %0#0 : tensor<2xui32>
                }
                """, "cu_threefry2x32_ffi: operands (key0, key1, x0, x1) and results must all be ui32 tensors of one shape");
        assertFailsWith("""
                func.func @main() -> tensor<i32> {
                  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf64>
                  %0:3 = stablehlo.custom_call @cusolver_syevd_ffi(%a) {mhlo.backend_config = {algorithm = 7 : ui8, lower = true}}
                      : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2xf64>, tensor<i32>)
                  return %0#2 : tensor<i32>
                }
                """, "cusolver_syevd_ffi: mhlo.backend_config.algorithm must be 0 (default), 1 (QR) or 2 (Jacobi)");
    }
}
