package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?sytrd}/{@code ?hetrd}: {@code A = Q T Q^H} for Hermitian A given by its {@code uplo} triangle, T real
 * symmetric tridiagonal (diagonal d, off-diagonal e). LAPACK's packing: for 'L', {@code Q = H(1) ... H(n-1)},
 * H(i)'s vector has v[i+1] = 1 and its tail below the subdiagonal of column i; for 'U', {@code Q = H(n-1) ... H(1)},
 * H(i)'s vector has v[i] = 1 and its head above the superdiagonal of column i+1 (0-based i). The triangle not
 * named by uplo keeps the input.
 */
final class Tridiagonal {
    private Tridiagonal() {}

    /** Result: the packed matrix, d, e, tau (interleaved complex, length n-1). */
    record Result(CMatrix packed, double[] d, double[] e, double[] tau) {}

    static Result sytrd(CMatrix a, boolean lower) {
        int n = a.rows;
        CMatrix h = Hermitian.full(a, lower);
        double[] d = new double[n], e = new double[Math.max(n - 1, 0)], tau = new double[2 * e.length];
        CMatrix out = a.copy();
        if (lower) {
            for (int i = 0; i < n - 1; i++) {
                Householder.Reflector r = Householder.forColumn(h, i, i + 1, n - 1);
                tau[2 * i] = r.tauR();
                tau[2 * i + 1] = r.tauI();
                Householder.applyRight(h, r.vr(), r.vi(), r.tauR(), r.tauI(), 0, n - 1, i + 1);
                Householder.applyLeft(h, r.vr(), r.vi(), r.tauR(), -r.tauI(), i + 1, 0, n - 1);
                e[i] = r.beta();
                out.set(i + 1, i, r.beta(), 0);
                for (int k = i + 2; k < n; k++) out.set(k, i, r.vr()[k - i - 1], r.vi()[k - i - 1]);
            }
        } else {
            for (int i = n - 2; i >= 0; i--) {
                // alpha = h[i][i+1], x = h[0..i-1][i+1]; v = [x-part; 1] over rows 0..i
                double[] xr = new double[i], xi = new double[i];
                for (int k = 0; k < i; k++) {
                    xr[k] = h.re(k, i + 1);
                    xi[k] = h.im(k, i + 1);
                }
                Householder.Reflector r = Householder.generate(h.re(i, i + 1), h.im(i, i + 1), xr, xi);
                double[] vr = new double[i + 1], vi = new double[i + 1];
                for (int k = 0; k < i; k++) {
                    vr[k] = r.vr()[k + 1];
                    vi[k] = r.vi()[k + 1];
                }
                vr[i] = 1;
                tau[2 * i] = r.tauR();
                tau[2 * i + 1] = r.tauI();
                Householder.applyLeft(h, vr, vi, r.tauR(), -r.tauI(), 0, 0, n - 1);
                Householder.applyRight(h, vr, vi, r.tauR(), r.tauI(), 0, n - 1, 0);
                e[i] = r.beta();
                out.set(i, i + 1, r.beta(), 0);
                for (int k = 0; k < i; k++) out.set(k, i + 1, vr[k], vi[k]);
            }
        }
        for (int i = 0; i < n; i++) {
            d[i] = h.re(i, i);
            out.set(i, i, d[i], 0);
        }
        return new Result(out, d, e, tau);
    }
}
