package org.stablehlo4j.ir;

import java.util.List;
import java.util.Objects;

/** Builtin {@code @root::@nested::@leaf} symbol reference. */
public record SymbolRefAttr(String root, List<String> nested) implements Attribute {
    /**
     * Copies the nested references.
     *
     * @param root the root symbol's name
     * @param nested the nested symbols' names
     */
    public SymbolRefAttr {
        nested = List.copyOf(nested);
    }

    /**
     * A reference {@code @name} with no nested part.
     *
     * @param name the symbol's name
     * @return the reference
     */
    public static SymbolRefAttr flat(String name) { return new SymbolRefAttr(name, List.of()); }

    @Override public boolean equals(Object o) { return this == o || o instanceof SymbolRefAttr r
            && Objects.equals(root, r.root) && Objects.equals(nested, r.nested); }

    @Override public int hashCode() { int h = Objects.hashCode(root); h = 31 * h + Objects.hashCode(nested); return h; }
}
