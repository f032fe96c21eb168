package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?potrf}: {@code A = L L^H} ({@code uplo = 'L'}) or {@code A = U^H U} ({@code 'U'}), reading and writing
 * only that triangle; the other one keeps the input (JAX masks it with tril/triu). {@code info = j + 1} when the
 * leading minor of order {@code j + 1} is not positive definite (the factorization stops there, as LAPACK's).
 * Inner products accumulate in double.
 */
final class Cholesky {
    private Cholesky() {}

    /** Factors {@code a} in place; returns info. */
    static int factor(CMatrix a, boolean lower) {
        int n = a.rows;
        // Work on the lower triangle of B = A (lower) or B = A^H (upper), then write back.
        CMatrix b = lower ? a : a.adjoint();
        int info = 0;
        for (int j = 0; j < n && info == 0; j++) {
            double d = b.re(j, j);
            for (int k = 0; k < j; k++) d -= b.re(j, k) * b.re(j, k) + b.im(j, k) * b.im(j, k);
            if (!(d > 0)) { // also NaN
                b.set(j, j, d, 0);
                info = j + 1;
                break;
            }
            double l = Math.sqrt(d);
            b.set(j, j, l, 0);
            for (int i = j + 1; i < n; i++) {
                double sr = b.re(i, j), si = b.im(i, j);
                for (int k = 0; k < j; k++) { // s -= b[i][k] conj(b[j][k])
                    double xr = b.re(i, k), xi = b.im(i, k), yr = b.re(j, k), yi = b.im(j, k);
                    sr -= xr * yr + xi * yi;
                    si -= xi * yr - xr * yi;
                }
                b.set(i, j, sr / l, si / l);
            }
        }
        if (!lower) {
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) a.set(i, j, b.re(j, i), -b.im(j, i));
            }
        }
        return info;
    }
}
