package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?getrf}: {@code A = P L U} with partial pivoting on the largest {@code |re| + |im|} (LAPACK's
 * {@code i?amax}), L unit lower (stored below the diagonal) and U upper, in place. Pivots are LAPACK's:
 * 1-based, {@code ipiv[j]} the row swapped with row {@code j} at step {@code j} (JAX subtracts 1 and turns them
 * into a permutation). {@code info = j + 1} for the first exactly-zero pivot {@code U[j][j]}; the factorization
 * goes on, as LAPACK's does.
 */
final class Lu {
    private Lu() {}

    static int factor(CMatrix a, int[] ipiv) {
        int m = a.rows, n = a.cols, k = Math.min(m, n);
        int info = 0;
        for (int j = 0; j < k; j++) {
            int p = j;
            double best = a.abs1(j, j);
            for (int i = j + 1; i < m; i++) {
                double v = a.abs1(i, j);
                if (v > best || Double.isNaN(v) && !Double.isNaN(best)) {
                    best = v;
                    p = i;
                }
            }
            ipiv[j] = p + 1;
            if (best != 0) {
                if (p != j) {
                    for (int c = 0; c < n; c++) {
                        double r = a.re(j, c), i2 = a.im(j, c);
                        a.set(j, c, a.re(p, c), a.im(p, c));
                        a.set(p, c, r, i2);
                    }
                }
                double pr = a.re(j, j), pi = a.im(j, j), d = pr * pr + pi * pi;
                for (int i = j + 1; i < m; i++) { // l = a[i][j] / pivot
                    double xr = a.re(i, j), xi = a.im(i, j);
                    a.set(i, j, (xr * pr + xi * pi) / d, (xi * pr - xr * pi) / d);
                }
            } else if (info == 0) {
                info = j + 1;
                continue;
            }
            for (int i = j + 1; i < m; i++) {
                double lr = a.re(i, j), li = a.im(i, j);
                if (lr == 0 && li == 0) continue;
                for (int c = j + 1; c < n; c++) {
                    double ur = a.re(j, c), ui = a.im(j, c);
                    int o = i * n + c;
                    a.re[o] -= lr * ur - li * ui;
                    a.im[o] -= lr * ui + li * ur;
                }
            }
        }
        return info;
    }
}
