package org.stablehlo4j.ir;

/** Builtin {@code true}/{@code false}. */
public record BoolAttr(boolean value) implements Attribute {
    public static final BoolAttr TRUE = new BoolAttr(true);
    public static final BoolAttr FALSE = new BoolAttr(false);

    public static BoolAttr of(boolean b) { return b ? TRUE : FALSE; }
}
