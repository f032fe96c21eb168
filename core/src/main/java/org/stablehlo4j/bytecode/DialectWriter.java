package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.List;

/**
 * What a {@link DialectBytecode} writes one custom-encoded attribute/type (or op properties) to: primitives
 * plus references to other attributes, types and strings of the file being written.
 */
public final class DialectWriter {
    /** Resolves references while an entry is encoded. */
    interface Refs {
        long attribute(Attribute a);

        long type(Type t);

        long string(byte[] s);

        long resourceHandle(String key);

        /** False when the encoded bytes are thrown away (numbering pass): blob payloads are then skipped. */
        default boolean keepsBytes() { return true; }
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Refs refs;

    DialectWriter(Refs refs) {
        this.refs = refs;
    }

    byte[] bytes() { return out.toByteArray(); }

    public DialectWriter writeByte(int b) {
        out.write(b);
        return this;
    }

    /** MLIR's prefix varint (see {@link ByteCursor#readVarInt}). */
    public DialectWriter writeVarInt(long v) {
        writeVarInt(out, v);
        return this;
    }

    static void writeVarInt(ByteArrayOutputStream out, long v) {
        for (int extra = 0; extra < 8; extra++) {
            if ((v >>> (7 * (extra + 1))) == 0) {
                long enc = ((v << 1) | 1) << extra;
                for (int i = 0; i <= extra; i++) out.write((int) (enc >>> (8 * i)));
                return;
            }
        }
        out.write(0);
        for (int i = 0; i < 8; i++) out.write((int) (v >>> (8 * i)));
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
        return writeVarInt(refs.attribute(a));
    }

    /** An attribute reference with a presence flag in the low bit. */
    public DialectWriter writeOptionalAttribute(Attribute a) {
        return a == null ? writeVarInt(0) : writeVarInt((refs.attribute(a) << 1) | 1);
    }

    public DialectWriter writeAttributes(List<? extends Attribute> list) {
        writeVarInt(list.size());
        for (Attribute a : list) writeAttribute(a);
        return this;
    }

    public DialectWriter writeType(Type t) {
        return writeVarInt(refs.type(t));
    }

    public DialectWriter writeTypes(List<? extends Type> list) {
        writeVarInt(list.size());
        for (Type t : list) writeType(t);
        return this;
    }

    public DialectWriter writeString(byte[] s) {
        return writeVarInt(refs.string(s));
    }

    /** A reference to a builtin dialect resource (declared in the resource section). */
    public DialectWriter writeResourceHandle(String key) {
        return writeVarInt(refs.resourceHandle(key));
    }

    /** A size-prefixed blob. */
    public DialectWriter writeBlob(byte[] data, int offset, int length) {
        writeVarInt(length);
        if (refs.keepsBytes()) out.write(data, offset, length);
        return this;
    }

    /** The inverse of {@link DialectReader#readAPInt}: {@code value} may be signed or unsigned. */
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
