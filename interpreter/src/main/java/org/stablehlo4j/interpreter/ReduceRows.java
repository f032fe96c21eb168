package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.ir.FloatKind;

/**
 * The folding loop of a {@code reduce} whose body is one element-wise op of (accumulator, element): the input is
 * walked in row-major order, as the general loop does, but a row (the last dimension) at a time: the output offset
 * is worked out once per row, then the row is folded into one accumulator (last dimension reduced) or element by
 * element into a row of accumulators (last dimension kept). Every accumulator therefore sees its elements in the
 * same order, with the same per-op rounding, as before: the results are bit for bit those of the per-element loop.
 * An f32 or f64 {@code add} body runs in a loop of its own, without the per-element function call.
 */
final class ReduceRows {
    private ReduceRows() {}

    /**
     * Folds every element of {@code in} into {@code out} (already holding the initial values).
     *
     * @param fold       the body's element-wise function
     * @param out        the accumulators, of the result's shape
     * @param in         the input
     * @param reduced    per input dimension, whether it is reduced
     * @param outStrides the row-major strides of {@code out}
     */
    static void fold(Elementwise.Def fold, Tensor out, Tensor in, boolean[] reduced, int[] outStrides) {
        int rank = in.rank();
        if (rank == 0) {
            Elementwise.fold(fold, out, 0, in, 0, new double[2]);
            return;
        }
        int row = in.shape[rank - 1];
        if (row == 0) return;
        boolean rowReduced = reduced[rank - 1];
        FloatKind fk = out.kind == Tensor.Kind.FLOAT ? out.floatKind : null;
        boolean fastAdd = fold == Elementwise.BINARY.get(AddOp.DEFINITION)
                && (fk == FloatKind.F32 || fk == FloatKind.F64);
        int[] outer = new int[rank - 1];
        System.arraycopy(in.shape, 0, outer, 0, rank - 1);
        int[] idx = new int[rank - 1];
        double[] tmp = new double[2];
        int rows = in.size / row;
        for (int r = 0, i = 0; r < rows; r++, i += row) {
            int o = 0;
            int od = 0;
            for (int d = 0; d < rank - 1; d++) if (!reduced[d]) o += idx[d] * outStrides[od++];
            if (fastAdd) {
                if (rowReduced) addRow(out.reals, o, in.reals, i, row, fk == FloatKind.F32);
                else addAcross(out.reals, o, in.reals, i, row, fk == FloatKind.F32);
            } else if (rowReduced) {
                for (int j = 0; j < row; j++) Elementwise.fold(fold, out, o, in, i + j, tmp);
            } else {
                for (int j = 0; j < row; j++) Elementwise.fold(fold, out, o + j, in, i + j, tmp);
            }
            Tensor.next(idx, outer);
        }
    }

    /** {@code acc[o] = round(acc[o] + x[i + j])} for each {@code j} in order (as {@link Tensor#roundTo} rounds). */
    private static void addRow(double[] acc, int o, double[] x, int i, int n, boolean f32) {
        double a = acc[o];
        if (f32 && !Double.isNaN(a)) {
            // f32 values added in float arithmetic round as a double sum narrowed to float does (a double holds
            // the exact sum of two floats); only a NaN, whose payload the double path keeps, needs that path
            float s = (float) a;
            for (int j = 0; j < n; j++) s += (float) x[i + j];
            if (!Float.isNaN(s)) {
                acc[o] = s;
                return;
            }
        }
        if (f32) {
            for (int j = 0; j < n; j++) {
                double v = a + x[i + j];
                a = Double.isNaN(v) ? v : (float) v;
            }
        } else {
            for (int j = 0; j < n; j++) a = a + x[i + j];
        }
        acc[o] = a;
    }

    /** {@code acc[o + j] = round(acc[o + j] + x[i + j])} for each {@code j}. */
    private static void addAcross(double[] acc, int o, double[] x, int i, int n, boolean f32) {
        if (f32) {
            for (int j = 0; j < n; j++) {
                double v = acc[o + j] + x[i + j];
                acc[o + j] = Double.isNaN(v) ? v : (float) v;
            }
        } else {
            for (int j = 0; j < n; j++) acc[o + j] = acc[o + j] + x[i + j];
        }
    }
}
