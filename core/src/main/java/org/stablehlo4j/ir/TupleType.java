package org.stablehlo4j.ir;

import java.util.List;
import java.util.Objects;

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

    @Override public boolean equals(Object o) { return this == o || o instanceof TupleType r
            && Objects.equals(types, r.types); }

    @Override public int hashCode() { return Objects.hashCode(types); }
}
