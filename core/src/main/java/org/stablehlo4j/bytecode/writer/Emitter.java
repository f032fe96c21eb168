package org.stablehlo4j.bytecode.writer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * An append-only byte sink made of chunks: bytes written through the primitive methods go to an owned buffer,
 * large blobs (dense data, resources) are referenced in place and only copied when the result is written out.
 * Tracks the highest alignment its content needs relative to its own start (MLIR's EncodingEmitter model).
 */
final class Emitter {
    /** Padding byte used for alignment. */
    static final byte ALIGNMENT_BYTE = (byte) 0xCB;

    /** {@code data[offset, offset+length)}, or a buffer's remaining bytes when {@code data} is null. */
    private record Chunk(byte[] data, int offset, int length, java.nio.ByteBuffer buffer) {
        Chunk(byte[] data, int offset, int length) { this(data, offset, length, null); }

        void copyTo(byte[] out, int at) {
            if (data != null) System.arraycopy(data, offset, out, at, length);
            else buffer.get(buffer.position(), out, at, length);
        }

        void writeTo(OutputStream out, byte[] scratch) throws IOException {
            if (data != null) {
                out.write(data, offset, length);
                return;
            }
            for (int pos = 0; pos < length; pos += scratch.length) {
                int n = Math.min(scratch.length, length - pos);
                buffer.get(buffer.position() + pos, scratch, 0, n);
                out.write(scratch, 0, n);
            }
        }
    }

    private final List<Chunk> chunks = new ArrayList<>();
    private long chunkBytes;
    private byte[] cur = new byte[64];
    private int curLen;
    private int requiredAlignment = 1;

    long size() { return chunkBytes + curLen; }

    /** Empties this emitter for reuse (keeping its buffer). */
    void reset() {
        chunks.clear();
        chunkBytes = 0;
        curLen = 0;
        requiredAlignment = 1;
    }

    int requiredAlignment() { return requiredAlignment; }

    void emitByte(int b) {
        if (curLen == cur.length) cur = java.util.Arrays.copyOf(cur, cur.length * 2);
        cur[curLen++] = (byte) b;
    }

    void emitBytes(byte[] data, int offset, int length) {
        if (curLen + length > cur.length) {
            cur = java.util.Arrays.copyOf(cur, Math.max(cur.length * 2, curLen + length));
        }
        System.arraycopy(data, offset, cur, curLen, length);
        curLen += length;
    }

    /** References {@code data[offset, offset+length)} without copying it; the array must not change. */
    void emitOwnedBlob(byte[] data, int offset, int length) {
        if (length < 256) {
            emitBytes(data, offset, length);
            return;
        }
        flushCurrent();
        chunks.add(new Chunk(data, offset, length));
        chunkBytes += length;
    }

    /** References a buffer's remaining bytes without copying them (streamed out by {@link #writeTo}). */
    void emitOwnedBlob(java.nio.ByteBuffer data) {
        flushCurrent();
        chunks.add(new Chunk(null, 0, data.remaining(), data.slice()));
        chunkBytes += data.remaining();
    }

    private void flushCurrent() {
        if (curLen == 0) return;
        chunks.add(new Chunk(cur, 0, curLen));
        chunkBytes += curLen;
        cur = new byte[64];
        curLen = 0;
    }

    /** Overwrites a byte written earlier into the current (not yet flushed) buffer. */
    void patchByte(long offset, int value) {
        int at = (int) (offset - chunkBytes);
        if (at < 0 || at >= curLen) throw new IllegalStateException("cannot patch previously emitted data");
        cur[at] = (byte) value;
    }

    /**
     * MLIR's varint: the low bits of the first byte hold a prefix of zeros then a one, giving the number of
     * extra bytes; the value follows little-endian. Values needing more than 56 bits use a zero byte and 8
     * raw bytes.
     */
    void emitVarInt(long value) {
        if ((value >>> 7) == 0) {
            emitByte((int) ((value << 1) | 1));
            return;
        }
        long it = value >>> 7;
        for (int numBytes = 2; numBytes < 9; numBytes++) {
            it >>>= 7;
            if (it == 0) {
                long encoded = ((value << 1) | 1) << (numBytes - 1);
                for (int i = 0; i < numBytes; i++) emitByte((int) (encoded >>> (8 * i)));
                return;
            }
        }
        emitByte(0);
        for (int i = 0; i < 8; i++) emitByte((int) (value >>> (8 * i)));
    }

    /** Zigzag-encoded signed varint. */
    void emitSignedVarInt(long value) {
        emitVarInt((value << 1) ^ (value >> 63));
    }

    void emitVarIntWithFlag(long value, boolean flag) {
        emitVarInt((value << 1) | (flag ? 1 : 0));
    }

    void emitNulTerminated(byte[] s) {
        emitBytes(s, 0, s.length);
        emitByte(0);
    }

    /** Pads with {@link #ALIGNMENT_BYTE} to a multiple of {@code alignment} (a power of two). */
    void alignTo(int alignment) {
        if (alignment < 2) return;
        long pad = (-size()) & (alignment - 1);
        for (long i = 0; i < pad; i++) emitByte(ALIGNMENT_BYTE);
        requiredAlignment = Math.max(requiredAlignment, alignment);
    }

    /**
     * Appends a section: its code, its length and, when the body needs an alignment this position does not
     * already have, the alignment followed by padding (flagged in the high bit of the code).
     */
    void emitSection(int code, Emitter body) {
        long codeOffset = size();
        emitByte(code);
        emitVarInt(body.size());
        int align = body.requiredAlignment;
        if (align > 1) {
            if ((size() & (align - 1)) != 0) {
                emitVarInt(align);
                alignTo(align);
                patchByte(codeOffset, code | 0x80);
            } else {
                requiredAlignment = Math.max(requiredAlignment, align);
            }
        }
        flushCurrent();
        body.flushCurrent();
        chunks.addAll(body.chunks);
        chunkBytes += body.chunkBytes;
    }

    byte[] toByteArray() {
        long n = size();
        if (n > Integer.MAX_VALUE - 16) throw new IllegalStateException("bytecode larger than 2 GiB: " + n);
        byte[] out = new byte[(int) n];
        int at = 0;
        for (Chunk c : chunks) {
            c.copyTo(out, at);
            at += c.length;
        }
        System.arraycopy(cur, 0, out, at, curLen);
        return out;
    }

    void writeTo(OutputStream out) throws IOException {
        byte[] scratch = new byte[1 << 16];
        for (Chunk c : chunks) c.writeTo(out, scratch);
        out.write(cur, 0, curLen);
    }
}
