package org.stablehlo4j.interpreter.lapack;

/**
 * {@code ?geev}: eigenvalues and left/right eigenvectors of a general matrix, from its Schur form (real Schur form
 * for real matrices, so that real eigenvalues are exactly real and complex ones come in exact conjugate pairs,
 * (re, +im) first, as LAPACK's) and back-substitution on the triangular factor. Eigenvectors have unit 2-norm and
 * their largest component real, as LAPACK's; real matrices' vectors are returned complex, as JAX's kernel unpacks
 * LAPACK's packed real pairs into {@code v + i w}, {@code v - i w}. Left eigenvectors satisfy {@code u^H A = λ u^H}.
 */
final class Eigen {
    private Eigen() {}

    record Result(double[] wr, double[] wi, CMatrix left, CMatrix right, int info) {}

    static Result geev(CMatrix a, boolean real, boolean wantLeft, boolean wantRight) {
        int n = a.rows;
        Schur.Result s = real ? Schur.real(a) : Schur.complex(a);
        if (s.info() != 0) return new Result(s.wr(), s.wi(), new CMatrix(n, n), new CMatrix(n, n), s.info());
        CMatrix t = s.t().copy();
        CMatrix z = s.z().copy();
        if (real) {
            for (int k = 0; k < n - 1; k++) {
                if (s.wi()[k] > 0) triangularizePair(t, z, k, s.wi()[k]);
            }
        }
        CMatrix right = wantRight ? vectors(t, z, false, real, s.wi()) : new CMatrix(n, n);
        CMatrix left = wantLeft ? vectors(t, z, true, real, s.wi()) : new CMatrix(n, n);
        return new Result(s.wr(), s.wi(), left, right, 0);
    }

    /** Makes the standardized real 2 x 2 block at k upper triangular with a unitary U2: t := U2^H t U2, z := z U2. */
    private static void triangularizePair(CMatrix t, CMatrix z, int k, double wi) {
        int n = t.rows;
        double b = t.re(k, k + 1);
        double norm = Math.hypot(b, wi);
        double x1r = b / norm, x1i = 0, x2r = 0, x2i = wi / norm; // eigenvector (b, i wi) of [[a, b], [g, a]]
        for (int j = 0; j < n; j++) { // rows: [conj x1, conj x2; -x2, x1]
            double pr = t.re(k, j), pi = t.im(k, j), qr = t.re(k + 1, j), qi = t.im(k + 1, j);
            t.set(k, j, x1r * pr + x1i * pi + x2r * qr + x2i * qi, x1r * pi - x1i * pr + x2r * qi - x2i * qr);
            t.set(k + 1, j, -(x2r * pr - x2i * pi) + x1r * qr - x1i * qi, -(x2r * pi + x2i * pr) + x1r * qi + x1i * qr);
        }
        for (CMatrix m : new CMatrix[] {t, z}) {
            for (int i = 0; i < n; i++) { // cols: [x1, -conj x2; x2, conj x1]
                double pr = m.re(i, k), pi = m.im(i, k), qr = m.re(i, k + 1), qi = m.im(i, k + 1);
                m.set(i, k, pr * x1r - pi * x1i + qr * x2r - qi * x2i, pr * x1i + pi * x1r + qr * x2i + qi * x2r);
                m.set(i, k + 1, -(pr * x2r + pi * x2i) + qr * x1r + qi * x1i, -(pi * x2r - pr * x2i) + qi * x1r - qr * x1i);
            }
        }
        t.set(k + 1, k, 0, 0);
    }

    /** Eigenvectors from upper triangular t and unitary z (A = z t z^H): right ones z x, left ones z y. */
    private static CMatrix vectors(CMatrix t, CMatrix z, boolean left, boolean real, double[] wi) {
        int n = t.rows;
        double smin = Math.max(0x1p-52 * t.frobenius(), Double.MIN_NORMAL);
        CMatrix x = new CMatrix(n, n);
        for (int k = 0; k < n; k++) {
            double lr = t.re(k, k), li = t.im(k, k);
            x.set(k, k, 1, 0);
            if (!left) {
                for (int i = k - 1; i >= 0; i--) {
                    double sr = 0, si = 0;
                    for (int j = i + 1; j <= k; j++) {
                        sr += t.re(i, j) * x.re(j, k) - t.im(i, j) * x.im(j, k);
                        si += t.re(i, j) * x.im(j, k) + t.im(i, j) * x.re(j, k);
                    }
                    divide(x, i, k, -sr, -si, t.re(i, i) - lr, t.im(i, i) - li, smin);
                }
            } else {
                // t^H y = conj(lambda) y, y[k] = 1, y[i] for i > k
                for (int i = k + 1; i < n; i++) {
                    double sr = 0, si = 0;
                    for (int j = k; j < i; j++) { // conj(t[j][i]) y[j]
                        sr += t.re(j, i) * x.re(j, k) + t.im(j, i) * x.im(j, k);
                        si += t.re(j, i) * x.im(j, k) - t.im(j, i) * x.re(j, k);
                    }
                    divide(x, i, k, -sr, -si, t.re(i, i) - lr, -(t.im(i, i) - li), smin);
                }
            }
        }
        CMatrix v = z.times(x);
        for (int k = 0; k < n; k++) {
            if (real && k > 0 && wi[k] < 0 && wi[k - 1] > 0) { // the conjugate of the pair's first vector
                for (int i = 0; i < n; i++) v.set(i, k, v.re(i, k - 1), -v.im(i, k - 1));
                continue;
            }
            normalize(v, k);
            if (real && wi[k] == 0) for (int i = 0; i < n; i++) v.set(i, k, v.re(i, k), 0);
        }
        return v;
    }

    private static void divide(CMatrix x, int i, int k, double nr, double ni, double dr, double di, double smin) {
        if (Math.hypot(dr, di) < smin) {
            dr = smin;
            di = 0;
        }
        double d = dr * dr + di * di;
        x.set(i, k, (nr * dr + ni * di) / d, (ni * dr - nr * di) / d);
    }

    /** Unit 2-norm, largest component real and positive. */
    private static void normalize(CMatrix v, int k) {
        int n = v.rows;
        double norm = 0, best = -1;
        int at = 0;
        for (int i = 0; i < n; i++) {
            double a = v.abs(i, k);
            norm = Math.hypot(norm, a);
            if (a > best) {
                best = a;
                at = i;
            }
        }
        if (norm == 0) return;
        double pr = v.re(at, k) / best, pi = -v.im(at, k) / best; // conj(phase)
        for (int i = 0; i < n; i++) {
            double r = v.re(i, k), c = v.im(i, k);
            v.set(i, k, (r * pr - c * pi) / norm, (r * pi + c * pr) / norm);
        }
    }
}
