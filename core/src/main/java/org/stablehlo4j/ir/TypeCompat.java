package org.stablehlo4j.ir;

import java.util.List;

/**
 * Type compatibility as StableHLO's verifiers and type inference use it: dynamic dimensions and bounds are
 * compatible with any size they admit, unranked tensors with any tensor, quantized element types by their
 * storage and expressed types.
 */
public final class TypeCompat {
    private TypeCompat() {}

    /**
     * The element type of a shaped type, or the type itself.
     *
     * @param t a type
     * @return its element type
     */
    public static Type elementType(Type t) {
        return t instanceof ShapedType s ? s.elementType() : t;
    }

    /**
     * MLIR's shape compatibility: both unranked or one unranked, or equal ranks whose dimension pairs are equal or
     * have a dynamic side. Non-shaped types are compatible with each other.
     *
     * @param a a type
     * @param b a type
     * @return whether their shapes are compatible
     */
    public static boolean compatibleShape(Type a, Type b) {
        if (a == b) return true;
        boolean sa = a instanceof ShapedType;
        boolean sb = b instanceof ShapedType;
        if (!sa || !sb) return !sa && !sb;
        if (!(a instanceof RankedTensorType ra) || !(b instanceof RankedTensorType rb)) return true;
        if (ra.rank() != rb.rank()) return false;
        for (int i = 0; i < ra.rank(); i++) {
            long x = ra.dim(i);
            long y = rb.dim(i);
            if (x != ShapedType.DYNAMIC && y != ShapedType.DYNAMIC && x != y) return false;
        }
        return true;
    }

    /**
     * Whether every pair of the types has a compatible shape.
     *
     * @param types the types
     * @return whether they are pairwise compatible
     */
    public static boolean compatibleShapes(List<Type> types) {
        // The relation is symmetric and reflexive: each unordered pair once.
        for (int i = 0, n = types.size(); i < n; i++) {
            Type a = types.get(i);
            for (int j = i + 1; j < n; j++) {
                if (!compatibleShape(a, types.get(j))) return false;
            }
        }
        return true;
    }

    /**
     * {@link #compatibleShape} and, for ranked tensors, each static size within the other side's bounds.
     *
     * @param a a type
     * @param b a type
     * @return whether they are compatible, bounds included
     */
    public static boolean compatibleShapeWithBounds(Type a, Type b) {
        if (!compatibleShape(a, b)) return false;
        if (a instanceof RankedTensorType ra && b instanceof RankedTensorType rb) {
            return withinBounds(ra, bounds(rb)) && withinBounds(rb, bounds(ra));
        }
        return true;
    }

    /**
     * The bounds of a ranked tensor's bounds encoding (e.g. {@code #stablehlo.bounds}), or null.
     *
     * @param t the tensor type
     * @return the bounds, or null if the encoding has none
     */
    public static List<Long> bounds(RankedTensorType t) {
        return t.encoding() instanceof BoundedEncoding ext ? ext.bounds() : null;
    }

    private static boolean withinBounds(RankedTensorType t, List<Long> bounds) {
        if (bounds == null || t.rank() == 0) return true;
        for (int i = 0; i < Math.min(t.rank(), bounds.size()); i++) {
            long bound = bounds.get(i);
            if (bound != ShapedType.DYNAMIC && bound < t.dim(i)) return false;
        }
        return true;
    }

    /**
     * StableHLO's element type compatibility (quantized types by storage/expressed type and granularity).
     *
     * @param a an element type
     * @param b an element type
     * @return whether they are compatible
     */
    public static boolean compatibleElementType(Type a, Type b) {
        a = elementType(a);
        b = elementType(b);
        if (a == b) return true;
        if (a instanceof UniformQuantizedType qa && b instanceof UniformQuantizedType qb) {
            return qa.storageType().equals(qb.storageType()) && qa.storageMin() == qb.storageMin()
                    && qa.storageMax() == qb.storageMax() && qa.expressedType().equals(qb.expressedType())
                    && qa.isPerAxis() == qb.isPerAxis();
        }
        if (a instanceof UniformQuantizedType || b instanceof UniformQuantizedType) return false;
        return a.equals(b);
    }

    /**
     * StableHLO's type compatibility for type inference: compatible shapes (with bounds) and element types.
     *
     * @param a a type
     * @param b a type
     * @return whether they are compatible
     */
    public static boolean compatible(Type a, Type b) {
        if (a == b && !(a instanceof RankedTensorType r && r.encoding() instanceof BoundedEncoding)) return true;
        if (a instanceof ShapedType && b instanceof ShapedType) {
            return compatibleShapeWithBounds(a, b) && compatibleElementType(a, b);
        }
        return compatibleElementType(a, b);
    }
}
