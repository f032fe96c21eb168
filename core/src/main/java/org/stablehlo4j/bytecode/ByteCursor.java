package org.stablehlo4j.bytecode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads MLIR bytecode primitives (bytes, prefix varints, zigzag varints, null-terminated strings, sections,
 * aligned blobs) from a window {@code [start, end)} of a shared byte array, or of a (memory-mapped) buffer when
 * {@link #data} is null. Offsets reported in errors are absolute positions in that input. Every length read
 * from the input is checked against the window before anything is allocated or sliced.
 */
final class ByteCursor {
    /** A slice of the input: {@code data[offset, offset+length)}. */
    record Slice(int offset, int length) {
        int end() { return offset + length; }
    }

    /** The input, or null when it is {@link #buffer}. */
    final byte[] data;
    /** The input when it is not a heap array (a memory-mapped file), else null. */
    final ByteBuffer buffer;
    private int start;
    private int end;
    private int pos;
    final String section;
    private final String bufferName;

    ByteCursor(byte[] data, int start, int end, String section, String bufferName) {
        this(data, null, start, end, section, bufferName);
    }

    /** A cursor over a buffer's absolute positions {@code [start, end)}. */
    ByteCursor(ByteBuffer buffer, int start, int end, String section, String bufferName) {
        this(null, buffer, start, end, section, bufferName);
    }

    private ByteCursor(byte[] data, ByteBuffer buffer, int start, int end, String section, String bufferName) {
        this.data = data;
        this.buffer = buffer;
        this.start = start;
        this.end = end;
        this.pos = start;
        this.section = section;
        this.bufferName = bufferName;
    }

    ByteCursor(byte[] data, Slice slice, String section, String bufferName) {
        this(data, slice.offset(), slice.end(), section, bufferName);
    }

    /** A cursor over a sub-slice, sharing the input. */
    ByteCursor sub(Slice s, String sectionName) {
        return new ByteCursor(data, buffer, s.offset(), s.end(), sectionName, bufferName);
    }

    /** A cursor over {@code length} bytes at absolute position {@code offset} (as {@link #sub(Slice, String)}). */
    ByteCursor sub(int offset, int length, String sectionName) {
        return new ByteCursor(data, buffer, offset, offset + length, sectionName, bufferName);
    }

    /**
     * Moves this cursor to {@code length} bytes at absolute position {@code offset} of the same input (a cursor
     * reused from entry to entry, see {@link AttrTypeTable}).
     */
    void reset(int offset, int length) {
        this.start = offset;
        this.end = offset + length;
        this.pos = offset;
    }

    /** Byte {@code i} (an absolute position) of the input. */
    byte byteAt(int i) {
        return data != null ? data[i] : buffer.get(i);
    }

    /** A heap copy of {@code s} (for a buffer input) or null when the input is already a heap array. */
    byte[] copyIfBuffered(Slice s) {
        if (data != null) return null;
        byte[] out = new byte[s.length()];
        buffer.get(s.offset(), out, 0, s.length());
        return out;
    }

    boolean atEnd() { return pos >= end; }
    int remaining() { return end - pos; }
    int position() { return pos; }
    int windowStart() { return start; }
    int windowEnd() { return end; }

    BytecodeException error(String message) {
        return error(pos, message);
    }

    BytecodeException error(long offset, String message) {
        return new BytecodeException(bufferName, section, offset, message, List.of());
    }

    int readByte() throws BytecodeException {
        if (pos >= end) throw error("attempting to parse a byte at the end of the bytecode");
        return byteAt(pos++) & 0xFF;
    }

    Slice readBytes(long length) throws BytecodeException {
        if (length < 0 || length > remaining()) {
            throw error("attempting to parse " + Long.toUnsignedString(length) + " bytes when only " + remaining()
                    + " remain");
        }
        Slice s = new Slice(pos, (int) length);
        pos += (int) length;
        return s;
    }

    void skip(long length) throws BytecodeException {
        readBytes(length);
    }

    /** MLIR's prefix varint: the count of trailing zero bits of the first byte gives the extra byte count. */
    long readVarInt() throws BytecodeException {
        int at = pos;
        int first = readByte();
        if ((first & 1) != 0) return first >>> 1;
        if (first == 0) {
            if (remaining() < 8) throw error(at, "truncated 9-byte varint");
            long v = 0;
            for (int i = 0; i < 8; i++) v |= (long) (byteAt(pos + i) & 0xFF) << (8 * i);
            pos += 8;
            return v;
        }
        int extra = Integer.numberOfTrailingZeros(first);
        if (remaining() < extra) throw error(at, "truncated " + (extra + 1) + "-byte varint");
        long v = first;
        int p = pos;
        byte[] d = data;
        if (d != null) {
            for (int i = 0; i < extra; i++) v |= (long) (d[p + i] & 0xFF) << (8 * (i + 1));
        } else {
            for (int i = 0; i < extra; i++) v |= (long) (buffer.get(p + i) & 0xFF) << (8 * (i + 1));
        }
        pos = p + extra;
        return v >>> (extra + 1);
    }

    long readSignedVarInt() throws BytecodeException {
        long u = readVarInt();
        return (u >>> 1) ^ -(u & 1);
    }

    /** A varint that is used as a count or index: must be non-negative and fit in an int. */
    int readSmallVarInt(String what) throws BytecodeException {
        int at = pos;
        long v = readVarInt();
        if (v < 0 || v > Integer.MAX_VALUE) throw error(at, what + " out of range: " + Long.toUnsignedString(v));
        return (int) v;
    }

    /**
     * A count of items that each take at least one byte of this window: checked against the remaining bytes so
     * that a corrupt count can never drive a huge allocation.
     */
    int readCount(String what) throws BytecodeException {
        int at = pos;
        int n = readSmallVarInt(what);
        if (n > remaining()) throw error(at, what + " " + n + " exceeds the " + remaining() + " remaining bytes");
        return n;
    }

    String readNullTerminatedString() throws BytecodeException {
        for (int i = pos; i < end; i++) {
            if (byteAt(i) == 0) {
                String s = data != null ? new String(data, pos, i - pos, StandardCharsets.UTF_8)
                        : new String(copyIfBuffered(new Slice(pos, i - pos)), StandardCharsets.UTF_8);
                pos = i + 1;
                return s;
            }
        }
        throw error("malformed null-terminated string, no null character found");
    }

    /** Pads to {@code alignment} (relative to the start of the whole input), checking the 0xCB padding bytes. */
    void alignTo(long alignment) throws BytecodeException {
        if (alignment <= 0 || Long.bitCount(alignment) != 1 || alignment > (1L << 30)) {
            throw error("expected alignment to be a power-of-two");
        }
        while ((pos & (alignment - 1)) != 0) {
            int at = pos;
            int b = readByte();
            if (b != 0xCB) {
                throw error(at, "expected alignment byte (0xCB), but got: '0x" + Integer.toHexString(b).toUpperCase()
                        + "'");
            }
        }
    }

    /** A blob prefixed by its alignment and size (resource blobs). */
    Slice readAlignedBlob(long[] alignmentOut) throws BytecodeException {
        long alignment = readVarInt();
        long size = readVarInt();
        alignTo(alignment);
        alignmentOut[0] = alignment;
        return readBytes(size);
    }

    /** A blob prefixed by its size. */
    Slice readBlob() throws BytecodeException {
        return readBytes(readVarInt());
    }

    /** Section header: id byte (high bit = aligned), length varint, optional alignment; returns id and data. */
    record Section(int id, Slice data, int headerOffset) {}

    Section readSection(int numSections) throws BytecodeException {
        int at = pos;
        int idAndAlign = readByte();
        long length = readVarInt();
        int id = idAndAlign & 0x7F;
        if (id >= numSections) throw error(at, "invalid section ID: " + id);
        if ((idAndAlign & 0x80) != 0) alignTo(readVarInt());
        return new Section(id, readBytes(length), at);
    }
}
