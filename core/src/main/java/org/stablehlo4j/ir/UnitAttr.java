package org.stablehlo4j.ir;

/** Builtin {@code unit} attribute. */
public final class UnitAttr implements Attribute {
    /** The unit attribute. */
    public static final UnitAttr INSTANCE = new UnitAttr();
    private UnitAttr() {}
    @Override public String toString() { return "unit"; }
}
