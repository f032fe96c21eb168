package org.stablehlo4j.ir;

import java.util.Objects;

/**
 * Builtin {@code affine_map<...>}, kept as the text between the angle brackets (not modelled structurally).
 */
public record AffineMapAttr(String body) implements Attribute {
    @Override
    public String toString() { return "affine_map<" + body + ">"; }

    @Override public boolean equals(Object o) { return this == o || o instanceof AffineMapAttr r
            && Objects.equals(body, r.body); }

    @Override public int hashCode() { return Objects.hashCode(body); }
}
