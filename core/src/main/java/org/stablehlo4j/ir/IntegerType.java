package org.stablehlo4j.ir;

/** Builtin integer type: {@code i1}, {@code si8}, {@code ui32}, ... of any width. */
public record IntegerType(int width, Signedness signedness) implements Type {
    public enum Signedness { SIGNLESS, SIGNED, UNSIGNED }

    public static final IntegerType I1 = new IntegerType(1, Signedness.SIGNLESS);
    public static final IntegerType I8 = new IntegerType(8, Signedness.SIGNLESS);
    public static final IntegerType I32 = new IntegerType(32, Signedness.SIGNLESS);
    public static final IntegerType I64 = new IntegerType(64, Signedness.SIGNLESS);

    public IntegerType {
        if (width < 0) throw new IllegalArgumentException("negative integer width");
    }

    public static IntegerType signless(int width) {
        return new IntegerType(width, Signedness.SIGNLESS);
    }

    public boolean isSignless() { return signedness == Signedness.SIGNLESS; }
    public boolean isUnsigned() { return signedness == Signedness.UNSIGNED; }

    @Override
    public String toString() {
        return switch (signedness) {
            case SIGNLESS -> "i" + width;
            case SIGNED -> "si" + width;
            case UNSIGNED -> "ui" + width;
        };
    }
}
