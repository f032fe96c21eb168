package org.stablehlo4j.ir;

import java.util.Objects;

/** Builtin integer type: {@code i1}, {@code si8}, {@code ui32}, ... of any width. */
public record IntegerType(int width, Signedness signedness) implements Type {
    /** Signless ({@code i32}), signed ({@code si32}) or unsigned ({@code ui32}). */
    public enum Signedness {
        /** {@code iN} */
        SIGNLESS,
        /** {@code siN} */
        SIGNED,
        /** {@code uiN} */
        UNSIGNED
    }

    /** {@code i1}, the boolean type. */
    public static final IntegerType I1 = new IntegerType(1, Signedness.SIGNLESS);
    /** {@code i8}. */
    public static final IntegerType I8 = new IntegerType(8, Signedness.SIGNLESS);
    /** {@code i32}. */
    public static final IntegerType I32 = new IntegerType(32, Signedness.SIGNLESS);
    /** {@code i64}. */
    public static final IntegerType I64 = new IntegerType(64, Signedness.SIGNLESS);

    /**
     * Checks the width.
     *
     * @param width the number of bits, 1 or more
     * @param signedness signless, signed or unsigned
     */
    public IntegerType {
        if (width < 0) throw new IllegalArgumentException("negative integer width");
    }

    /**
     * The signless integer type of {@code width} bits.
     *
     * @param width the number of bits
     * @return the type {@code iN}
     */
    public static IntegerType signless(int width) {
        return new IntegerType(width, Signedness.SIGNLESS);
    }

    /** {@return whether the type is signless ({@code iN})} */
    public boolean isSignless() { return signedness == Signedness.SIGNLESS; }
    /** {@return whether the type is unsigned ({@code uiN})} */
    public boolean isUnsigned() { return signedness == Signedness.UNSIGNED; }

    @Override
    public String toString() {
        return switch (signedness) {
            case SIGNLESS -> "i" + width;
            case SIGNED -> "si" + width;
            case UNSIGNED -> "ui" + width;
        };
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof IntegerType r && width == r.width
            && signedness == r.signedness; }

    @Override public int hashCode() { int h = width; h = 31 * h + Objects.hashCode(signedness); return h; }
}
