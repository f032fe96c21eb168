package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?geqrf} and {@code ?orgqr}/{@code ?ungqr}: {@code A = Q R} with {@code Q = H(1) H(2) ... H(k)},
 * {@code k = min(m, n)}, R in the upper triangle and the reflectors' vectors below the diagonal, their scalars in
 * {@code tau}; {@code orgqr} forms the first n columns of Q from that packed form.
 */
final class Qr {
    private Qr() {}

    /** Factors {@code a} in place and returns tau (length min(m, n)) as interleaved complex values. */
    static double[] geqrf(CMatrix a) {
        int m = a.rows, n = a.cols, k = Math.min(m, n);
        double[] tau = new double[2 * k];
        for (int i = 0; i < k; i++) {
            Householder.Reflector h = Householder.forColumn(a, i, i, m - 1);
            tau[2 * i] = h.tauR();
            tau[2 * i + 1] = h.tauI();
            a.set(i, i, h.beta(), 0);
            if (h.tauR() == 0 && h.tauI() == 0) continue;
            for (int r = i + 1; r < m; r++) a.set(r, i, h.vr()[r - i], h.vi()[r - i]);
            // A(i:m, i+1:n) := H^H A(i:m, i+1:n)
            if (i + 1 < n) Householder.applyLeft(a, h.vr(), h.vi(), h.tauR(), -h.tauI(), i, i + 1, n - 1);
        }
        return tau;
    }

    /**
     * The m x n matrix Q of the first {@code k = tau.length / 2} reflectors stored in {@code a}'s columns
     * (v[0] = 1 implied, the entries above it ignored), i.e. {@code H(1) ... H(k)} applied to I's first n columns.
     */
    static CMatrix orgqr(CMatrix a, double[] tau) {
        int m = a.rows, n = a.cols, k = Math.min(tau.length / 2, n);
        CMatrix q = CMatrix.identity(m, n);
        for (int i = k - 1; i >= 0; i--) {
            int len = m - i;
            double[] vr = new double[len], vi = new double[len];
            vr[0] = 1;
            for (int r = 1; r < len; r++) {
                vr[r] = a.re(i + r, i);
                vi[r] = a.im(i + r, i);
            }
            Householder.applyLeft(q, vr, vi, tau[2 * i], tau[2 * i + 1], i, i, n - 1);
        }
        return q;
    }
}
