package org.stablehlo4j.interpreter.lapack;

import java.util.Arrays;
import java.util.Comparator;

/**
 * {@code ?syevd}/{@code ?heevd}: eigenvalues (real, ascending, as LAPACK returns them) and orthonormal
 * eigenvectors (columns) of a Hermitian matrix given by its {@code uplo} triangle. Computed by cyclic Jacobi
 * rotations in double precision (not LAPACK's divide and conquer): it is simple, works the same for complex
 * matrices (EJML has no complex Hermitian eigensolver) and is at least as accurate, with relative accuracy for
 * the small eigenvalues.
 */
final class HermitianEigen {
    private HermitianEigen() {}

    record Result(double[] values, CMatrix vectors, int info) {}

    static Result eigh(CMatrix a, boolean lower) {
        CMatrix h = Hermitian.full(a, lower);
        int n = h.rows;
        CMatrix v = CMatrix.identity(n, n);
        int info = 0;
        if (!h.isFinite()) {
            double[] w = new double[n];
            Arrays.fill(w, Double.NaN);
            CMatrix nan = new CMatrix(n, n);
            nan.fillNaN();
            return new Result(w, nan, 1);
        }
        boolean converged = false;
        for (int sweep = 0; sweep < 100 && !converged; sweep++) {
            double off = 0, diag = 0;
            for (int i = 0; i < n; i++) {
                diag += h.re(i, i) * h.re(i, i);
                for (int j = 0; j < n; j++) if (i != j) off += h.re(i, j) * h.re(i, j) + h.im(i, j) * h.im(i, j);
            }
            if (off <= 1e-32 * diag || off == 0) {
                converged = true;
                break;
            }
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) rotate(h, v, p, q);
            }
        }
        if (!converged) info = 1;
        double[] w = new double[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            w[i] = h.re(i, i);
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> w[i]));
        double[] sorted = new double[n];
        CMatrix vs = new CMatrix(n, n);
        for (int k = 0; k < n; k++) {
            sorted[k] = w[order[k]];
            for (int i = 0; i < n; i++) vs.set(i, k, v.re(i, order[k]), v.im(i, order[k]));
        }
        return new Result(sorted, vs, info);
    }

    /**
     * One Jacobi rotation zeroing h[p][q]: {@code h := J^H h J}, {@code v := v J}, with
     * {@code J = [[c, s u], [-s conj(u), c]]} on (p, q) and {@code u = h[p][q] / |h[p][q]|}.
     */
    static void rotate(CMatrix h, CMatrix v, int p, int q) {
        double apqR = h.re(p, q), apqI = h.im(p, q);
        double g = Math.hypot(apqR, apqI);
        if (g == 0) return;
        double app = h.re(p, p), aqq = h.re(q, q);
        if (Math.abs(g) < 1e-300 || Math.abs(app) + g * 1e17 == Math.abs(app) && Math.abs(aqq) + g * 1e17 == Math.abs(aqq)) {
            h.set(p, q, 0, 0);
            h.set(q, p, 0, 0);
            return;
        }
        double tau = (aqq - app) / (2 * g);
        double t = (tau >= 0 ? 1 : -1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
        double c = 1 / Math.sqrt(1 + t * t), s = t * c;
        double ur = apqR / g, ui = apqI / g;
        int n = h.rows;
        // columns: h[k][p] := c h[k][p] - s conj(u) h[k][q]; h[k][q] := s u h[k][p] + c h[k][q]
        for (int k = 0; k < n; k++) {
            columnRotate(h, k, p, q, c, s, ur, ui);
        }
        for (int k = 0; k < v.rows; k++) {
            columnRotate(v, k, p, q, c, s, ur, ui);
        }
        // rows: h[p] := c h[p] - s u h[q]; h[q] := s conj(u) h[p] + c h[q]
        for (int k = 0; k < n; k++) {
            double xr = h.re(p, k), xi = h.im(p, k), yr = h.re(q, k), yi = h.im(q, k);
            double uyR = ur * yr - ui * yi, uyI = ur * yi + ui * yr;
            double cuxR = ur * xr + ui * xi, cuxI = ur * xi - ui * xr;
            h.set(p, k, c * xr - s * uyR, c * xi - s * uyI);
            h.set(q, k, s * cuxR + c * yr, s * cuxI + c * yi);
        }
        h.set(p, q, 0, 0);
        h.set(q, p, 0, 0);
        h.set(p, p, h.re(p, p), 0);
        h.set(q, q, h.re(q, q), 0);
    }

    private static void columnRotate(CMatrix m, int k, int p, int q, double c, double s, double ur, double ui) {
        double xr = m.re(k, p), xi = m.im(k, p), yr = m.re(k, q), yi = m.im(k, q);
        double cuyR = ur * yr + ui * yi, cuyI = ur * yi - ui * yr; // conj(u) y
        double uxR = ur * xr - ui * xi, uxI = ur * xi + ui * xr; // u x
        m.set(k, p, c * xr - s * cuyR, c * xi - s * cuyI);
        m.set(k, q, s * uxR + c * yr, s * uxI + c * yi);
    }
}
