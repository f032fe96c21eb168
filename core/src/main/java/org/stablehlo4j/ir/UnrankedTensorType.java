package org.stablehlo4j.ir;

import java.util.Objects;

/** Builtin {@code tensor<*xelem>}. */
public record UnrankedTensorType(Type elementType) implements ShapedType {
    @Override public boolean hasRank() { return false; }

    /**
     * The checked construction's invariant (MLIR's {@code UnrankedTensorType::verifyInvariants}).
     *
     * @param elementType the element type
     * @return null when valid, else upstream's diagnostic text
     */
    public static String verifyInvariants(Type elementType) {
        return RankedTensorType.isValidElementType(elementType) ? null : "invalid tensor element type";
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof UnrankedTensorType r
            && Objects.equals(elementType, r.elementType); }

    @Override public int hashCode() { return Objects.hashCode(elementType); }
}
