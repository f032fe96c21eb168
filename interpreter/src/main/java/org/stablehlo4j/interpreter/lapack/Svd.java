package org.stablehlo4j.interpreter.lapack;

import java.util.Arrays;
import java.util.Comparator;

/**
 * {@code ?gesdd}: {@code A = U diag(s) V^H}, s descending (LAPACK's order). Computed by one-sided Jacobi
 * (Hestenes) rotations in double precision rather than LAPACK's bidiagonal divide and conquer: one code path for
 * real and complex matrices (EJML has no complex SVD), and high relative accuracy. Singular vectors of zero
 * singular values, and U's extra columns in full mode, are an orthonormal completion.
 */
final class Svd {
    private Svd() {}

    /** s (length min(m, n)), U (m x m), V (n x n); info 0 or 1 (no convergence). */
    record Result(double[] s, CMatrix u, CMatrix v, int info) {}

    static Result svd(CMatrix a) {
        int m = a.rows, n = a.cols;
        if (m < n) {
            Result t = svd(a.adjoint());
            return new Result(t.s(), t.v(), t.u(), t.info());
        }
        CMatrix w = a.copy();
        CMatrix v = CMatrix.identity(n, n);
        int info = 1;
        for (int sweep = 0; sweep < 100; sweep++) {
            boolean rotated = false;
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    double alpha = 0, beta = 0, gr = 0, gi = 0;
                    for (int k = 0; k < m; k++) {
                        double xr = w.re(k, p), xi = w.im(k, p), yr = w.re(k, q), yi = w.im(k, q);
                        alpha += xr * xr + xi * xi;
                        beta += yr * yr + yi * yi;
                        gr += xr * yr + xi * yi; // conj(x) y
                        gi += xr * yi - xi * yr;
                    }
                    double g = Math.hypot(gr, gi);
                    if (g == 0 || g <= 1e-16 * Math.sqrt(alpha) * Math.sqrt(beta)) continue;
                    rotated = true;
                    double tau = (beta - alpha) / (2 * g);
                    double t = (tau >= 0 ? 1 : -1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
                    double c = 1 / Math.sqrt(1 + t * t), s = t * c;
                    double ur = gr / g, ui = gi / g;
                    for (int k = 0; k < m; k++) rotateColumns(w, k, p, q, c, s, ur, ui);
                    for (int k = 0; k < n; k++) rotateColumns(v, k, p, q, c, s, ur, ui);
                }
            }
            if (!rotated) {
                info = 0;
                break;
            }
        }
        double[] norms = new double[n];
        Integer[] order = new Integer[n];
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < m; k++) s = Math.hypot(s, w.abs(k, j));
            norms[j] = s;
            order[j] = j;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer j) -> norms[j]).reversed());
        double[] sv = new double[n];
        CMatrix u = new CMatrix(m, m);
        CMatrix vs = new CMatrix(n, n);
        boolean[] have = new boolean[m];
        for (int c = 0; c < n; c++) {
            int j = order[c];
            sv[c] = norms[j];
            for (int k = 0; k < n; k++) vs.set(k, c, v.re(k, j), v.im(k, j));
            if (norms[j] > 0) {
                for (int k = 0; k < m; k++) u.set(k, c, w.re(k, j) / norms[j], w.im(k, j) / norms[j]);
                have[c] = Orthonormal.orthonormalize(u, c, c);
            }
        }
        Orthonormal.complete(u, have);
        return new Result(sv, u, vs, info);
    }

    /** Columns p, q of m := m J, J = [[c, s u], [-s conj(u), c]]. */
    private static void rotateColumns(CMatrix m, int k, int p, int q, double c, double s, double ur, double ui) {
        double xr = m.re(k, p), xi = m.im(k, p), yr = m.re(k, q), yi = m.im(k, q);
        double cuyR = ur * yr + ui * yi, cuyI = ur * yi - ui * yr;
        double uxR = ur * xr - ui * xi, uxI = ur * xi + ui * xr;
        m.set(k, p, c * xr - s * cuyR, c * xi - s * cuyI);
        m.set(k, q, s * uxR + c * yr, s * uxI + c * yi);
    }
}
