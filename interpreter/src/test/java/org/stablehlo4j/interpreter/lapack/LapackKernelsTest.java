package org.stablehlo4j.interpreter.lapack;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every LAPACK kernel for every type letter, on small (batched) matrices, checked against independent identities
 * rather than against LAPACK's own numbers: Q R = A, L L^H = A, P L U = A, U Σ V^H = A, A V = V Λ, Z T Z^H = A,
 * Q H Q^H = A, Q T Q^H = A, A X = B; plus the info outputs of singular and non-positive-definite inputs.
 */
class LapackKernelsTest {
    private static final double TOL = 1e-10;
    private static final Map<String, Long> NONE = Map.of();

    private static boolean complex(char t) { return t == 'c' || t == 'z'; }

    private static double[] random(Random r, int count, boolean complex) {
        double[] d = new double[complex ? 2 * count : count];
        for (int i = 0; i < d.length; i++) d[i] = r.nextDouble() * 2 - 1;
        return d;
    }

    private static LapackKernels.Operand op(boolean complex, double[] data, int... shape) {
        return new LapackKernels.Operand(shape, complex, data);
    }

    private static LapackKernels.ResultSpec res(LapackKernels.Element e, int... shape) {
        return new LapackKernels.ResultSpec(shape, e);
    }

    private static LapackKernels.Element el(boolean complex) {
        return complex ? LapackKernels.Element.COMPLEX : LapackKernels.Element.REAL;
    }

    private static final LapackKernels.Element REAL = LapackKernels.Element.REAL;
    private static final LapackKernels.Element CPLX = LapackKernels.Element.COMPLEX;
    private static final LapackKernels.Element INT = LapackKernels.Element.INT;

    private static Object[] call(String target, List<LapackKernels.Operand> ops, List<LapackKernels.ResultSpec> res,
                                 Map<String, Long> attrs) {
        return LapackKernels.call(target, ops, res, attrs);
    }

    private static CMatrix mat(Object data, boolean complex, int b, int rows, int cols) {
        return CMatrix.read((double[]) data, complex, b * rows * cols, rows, cols);
    }

    private static void assertClose(CMatrix want, CMatrix got, double tol, String what) {
        assertEquals(want.rows, got.rows, what + " rows");
        assertEquals(want.cols, got.cols, what + " cols");
        double scale = Math.max(1, want.frobenius());
        for (int i = 0; i < want.rows; i++) {
            for (int j = 0; j < want.cols; j++) {
                double d = Math.hypot(want.re(i, j) - got.re(i, j), want.im(i, j) - got.im(i, j));
                assertTrue(d <= tol * scale, what + ": element (" + i + ", " + j + ") differs by " + d
                        + ": want " + want.re(i, j) + "+" + want.im(i, j) + "i, got " + got.re(i, j) + "+"
                        + got.im(i, j) + "i");
            }
        }
    }

    private static void assertUnitary(CMatrix q, String what) {
        assertClose(CMatrix.identity(q.cols, q.cols), q.adjoint().times(q), TOL, what + " orthonormal columns");
    }

    /** A Hermitian positive definite matrix B B^H + n I. */
    private static CMatrix hpd(Random r, int n, boolean complex) {
        CMatrix b = CMatrix.read(random(r, n * n, complex), complex, 0, n, n);
        CMatrix a = b.times(b.adjoint());
        for (int i = 0; i < n; i++) a.set(i, i, a.re(i, i) + n, 0);
        return a;
    }

    private static double[] pack(boolean complex, CMatrix... ms) {
        int size = 0;
        for (CMatrix m : ms) size += m.rows * m.cols;
        double[] d = new double[complex ? 2 * size : size];
        int at = 0;
        for (CMatrix m : ms) {
            m.write(d, complex, at, m.rows, m.cols);
            at += m.rows * m.cols;
        }
        return d;
    }

    private static CMatrix lowerPart(CMatrix m, boolean unit, boolean lower) {
        CMatrix t = new CMatrix(m.rows, m.cols);
        for (int i = 0; i < m.rows; i++) {
            for (int j = 0; j < m.cols; j++) {
                if (i == j && unit) t.set(i, j, 1, 0);
                else if (lower ? i >= j : i <= j) t.set(i, j, m.re(i, j), m.im(i, j));
            }
        }
        return t;
    }

    // ---- potrf ----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void potrfFactorsBatchedHpdMatrices(char t) {
        boolean cx = complex(t);
        Random r = new Random(1);
        CMatrix a0 = hpd(r, 4, cx), a1 = hpd(r, 4, cx);
        for (char uplo : new char[] {'L', 'U'}) {
            Object[] out = call("lapack_" + t + "potrf_ffi", List.of(op(cx, pack(cx, a0, a1), 2, 4, 4)),
                    List.of(res(el(cx), 2, 4, 4), res(INT, 2)), Map.of("uplo", (long) uplo));
            assertEquals(0, ((long[]) out[1])[0]);
            assertEquals(0, ((long[]) out[1])[1]);
            CMatrix[] as = {a0, a1};
            for (int b = 0; b < 2; b++) {
                CMatrix f = lowerPart(mat(out[0], cx, b, 4, 4), false, uplo == 'L');
                CMatrix back = uplo == 'L' ? f.times(f.adjoint()) : f.adjoint().times(f);
                assertClose(as[b], back, TOL, t + "potrf " + uplo);
                // the other triangle keeps the input
                CMatrix whole = mat(out[0], cx, b, 4, 4);
                int i = uplo == 'L' ? 0 : 3, j = uplo == 'L' ? 3 : 0;
                assertEquals(as[b].re(i, j), whole.re(i, j));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void potrfReportsTheFirstNonPositiveMinor(char t) {
        boolean cx = complex(t);
        CMatrix a = CMatrix.identity(3, 3);
        a.set(1, 1, -1, 0); // leading minor of order 2 is not positive definite
        CMatrix zero = new CMatrix(3, 3); // order 1 already
        Object[] out = call("lapack_" + t + "potrf_ffi", List.of(op(cx, pack(cx, a, zero), 2, 3, 3)),
                List.of(res(el(cx), 2, 3, 3), res(INT, 2)), Map.of("uplo", (long) 'L'));
        assertEquals(2, ((long[]) out[1])[0]);
        assertEquals(1, ((long[]) out[1])[1]);
    }

    // ---- getrf ----------------------------------------------------------------------------------------------

    private static CMatrix permutationTimes(long[] ipiv, int off, int k, CMatrix m) {
        // A = P L U with P from the 1-based row interchanges: apply them in reverse to L U
        CMatrix x = m.copy();
        for (int j = k - 1; j >= 0; j--) {
            int p = (int) ipiv[off + j] - 1;
            for (int c = 0; c < x.cols; c++) {
                double re = x.re(j, c), im = x.im(j, c);
                x.set(j, c, x.re(p, c), x.im(p, c));
                x.set(p, c, re, im);
            }
        }
        return x;
    }

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void getrfGivesPLUWithOneBasedPivots(char t) {
        boolean cx = complex(t);
        Random r = new Random(2);
        for (int[] mn : new int[][] {{4, 4}, {5, 3}, {3, 5}}) {
            int m = mn[0], n = mn[1], k = Math.min(m, n);
            double[] data = random(r, 2 * m * n, cx);
            Object[] out = call("lapack_" + t + "getrf_ffi", List.of(op(cx, data, 2, m, n)),
                    List.of(res(el(cx), 2, m, n), res(INT, 2, k), res(INT, 2)), NONE);
            long[] ipiv = (long[]) out[1];
            for (int b = 0; b < 2; b++) {
                CMatrix lu = mat(out[0], cx, b, m, n);
                CMatrix l = new CMatrix(m, k), u = new CMatrix(k, n);
                for (int i = 0; i < m; i++) for (int j = 0; j < k; j++) {
                    if (i == j) l.set(i, j, 1, 0);
                    else if (i > j) l.set(i, j, lu.re(i, j), lu.im(i, j));
                }
                for (int i = 0; i < k; i++) for (int j = i; j < n; j++) u.set(i, j, lu.re(i, j), lu.im(i, j));
                for (int j = 0; j < k; j++) assertTrue(ipiv[b * k + j] >= j + 1 && ipiv[b * k + j] <= m);
                assertClose(mat(data, cx, b, m, n), permutationTimes(ipiv, b * k, k, l.times(u)), TOL,
                        t + "getrf " + m + "x" + n);
                assertEquals(0, ((long[]) out[2])[b]);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void getrfReportsTheFirstZeroPivot(char t) {
        boolean cx = complex(t);
        CMatrix a = new CMatrix(3, 3);
        a.set(0, 0, 2, 0);
        a.set(0, 1, 1, 0);
        a.set(1, 0, 4, 0);
        a.set(1, 1, 2, 0); // column 2 dependent on column 1 after elimination
        a.set(2, 2, 1, 0);
        Object[] out = call("lapack_" + t + "getrf_ffi", List.of(op(cx, pack(cx, a), 3, 3)),
                List.of(res(el(cx), 3, 3), res(INT, 3), res(INT)), NONE);
        assertEquals(2, ((long[]) out[2])[0]);
        assertEquals(2, ((long[]) out[1])[0]); // row 2 (1-based) had the largest first entry
    }

    // ---- geqrf / orgqr --------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void geqrfAndOrgqrGiveQR(char t) {
        boolean cx = complex(t);
        Random r = new Random(3);
        String org = cx ? "ungqr" : "orgqr";
        for (int[] mn : new int[][] {{5, 3}, {4, 4}, {3, 5}}) {
            int m = mn[0], n = mn[1], k = Math.min(m, n);
            double[] data = random(r, 2 * m * n, cx);
            Object[] f = call("lapack_" + t + "geqrf_ffi", List.of(op(cx, data, 2, m, n)),
                    List.of(res(el(cx), 2, m, n), res(el(cx), 2, k)), NONE);
            // Q's first k columns from the first k columns of the packed matrix
            double[] packed = new double[(cx ? 2 : 1) * 2 * m * k];
            for (int b = 0; b < 2; b++) {
                CMatrix pm = mat(f[0], cx, b, m, n);
                CMatrix firstK = new CMatrix(m, k);
                for (int i = 0; i < m; i++) for (int j = 0; j < k; j++) firstK.set(i, j, pm.re(i, j), pm.im(i, j));
                firstK.write(packed, cx, b * m * k, m, k);
            }
            Object[] q = call("lapack_" + t + org + "_ffi", List.of(op(cx, packed, 2, m, k), op(cx, (double[]) f[1], 2, k)),
                    List.of(res(el(cx), 2, m, k)), NONE);
            for (int b = 0; b < 2; b++) {
                CMatrix qm = mat(q[0], cx, b, m, k);
                assertUnitary(qm, t + org);
                CMatrix rm = new CMatrix(k, n);
                CMatrix pm = mat(f[0], cx, b, m, n);
                for (int i = 0; i < k; i++) for (int j = i; j < n; j++) rm.set(i, j, pm.re(i, j), pm.im(i, j));
                for (int i = 0; i < k; i++) assertEquals(0, rm.im(i, i), "R's diagonal is real");
                assertClose(mat(data, cx, b, m, n), qm.times(rm), TOL, t + "geqrf " + m + "x" + n);
            }
        }
    }

    // ---- syevd / heevd --------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void eighGivesAscendingEigenpairs(char t) {
        boolean cx = complex(t);
        Random r = new Random(4);
        String name = "lapack_" + t + (cx ? "heevd" : "syevd") + "_ffi";
        int n = 5;
        CMatrix a0 = CMatrix.read(random(r, n * n, cx), cx, 0, n, n);
        a0 = a0.times(CMatrix.identity(n, n));
        CMatrix h0 = Hermitian.full(a0, true), h1 = hpd(r, n, cx);
        CMatrix singular = new CMatrix(n, n); // rank one: eigenvalues 0 (x4) and |v|^2
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) singular.set(i, j, 1, 0);
        for (char uplo : new char[] {'L', 'U'}) {
            Object[] out = call(name, List.of(op(cx, pack(cx, h0, h1, singular), 3, n, n)),
                    List.of(res(el(cx), 3, n, n), res(REAL, 3, n), res(INT, 3)),
                    Map.of("uplo", (long) uplo, "mode", (long) 'V'));
            CMatrix[] as = {h0, h1, singular};
            double[] w = (double[]) out[1];
            for (int b = 0; b < 3; b++) {
                CMatrix v = mat(out[0], cx, b, n, n);
                assertUnitary(v, name);
                CMatrix lambda = new CMatrix(n, n);
                for (int i = 0; i < n; i++) {
                    lambda.set(i, i, w[b * n + i], 0);
                    if (i > 0) assertTrue(w[b * n + i - 1] <= w[b * n + i], "ascending");
                }
                assertClose(as[b].times(v), v.times(lambda), TOL, name + " A V = V Λ");
                assertEquals(0, ((long[]) out[2])[b]);
            }
            assertEquals(n, w[2 * n + n - 1], TOL);
        }
    }

    // ---- geev -----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void geevGivesLeftAndRightEigenvectors(char t) {
        boolean cx = complex(t);
        Random r = new Random(5);
        int n = 5;
        CMatrix a0 = CMatrix.read(random(r, n * n, cx), cx, 0, n, n);
        CMatrix rot = new CMatrix(n, n); // a rotation block: eigenvalues ±i, plus 2, 3, 3 (defective-free)
        rot.set(0, 1, -1, 0);
        rot.set(1, 0, 1, 0);
        rot.set(2, 2, 2, 0);
        rot.set(3, 3, 3, 0);
        rot.set(4, 4, 3, 0);
        rot.set(2, 3, 1, 0);
        List<LapackKernels.ResultSpec> res = new ArrayList<>();
        res.add(res(el(cx), 2, n));
        if (!cx) res.add(res(REAL, 2, n));
        res.add(res(CPLX, 2, n, n));
        res.add(res(CPLX, 2, n, n));
        res.add(res(INT, 2));
        Object[] out = call("lapack_" + t + "geev_ffi", List.of(op(cx, pack(cx, a0, rot), 2, n, n)), res,
                Map.of("compute_left", (long) 'V', "compute_right", (long) 'V'));
        int vl = cx ? 1 : 2;
        CMatrix[] as = {a0, rot};
        for (int b = 0; b < 2; b++) {
            CMatrix lambda = new CMatrix(n, n);
            for (int i = 0; i < n; i++) {
                double re = cx ? ((double[]) out[0])[2 * (b * n + i)] : ((double[]) out[0])[b * n + i];
                double im = cx ? ((double[]) out[0])[2 * (b * n + i) + 1] : ((double[]) out[1])[b * n + i];
                lambda.set(i, i, re, im);
            }
            CMatrix vr = mat(out[vl + 1], true, b, n, n), ul = mat(out[vl], true, b, n, n);
            CMatrix a = as[b];
            assertClose(a.times(vr), vr.times(lambda), 1e-9, t + "geev A V = V Λ");
            assertClose(ul.adjoint().times(a), lambda.times(ul.adjoint()), 1e-9, t + "geev U^H A = Λ U^H");
            for (int k = 0; k < n; k++) {
                double norm = 0;
                for (int i = 0; i < n; i++) norm = Math.hypot(norm, vr.abs(i, k));
                assertEquals(1, norm, 1e-12, "unit eigenvectors");
            }
            assertEquals(0, ((long[]) out[vl + 2])[b]);
        }
        if (!cx) { // the rotation's pair: (0, +1) then (0, -1), exactly conjugate
            double[] wr = (double[]) out[0], wi = (double[]) out[1];
            int at = -1;
            for (int i = 0; i < n; i++) if (wi[n + i] > 0) at = i;
            assertTrue(at >= 0 && at + 1 < n);
            assertEquals(wr[n + at], wr[n + at + 1]);
            assertEquals(-wi[n + at], wi[n + at + 1]);
            assertEquals(1, wi[n + at], 1e-12);
        }
    }

    @Test
    void geevOfANonFiniteMatrixReportsMinusFour() {
        double[] data = {1, Double.NaN, 0, 1};
        Object[] out = call("lapack_dgeev_ffi", List.of(op(false, data, 2, 2)),
                List.of(res(REAL, 2), res(REAL, 2), res(CPLX, 2, 2), res(CPLX, 2, 2), res(INT)),
                Map.of("compute_left", (long) 'N', "compute_right", (long) 'N'));
        assertEquals(-4, ((long[]) out[4])[0]);
    }

    // ---- gesdd ----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void gesddGivesUSigmaVt(char t) {
        boolean cx = complex(t);
        Random r = new Random(6);
        for (int[] mn : new int[][] {{5, 3}, {3, 5}, {4, 4}}) {
            int m = mn[0], n = mn[1], k = Math.min(m, n);
            CMatrix a0 = CMatrix.read(random(r, m * n, cx), cx, 0, m, n);
            CMatrix rank1 = new CMatrix(m, n); // singular: one nonzero singular value
            for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) rank1.set(i, j, (i + 1) * (j + 1), 0);
            for (char mode : new char[] {'S', 'A'}) {
                int uc = mode == 'A' ? m : k, vr = mode == 'A' ? n : k;
                Object[] out = call("lapack_" + t + "gesdd_ffi", List.of(op(cx, pack(cx, a0, rank1), 2, m, n)),
                        List.of(res(el(cx), 2, m, n), res(REAL, 2, k), res(el(cx), 2, m, uc), res(el(cx), 2, vr, n),
                                res(INT, 2)), Map.of("mode", (long) mode));
                CMatrix[] as = {a0, rank1};
                double[] s = (double[]) out[1];
                for (int b = 0; b < 2; b++) {
                    CMatrix u = mat(out[2], cx, b, m, uc), vt = mat(out[3], cx, b, vr, n);
                    assertUnitary(u, t + "gesdd U");
                    assertUnitary(vt.adjoint(), t + "gesdd V");
                    CMatrix sigma = new CMatrix(uc, vr);
                    for (int i = 0; i < k; i++) {
                        sigma.set(i, i, s[b * k + i], 0);
                        if (i > 0) assertTrue(s[b * k + i - 1] >= s[b * k + i], "descending");
                    }
                    assertClose(as[b], u.times(sigma).times(vt), TOL, t + "gesdd " + mode + " " + m + "x" + n);
                    assertEquals(0, ((long[]) out[4])[b]);
                }
                assertEquals(0, s[k + 1], 1e-12, "rank one");
            }
        }
    }

    // ---- gehrd ----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void gehrdGivesQHQh(char t) {
        boolean cx = complex(t);
        Random r = new Random(7);
        int n = 5;
        double[] data = random(r, 2 * n * n, cx);
        Object[] out = call("lapack_" + t + "gehrd_ffi", List.of(op(cx, data, 2, n, n)),
                List.of(res(el(cx), 2, n, n), res(el(cx), 2, n - 1), res(INT, 2)),
                Map.of("low", 1L, "high", (long) n));
        for (int b = 0; b < 2; b++) {
            CMatrix packed = mat(out[0], cx, b, n, n);
            double[] tau = new double[2 * (n - 1)];
            double[] src = (double[]) out[1];
            for (int i = 0; i < n - 1; i++) {
                tau[2 * i] = cx ? src[2 * (b * (n - 1) + i)] : src[b * (n - 1) + i];
                tau[2 * i + 1] = cx ? src[2 * (b * (n - 1) + i) + 1] : 0;
            }
            CMatrix q = Hessenberg.formQ(packed, tau, 1, n);
            CMatrix h = new CMatrix(n, n);
            for (int i = 0; i < n; i++) for (int j = Math.max(0, i - 1); j < n; j++) h.set(i, j, packed.re(i, j), packed.im(i, j));
            assertUnitary(q, t + "gehrd Q");
            assertClose(mat(data, cx, b, n, n), q.times(h).times(q.adjoint()), TOL, t + "gehrd");
        }
    }

    // ---- gees -----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void geesGivesZTZh(char t) {
        boolean cx = complex(t);
        Random r = new Random(8);
        int n = 6;
        CMatrix a0 = CMatrix.read(random(r, n * n, cx), cx, 0, n, n);
        CMatrix a1 = CMatrix.identity(n, n); // already triangular, repeated eigenvalue
        List<LapackKernels.ResultSpec> res = new ArrayList<>(List.of(res(el(cx), 2, n, n), res(el(cx), 2, n, n),
                res(el(cx), 2, n)));
        if (!cx) res.add(res(REAL, 2, n));
        res.add(res(INT, 2));
        res.add(res(INT, 2));
        Object[] out = call("lapack_" + t + "gees_ffi", List.of(op(cx, pack(cx, a0, a1), 2, n, n)), res,
                Map.of("mode", (long) 'V', "sort", (long) 'N'));
        CMatrix[] as = {a0, a1};
        for (int b = 0; b < 2; b++) {
            CMatrix tm = mat(out[0], cx, b, n, n), z = mat(out[1], cx, b, n, n);
            assertUnitary(z, t + "gees Z");
            assertClose(as[b], z.times(tm).times(z.adjoint()), 1e-9, t + "gees");
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    boolean block = !cx && j == i - 1 && (i + 1 >= n || tm.re(i + 1, i) == 0)
                            && (j == 0 || tm.re(j, j - 1) == 0);
                    if (!block) assertEquals(0, tm.abs(i, j), "T(" + i + ", " + j + ") below the (quasi)triangle");
                    else if (tm.re(i, j) != 0) { // a standardized 2x2 block: equal diagonal, opposite off-diagonals
                        assertEquals(tm.re(j, j), tm.re(i, i), 1e-12);
                        assertTrue(tm.re(i, j) * tm.re(j, i) < 0);
                    }
                }
            }
            assertEquals(0, ((long[]) out[out.length - 1])[b]);
        }
    }

    @Test
    void geesRefusesSorting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call("lapack_sgees_ffi",
                List.of(op(false, new double[] {1}, 1, 1)), List.of(res(REAL, 1, 1), res(REAL, 1, 1), res(REAL, 1),
                        res(REAL, 1), res(INT), res(INT)), Map.of("mode", (long) 'V', "sort", (long) 'S')));
        assertTrue(e.getMessage().contains("select"), e.getMessage());
    }

    // ---- sytrd / hetrd --------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void sytrdGivesQTQh(char t) {
        boolean cx = complex(t);
        Random r = new Random(9);
        int n = 5;
        String name = "lapack_" + t + (cx ? "hetrd" : "sytrd") + "_ffi";
        CMatrix h = Hermitian.full(CMatrix.read(random(r, n * n, cx), cx, 0, n, n), true);
        for (char uplo : new char[] {'L', 'U'}) {
            Object[] out = call(name, List.of(op(cx, pack(cx, h), n, n)), List.of(res(el(cx), n, n), res(REAL, n),
                    res(REAL, n - 1), res(el(cx), n - 1), res(INT)), Map.of("uplo", (long) uplo));
            CMatrix packed = mat(out[0], cx, 0, n, n);
            double[] d = (double[]) out[1], e = (double[]) out[2], tau = (double[]) out[3];
            CMatrix q = CMatrix.identity(n, n);
            // Q = H(0) ... H(n-2) for 'L', H(n-2) ... H(0) for 'U'; build it as a product of explicit reflectors
            for (int step = 0; step < n - 1; step++) {
                int i = uplo == 'L' ? step : n - 2 - step;
                CMatrix v = new CMatrix(n, 1);
                if (uplo == 'L') {
                    v.set(i + 1, 0, 1, 0);
                    for (int k = i + 2; k < n; k++) v.set(k, 0, packed.re(k, i), packed.im(k, i));
                } else {
                    v.set(i, 0, 1, 0);
                    for (int k = 0; k < i; k++) v.set(k, 0, packed.re(k, i + 1), packed.im(k, i + 1));
                }
                CMatrix hv = v.times(v.adjoint());
                double tr = cx ? tau[2 * i] : tau[i], ti = cx ? tau[2 * i + 1] : 0;
                CMatrix hi = CMatrix.identity(n, n);
                for (int a = 0; a < n; a++) for (int b = 0; b < n; b++) {
                    hi.set(a, b, hi.re(a, b) - (tr * hv.re(a, b) - ti * hv.im(a, b)),
                            hi.im(a, b) - (tr * hv.im(a, b) + ti * hv.re(a, b)));
                }
                q = q.times(hi);
            }
            CMatrix tri = new CMatrix(n, n);
            for (int i = 0; i < n; i++) {
                tri.set(i, i, d[i], 0);
                if (i + 1 < n) {
                    tri.set(i + 1, i, e[i], 0);
                    tri.set(i, i + 1, e[i], 0);
                }
            }
            assertUnitary(q, name + " Q");
            assertClose(h, q.times(tri).times(q.adjoint()), TOL, name + " " + uplo);
        }
    }

    // ---- gtsv -----------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(chars = {'s', 'd', 'c', 'z'})
    void gtsvSolvesBatchedTridiagonalSystems(char t) {
        boolean cx = complex(t);
        Random r = new Random(10);
        int n = 6, nrhs = 2, batches = 2;
        double[] dl = random(r, batches * n, cx), d = random(r, batches * n, cx), du = random(r, batches * n, cx);
        double[] b = random(r, batches * n * nrhs, cx);
        Object[] out = call("lapack_" + t + "gtsv_ffi", List.of(op(cx, dl, batches, n), op(cx, d, batches, n),
                op(cx, du, batches, n), op(cx, b, batches, n, nrhs)), List.of(res(el(cx), batches, n),
                res(el(cx), batches, n), res(el(cx), batches, n), res(el(cx), batches, n, nrhs), res(INT, batches)), NONE);
        for (int k = 0; k < batches; k++) {
            CMatrix a = new CMatrix(n, n);
            CMatrix dlm = mat(dl, cx, k, 1, n), dm = mat(d, cx, k, 1, n), dum = mat(du, cx, k, 1, n);
            for (int i = 0; i < n; i++) {
                a.set(i, i, dm.re(0, i), dm.im(0, i));
                if (i > 0) a.set(i, i - 1, dlm.re(0, i), dlm.im(0, i)); // JAX's dl[0] is unused
                if (i + 1 < n) a.set(i, i + 1, dum.re(0, i), dum.im(0, i));
            }
            assertClose(mat(b, cx, k, n, nrhs), a.times(mat(out[3], cx, k, n, nrhs)), TOL, t + "gtsv");
            assertEquals(0, ((long[]) out[4])[k]);
        }
        // singular: a zero row
        double[] z = new double[cx ? 6 : 3];
        double[] one = new double[cx ? 6 : 3];
        one[0] = 1;
        double[] rhs = new double[cx ? 6 : 3];
        Object[] bad = call("lapack_" + t + "gtsv_ffi", List.of(op(cx, z, 3), op(cx, one, 3), op(cx, z, 3),
                op(cx, rhs, 3, 1)), List.of(res(el(cx), 3), res(el(cx), 3), res(el(cx), 3), res(el(cx), 3, 1), res(INT)), NONE);
        assertEquals(2, ((long[]) bad[4])[0]);
    }

    // ---- dispatch -------------------------------------------------------------------------------------------

    @Test
    void targetNamesFollowJaxsCpuKernelList() {
        for (char t : "sdcz".toCharArray()) {
            boolean cx = complex(t);
            for (String r : List.of("potrf", "geqrf", "geev", "gesdd", "getrf", "gehrd", "gees", "gtsv")) {
                assertTrue(LapackKernels.handles("lapack_" + t + r + "_ffi"), t + r);
            }
            for (String r : List.of("orgqr", "syevd", "sytrd")) assertEquals(!cx, LapackKernels.handles("lapack_" + t + r + "_ffi"));
            for (String r : List.of("ungqr", "heevd", "hetrd")) assertEquals(cx, LapackKernels.handles("lapack_" + t + r + "_ffi"));
        }
        assertFalse(LapackKernels.handles("lapack_strsm_ffi")); // the interpreter's triangular solve
        assertFalse(LapackKernels.handles("lapack_spotrf")); // the pre-FFI kernels are not JAX's exports any more
    }
}
