package org.stablehlo4j.ir;

import java.util.Objects;

/** A name/value pair of a {@link DictionaryAttr}. */
public record NamedAttribute(String name, Attribute value) {
    @Override public boolean equals(Object o) { return this == o || o instanceof NamedAttribute r
            && Objects.equals(name, r.name) && Objects.equals(value, r.value); }

    @Override public int hashCode() { int h = Objects.hashCode(name); h = 31 * h + Objects.hashCode(value); return h; }
}
