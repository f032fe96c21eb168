package org.stablehlo4j.interpreter.lapack;

/** The Hermitian matrix a {@code uplo} triangle stands for (the diagonal's imaginary parts ignored, as LAPACK's). */
final class Hermitian {
    private Hermitian() {}

    static CMatrix full(CMatrix a, boolean lower) {
        int n = a.rows;
        CMatrix h = new CMatrix(n, n);
        for (int i = 0; i < n; i++) {
            h.set(i, i, a.re(i, i), 0);
            for (int j = 0; j < i; j++) {
                double r = lower ? a.re(i, j) : a.re(j, i);
                double c = lower ? a.im(i, j) : -a.im(j, i);
                h.set(i, j, r, c);
                h.set(j, i, r, -c);
            }
        }
        return h;
    }
}
