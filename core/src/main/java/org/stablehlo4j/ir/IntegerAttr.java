package org.stablehlo4j.ir;

import java.math.BigInteger;
import java.util.Objects;

/** Builtin integer attribute {@code 42 : i32} (also used for {@code index}). */
public record IntegerAttr(Type type, BigInteger value) implements Attribute {
    /**
     * The integer {@code value} of {@code type}.
     *
     * @param type an integer or index type
     * @param value the value
     * @return the attribute
     */
    public static IntegerAttr of(Type type, long value) {
        return new IntegerAttr(type, BigInteger.valueOf(value));
    }

    /** {@return the value as a long (truncated when wider)} */
    public long longValue() { return value.longValue(); }

    @Override public boolean equals(Object o) { return this == o || o instanceof IntegerAttr r
            && Objects.equals(type, r.type) && Objects.equals(value, r.value); }

    @Override public int hashCode() { int h = Objects.hashCode(type); h = 31 * h + Objects.hashCode(value); return h; }
}
