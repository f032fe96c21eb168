package org.stablehlo4j.ir;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Builtin string attribute. MLIR strings are byte strings (they may hold any bytes, e.g. {@code "\00\FF"});
 * the value is kept as bytes, with {@code type} non-null only for the typed form {@code "s" : i32}.
 */
public final class StringAttr implements Attribute {
    private final byte[] bytes;
    private final Type type;
    /** The hash, computed on first use (0: not yet; a string whose hash is 0 recomputes it, which is harmless). */
    private int hash;

    /**
     * A string of raw bytes (copied), with an optional type (null: none).
     *
     * @param bytes the raw bytes
     * @param type the type, or null
     */
    public StringAttr(byte[] bytes, Type type) {
        this(type, bytes.clone());
    }

    private StringAttr(Type type, byte[] owned) {
        this.bytes = owned;
        this.type = type;
    }

    /**
     * An untyped string over {@code bytes} without copying them: for a caller whose array is never modified
     * (e.g. the bytes of another immutable attribute), which then shares it with this attribute.
     *
     * @param bytes the raw bytes, never modified afterwards by anyone
     * @return the attribute
     */
    public static StringAttr ofUnmodifiedBytes(byte[] bytes) {
        return new StringAttr(null, bytes);
    }

    /**
     * The UTF-8 string {@code s}.
     *
     * @param s the string
     * @return the attribute
     */
    public static StringAttr of(String s) {
        return new StringAttr(s.getBytes(StandardCharsets.UTF_8), null);
    }

    /** {@return the bytes (a copy)} */
    public byte[] bytes() { return bytes.clone(); }
    /** {@return the number of bytes} */
    public int length() { return bytes.length; }
    /**
     * Byte {@code i}.
     *
     * @param i the byte's index
     * @return the byte
     */
    public byte byteAt(int i) { return bytes[i]; }
    /** {@return the type, or null} */
    public Type type() { return type; }

    /** {@return the value decoded as UTF-8 (lossy for non-UTF-8 bytes)} */
    public String value() { return new String(bytes, StandardCharsets.UTF_8); }

    @Override
    public boolean equals(Object o) {
        return o instanceof StringAttr s && hashCode() == s.hashCode() && Arrays.equals(bytes, s.bytes)
                && java.util.Objects.equals(type, s.type);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) hash = h = Arrays.hashCode(bytes) * 31 + (type == null ? 0 : type.hashCode());
        return h;
    }
    @Override public String toString() { return "\"" + value() + "\""; }
}
