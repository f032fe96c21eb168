package org.stablehlo4j.ir;

import java.util.Objects;

/**
 * Builtin floating-point types. Each kind knows its keyword and bit layout (see {@link FloatKind}).
 */
public record FloatType(FloatKind kind) implements Type {
    /** {@code f16}. */
    public static final FloatType F16 = new FloatType(FloatKind.F16);
    /** {@code bf16}. */
    public static final FloatType BF16 = new FloatType(FloatKind.BF16);
    /** {@code f32}. */
    public static final FloatType F32 = new FloatType(FloatKind.F32);
    /** {@code f64}. */
    public static final FloatType F64 = new FloatType(FloatKind.F64);

    /** {@return the width in bits} */
    public int width() { return kind.width; }

    @Override
    public String toString() { return kind.keyword; }

    @Override public boolean equals(Object o) { return this == o || o instanceof FloatType r && kind == r.kind; }

    @Override public int hashCode() { return Objects.hashCode(kind); }
}
