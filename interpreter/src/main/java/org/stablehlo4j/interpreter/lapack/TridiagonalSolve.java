package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?gtsv}: solves {@code A X = B} for tridiagonal A by Gaussian elimination with partial pivoting, as LAPACK's
 * (row interchanges when {@code |dl[i]| > |d[i]|}, CABS1 for complex); dl, d and du are overwritten with the
 * factorization (dl with U's second superdiagonal), B with X. JAX passes n-element dl (dl[0] unused, the
 * kernel hands LAPACK {@code dl + 1}) and du (du[n-1] unused). {@code info = i + 1} if U[i][i] is exactly zero
 * (B is then left partly eliminated, as LAPACK leaves it).
 */
final class TridiagonalSolve {
    private TridiagonalSolve() {}

    /**
     * Arrays are complex interleaved ([2k], [2k+1]); {@code dl} here is LAPACK's (length n-1, JAX's dl[1..]);
     * b is n x nrhs row-major. Returns info.
     */
    static int gtsv(int n, int nrhs, double[] dl, double[] d, double[] du, double[] b) {
        for (int i = 0; i < n - 1; i++) {
            if (abs1(d, i) >= abs1(dl, i)) {
                if (abs1(d, i) == 0) return i + 1;
                double[] fact = div(dl, i, d, i);
                sub(d, i + 1, fact, du, i);
                for (int j = 0; j < nrhs; j++) sub(b, (i + 1) * nrhs + j, fact, b, i * nrhs + j);
                if (i < n - 2) set(dl, i, 0, 0);
            } else {
                double[] fact = div(d, i, dl, i);
                double tr = d[2 * (i + 1)], ti = d[2 * (i + 1) + 1];
                set(d, i, dl[2 * i], dl[2 * i + 1]);
                // d[i+1] = du[i] - fact * temp
                double[] temp = {tr, ti};
                set(d, i + 1, du[2 * i], du[2 * i + 1]);
                sub(d, i + 1, fact, temp, 0);
                if (i < n - 2) {
                    set(dl, i, du[2 * (i + 1)], du[2 * (i + 1) + 1]);
                    set(du, i + 1, 0, 0);
                    sub(du, i + 1, fact, dl, i); // du[i+1] = -fact * dl[i]
                }
                set(du, i, tr, ti);
                for (int j = 0; j < nrhs; j++) {
                    int p = i * nrhs + j, q = (i + 1) * nrhs + j;
                    double[] old = {b[2 * p], b[2 * p + 1]};
                    set(b, p, b[2 * q], b[2 * q + 1]);
                    // b[q] = old - fact * b[q]
                    double[] bq = {b[2 * q], b[2 * q + 1]};
                    set(b, q, old[0], old[1]);
                    sub(b, q, fact, bq, 0);
                }
            }
        }
        if (n > 0 && abs1(d, n - 1) == 0) return n;
        for (int j = 0; j < nrhs; j++) {
            for (int i = n - 1; i >= 0; i--) {
                int p = i * nrhs + j;
                if (i + 1 < n) sub(b, p, du, i, b, (i + 1) * nrhs + j);
                if (i + 2 < n) sub(b, p, dl, i, b, (i + 2) * nrhs + j);
                double[] q = div(b, p, d, i);
                set(b, p, q[0], q[1]);
            }
        }
        return 0;
    }

    private static double abs1(double[] a, int i) { return Math.abs(a[2 * i]) + Math.abs(a[2 * i + 1]); }

    private static void set(double[] a, int i, double r, double c) {
        a[2 * i] = r;
        a[2 * i + 1] = c;
    }

    private static double[] div(double[] a, int i, double[] b, int j) {
        double ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * j], bi = b[2 * j + 1];
        double d = br * br + bi * bi;
        return new double[] {(ar * br + ai * bi) / d, (ai * br - ar * bi) / d};
    }

    /** a[i] -= f * b[j]. */
    private static void sub(double[] a, int i, double[] f, double[] b, int j) {
        double br = b[2 * j], bi = b[2 * j + 1];
        a[2 * i] -= f[0] * br - f[1] * bi;
        a[2 * i + 1] -= f[0] * bi + f[1] * br;
    }

    /** a[i] -= x[k] * b[j]. */
    private static void sub(double[] a, int i, double[] x, int k, double[] b, int j) {
        sub(a, i, new double[] {x[2 * k], x[2 * k + 1]}, b, j);
    }
}
