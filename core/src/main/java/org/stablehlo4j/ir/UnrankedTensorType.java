package org.stablehlo4j.ir;

/** Builtin {@code tensor<*xelem>}. */
public record UnrankedTensorType(Type elementType) implements ShapedType {
    @Override public boolean hasRank() { return false; }
}
