package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

import java.math.BigInteger;
import java.util.List;

/**
 * What a dialect encoding writes an attribute, type or op properties to. The writer runs each encoding twice:
 * once against a numbering sink (which only records the referenced attributes, types and resources, in
 * order) and once against the emitting sink.
 */
interface EncodingSink {
    void attribute(Attribute a);

    /** A reference with a presence flag in its low bit; {@code null} writes "absent". */
    void optionalAttribute(Attribute a);

    void type(Type t);

    void resourceHandle(String dialect, String key);

    void varInt(long v);

    void signedVarInt(long v);

    /** An owned string of the string section. */
    void string(byte[] utf8);

    /** A length-prefixed blob referenced in place. */
    void blob(byte[] data, int offset, int length);

    default void attributes(List<? extends Attribute> list) {
        varInt(list.size());
        for (Attribute a : list) attribute(a);
    }

    default void types(List<? extends Type> list) {
        varInt(list.size());
        for (Type t : list) type(t);
    }

    default void signedVarInts(long[] values) {
        varInt(values.length);
        for (long v : values) signedVarInt(v);
    }

    /**
     * An integer of known bit width (the value's low {@code width} bits): a byte up to 8 bits, a zigzag varint
     * of the zero-extended value up to 64 bits, else the count of active 64-bit words and each word zigzagged.
     */
    default void apInt(int width, BigInteger value) {
        BigInteger bits = value.signum() < 0 || value.bitLength() > width
                ? value.and(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE)) : value;
        if (width <= 8) {
            rawByte(bits.intValue() & 0xFF);
        } else if (width <= 64) {
            signedVarInt(bits.longValue());
        } else {
            int words = Math.max(1, (bits.bitLength() + 63) / 64);
            varInt(words);
            for (int i = 0; i < words; i++) signedVarInt(bits.shiftRight(64 * i).longValue());
        }
    }

    /** One raw byte. */
    void rawByte(int b);
}
