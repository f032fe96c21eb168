package org.stablehlo4j.interpreter.lapack;

/**
 * Elementary reflectors in LAPACK's convention ({@code ?larfg}/{@code ?larf}): {@code H = I - tau v v^H} with
 * {@code v[0] = 1}, chosen so that {@code H^H [alpha; x] = [beta; 0]} with {@code beta} real. Packed outputs
 * ({@code geqrf}, {@code gehrd}, {@code sytrd}) store {@code v[1..]} in place of {@code x} and {@code tau} apart,
 * which is what JAX's lowering passes on to {@code orgqr} (EJML's QR keeps its own scaling of the reflectors
 * and its {@code gamma}s are not LAPACK's {@code tau}s, hence this code).
 */
final class Householder {
    private Householder() {}

    /** A generated reflector: v (v[0] = 1), tau, and the new leading value beta. */
    record Reflector(double[] vr, double[] vi, double tauR, double tauI, double beta) {}

    /**
     * {@code ?larfg} on {@code alpha = (ar, ai)} and {@code x = (xr, xi)}: v = [1; x / (alpha - beta)],
     * tau = (beta - alpha) / beta, or tau = 0 (H = I) when x = 0 and alpha is real.
     */
    static Reflector generate(double ar, double ai, double[] xr, double[] xi) {
        int n = xr.length;
        double xnorm = 0;
        for (int i = 0; i < n; i++) xnorm = Math.hypot(xnorm, Math.hypot(xr[i], xi[i]));
        double[] vr = new double[n + 1];
        double[] vi = new double[n + 1];
        vr[0] = 1;
        if (xnorm == 0 && ai == 0) {
            return new Reflector(vr, vi, 0, 0, ar);
        }
        double beta = -Math.copySign(Math.hypot(Math.hypot(ar, ai), xnorm), ar);
        double tauR = (beta - ar) / beta;
        double tauI = -ai / beta;
        // scale = 1 / (alpha - beta)
        double dr = ar - beta, di = ai;
        double d = dr * dr + di * di;
        double sr = dr / d, si = -di / d;
        for (int i = 0; i < n; i++) {
            vr[i + 1] = xr[i] * sr - xi[i] * si;
            vi[i + 1] = xr[i] * si + xi[i] * sr;
        }
        return new Reflector(vr, vi, tauR, tauI, beta);
    }

    /** Generates the reflector for column {@code col}, rows {@code r0..r1} of m (alpha = m[r0][col]). */
    static Reflector forColumn(CMatrix m, int col, int r0, int r1) {
        int n = r1 - r0;
        double[] xr = new double[n], xi = new double[n];
        for (int i = 0; i < n; i++) {
            xr[i] = m.re(r0 + 1 + i, col);
            xi[i] = m.im(r0 + 1 + i, col);
        }
        return generate(m.re(r0, col), m.im(r0, col), xr, xi);
    }

    /**
     * {@code C := (I - tau v v^H) C} on rows {@code r0..r0+len(v)-1} and columns {@code c0..c1} (inclusive);
     * pass the conjugate tau to apply {@code H^H}.
     */
    static void applyLeft(CMatrix c, double[] vr, double[] vi, double tr, double ti, int r0, int c0, int c1) {
        if (tr == 0 && ti == 0) return;
        int len = vr.length;
        for (int j = c0; j <= c1; j++) {
            double wr = 0, wi = 0; // w = v^H C[:, j]
            for (int i = 0; i < len; i++) {
                double cr = c.re(r0 + i, j), ci = c.im(r0 + i, j);
                wr += vr[i] * cr + vi[i] * ci;
                wi += vr[i] * ci - vi[i] * cr;
            }
            double pr = tr * wr - ti * wi, pi = tr * wi + ti * wr; // tau * w
            for (int i = 0; i < len; i++) {
                int o = (r0 + i) * c.cols + j;
                c.re[o] -= vr[i] * pr - vi[i] * pi;
                c.im[o] -= vr[i] * pi + vi[i] * pr;
            }
        }
    }

    /** {@code C := C (I - tau v v^H)} on rows {@code r0..r1} (inclusive) and columns {@code c0..c0+len(v)-1}. */
    static void applyRight(CMatrix c, double[] vr, double[] vi, double tr, double ti, int r0, int r1, int c0) {
        if (tr == 0 && ti == 0) return;
        int len = vr.length;
        for (int i = r0; i <= r1; i++) {
            double wr = 0, wi = 0; // w = C[i, :] v
            for (int j = 0; j < len; j++) {
                double cr = c.re(i, c0 + j), ci = c.im(i, c0 + j);
                wr += cr * vr[j] - ci * vi[j];
                wi += cr * vi[j] + ci * vr[j];
            }
            double pr = tr * wr - ti * wi, pi = tr * wi + ti * wr; // tau * w
            for (int j = 0; j < len; j++) {
                int o = i * c.cols + c0 + j;
                // -= (tau w) conj(v_j)
                c.re[o] -= pr * vr[j] + pi * vi[j];
                c.im[o] -= pi * vr[j] - pr * vi[j];
            }
        }
    }
}
