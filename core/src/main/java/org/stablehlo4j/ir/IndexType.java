package org.stablehlo4j.ir;

/** Builtin {@code index} type. */
public final class IndexType implements Type {
    /** The {@code index} type. */
    public static final IndexType INSTANCE = new IndexType();
    private IndexType() {}
    @Override public String toString() { return "index"; }
}
