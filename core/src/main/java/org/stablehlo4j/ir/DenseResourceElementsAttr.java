package org.stablehlo4j.ir;

/**
 * Builtin {@code dense_resource<handle> : type}; the bytes live in the module's
 * {@code dialect_resources} section under {@code builtin}, see {@link ResourceBlob}.
 */
public record DenseResourceElementsAttr(ShapedType type, String handle) implements Attribute {
}
