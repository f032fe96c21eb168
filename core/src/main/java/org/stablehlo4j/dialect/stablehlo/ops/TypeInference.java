package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;

/**
 * Type inference: the result types an op's operands and attributes imply (upstream's {@code inferReturnTypes}),
 * and the shape-merging rules several ops share.
 */
public final class TypeInference {
    private TypeInference() {}

    /**
     * The inference HLO_CompatibleOperandsAndResultType brings to the ops that carry it: the most specific type
     * compatible with every operand.
     */
    public static List<Type> compatibleOperandsAndResultType(Operation op) {
        if (op.numOperands() == 0) {
            throw VerificationError.at(op.location(),
                    "Expected non-empty operands for [CompatibleOperandsAndResultType]");
        }
        Type first = op.operand(0).type();
        if (first instanceof RankedTensorType r && TypeCompat.bounds(r) == null) {
            // Equal ranked types without bounds: the most specific is the type itself (as merge finds).
            boolean same = true;
            for (int i = 1; same && i < op.numOperands(); i++) same = op.operand(i).type().equals(first);
            if (same) return List.of(first);
        }
        List<Type> operands = new ArrayList<>();
        for (var v : op.operands()) operands.add(v.type());
        return List.of(TypeInference.mostSpecific(op.location(), operands));
    }

    /** One dimension merge: sizes and bounds of both sides in, size and bound out (as a pair). */
    private interface DimRule {
        long[] merge(Location loc, int dim, long leftSize, long rightSize, long leftBound, long rightBound);
    }

    private static boolean isStatic(long d) {
        return d != ShapedType.DYNAMIC;
    }

    /** The most specific type compatible with all the given ones (refining dynamic sizes and bounds). */
    public static Type mostSpecific(Location loc, List<Type> types) {
        return overTuples(loc, types, true);
    }

    /** The least specific type of the given ones (where sizes differ the result is dynamic); for branches. */
    public static Type leastSpecific(Location loc, List<Type> types) {
        return overTuples(loc, types, false);
    }

    private static Type overTuples(Location loc, List<Type> types, boolean most) {
        int tuples = 0;
        for (Type t : types) if (t instanceof TupleType) tuples++;
        if (tuples == 0) return most ? mostSpecificShaped(loc, types) : leastSpecificShaped(loc, types);
        if (tuples != types.size()) {
            throw VerificationError.at(loc, "Mismatched type kinds: either all types must be tuples, or no types must"
                    + " be tuples");
        }
        int size = ((TupleType) types.get(0)).types().size();
        for (Type t : types) {
            if (((TupleType) t).types().size() != size) {
                throw VerificationError.at(loc, "Mismatched tuple sizes: all tuple sizes must be the same");
            }
        }
        List<Type> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            List<Type> ith = new ArrayList<>();
            for (Type t : types) ith.add(((TupleType) t).types().get(i));
            out.add(overTuples(loc, ith, most));
        }
        return new TupleType(out);
    }

    private static Type mostSpecificShaped(Location loc, List<Type> types) {
        List<RankedTensorType> ranked = new ArrayList<>();
        for (Type t : types) if (t instanceof RankedTensorType r) ranked.add(r);
        if (ranked.isEmpty()) return types.get(0);
        return merge(loc, ranked, TypeInference::mostSpecificDim);
    }

    private static Type leastSpecificShaped(Location loc, List<Type> types) {
        List<RankedTensorType> ranked = new ArrayList<>();
        for (Type t : types) {
            if (!(t instanceof RankedTensorType r)) return t;
            ranked.add(r);
        }
        return merge(loc, ranked, TypeInference::leastSpecificDim);
    }

    private static RankedTensorType merge(Location loc, List<RankedTensorType> types, DimRule rule) {
        RankedTensorType first = types.get(0);
        if (TypeCompat.bounds(first) == null && allEqual(types, first)) {
            // Equal types without bounds merge, dimension by dimension, into the same type.
            return first;
        }
        int rank = first.rank();
        for (RankedTensorType t : types) {
            if (t.rank() != rank) {
                throw VerificationError.at(loc, "Mismatched ranks of types" + rank + " vs " + t.rank());
            }
        }
        long[] sizes = first.shape();
        long[] bounds = new long[rank];
        java.util.Arrays.fill(bounds, ShapedType.DYNAMIC);
        List<Long> firstBounds = TypeCompat.bounds(first);
        boolean anyBounds = firstBounds != null;
        if (firstBounds != null) {
            for (int i = 0; i < Math.min(rank, firstBounds.size()); i++) bounds[i] = firstBounds.get(i);
        }
        for (int k = 1; k < types.size(); k++) {
            RankedTensorType t = types.get(k);
            List<Long> b = TypeCompat.bounds(t);
            for (int d = 0; d < rank; d++) {
                long[] merged = rule.merge(loc, d, sizes[d], t.dim(d), bounds[d],
                        b == null || b.size() <= d ? ShapedType.DYNAMIC : b.get(d));
                sizes[d] = merged[0];
                bounds[d] = merged[1];
            }
        }
        return new RankedTensorType(sizes, first.elementType(), boundsToEncoding(first.encoding(), anyBounds ? bounds
                : null));
    }

    private static boolean allEqual(List<RankedTensorType> types, RankedTensorType first) {
        for (int k = 1; k < types.size(); k++) if (!types.get(k).equals(first)) return false;
        return true;
    }

    /** Upstream's boundsToEncoding: no bounds keeps the prototype's encoding; all-dynamic bounds drop it. */
    static Attribute boundsToEncoding(Attribute prototype, long[] bounds) {
        if (bounds == null) return prototype;
        boolean any = false;
        List<Long> list = new ArrayList<>();
        for (long b : bounds) {
            any |= isStatic(b);
            list.add(b);
        }
        return any ? new TypeExtensionsAttr(list) : null;
    }

    /** Upstream's inferMostSpecificDimAndBound: one dimension's size and bound, as {size, bound}. */
    static long[] mostSpecificDim(Location loc, int dim, long leftSize, long rightSize, long leftBound,
                                          long rightBound) {
        long size = ShapedType.DYNAMIC;
        long bound = ShapedType.DYNAMIC;
        if (isStatic(leftSize) || isStatic(rightSize)) {
            if (isStatic(leftSize) && isStatic(rightSize) && leftSize != rightSize) {
                throw VerificationError.at(loc, "Mismatched dimension sizes " + leftSize + " and " + rightSize
                        + " in dimension " + dim);
            }
            size = isStatic(leftSize) ? leftSize : rightSize;
            if (isStatic(leftBound) || isStatic(rightBound)) {
                long check = isStatic(leftBound) ? leftBound : rightBound;
                if (size > check) {
                    throw VerificationError.at(loc, "Mismatched dimension size " + size + " and bound " + check
                            + " in dimension " + dim);
                }
            }
        } else if (isStatic(leftBound) && isStatic(rightBound)) {
            bound = Math.min(leftBound, rightBound);
        } else {
            bound = isStatic(leftBound) ? leftBound : rightBound;
        }
        return new long[] {size, bound};
    }

    private static long[] leastSpecificDim(Location loc, int dim, long leftSize, long rightSize, long leftBound,
                                           long rightBound) {
        long size = ShapedType.DYNAMIC;
        long bound = ShapedType.DYNAMIC;
        if (isStatic(leftSize) || isStatic(rightSize)) {
            if (isStatic(leftSize) && isStatic(rightSize)) {
                if (leftSize != rightSize) {
                    throw VerificationError.at(loc, "Mismatched dimension sizes " + leftSize + " and " + rightSize
                            + " in dimension " + dim);
                }
                size = leftSize;
            } else if (isStatic(leftBound) || isStatic(rightBound)) {
                bound = isStatic(leftSize) ? Math.max(leftSize, rightBound) : Math.max(rightSize, leftBound);
            }
        } else if (isStatic(leftBound) && isStatic(rightBound)) {
            bound = Math.max(leftBound, rightBound);
        }
        return new long[] {size, bound};
    }
}
