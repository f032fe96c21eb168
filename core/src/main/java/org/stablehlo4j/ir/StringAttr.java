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
    private final int hash;

    /** A string of raw bytes (copied), with an optional type (null: none). */
    public StringAttr(byte[] bytes, Type type) {
        this.bytes = bytes.clone();
        this.type = type;
        this.hash = Arrays.hashCode(this.bytes) * 31 + (type == null ? 0 : type.hashCode());
    }

    /** The UTF-8 string {@code s}. */
    public static StringAttr of(String s) {
        return new StringAttr(s.getBytes(StandardCharsets.UTF_8), null);
    }

    /** The bytes (a copy). */
    public byte[] bytes() { return bytes.clone(); }
    /** The number of bytes. */
    public int length() { return bytes.length; }
    /** Byte {@code i}. */
    public byte byteAt(int i) { return bytes[i]; }
    /** The type, or null. */
    public Type type() { return type; }

    /** The value decoded as UTF-8 (lossy for non-UTF-8 bytes). */
    public String value() { return new String(bytes, StandardCharsets.UTF_8); }

    @Override
    public boolean equals(Object o) {
        return o instanceof StringAttr s && hash == s.hash && Arrays.equals(bytes, s.bytes)
                && java.util.Objects.equals(type, s.type);
    }

    @Override public int hashCode() { return hash; }
    @Override public String toString() { return "\"" + value() + "\""; }
}
