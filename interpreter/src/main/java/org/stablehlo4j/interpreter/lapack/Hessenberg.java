package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?gehrd}: {@code A = Q H Q^H} with H upper Hessenberg and {@code Q = H(ilo) ... H(ihi-1)} (1-based, JAX
 * passes {@code low}/{@code high} as ilo/ihi); the reflectors' vectors are stored below the subdiagonal, their
 * scalars in {@code tau} (length n - 1, zero outside ilo..ihi-1). JAX's hessenberg takes triu(H, -1) and forms Q
 * with {@code orgqr} on the shifted reflector block.
 */
final class Hessenberg {
    private Hessenberg() {}

    /** Reduces {@code a} in place (1-based ilo, ihi) and returns tau (interleaved complex, length n - 1). */
    static double[] gehrd(CMatrix a, int ilo, int ihi) {
        int n = a.rows;
        double[] tau = new double[2 * Math.max(n - 1, 0)];
        for (int i = ilo - 1; i < ihi - 1; i++) {
            Householder.Reflector h = Householder.forColumn(a, i, i + 1, ihi - 1);
            tau[2 * i] = h.tauR();
            tau[2 * i + 1] = h.tauI();
            a.set(i + 1, i, h.beta(), 0);
            for (int r = i + 2; r < ihi; r++) a.set(r, i, 0, 0);
            // A(0:ihi, i+1:ihi) := A H ; A(i+1:ihi, i+1:n) := H^H A
            Householder.applyRight(a, h.vr(), h.vi(), h.tauR(), h.tauI(), 0, ihi - 1, i + 1);
            Householder.applyLeft(a, h.vr(), h.vi(), h.tauR(), -h.tauI(), i + 1, i + 1, n - 1);
            for (int r = i + 2; r < ihi; r++) a.set(r, i, h.vr()[r - i - 1], h.vi()[r - i - 1]);
        }
        return tau;
    }

    /** The unitary Q of a {@link #gehrd} result (reflector i acts on rows i+1..ihi-1). */
    static CMatrix formQ(CMatrix packed, double[] tau, int ilo, int ihi) {
        int n = packed.rows;
        CMatrix q = CMatrix.identity(n, n);
        for (int i = ihi - 2; i >= ilo - 1; i--) {
            int len = ihi - 1 - i;
            double[] vr = new double[len], vi = new double[len];
            vr[0] = 1;
            for (int r = 1; r < len; r++) {
                vr[r] = packed.re(i + 1 + r, i);
                vi[r] = packed.im(i + 1 + r, i);
            }
            Householder.applyLeft(q, vr, vi, tau[2 * i], tau[2 * i + 1], i + 1, 0, n - 1);
        }
        return q;
    }
}
