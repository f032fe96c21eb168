package org.stablehlo4j.ir;

import java.util.List;
import java.util.Objects;

/** Builtin {@code [a, b, ...]}. */
public record ArrayAttr(List<Attribute> elements) implements Attribute {
    /**
     * Copies the list.
     *
     * @param elements the elements, in order
     */
    public ArrayAttr {
        elements = List.copyOf(elements);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof ArrayAttr r
            && Objects.equals(elements, r.elements); }

    @Override public int hashCode() { return Objects.hashCode(elements); }
}
