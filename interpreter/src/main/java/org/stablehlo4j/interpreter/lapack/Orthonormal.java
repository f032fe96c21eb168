package org.stablehlo4j.interpreter.lapack;

/** Gram-Schmidt helpers: cleaning a column against the ones before it, completing a set of columns to a basis. */
final class Orthonormal {
    private Orthonormal() {}

    /**
     * Orthogonalizes column {@code col} of m against columns {@code 0..upTo-1} that are present (twice, for
     * accuracy) and normalizes it; returns false (and zeroes it) if little of it is left.
     */
    static boolean orthonormalize(CMatrix m, int col, int upTo) {
        return orthonormalize(m, col, upTo, null);
    }

    private static boolean orthonormalize(CMatrix m, int col, int upTo, boolean[] present) {
        int rows = m.rows;
        double before = 0;
        for (int k = 0; k < rows; k++) before = Math.hypot(before, m.abs(k, col));
        for (int pass = 0; pass < 2; pass++) {
            for (int j = 0; j < upTo; j++) {
                if (j == col || present != null && !present[j]) continue;
                double pr = 0, pi = 0; // conj(q_j) . x
                for (int k = 0; k < rows; k++) {
                    double qr = m.re(k, j), qi = m.im(k, j), xr = m.re(k, col), xi = m.im(k, col);
                    pr += qr * xr + qi * xi;
                    pi += qr * xi - qi * xr;
                }
                for (int k = 0; k < rows; k++) {
                    double qr = m.re(k, j), qi = m.im(k, j);
                    m.set(k, col, m.re(k, col) - (pr * qr - pi * qi), m.im(k, col) - (pr * qi + pi * qr));
                }
            }
        }
        double norm = 0;
        for (int k = 0; k < rows; k++) norm = Math.hypot(norm, m.abs(k, col));
        if (present == null && !(norm > 0.5 * before) || norm == 0) {
            for (int k = 0; k < rows; k++) m.set(k, col, 0, 0);
            return false;
        }
        for (int k = 0; k < rows; k++) m.set(k, col, m.re(k, col) / norm, m.im(k, col) / norm);
        return true;
    }

    /** Fills the columns of m not marked in {@code have} so that all of m's columns are orthonormal. */
    static void complete(CMatrix m, boolean[] have) {
        int rows = m.rows;
        for (int c = 0; c < m.cols; c++) {
            if (have[c]) continue;
            int best = -1;
            double bestNorm = -1;
            for (int e = 0; e < rows; e++) { // the unit vector that keeps the most after projection
                double left = 1;
                for (int j = 0; j < m.cols; j++) {
                    if (have[j]) left -= m.re(e, j) * m.re(e, j) + m.im(e, j) * m.im(e, j);
                }
                if (left > bestNorm) {
                    bestNorm = left;
                    best = e;
                }
            }
            for (int k = 0; k < rows; k++) m.set(k, c, k == best ? 1 : 0, 0);
            orthonormalize(m, c, m.cols, have);
            have[c] = true;
        }
    }
}
