package org.stablehlo4j.ir;

import java.util.Objects;

/**
 * Builtin {@code dense_resource<handle> : type}; the bytes live in the module's
 * {@code dialect_resources} section under {@code builtin}, see {@link ResourceBlob}.
 */
public record DenseResourceElementsAttr(ShapedType type, String handle) implements Attribute {
    @Override public boolean equals(Object o) { return this == o || o instanceof DenseResourceElementsAttr r
            && Objects.equals(type, r.type) && Objects.equals(handle, r.handle); }

    @Override public int hashCode() { int h = Objects.hashCode(type); h = 31 * h + Objects.hashCode(handle); return h; }
}
