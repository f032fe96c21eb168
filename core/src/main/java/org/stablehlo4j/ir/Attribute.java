package org.stablehlo4j.ir;

/**
 * An immutable MLIR attribute. Implementations are value objects with structural equality.
 */
public interface Attribute {
    /**
     * The type of a typed attribute (MLIR's {@code TypedAttr}: integers, floats, strings, dense elements), which
     * the printer writes as a {@code : type} suffix and constant ops take as their result type.
     *
     * @param attribute the attribute
     * @return its type, or null when it has none (a string may have none)
     */
    static Type typeOf(Attribute attribute) {
        if (attribute instanceof StringAttr s) return s.type();
        if (attribute instanceof DenseElementsAttr d) return d.type();
        if (attribute instanceof DenseStringElementsAttr d) return d.type();
        if (attribute instanceof DenseResourceElementsAttr d) return d.type();
        if (attribute instanceof IntegerAttr i) return i.type();
        if (attribute instanceof FloatAttr f) return f.type();
        return null;
    }
}
