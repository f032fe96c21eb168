package org.stablehlo4j.ir;

import java.util.List;

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
}
