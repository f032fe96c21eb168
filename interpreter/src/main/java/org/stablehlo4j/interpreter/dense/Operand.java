package org.stablehlo4j.interpreter.dense;

/**
 * One side of a batched matrix product read in place from a tensor's flat storage: element
 * {@code (batch, row, col)} of the matrix, zero where the operand says so (a convolution's padding). The packing of
 * {@link Gemm} reads a run of one row at a time.
 */
public abstract class Operand {
    /** The tensor's elements (real values) the operand reads. */
    final double[] data;

    Operand(double[] data) {
        this.data = data;
    }

    /**
     * Writes elements {@code (batch, row, col0 .. col0 + count - 1)} to {@code out[0 .. count - 1]}.
     *
     * @param batch the batch index
     * @param row the row index
     * @param col0 the first column
     * @param count how many columns
     * @param out where the values go
     */
    abstract void read(int batch, int row, int col0, int count, double[] out);

    /**
     * Packs rows {@code row0 .. row0 + rows - 1} of batch {@code batch}, all {@code k} columns, step-major: element
     * {@code (row0 + r, p)} to {@code base + p * mr + r} of {@code f} (as a float) or, when {@code f} is null, of
     * {@code d}. The destination is zero where nothing is written. Here: a row at a time through {@link #read}.
     *
     * @param batch the batch index
     * @param row0 the first row
     * @param rows how many rows (at most {@code mr})
     * @param mr the panel's row count
     * @param k the columns
     * @param f the float destination, or null
     * @param d the double destination when {@code f} is null
     * @param base where the panel starts
     * @param row scratch of at least {@code k} values
     */
    void packRows(int batch, int row0, int rows, int mr, int k, float[] f, double[] d, int base, double[] row) {
        for (int r = 0; r < rows; r++) {
            read(batch, row0 + r, 0, k, row);
            if (f != null) for (int p = 0; p < k; p++) f[base + p * mr + r] = (float) row[p];
            else for (int p = 0; p < k; p++) d[base + p * mr + r] = row[p];
        }
    }

    /**
     * Whether {@link #packRows} writes every element of its rows (else it leaves some at zero, as a convolution's
     * padding, so a reused destination must be zeroed first).
     *
     * @return true when every element of the rows is written
     */
    boolean writesEveryElement() {
        return true;
    }

    /**
     * Writes elements {@code (batch, row, col0 .. col0 + count - 1)} to {@code f[to ..]} (as floats) or, when
     * {@code f} is null, to {@code d[to ..]}. Here: through {@link #read} into {@code scratch}.
     *
     * @param batch the batch index
     * @param row the row index
     * @param col0 the first column
     * @param count how many columns
     * @param f the float destination, or null
     * @param d the double destination when {@code f} is null
     * @param to where the values go
     * @param scratch at least {@code count} values
     */
    void packRun(int batch, int row, int col0, int count, float[] f, double[] d, int to, double[] scratch) {
        read(batch, row, col0, count, scratch);
        if (f != null) for (int j = 0; j < count; j++) f[to + j] = (float) scratch[j];
        else System.arraycopy(scratch, 0, d, to, count);
    }

    /**
     * The transposed matrix: element {@code (batch, row, col)} of the view is {@code (batch, col, row)} of this one
     * ({@link Gemm} computes a narrow product as {@code C^T = B^T A^T}).
     *
     * @return the transposed operand
     */
    abstract Operand transposed();

    /**
     * A strided view: element {@code (b, i, j)} is {@code data[batches[b] + rows[i] + cols[j]]} (the offset tables of
     * any grouping of a tensor's dimensions, so transposes and several contracting or free dimensions are free).
     *
     * @param data the tensor's elements
     * @param batches the offset of each batch
     * @param rows the offset of each row
     * @param cols the offset of each column
     * @return the operand
     */
    public static Operand strided(double[] data, int[] batches, int[] rows, int[] cols) {
        return new Strided(data, batches, rows, cols);
    }

    /** See {@link #strided}. */
    private static final class Strided extends Operand {
        private final int[] batches;
        private final int[] rows;
        private final int[] cols;
        /** Whether column {@code j} is at {@code cols[0] + j} (a row is one run of memory: copied as it is). */
        private final boolean consecutive;

        Strided(double[] data, int[] batches, int[] rows, int[] cols) {
            super(data);
            this.batches = batches;
            this.rows = rows;
            this.cols = cols;
            boolean c = cols.length > 0;
            for (int j = 1; j < cols.length && c; j++) c = cols[j] == cols[0] + j;
            consecutive = c;
        }

        @Override
        Operand transposed() {
            return new Strided(data, batches, cols, rows);
        }

        /** A row of consecutive columns is read in place, without the scratch row. */
        @Override
        void packRows(int batch, int row0, int rows, int mr, int k, float[] f, double[] d, int base, double[] row) {
            if (!consecutive) {
                super.packRows(batch, row0, rows, mr, k, f, d, base, row);
                return;
            }
            for (int r = 0; r < rows; r++) {
                int at = batches[batch] + this.rows[row0 + r] + cols[0];
                int to = base + r;
                if (f != null) for (int p = 0; p < k; p++, to += mr) f[to] = (float) data[at + p];
                else for (int p = 0; p < k; p++, to += mr) d[to] = data[at + p];
            }
        }

        @Override
        void packRun(int batch, int row, int col0, int count, float[] f, double[] d, int to, double[] scratch) {
            if (!consecutive) {
                super.packRun(batch, row, col0, count, f, d, to, scratch);
                return;
            }
            int at = batches[batch] + rows[row] + cols[col0];
            if (f != null) for (int j = 0; j < count; j++) f[to + j] = (float) data[at + j];
            else System.arraycopy(data, at, d, to, count);
        }

        @Override
        void read(int batch, int row, int col0, int count, double[] out) {
            int base = batches[batch] + rows[row];
            if (consecutive) {
                System.arraycopy(data, base + cols[col0], out, 0, count);
                return;
            }
            for (int j = 0; j < count; j++) out[j] = data[base + cols[col0 + j]];
        }
    }
}
