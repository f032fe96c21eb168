package org.stablehlo4j.ir;

import java.util.List;

/** Builtin {@code tuple<...>}. */
public record TupleType(List<Type> types) implements Type {
    /**
     * Copies the list.
     *
     * @param types the element types
     */
    public TupleType {
        types = List.copyOf(types);
    }
}
