package org.stablehlo4j.ir;

import java.util.List;
import java.util.Objects;

/** Builtin {@code dense<["a", "b"]> : tensor<2x!tf.string>}: one byte string per element (one if splat). */
public record DenseStringElementsAttr(ShapedType type, List<StringAttr> values, boolean splat) implements Attribute {
    /**
     * Copies the values.
     *
     * @param type the shaped type
     * @param values the strings, one per element (one if splat)
     * @param splat whether one value stands for all elements
     */
    public DenseStringElementsAttr {
        values = List.copyOf(values);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof DenseStringElementsAttr r
            && splat == r.splat && Objects.equals(type, r.type) && Objects.equals(values, r.values); }

    @Override public int hashCode() { int h = Objects.hashCode(type); h = 31 * h + Objects.hashCode(values);
            h = 31 * h + Boolean.hashCode(splat); return h; }
}
