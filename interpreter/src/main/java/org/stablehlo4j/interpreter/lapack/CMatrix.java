package org.stablehlo4j.interpreter.lapack;

/**
 * A dense complex matrix in double precision, row-major, real and imaginary parts in separate arrays. The kernels
 * of this package compute in it whatever the element type of the custom call (f32 and c64 inputs are widened, the
 * results rounded once at the end), which gives LAPACK's single-precision routines at least their accuracy. Real
 * matrices are complex ones with zero imaginary parts: the Householder, Givens and Jacobi transformations here
 * keep real data real, so one code path serves s/d and c/z.
 */
final class CMatrix {
    final int rows;
    final int cols;
    final double[] re;
    final double[] im;

    CMatrix(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.re = new double[rows * cols];
        this.im = new double[rows * cols];
    }

    static CMatrix identity(int rows, int cols) {
        CMatrix m = new CMatrix(rows, cols);
        for (int i = 0; i < Math.min(rows, cols); i++) m.re[i * cols + i] = 1;
        return m;
    }

    /** Reads a rows x cols matrix at element offset {@code base} of interleaved ({@code complex}) or real data. */
    static CMatrix read(double[] data, boolean complex, int base, int rows, int cols) {
        CMatrix m = new CMatrix(rows, cols);
        int n = rows * cols;
        for (int i = 0; i < n; i++) {
            if (complex) {
                m.re[i] = data[2 * (base + i)];
                m.im[i] = data[2 * (base + i) + 1];
            } else {
                m.re[i] = data[base + i];
            }
        }
        return m;
    }

    /** Writes this matrix (or its top-left part fitting rows x cols) at element offset {@code base}. */
    void write(double[] data, boolean complex, int base, int rows, int cols) {
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int k = base + i * cols + j;
                double r = i < this.rows && j < this.cols ? re[i * this.cols + j] : 0;
                double c = i < this.rows && j < this.cols ? im[i * this.cols + j] : 0;
                if (complex) {
                    data[2 * k] = r;
                    data[2 * k + 1] = c;
                } else {
                    data[k] = r;
                }
            }
        }
    }

    CMatrix copy() {
        CMatrix m = new CMatrix(rows, cols);
        System.arraycopy(re, 0, m.re, 0, re.length);
        System.arraycopy(im, 0, m.im, 0, im.length);
        return m;
    }

    double re(int i, int j) { return re[i * cols + j]; }
    double im(int i, int j) { return im[i * cols + j]; }

    void set(int i, int j, double r, double c) {
        re[i * cols + j] = r;
        im[i * cols + j] = c;
    }

    double abs(int i, int j) { return Math.hypot(re[i * cols + j], im[i * cols + j]); }

    /** |re| + |im|, LAPACK's CABS1 (what izamax/zgetrf pivot on). */
    double abs1(int i, int j) { return Math.abs(re[i * cols + j]) + Math.abs(im[i * cols + j]); }

    boolean isFinite() {
        for (int i = 0; i < re.length; i++) {
            if (!Double.isFinite(re[i]) || !Double.isFinite(im[i])) return false;
        }
        return true;
    }

    /** The conjugate transpose. */
    CMatrix adjoint() {
        CMatrix m = new CMatrix(cols, rows);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) m.set(j, i, re(i, j), -im(i, j));
        }
        return m;
    }

    CMatrix times(CMatrix b) {
        CMatrix c = new CMatrix(rows, b.cols);
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < cols; k++) {
                double ar = re(i, k), ai = im(i, k);
                if (ar == 0 && ai == 0) continue;
                for (int j = 0; j < b.cols; j++) {
                    int o = i * b.cols + j, bo = k * b.cols + j;
                    c.re[o] += ar * b.re[bo] - ai * b.im[bo];
                    c.im[o] += ar * b.im[bo] + ai * b.re[bo];
                }
            }
        }
        return c;
    }

    double frobenius() {
        double s = 0;
        for (int i = 0; i < re.length; i++) s = Math.hypot(s, Math.hypot(re[i], im[i]));
        return s;
    }

    /** Fills every element with NaN (JAX's results for a failed factorization are masked anyway). */
    void fillNaN() {
        java.util.Arrays.fill(re, Double.NaN);
        java.util.Arrays.fill(im, Double.NaN);
    }
}
