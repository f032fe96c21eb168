package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

import java.math.BigInteger;
import java.util.List;

/**
 * What a {@link DialectBytecode} writes one custom-encoded attribute/type (or op properties) to: primitives
 * plus references to other attributes, types, strings and resources of the file being written. The bytecode
 * writer runs every encoding twice, first against a sink that only numbers the references, then against the
 * sink that emits; encodings must therefore write the same references in the same order both times.
 */
public final class DialectWriter {
    /** Where the encoded bytes and references go (implemented by the bytecode writer). */
    public interface Sink {
        /** The number of an attribute reference (the numbering pass records it and may return anything). */
        long attribute(Attribute a);

        long type(Type t);

        /** The string-section index of an owned string. */
        long string(byte[] s);

        /** The number of a reference to a builtin dialect resource. */
        long resourceHandle(String key);

        void varInt(long v);

        void rawByte(int b);

        /** Raw bytes, referenced in place (the array must not change while the file is written). */
        void bytes(byte[] data, int offset, int length);

        /**
         * Raw bytes held in a buffer (its remaining bytes), which must not change while the file is written. By
         * default handed to {@link #bytes(byte[], int, int)} in fresh heap chunks; sinks that can reference the
         * buffer in place (or ignore the bytes) override this.
         *
         * @param data the bytes
         */
        default void bytes(java.nio.ByteBuffer data) {
            java.nio.ByteBuffer b = data.duplicate();
            while (b.hasRemaining()) {
                byte[] chunk = new byte[Math.min(b.remaining(), 1 << 16)];
                b.get(chunk);
                bytes(chunk, 0, chunk.length);
            }
        }
    }

    private final Sink sink;
    private final long version;

    /** A writer for the newest bytecode format. */
    public DialectWriter(Sink sink) {
        this(sink, 6);
    }

    /** A writer for bytecode format {@code version}. */
    public DialectWriter(Sink sink, long version) {
        this.sink = sink;
        this.version = version;
    }

    /** The bytecode format version being written. */
    public long bytecodeVersion() {
        return version;
    }

    /** A bool as one byte (MLIR's writeOwnedBool). */
    public DialectWriter writeBool(boolean b) {
        return writeByte(b ? 1 : 0);
    }

    /**
     * MLIR's writeSparseArray: dense ({@code size << 1}, then every value) when the last non-zero index exceeds
     * 256 or more than half the entries are non-zero; otherwise sparse ({@code count << 1 | 1}, the index bit
     * width, then each non-zero entry as {@code value << bits | index}).
     */
    public DialectWriter writeSparseArray(int[] array) {
        int size = array.length;
        int nonZero = 0, last = 0;
        for (int i = 0; i < size; i++) {
            if (array[i] == 0) continue;
            nonZero++;
            last = i;
        }
        if (last > 256 || nonZero > size / 2) {
            writeVarInt((long) size << 1);
            for (int v : array) writeVarInt(v);
            return this;
        }
        writeVarInt(((long) nonZero << 1) | 1);
        if (nonZero == 0) return this;
        int bits = last == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(last); // Log2_32_Ceil(last + 1)
        writeVarInt(bits);
        for (int i = 0; i <= last; i++) {
            if (array[i] != 0) writeVarInt(((long) array[i] << bits) | i);
        }
        return this;
    }

    public DialectWriter writeByte(int b) {
        sink.rawByte(b);
        return this;
    }

    /** MLIR's prefix varint (see {@link ByteCursor#readVarInt}). */
    public DialectWriter writeVarInt(long v) {
        sink.varInt(v);
        return this;
    }

    public DialectWriter writeSignedVarInt(long v) {
        return writeVarInt((v << 1) ^ (v >> 63));
    }

    public DialectWriter writeSignedVarInts(long[] values) {
        writeVarInt(values.length);
        for (long v : values) writeSignedVarInt(v);
        return this;
    }

    public DialectWriter writeAttribute(Attribute a) {
        return writeVarInt(sink.attribute(a));
    }

    /** An attribute reference with a presence flag in the low bit. */
    public DialectWriter writeOptionalAttribute(Attribute a) {
        return a == null ? writeVarInt(0) : writeVarInt((sink.attribute(a) << 1) | 1);
    }

    public DialectWriter writeAttributes(List<? extends Attribute> list) {
        writeVarInt(list.size());
        for (Attribute a : list) writeAttribute(a);
        return this;
    }

    public DialectWriter writeType(Type t) {
        return writeVarInt(sink.type(t));
    }

    public DialectWriter writeTypes(List<? extends Type> list) {
        writeVarInt(list.size());
        for (Type t : list) writeType(t);
        return this;
    }

    public DialectWriter writeString(byte[] s) {
        return writeVarInt(sink.string(s));
    }

    /** A reference to a builtin dialect resource (declared in the resource section). */
    public DialectWriter writeResourceHandle(String key) {
        return writeVarInt(sink.resourceHandle(key));
    }

    /** A size-prefixed blob, referenced in place. */
    public DialectWriter writeBlob(byte[] data, int offset, int length) {
        writeVarInt(length);
        sink.bytes(data, offset, length);
        return this;
    }

    /**
     * A size-prefixed blob held in a buffer (its remaining bytes), referenced in place and streamed out when the
     * bytecode is written; the buffer must not change.
     *
     * @param data the blob
     * @return this writer
     */
    public DialectWriter writeBlob(java.nio.ByteBuffer data) {
        writeVarInt(data.remaining());
        sink.bytes(data.slice());
        return this;
    }

    /**
     * The inverse of {@link DialectReader#readAPInt} (MLIR's writeAPIntWithKnownWidth): the low {@code width}
     * bits of {@code value} (signed or unsigned) as one byte up to 8 bits, a zigzag varint of the zero-extended
     * value up to 64 bits, else the number of active 64-bit words and each word zigzagged.
     */
    public DialectWriter writeAPInt(BigInteger value, int width) {
        BigInteger mask = BigInteger.ONE.shiftLeft(Math.max(width, 1)).subtract(BigInteger.ONE);
        BigInteger u = value.and(mask);
        if (width <= 8) return writeByte(u.intValue());
        if (width <= 64) return writeSignedVarInt(u.longValue());
        int words = Math.max(1, (u.bitLength() + 63) / 64);
        writeVarInt(words);
        for (int i = 0; i < words; i++) writeSignedVarInt(u.shiftRight(64 * i).longValue());
        return this;
    }
}
