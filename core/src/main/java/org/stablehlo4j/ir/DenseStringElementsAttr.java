package org.stablehlo4j.ir;

import java.util.List;

/** Builtin {@code dense<["a", "b"]> : tensor<2x!tf.string>}: one byte string per element (one if splat). */
public record DenseStringElementsAttr(ShapedType type, List<StringAttr> values, boolean splat) implements Attribute {
    public DenseStringElementsAttr {
        values = List.copyOf(values);
    }
}
