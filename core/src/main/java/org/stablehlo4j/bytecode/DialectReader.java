package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The view a {@link DialectBytecode} gets of one attribute/type entry (or of one op's properties): primitive
 * reads plus references to other attributes, types, strings and resources of the file.
 */
public final class DialectReader {
    private final ByteCursor cursor;
    private final AttrTypeTable table;
    private String dialectName;
    private final int depth;

    DialectReader(ByteCursor cursor, AttrTypeTable table, String dialectName, int depth) {
        this.cursor = cursor;
        this.table = table;
        this.dialectName = dialectName;
        this.depth = depth;
    }

    public String dialectName() { return dialectName; }

    /** Reuses this reader (and its cursor) for an entry of dialect {@code name} at {@code offset}. */
    DialectReader reset(String name, int offset, int length) {
        this.dialectName = name;
        cursor.reset(offset, length);
        return this;
    }

    ByteCursor cursor() { return cursor; }

    /** The bytecode format version of the file. */
    public long bytecodeVersion() { return table.version(); }

    public BytecodeException error(String message) { return cursor.error(message); }

    public boolean atEnd() { return cursor.atEnd(); }

    public long readVarInt() throws BytecodeException { return cursor.readVarInt(); }

    public long readSignedVarInt() throws BytecodeException { return cursor.readSignedVarInt(); }

    public int readByte() throws BytecodeException { return cursor.readByte(); }

    /** A bool written as one byte (MLIR's writeOwnedBool); any non-zero byte is true. */
    public boolean readBool() throws BytecodeException { return cursor.readByte() != 0; }

    /** The byte offset of the next read in the whole input (for diagnostics). */
    public int position() { return cursor.position(); }

    public BytecodeException error(int at, String message) { return cursor.error(at, message); }

    /**
     * MLIR's readSparseArray into an array of {@code size} entries (entries not stored stay 0): a varint with a
     * flag; dense: the count, then each value; sparse: the count of non-zero entries, the index bit width (at
     * most 8), then each entry as {@code value << bits | index}.
     */
    public int[] readSparseArray(int size) throws BytecodeException {
        int at = cursor.position();
        long v = cursor.readVarInt();
        boolean sparse = (v & 1) != 0;
        long count = v >>> 1;
        int[] out = new int[size];
        if (count == 0) return out;
        if (!sparse) {
            if (count > size) {
                throw cursor.error(at, "trying to read an array of " + count + " but only " + size
                        + " storage available.");
            }
            for (int i = 0; i < count; i++) out[i] = (int) cursor.readVarInt();
            return out;
        }
        if (count > cursor.remaining()) throw cursor.error(at, "invalid sparse array size: " + count);
        int bat = cursor.position();
        long bits = cursor.readVarInt();
        if (bits < 0 || bits > 8) throw cursor.error(bat, "reading sparse array with indexing above 8 bits: " + bits);
        for (long k = 0; k < count; k++) {
            int pat = cursor.position();
            long pair = cursor.readVarInt();
            long index = pair & ~(-1L << bits);
            long value = pair >>> bits;
            if (index >= size) {
                throw cursor.error(pat, "reading a sparse array found index " + index + " but only " + size
                        + " storage available.");
            }
            out[(int) index] = (int) value;
        }
        return out;
    }

    /** A count of following items, each taking at least one byte (checked against the remaining bytes). */
    public int readCount(String what) throws BytecodeException { return cursor.readCount(what); }

    public long[] readSignedVarInts() throws BytecodeException {
        int n = cursor.readCount("list size");
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = cursor.readSignedVarInt();
        return out;
    }

    /**
     * A shaped type's dimensions: zigzag varints with MLIR's dynamic marker (INT64_MIN, {@code ShapedType.DYNAMIC}),
     * checked as the tensor type's verifier checks them (MLIR reads types through {@code getChecked}).
     */
    public long[] readShape() throws BytecodeException {
        int at = cursor.position();
        long[] shape = readSignedVarInts();
        for (long d : shape) {
            if (d < 0 && d != org.stablehlo4j.ir.ShapedType.DYNAMIC) throw error(at, "invalid tensor dimension size");
        }
        return shape;
    }

    public Attribute readAttribute() throws BytecodeException {
        return table.attribute(cursor, cursor.readVarInt(), depth + 1);
    }

    /** An attribute reference with a presence flag in the low bit; null when absent. */
    public Attribute readOptionalAttribute() throws BytecodeException {
        long v = cursor.readVarInt();
        if ((v & 1) == 0) return null;
        return table.attribute(cursor, v >>> 1, depth + 1);
    }

    public <T extends Attribute> T readAttribute(Class<T> kind, String what) throws BytecodeException {
        int at = cursor.position();
        Attribute a = readAttribute();
        if (!kind.isInstance(a)) throw cursor.error(at, "expected " + what + ", but got " + a);
        return kind.cast(a);
    }

    public List<Attribute> readAttributes() throws BytecodeException {
        int n = cursor.readCount("attribute list size");
        List<Attribute> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(readAttribute());
        return out;
    }

    public Type readType() throws BytecodeException {
        return table.type(cursor, cursor.readVarInt(), depth + 1);
    }

    public List<Type> readTypes() throws BytecodeException {
        int n = cursor.readCount("type list size");
        List<Type> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(readType());
        return out;
    }

    /** A string of the string section (as raw bytes). */
    public byte[] readStringBytes() throws BytecodeException {
        return table.strings().bytes(cursor, cursor.readVarInt());
    }

    public String readString() throws BytecodeException {
        return table.strings().get(cursor, cursor.readVarInt());
    }

    /** A size-prefixed blob; returns {offset, length} into {@link #array()} (no copy). */
    public int[] readBlob() throws BytecodeException {
        ByteCursor.Slice s = cursor.readBlob();
        return new int[] {s.offset(), s.length()};
    }

    /**
     * The array blobs point into (the whole input), or null when the input is a buffer (a memory-mapped file):
     * then use {@link #blobBuffer} or {@link #blobBytes}. Do not modify.
     */
    public byte[] array() { return cursor.data; }

    /**
     * {@return a read-only view of {@code [offset, offset + length)} of the input (as {@link #readBlob} gives
     * them), not copied}
     *
     * @param offset where the blob starts
     * @param length its size in bytes
     */
    public java.nio.ByteBuffer blobBuffer(int offset, int length) {
        if (cursor.data != null) return java.nio.ByteBuffer.wrap(cursor.data, offset, length).slice().asReadOnlyBuffer();
        return cursor.buffer.slice(offset, length).asReadOnlyBuffer();
    }

    /**
     * {@return a heap copy of {@code [offset, offset + length)} of the input}
     *
     * @param offset where the blob starts
     * @param length its size in bytes
     */
    public byte[] blobBytes(int offset, int length) {
        byte[] out = new byte[length];
        blobBuffer(offset, length).get(out);
        return out;
    }

    /** A dialect resource handle: the key of the resource, as declared in the resource section. */
    public String readResourceHandle() throws BytecodeException {
        return table.resourceHandle(cursor, cursor.readVarInt());
    }

    /**
     * An APInt of known bit width: one byte up to 8 bits, a zigzag varint up to 64 bits, otherwise a count of
     * 64-bit words (least significant first), each a zigzag varint. The result is the unsigned value of the low
     * {@code width} bits.
     */
    public BigInteger readAPInt(int width) throws BytecodeException {
        if (width <= 8) return BigInteger.valueOf(cursor.readByte() & ((1 << width) - 1));
        if (width <= 64) return toUnsigned(cursor.readSignedVarInt(), width);
        int words = cursor.readCount("APInt word count");
        BigInteger v = BigInteger.ZERO;
        for (int i = 0; i < words; i++) {
            v = v.or(toUnsigned(cursor.readSignedVarInt(), 64).shiftLeft(64 * i));
        }
        return v.and(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE));
    }

    private static BigInteger toUnsigned(long v, int width) {
        BigInteger b = BigInteger.valueOf(v);
        if (v < 0) b = b.add(BigInteger.ONE.shiftLeft(64));
        return width >= 64 ? b : b.and(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE));
    }
}
