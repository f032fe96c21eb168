package org.stablehlo4j.ir;

import java.util.Objects;

/** Builtin {@code true}/{@code false}. */
public record BoolAttr(boolean value) implements Attribute {
    /** {@code true}. */
    public static final BoolAttr TRUE = new BoolAttr(true);
    /** {@code false}. */
    public static final BoolAttr FALSE = new BoolAttr(false);

    /**
     * The attribute of {@code b}.
     *
     * @param b the value
     * @return {@link #TRUE} or {@link #FALSE}
     */
    public static BoolAttr of(boolean b) { return b ? TRUE : FALSE; }

    @Override public boolean equals(Object o) { return this == o || o instanceof BoolAttr r && value == r.value; }

    @Override public int hashCode() { return Boolean.hashCode(value); }
}
