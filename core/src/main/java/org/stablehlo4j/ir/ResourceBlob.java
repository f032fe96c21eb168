package org.stablehlo4j.ir;

import java.util.Arrays;

/**
 * A blob of the {@code {-# dialect_resources: ... #-}} section: alignment plus bytes (a slice, not copied).
 */
public final class ResourceBlob {
    private final long alignment;
    private final byte[] data;
    private final int offset;
    private final int length;

    /**
     * A blob over {@code data[offset, offset + length)}.
     *
     * @param alignment the required alignment in bytes
     * @param data the buffer (not copied)
     * @param offset where the blob starts
     * @param length the blob's size in bytes
     * @throws IllegalArgumentException if the slice is out of bounds
     */
    public ResourceBlob(long alignment, byte[] data, int offset, int length) {
        if (offset < 0 || length < 0 || offset > data.length - length) throw new IllegalArgumentException();
        this.alignment = alignment;
        this.data = data;
        this.offset = offset;
        this.length = length;
    }

    /** {@return the required alignment in bytes} */
    public long alignment() { return alignment; }
    /**
     * {@return the whole backing array (not copied; the blob is {@link #offset()} to {@link #offset()} + {@link #length()})}
     */
    public byte[] rawArray() { return data; }
    /** {@return where the blob starts in {@link #rawArray()}} */
    public int offset() { return offset; }
    /** {@return the blob's size in bytes} */
    public int length() { return length; }
    /** {@return a copy of the blob's bytes} */
    public byte[] bytes() { return Arrays.copyOfRange(data, offset, offset + length); }
}
