package org.stablehlo4j.spark;

/**
 * A row that cannot be scored (a null, a value that is not a number, an array of the wrong length), or a batch
 * whose run failed. The message names the row (its partition and its index there, and the value of the
 * {@linkplain StableHloModel#rowIdColumn(String) id column} when one is set) and the column, e.g.
 * {@code row 17 of partition 1 (id = 4242): column 'features': expected 16 numbers, got 15}.
 *
 * <p>Thrown on an executor, it fails the Spark job (Spark's {@code SparkException} carries this message);
 * {@link StableHloModel#nullOnBadRows(boolean)} gives such rows null results instead.
 */
public class ScoringException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception with this message.
     *
     * @param message what went wrong, naming the row and column
     */
    public ScoringException(String message) {
        super(message);
    }

    /**
     * An exception with this message and cause.
     *
     * @param message what went wrong
     * @param cause the failure underneath (e.g. the interpreter's {@code StableHloException})
     */
    public ScoringException(String message, Throwable cause) {
        super(message, cause);
    }
}
