package org.stablehlo4j.ir;

import java.util.Arrays;

/**
 * Builtin {@code dense<...>} of integers, floats, complex numbers or bools.
 *
 * <p>The data is a slice of a byte array (often the input file itself, never copied at parse time from
 * bytecode). Layout: elements in row-major order, each element {@code ceil(bitwidth/8)} bytes little-endian
 * (i1 one byte 0/1), complex elements as real then imaginary. When {@code splat} is true the slice holds one
 * element that stands for all of them.
 */
public final class DenseElementsAttr implements Attribute {
    private final ShapedType type;
    private final byte[] data;
    private final int offset;
    private final int length;
    private final boolean splat;
    private int hash;

    /**
     * Dense elements of {@code type} held in {@code data[offset, offset + length)} (little-endian, not copied); all-equal data becomes a splat.
     *
     * @param type the shaped type
     * @param data the buffer holding the elements
     * @param offset where the elements start in {@code data}
     * @param length how many bytes they take
     * @param splat whether {@code data} holds one element that stands for all
     */
    public DenseElementsAttr(ShapedType type, byte[] data, int offset, int length, boolean splat) {
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IllegalArgumentException("slice out of bounds");
        }
        this.type = type;
        this.data = data;
        this.offset = offset;
        // As in MLIR, dense data whose elements are all equal is a splat: one element stands for all of them.
        int eb = splat ? -1 : elementStorageBytes(type.elementType());
        long n = type instanceof RankedTensorType rt ? rt.numElements() : -1;
        if (eb > 0 && length > eb && n > 1 && length == n * eb && allElementsEqual(data, offset, length, eb)) {
            this.length = eb;
            this.splat = true;
        } else {
            this.length = length;
            this.splat = splat;
        }
    }

    private static boolean allElementsEqual(byte[] data, int offset, int length, int eb) {
        for (int i = offset + eb; i < offset + length; i += eb) {
            if (!Arrays.equals(data, i, i + eb, data, offset, offset + eb)) return false;
        }
        return true;
    }

    /**
     * Bytes one element of {@code elementType} takes in this layout ({@code ceil(width/8)}, i1 one byte, index 8,
     * complex twice its part), or -1 if the type is not an integer, index, float or complex type.
     *
     * @param elementType the element type
     * @return the byte count, or -1
     */
    public static int elementStorageBytes(Type elementType) {
        if (elementType instanceof IntegerType it) return Math.max(1, (it.width() + 7) / 8);
        if (elementType instanceof IndexType) return 8;
        if (elementType instanceof FloatType ft) return ft.kind().storageBytes();
        if (elementType instanceof ComplexType ct) {
            int part = elementStorageBytes(ct.elementType());
            return part < 0 ? -1 : 2 * part;
        }
        return -1;
    }

    /** {@return the tensor type} */
    public ShapedType type() { return type; }
    /** {@return whether one element stands for all of them} */
    public boolean isSplat() { return splat; }
    /** {@return the backing array; read only {@code [offset(), offset()+length())}} Do not modify. */
    public byte[] rawArray() { return data; }
    /** {@return where the elements start in {@link #rawArray()}} */
    public int offset() { return offset; }
    /** {@return how many bytes the elements take in {@link #rawArray()}} */
    public int length() { return length; }

    /**
     * Byte {@code i} of the elements.
     *
     * @param i the byte's index
     * @return the byte
     */
    public byte byteAt(int i) {
        if (i < 0 || i >= length) throw new IndexOutOfBoundsException(i);
        return data[offset + i];
    }

    /** {@return a copy of the raw bytes} */
    public byte[] rawBytes() { return Arrays.copyOfRange(data, offset, offset + length); }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof DenseElementsAttr d)) return false;
        return splat == d.splat && type.equals(d.type)
                && Arrays.equals(data, offset, offset + length, d.data, d.offset, d.offset + d.length);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = type.hashCode() * 31 + (splat ? 1 : 0);
            int step = Math.max(1, length / 64); // sample large payloads
            for (int i = 0; i < length; i += step) h = h * 31 + data[offset + i];
            h = h * 31 + length;
            hash = h;
        }
        return h;
    }
}
