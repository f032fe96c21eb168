package org.stablehlo4j.ir;

import java.math.BigInteger;

/** Builtin integer attribute {@code 42 : i32} (also used for {@code index}). */
public record IntegerAttr(Type type, BigInteger value) implements Attribute {
    /** The integer {@code value} of {@code type}. */
    public static IntegerAttr of(Type type, long value) {
        return new IntegerAttr(type, BigInteger.valueOf(value));
    }

    /** The value as a long (truncated when wider). */
    public long longValue() { return value.longValue(); }
}
