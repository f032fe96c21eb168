package org.stablehlo4j.ir;

/** A type with an element type and (maybe) a shape: ranked and unranked tensors. */
public interface ShapedType extends Type {
    /** Marker for a dynamic dimension ({@code ?}). */
    long DYNAMIC = Long.MIN_VALUE;

    /** {@return the element type} */
    Type elementType();

    /** {@return whether the rank is known} */
    boolean hasRank();
}
