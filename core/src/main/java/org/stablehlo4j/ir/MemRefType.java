package org.stablehlo4j.ir;

import java.util.Arrays;
import java.util.Objects;

/**
 * Builtin {@code memref<AxBxelem[, layout][, memorySpace]>} or unranked {@code memref<*xelem[, memorySpace]>}
 * ({@code shape == null}). Layout and memory space are null when absent.
 */
public final class MemRefType implements ShapedType {
    private final long[] shape;
    private final Type elementType;
    private final Attribute layout;
    private final Attribute memorySpace;

    /**
     * A memref type; dynamic dimensions are negative.
     *
     * @param shape the dimension sizes
     * @param elementType the element type
     * @param layout the layout attribute, or null
     * @param memorySpace the memory space attribute, or null
     */
    public MemRefType(long[] shape, Type elementType, Attribute layout, Attribute memorySpace) {
        this.shape = shape == null ? null : shape.clone();
        this.elementType = elementType;
        this.layout = layout;
        this.memorySpace = memorySpace;
    }

    /** {@return a copy of the shape, or null if unranked} */
    public long[] shape() { return shape == null ? null : shape.clone(); }
    @Override public Type elementType() { return elementType; }
    /** {@return the layout attribute, or null} */
    public Attribute layout() { return layout; }
    /** {@return the memory space attribute, or null} */
    public Attribute memorySpace() { return memorySpace; }
    @Override public boolean hasRank() { return shape != null; }

    @Override
    public boolean equals(Object o) {
        return o instanceof MemRefType m && Arrays.equals(shape, m.shape) && elementType.equals(m.elementType)
                && Objects.equals(layout, m.layout) && Objects.equals(memorySpace, m.memorySpace);
    }

    @Override
    public int hashCode() { return Objects.hash(Arrays.hashCode(shape), elementType, layout, memorySpace); }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("memref<");
        if (shape == null) sb.append("*x");
        else for (long d : shape) sb.append(d == DYNAMIC ? "?" : Long.toString(d)).append('x');
        sb.append(elementType);
        if (layout != null) sb.append(", ").append(layout);
        if (memorySpace != null) sb.append(", ").append(memorySpace);
        return sb.append('>').toString();
    }
}
