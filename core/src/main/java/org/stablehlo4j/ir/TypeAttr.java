package org.stablehlo4j.ir;

import java.util.Objects;

/** Builtin type attribute (a type used where an attribute is expected). */
public record TypeAttr(Type value) implements Attribute {
    @Override public boolean equals(Object o) { return this == o || o instanceof TypeAttr r
            && Objects.equals(value, r.value); }

    @Override public int hashCode() { return Objects.hashCode(value); }
}
