package org.stablehlo4j.ir;

import java.util.Arrays;

/**
 * Builtin {@code array<i64: 1, 2>}: element type (an integer or float type) and the values packed as in
 * {@link DenseElementsAttr} (each element ceil(width/8) bytes little-endian, i1 one byte).
 */
public final class DenseArrayAttr implements Attribute {
    private final Type elementType;
    private final byte[] data;
    private final int size;

    /**
     * An array of {@code size} elements of {@code elementType} in {@code data} (little-endian).
     *
     * @param elementType the element type (an integer or float type)
     * @param data the elements' bytes
     * @param size the number of elements
     */
    public DenseArrayAttr(Type elementType, byte[] data, int size) {
        this.elementType = elementType;
        this.data = data.clone();
        this.size = size;
    }

    /**
     * An {@code array<i64: ...>} of {@code values}.
     *
     * @param values the elements
     * @return the attribute
     */
    public static DenseArrayAttr ofLongs(long... values) {
        byte[] b = new byte[values.length * 8];
        for (int i = 0; i < values.length; i++) {
            for (int k = 0; k < 8; k++) b[i * 8 + k] = (byte) (values[i] >>> (8 * k));
        }
        return new DenseArrayAttr(IntegerType.I64, b, values.length);
    }

    /** {@return the element type} */
    public Type elementType() { return elementType; }
    /** {@return the number of elements} */
    public int size() { return size; }
    /** {@return the elements' bytes (a copy)} */
    public byte[] rawBytes() { return data.clone(); }

    /**
     * Element i as a long (sign-extended for signless/signed integers, zero-extended for unsigned and i1).
     *
     * @param i the element's index
     * @return the element
     */
    public long getLong(int i) {
        int eb = data.length / Math.max(1, size);
        long v = 0;
        for (int k = eb - 1; k >= 0; k--) v = (v << 8) | (data[i * eb + k] & 0xFF);
        if (elementType instanceof IntegerType it && !it.isUnsigned() && it.width() > 1 && eb < 8) {
            int shift = 64 - eb * 8;
            v = (v << shift) >> shift;
        }
        return v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DenseArrayAttr d && size == d.size && elementType.equals(d.elementType)
                && Arrays.equals(data, d.data);
    }

    @Override public int hashCode() { return elementType.hashCode() * 31 + Arrays.hashCode(data); }
}
