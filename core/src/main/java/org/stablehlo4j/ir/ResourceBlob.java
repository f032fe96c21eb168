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

    public ResourceBlob(long alignment, byte[] data, int offset, int length) {
        if (offset < 0 || length < 0 || offset > data.length - length) throw new IllegalArgumentException();
        this.alignment = alignment;
        this.data = data;
        this.offset = offset;
        this.length = length;
    }

    public long alignment() { return alignment; }
    public byte[] rawArray() { return data; }
    public int offset() { return offset; }
    public int length() { return length; }
    public byte[] bytes() { return Arrays.copyOfRange(data, offset, offset + length); }
}
