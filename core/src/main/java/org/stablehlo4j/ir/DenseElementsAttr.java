package org.stablehlo4j.ir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Builtin {@code dense<...>} of integers, floats, complex numbers or bools.
 *
 * <p>The data is either a slice of a byte array (often the input file itself, never copied at parse time from
 * bytecode) or a read-only {@link ByteBuffer} slice (a memory-mapped artifact: the data stays in the mapping
 * and is read only when someone asks for it). Layout: elements in row-major order, each element
 * {@code ceil(bitwidth/8)} bytes little-endian (i1 one byte 0/1), complex elements as real then imaginary.
 * When {@code splat} is true the slice holds one element that stands for all of them.
 *
 * <p>Readers that must not materialize the data use {@link #buffer()}, {@link #byteAt(int)} or
 * {@link #copyTo(int, byte[], int, int)}; {@link #rawArray()} copies buffer-backed data onto the heap.
 */
public final class DenseElementsAttr implements Attribute {
    private final ShapedType type;
    /** The heap array, or null when the data is in a buffer. */
    private final byte[] data;
    /** A read-only little-endian buffer holding exactly the elements, or null for heap data. */
    private final ByteBuffer mapped;
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
        this.mapped = null;
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

    /**
     * Dense elements of {@code type} held in {@code data}'s remaining bytes, which are not copied (typically a
     * slice of a memory-mapped file); all-equal data becomes a splat (one element copied onto the heap).
     *
     * @param type the shaped type
     * @param data the elements (position to limit); the buffer must not change
     * @param splat whether {@code data} holds one element that stands for all
     */
    public DenseElementsAttr(ShapedType type, ByteBuffer data, boolean splat) {
        ByteBuffer b = data.slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        int len = b.remaining();
        int eb = splat ? -1 : elementStorageBytes(type.elementType());
        long n = type instanceof RankedTensorType rt ? rt.numElements() : -1;
        this.type = type;
        this.offset = 0;
        boolean uniform = eb > 0 && len > eb && n > 1 && len == n * eb && allElementsEqual(b, len, eb);
        if (splat || len <= 16 || uniform) {
            // small or one-element data lives on the heap: every reader gets the array fast path
            int keep = uniform ? eb : len;
            byte[] one = new byte[keep];
            b.get(0, one, 0, keep);
            this.data = one;
            this.mapped = null;
            this.length = keep;
            this.splat = splat || keep != len;
        } else {
            this.data = null;
            this.mapped = b;
            this.length = len;
            this.splat = false;
        }
    }

    // All elements equal the first exactly when every byte equals the one an element before it.
    private static boolean allElementsEqual(ByteBuffer b, int length, int eb) {
        return b.slice(eb, length - eb).equals(b.slice(0, length - eb));
    }

    private static boolean allElementsEqual(byte[] data, int offset, int length, int eb) {
        return Arrays.equals(data, offset + eb, offset + length, data, offset, offset + length - eb);
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
    /**
     * {@return the backing array; read only {@code [offset(), offset()+length())}} Do not modify. Buffer-backed
     * data ({@link #isMapped()}) is copied onto the heap on every call (its offset is 0): readers of large
     * constants should use {@link #buffer()} or {@link #copyTo} instead.
     */
    public byte[] rawArray() {
        if (data != null) return data;
        byte[] out = new byte[length];
        mapped.get(0, out, 0, length);
        return out;
    }
    /** {@return where the elements start in {@link #rawArray()}} */
    public int offset() { return offset; }
    /** {@return how many bytes the elements take} */
    public int length() { return length; }
    /** {@return whether the data is held in a buffer (e.g. a memory-mapped file) rather than a heap array} */
    public boolean isMapped() { return mapped != null; }

    /**
     * {@return a read-only little-endian view of exactly the elements' bytes (position 0, limit
     * {@link #length()})}, without copying them.
     */
    public ByteBuffer buffer() {
        if (mapped != null) return mapped.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        return ByteBuffer.wrap(data, offset, length).slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Byte {@code i} of the elements.
     *
     * @param i the byte's index
     * @return the byte
     */
    public byte byteAt(int i) {
        if (i < 0 || i >= length) throw new IndexOutOfBoundsException(i);
        return data != null ? data[offset + i] : mapped.get(i);
    }

    /**
     * Copies bytes {@code [from, from + count)} of the elements into {@code dst[at, at + count)}.
     *
     * @param from the first byte of the elements to copy
     * @param dst the destination
     * @param at where to put them in {@code dst}
     * @param count how many bytes
     */
    public void copyTo(int from, byte[] dst, int at, int count) {
        if (from < 0 || count < 0 || from > length - count) throw new IndexOutOfBoundsException(from);
        if (data != null) System.arraycopy(data, offset + from, dst, at, count);
        else mapped.get(from, dst, at, count);
    }

    /** {@return a copy of the raw bytes} */
    public byte[] rawBytes() {
        if (data == null) return rawArray();
        return Arrays.copyOfRange(data, offset, offset + length);
    }

    /**
     * Equal type, splat flag and bytes. The bytes are compared only when the (cached, sampled) hashes agree and
     * the two do not share their storage, so looking up an interned constant never re-reads a large mapping
     * unless an equal-looking one exists.
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof DenseElementsAttr d)) return false;
        if (splat != d.splat || length != d.length || hashCode() != d.hashCode() || !type.equals(d.type)) return false;
        if (data != null && d.data != null) {
            return Arrays.equals(data, offset, offset + length, d.data, d.offset, d.offset + d.length);
        }
        if (mapped != null && mapped == d.mapped) return true;
        return buffer().equals(d.buffer());
    }

    /** Hashes the type, the length and 64 sampled bytes, once. */
    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = type.hashCode() * 31 + (splat ? 1 : 0);
            int step = Math.max(1, length / 64); // sample large payloads
            for (int i = 0; i < length; i += step) h = h * 31 + byteAt(i);
            h = h * 31 + length;
            hash = h;
        }
        return h;
    }
}
