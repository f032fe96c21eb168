package org.stablehlo4j.dialect.sparse;

/**
 * A dimension slice {@code #sparse_tensor<slice(offset, size, stride)>}; {@link #DYNAMIC} stands for {@code ?}.
 */
public record DimSlice(long offset, long size, long stride) {
    public static final long DYNAMIC = -1;

    /** The slice that covers a whole dimension, used for dimensions written without a slice. */
    public static final DimSlice ALL = new DimSlice(0, DYNAMIC, 1);

    private static String part(long v) {
        return v == DYNAMIC ? "?" : Long.toString(v);
    }

    /** The attribute as printed, {@code #sparse_tensor<slice(1, ?, 1)>}. */
    @Override
    public String toString() {
        return "#sparse_tensor<slice(" + part(offset) + ", " + part(size) + ", " + part(stride) + ")>";
    }
}
