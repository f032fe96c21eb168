package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?gees} (no sorting, as JAX's kernel): {@code A = Z T Z^H}. Complex matrices get the complex Schur form
 * (T upper triangular) by Hessenberg reduction and single-shift QR iteration with Wilkinson shifts and Givens
 * rotations; real ones the real Schur form (T quasi upper triangular with standardized 2 x 2 blocks for complex
 * conjugate pairs, as LAPACK's {@code dlanv2}: equal diagonal, off-diagonals of opposite sign) by Francis
 * double-shift QR. EJML's eigen decomposition does not expose its Schur form or Schur vectors, and has no complex
 * version, hence this code. Eigenvalues in the order of T's diagonal (a pair as (re, +im), (re, -im)).
 */
final class Schur {
    private Schur() {}

    private static final double EPS = 0x1p-52;
    private static final int MAX_ITER_PER_EIGENVALUE = 60;

    /** T, Z, eigenvalues (wr, wi), info (0, or i + 1 if eigenvalue i did not converge). */
    record Result(CMatrix t, CMatrix z, double[] wr, double[] wi, int info) {}

    static Result complex(CMatrix a) {
        int n = a.rows;
        CMatrix h = a.copy();
        double[] tau = Hessenberg.gehrd(h, 1, n);
        CMatrix z = Hessenberg.formQ(h, tau, 1, n);
        for (int i = 0; i < n; i++) for (int j = 0; j < i - 1; j++) h.set(i, j, 0, 0);
        int info = 0;
        int hi = n - 1, iter = 0;
        while (hi > 0) {
            int l = hi;
            while (l > 0) {
                double sub = h.abs1(l, l - 1);
                if (sub <= EPS * (h.abs1(l - 1, l - 1) + h.abs1(l, l)) || sub < Double.MIN_NORMAL) {
                    h.set(l, l - 1, 0, 0);
                    break;
                }
                l--;
            }
            if (l == hi) {
                hi--;
                iter = 0;
                continue;
            }
            if (++iter > MAX_ITER_PER_EIGENVALUE) {
                info = hi + 1;
                break;
            }
            // Wilkinson shift: the eigenvalue of the trailing 2x2 closer to h[hi][hi]
            double ar = h.re(hi - 1, hi - 1), ai = h.im(hi - 1, hi - 1), br = h.re(hi - 1, hi), bi = h.im(hi - 1, hi);
            double cr = h.re(hi, hi - 1), ci = h.im(hi, hi - 1), dr = h.re(hi, hi), di = h.im(hi, hi);
            double mr, mi;
            if (iter % 10 == 0) {
                mr = dr + Math.abs(cr) + (hi >= 2 ? h.abs1(hi - 1, hi - 2) : 0);
                mi = di;
            } else {
                // p = (a - d)/2; disc = sqrt(p^2 + b c); mu = d - b c / (p +- disc)
                double pr = (ar - dr) / 2, pi = (ai - di) / 2;
                double bcR = br * cr - bi * ci, bcI = br * ci + bi * cr;
                double[] sq = csqrt(pr * pr - pi * pi + bcR, 2 * pr * pi + bcI);
                double s1r = pr + sq[0], s1i = pi + sq[1], s2r = pr - sq[0], s2i = pi - sq[1];
                double denR = Math.hypot(s1r, s1i) >= Math.hypot(s2r, s2i) ? s1r : s2r;
                double denI = Math.hypot(s1r, s1i) >= Math.hypot(s2r, s2i) ? s1i : s2i;
                double den = denR * denR + denI * denI;
                if (den == 0) {
                    mr = dr;
                    mi = di;
                } else {
                    mr = dr - (bcR * denR + bcI * denI) / den;
                    mi = di - (bcI * denR - bcR * denI) / den;
                }
            }
            double xr = h.re(l, l) - mr, xi = h.im(l, l) - mi, yr = h.re(l + 1, l), yi = h.im(l + 1, l);
            for (int k = l; k < hi; k++) {
                if (k > l) {
                    xr = h.re(k, k - 1);
                    xi = h.im(k, k - 1);
                    yr = h.re(k + 1, k - 1);
                    yi = h.im(k + 1, k - 1);
                }
                double norm = Math.hypot(Math.hypot(xr, xi), Math.hypot(yr, yi));
                if (norm == 0) continue;
                double ax = Math.hypot(xr, xi);
                double c, sr, si;
                if (ax == 0) {
                    c = 0;
                    sr = yr / norm;
                    si = -yi / norm;
                } else {
                    c = ax / norm;
                    double ur = xr / ax, ui = xi / ax; // s = (x/|x|) conj(y) / norm
                    sr = (ur * yr + ui * yi) / norm;
                    si = (ui * yr - ur * yi) / norm;
                }
                rotateRows(h, k, k + 1, c, sr, si, Math.max(k - 1, 0), h.cols - 1);
                if (k > l) h.set(k + 1, k - 1, 0, 0);
                rotateCols(h, k, k + 1, c, sr, si, 0, Math.min(k + 2, hi));
                rotateCols(z, k, k + 1, c, sr, si, 0, n - 1);
            }
        }
        double[] wr = new double[n], wi = new double[n];
        for (int i = 0; i < n; i++) {
            wr[i] = h.re(i, i);
            wi[i] = h.im(i, i);
            for (int j = 0; j < i; j++) h.set(i, j, 0, 0);
        }
        return new Result(h, z, wr, wi, info);
    }

    /** rows (i, j) := M (rows i, j), M = [[c, s], [-conj(s), c]], columns c0..c1. */
    static void rotateRows(CMatrix h, int i, int j, double c, double sr, double si, int c0, int c1) {
        for (int k = c0; k <= c1; k++) {
            double xr = h.re(i, k), xi = h.im(i, k), yr = h.re(j, k), yi = h.im(j, k);
            h.set(i, k, c * xr + sr * yr - si * yi, c * xi + sr * yi + si * yr);
            h.set(j, k, -(sr * xr + si * xi) + c * yr, -(sr * xi - si * xr) + c * yi);
        }
    }

    /** columns (i, j) := (columns i, j) M^H, rows r0..r1. */
    static void rotateCols(CMatrix h, int i, int j, double c, double sr, double si, int r0, int r1) {
        for (int k = r0; k <= r1; k++) {
            double xr = h.re(k, i), xi = h.im(k, i), yr = h.re(k, j), yi = h.im(k, j);
            // col i: c x + conj(s) y ; col j: -s x + c y
            h.set(k, i, c * xr + sr * yr + si * yi, c * xi + sr * yi - si * yr);
            h.set(k, j, -(sr * xr - si * xi) + c * yr, -(sr * xi + si * xr) + c * yi);
        }
    }

    static double[] csqrt(double re, double im) {
        double r = Math.hypot(re, im);
        if (r == 0) return new double[] {0, 0};
        double a = Math.sqrt((r + Math.abs(re)) / 2);
        if (re >= 0) return new double[] {a, im / (2 * a)};
        return new double[] {Math.abs(im) / (2 * a), Math.copySign(a, im)};
    }

    // ---- real Schur form ------------------------------------------------------------------------------------

    static Result real(CMatrix a) {
        int n = a.rows;
        CMatrix hm = a.copy();
        double[] tau = Hessenberg.gehrd(hm, 1, n);
        CMatrix zm = Hessenberg.formQ(hm, tau, 1, n);
        double[][] h = new double[n][n];
        double[][] z = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                h[i][j] = j >= i - 1 ? hm.re(i, j) : 0;
                z[i][j] = zm.re(i, j);
            }
        }
        double[] wr = new double[n], wi = new double[n];
        int info = 0;
        int hi = n - 1, iter = 0;
        while (hi >= 0) {
            int l = hi;
            while (l > 0) {
                double s = Math.abs(h[l - 1][l - 1]) + Math.abs(h[l][l]);
                if (Math.abs(h[l][l - 1]) <= EPS * s || Math.abs(h[l][l - 1]) < Double.MIN_NORMAL) {
                    h[l][l - 1] = 0;
                    break;
                }
                l--;
            }
            if (l == hi) {
                wr[hi] = h[hi][hi];
                wi[hi] = 0;
                hi--;
                iter = 0;
                continue;
            }
            if (l == hi - 1) {
                standardize(h, z, hi - 1, wr, wi);
                hi -= 2;
                iter = 0;
                continue;
            }
            if (++iter > MAX_ITER_PER_EIGENVALUE) {
                info = hi + 1;
                break;
            }
            double s, t;
            if (iter % 10 == 0) {
                double ss = Math.abs(h[hi][hi - 1]) + Math.abs(h[hi - 1][hi - 2]);
                s = 2 * (0.75 * ss + h[hi][hi]);
                t = (0.75 * ss + h[hi][hi]) * (0.75 * ss + h[hi][hi]) + 0.4375 * ss * ss;
            } else {
                s = h[hi - 1][hi - 1] + h[hi][hi];
                t = h[hi - 1][hi - 1] * h[hi][hi] - h[hi - 1][hi] * h[hi][hi - 1];
            }
            double x = h[l][l] * h[l][l] + h[l][l + 1] * h[l + 1][l] - s * h[l][l] + t;
            double y = h[l + 1][l] * (h[l][l] + h[l + 1][l + 1] - s);
            double zz = h[l + 1][l] * h[l + 2][l + 1];
            for (int k = l; k <= hi - 2; k++) {
                double[] v = {x, y, zz};
                double beta = reflector(v);
                if (beta != 0) {
                    int q = Math.max(l, k - 1);
                    for (int j = q; j < n; j++) {
                        double w = beta * (v[0] * h[k][j] + v[1] * h[k + 1][j] + v[2] * h[k + 2][j]);
                        h[k][j] -= w * v[0];
                        h[k + 1][j] -= w * v[1];
                        h[k + 2][j] -= w * v[2];
                    }
                    int r = Math.min(k + 3, hi);
                    for (int i = 0; i <= r; i++) {
                        double w = beta * (h[i][k] * v[0] + h[i][k + 1] * v[1] + h[i][k + 2] * v[2]);
                        h[i][k] -= w * v[0];
                        h[i][k + 1] -= w * v[1];
                        h[i][k + 2] -= w * v[2];
                    }
                    for (int i = 0; i < n; i++) {
                        double w = beta * (z[i][k] * v[0] + z[i][k + 1] * v[1] + z[i][k + 2] * v[2]);
                        z[i][k] -= w * v[0];
                        z[i][k + 1] -= w * v[1];
                        z[i][k + 2] -= w * v[2];
                    }
                }
                if (k > l) {
                    h[k + 1][k - 1] = 0;
                    h[k + 2][k - 1] = 0;
                }
                x = h[k + 1][k];
                y = h[k + 2][k];
                if (k < hi - 2) zz = h[k + 3][k];
            }
            // final 2-vector (x, y) at rows hi-1, hi
            double norm = Math.hypot(x, y);
            if (norm != 0) {
                double c = x / norm, sn = y / norm;
                int k = hi - 1;
                for (int j = Math.max(l, k - 1); j < n; j++) {
                    double p = h[k][j], q = h[k + 1][j];
                    h[k][j] = c * p + sn * q;
                    h[k + 1][j] = -sn * p + c * q;
                }
                for (int i = 0; i <= hi; i++) {
                    double p = h[i][k], q = h[i][k + 1];
                    h[i][k] = c * p + sn * q;
                    h[i][k + 1] = -sn * p + c * q;
                }
                for (int i = 0; i < n; i++) {
                    double p = z[i][k], q = z[i][k + 1];
                    z[i][k] = c * p + sn * q;
                    z[i][k + 1] = -sn * p + c * q;
                }
                if (k - 1 >= l) h[k + 1][k - 1] = 0;
            }
        }
        CMatrix t = new CMatrix(n, n), zo = new CMatrix(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                boolean keep = j >= i || j == i - 1 && wi[i] < 0; // a complex pair's block
                t.set(i, j, keep ? h[i][j] : 0, 0);
                zo.set(i, j, z[i][j], 0);
            }
        }
        return new Result(t, zo, wr, wi, info);
    }

    /** A 3-vector Householder: v := v + sign(v0)|v| e0 in place; returns 2 / (v.v) (0 if v = 0). */
    private static double reflector(double[] v) {
        double norm = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        if (norm == 0) return 0;
        v[0] += Math.copySign(norm, v[0]);
        double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        return 2 / vv;
    }

    /**
     * Standardizes the 2 x 2 block at (k, k) like LAPACK's {@code dlanv2}: upper triangular for real eigenvalues,
     * equal diagonal and off-diagonals of opposite sign for a complex pair; the rotation is applied to all of h and z.
     */
    private static void standardize(double[][] h, double[][] z, int k, double[] wr, double[] wi) {
        int n = h.length;
        double a = h[k][k], b = h[k][k + 1], g = h[k + 1][k], d = h[k + 1][k + 1];
        double p = 0.5 * (a - d);
        double disc = p * p + b * g;
        double cs, sn;
        if (g == 0) {
            cs = 1;
            sn = 0;
        } else if (disc >= 0) {
            double lambda = d + (p + Math.copySign(Math.sqrt(disc), p)); // the eigenvalue farther from d's side
            // eigenvector (b, lambda - a) or (lambda - d, g)
            double e1 = lambda - d, e2 = g;
            double nrm = Math.hypot(e1, e2);
            if (nrm == 0) {
                e1 = b;
                e2 = lambda - a;
                nrm = Math.hypot(e1, e2);
            }
            cs = nrm == 0 ? 1 : e1 / nrm;
            sn = nrm == 0 ? 0 : e2 / nrm;
        } else {
            double theta = 0.5 * Math.atan2(-(a - d), b + g);
            cs = Math.cos(theta);
            sn = Math.sin(theta);
        }
        // h := R^T h R with R = [[cs, -sn], [sn, cs]]
        for (int j = 0; j < n; j++) {
            double x = h[k][j], y = h[k + 1][j];
            h[k][j] = cs * x + sn * y;
            h[k + 1][j] = -sn * x + cs * y;
        }
        for (int i = 0; i < n; i++) {
            double x = h[i][k], y = h[i][k + 1];
            h[i][k] = cs * x + sn * y;
            h[i][k + 1] = -sn * x + cs * y;
            x = z[i][k];
            y = z[i][k + 1];
            z[i][k] = cs * x + sn * y;
            z[i][k + 1] = -sn * x + cs * y;
        }
        if (disc >= 0 || g == 0) {
            h[k + 1][k] = 0;
            wr[k] = h[k][k];
            wr[k + 1] = h[k + 1][k + 1];
            wi[k] = 0;
            wi[k + 1] = 0;
        } else {
            double mean = 0.5 * (h[k][k] + h[k + 1][k + 1]);
            h[k][k] = mean;
            h[k + 1][k + 1] = mean;
            double im = Math.sqrt(Math.abs(h[k][k + 1])) * Math.sqrt(Math.abs(h[k + 1][k]));
            wr[k] = mean;
            wr[k + 1] = mean;
            wi[k] = im;
            wi[k + 1] = -im;
        }
    }
}
