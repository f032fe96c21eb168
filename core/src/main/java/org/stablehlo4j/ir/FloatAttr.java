package org.stablehlo4j.ir;

import java.math.BigInteger;
import java.util.Objects;

/**
 * Builtin float attribute {@code 1.0 : f32}. The value is held as the raw bit pattern in the type's own
 * format (so NaN payloads and every f8/f6/f4 value survive exactly); {@code bits} is unsigned.
 */
public record FloatAttr(FloatType type, BigInteger bits) implements Attribute {
    @Override public boolean equals(Object o) { return this == o || o instanceof FloatAttr r
            && Objects.equals(type, r.type) && Objects.equals(bits, r.bits); }

    @Override public int hashCode() { int h = Objects.hashCode(type); h = 31 * h + Objects.hashCode(bits); return h; }
}
