package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.RankedTensorType;

/**
 * {@code stablehlo.fft}: FFT/IFFT (complex to complex), RFFT (real to complex, keeping the non-negative
 * frequencies) and IRFFT (the inverse, extending the last dimension by Hermitian symmetry), each over the
 * trailing {@code fft_length.size()} dimensions. Evaluated as direct discrete Fourier transforms in double
 * precision, one dimension at a time.
 */
final class Fourier {
    private Fourier() {}

    static Tensor fft(Tensor operand, String type, long[] lengths, RankedTensorType resultType) {
        int rank = operand.rank();
        int n = lengths.length;
        int[] full = operand.shape.clone();
        for (int i = 0; i < n; i++) full[rank - n + i] = (int) lengths[i];
        boolean inverse = type.equals("IFFT") || type.equals("IRFFT");
        double[] data = new double[2 * Tensor.product(full)];
        // copy the operand into the full-size complex array (zero beyond the operand's last dimension)
        int[] idx = new int[rank];
        int[] fullStrides = Tensor.strides(full);
        if (operand.size > 0) {
            int i = 0;
            do {
                int f = ShapeOps.flat(idx, fullStrides);
                if (operand.kind == Tensor.Kind.COMPLEX) {
                    data[2 * f] = operand.reals[2 * i];
                    data[2 * f + 1] = operand.reals[2 * i + 1];
                } else {
                    data[2 * f] = operand.reals[i];
                }
                i++;
            } while (Tensor.next(idx, operand.shape));
        }
        int last = rank - 1;
        if (type.equals("IRFFT")) {
            for (int d = rank - n; d < last; d++) transform(data, full, d, true);
            hermitianExtend(data, full, operand.shape[last]);
            transform(data, full, last, true);
        } else {
            for (int d = rank - n; d < rank; d++) transform(data, full, d, inverse);
        }
        Tensor r = Tensor.zeros(resultType);
        if (r.size == 0) return r;
        int[] ridx = new int[rank];
        int o = 0;
        do {
            int f = ShapeOps.flat(ridx, fullStrides);
            if (r.kind == Tensor.Kind.COMPLEX) {
                r.reals[2 * o] = r.round(data[2 * f]);
                r.reals[2 * o + 1] = r.round(data[2 * f + 1]);
            } else {
                r.reals[o] = r.round(data[2 * f]);
            }
            o++;
        } while (Tensor.next(ridx, r.shape));
        return r;
    }

    /** Fills entries k >= kept of the last dimension with conj(X[L - k]). */
    private static void hermitianExtend(double[] data, int[] shape, int kept) {
        int len = shape[shape.length - 1];
        for (int base = 0; base < data.length / 2; base += len) {
            for (int k = kept; k < len; k++) {
                data[2 * (base + k)] = data[2 * (base + len - k)];
                data[2 * (base + k) + 1] = -data[2 * (base + len - k) + 1];
            }
        }
    }

    /** An in-place DFT along {@code dim} of interleaved complex data. */
    private static void transform(double[] data, int[] shape, int dim, boolean inverse) {
        int len = shape[dim];
        if (len == 0) return;
        int stride = Tensor.strides(shape)[dim];
        int total = data.length / 2;
        double sign = inverse ? 1 : -1;
        double[] re = new double[len];
        double[] im = new double[len];
        for (int start = 0; start < total; start++) {
            if ((start / stride) % len != 0) continue;
            for (int k = 0; k < len; k++) {
                double sr = 0;
                double si = 0;
                for (int j = 0; j < len; j++) {
                    double angle = sign * 2 * Math.PI * ((long) j * k % len) / len;
                    double c = Math.cos(angle);
                    double s = Math.sin(angle);
                    double xr = data[2 * (start + j * stride)];
                    double xi = data[2 * (start + j * stride) + 1];
                    sr += xr * c - xi * s;
                    si += xr * s + xi * c;
                }
                re[k] = inverse ? sr / len : sr;
                im[k] = inverse ? si / len : si;
            }
            for (int k = 0; k < len; k++) {
                data[2 * (start + k * stride)] = re[k];
                data[2 * (start + k * stride) + 1] = im[k];
            }
        }
    }
}
