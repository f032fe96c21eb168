package org.stablehlo4j.ir;

/** Builtin {@code none} type. */
public final class NoneType implements Type {
    /** The {@code none} type. */
    public static final NoneType INSTANCE = new NoneType();
    private NoneType() {}
    @Override public String toString() { return "none"; }
}
