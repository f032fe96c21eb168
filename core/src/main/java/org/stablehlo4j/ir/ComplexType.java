package org.stablehlo4j.ir;

import java.util.Objects;

/** Builtin {@code complex<elementType>}. */
public record ComplexType(Type elementType) implements Type {
    @Override public boolean equals(Object o) { return this == o || o instanceof ComplexType r
            && Objects.equals(elementType, r.elementType); }

    @Override public int hashCode() { return Objects.hashCode(elementType); }
}
