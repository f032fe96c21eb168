package org.stablehlo4j.ir;

/** A type with an element type and (maybe) a shape: ranked and unranked tensors. */
public interface ShapedType extends Type {
    /** Marker for a dynamic dimension ({@code ?}). */
    long DYNAMIC = Long.MIN_VALUE;

    /** The element type. */
    Type elementType();

    /** Whether the rank is known. */
    boolean hasRank();
}
