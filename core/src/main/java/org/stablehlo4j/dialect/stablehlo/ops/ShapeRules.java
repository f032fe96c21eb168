package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.RuleSupport.longs;
import static org.stablehlo4j.dialect.stablehlo.ops.ElementwiseTypeRules.*;
import static org.stablehlo4j.dialect.stablehlo.ops.ReshapeRules.*;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * Verification and type inference rules of: shape and data-movement ops (constant, iota, slice, broadcast,
 * reshape, gather, pad, transpose, ...) and the non-arithmetic elementwise ops (compare, select, clamp, complex,
 * convert, ...).
 *
 * <p>Upstream relies on ODS type constraints (checked before these rules) for e.g. "operands are ranked tensors";
 * those are not all checked here, so each rule first makes sure the types have the form it needs and otherwise
 * says nothing (returns no inference) rather than guess.
 */
public final class ShapeRules {
    private ShapeRules() {}

    static final long DYN = ShapedType.DYNAMIC;

    /** stablehlo.gather's inference. */
    public static Type inferGather(Operation op) {
        return inferGather(op, false);
    }

    /** stablehlo.dynamic_gather's inference. */
    public static Type inferDynamicGather(Operation op) {
        return inferGather(op, true);
    }

    /** stablehlo.reverse's inference: the operand type. */
    public static Type inferReverse(Operation op) {
        return op.numOperands() == 1 ? op.operand(0).type() : null;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Helpers

    static VerificationError err(Operation op, String message) {
        return VerificationError.at(op.location(), message);
    }

    /** A type as MLIR streams it into a diagnostic: quoted. */
    static String q(Type t) {
        return "'" + RuleSupport.str(t) + "'";
    }

    static String join(long[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(values[i]);
        }
        return sb.toString();
    }

    static RankedTensorType ranked(Type t) {
        return t instanceof RankedTensorType r ? r : null;
    }

    static RankedTensorType rankedOperand(Operation op, int i) {
        return i < op.numOperands() ? ranked(op.operand(i).type()) : null;
    }

    static RankedTensorType rankedResult(Operation op, int i) {
        return i < op.numResults() ? ranked(op.result(i).type()) : null;
    }

    /** An inherent {@code array<i64: ...>} attribute as longs, or null when absent or of another kind. */
    static long[] ints(Operation op, String name) {
        if (!(op.attr(name) instanceof DenseArrayAttr a)) return null;
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.getLong(i);
        return out;
    }

    /** An inherent integer attribute, or null. */
    static Long intAttr(Operation op, String name) {
        return op.attr(name) instanceof IntegerAttr a && a.value().bitLength() < 64 ? a.value().longValue() : null;
    }

    /**
     * An inherent integer attribute whose ODS constraint requires it non-negative; null when absent or negative
     * (the attribute constraint reports that, before any rule here).
     */
    static Long nonNegative(Operation op, String name) {
        Long v = intAttr(op, name);
        return v == null || v < 0 ? null : v;
    }

    /**
     * The integer values of a constant operand (MLIR's {@code matchPattern(v, m_Constant(&DenseIntElementsAttr))}),
     * sign-extended, or null when the value is not produced by a constant of dense integers.
     */
    static long[] constInts(Value v) {
        if (!(v instanceof OpResult r)) return null;
        if (!(Folder.constantValue(r.owner()) instanceof DenseElementsAttr d)) return null;
        if (!(d.type().elementType() instanceof IntegerType it) || !(d.type() instanceof RankedTensorType t)) {
            return null;
        }
        long n = t.numElements();
        int eb = DenseElementsAttr.elementStorageBytes(it);
        if (n < 0 || n > 1_000_000 || eb > 8) return null;
        long[] out = new long[(int) n];
        for (int i = 0; i < n; i++) {
            int base = d.isSplat() ? 0 : i * eb;
            if (base + eb > d.length()) return null;
            long x = 0;
            for (int k = eb - 1; k >= 0; k--) x = (x << 8) | (d.byteAt(base + k) & 0xFF);
            int width = it.width();
            if (width < 64) x = (x << (64 - width)) >> (64 - width);
            out[i] = x;
        }
        return out;
    }

    static long[] bounds(RankedTensorType t) {
        List<Long> b = TypeCompat.bounds(t);
        return b == null ? new long[0] : longs(b);
    }

    /** {@link TypeInference#boundsToEncoding}, with an empty array meaning "no bounds". */
    static Attribute boundsToEncoding(Attribute prototype, long[] bounds) {
        return TypeInference.boundsToEncoding(prototype, bounds.length == 0 ? null : bounds);
    }

    static boolean isUnique(long[] values) {
        Set<Long> seen = new HashSet<>();
        for (long v : values) {
            if (!seen.add(v)) return false;
        }
        return true;
    }

    static boolean isSorted(long[] values) {
        for (int i = 1; i < values.length; i++) {
            if (values[i] < values[i - 1]) return false;
        }
        return true;
    }

    static boolean contains(long[] values, long x) {
        for (long v : values) {
            if (v == x) return true;
        }
        return false;
    }

    static boolean compatibleDims(long a, long b) {
        return a == DYN || b == DYN || a == b;
    }

    static void checkDimsInBounds(Operation op, long[] dims, long upper, String dimsName, String upperName) {
        for (long d : dims) {
            if (d < 0 || d >= upper) {
                throw err(op, "Expects each element of " + dimsName + " to be in range [0, " + upperName
                        + ") i.e. [0, " + upper + "). got: " + d + ".");
            }
        }
    }

    static int bitWidth(Type t) {
        if (t instanceof ComplexType c) return 2 * bitWidth(c.elementType());
        if (t instanceof UniformQuantizedType q) return q.storageType().width();
        if (t instanceof IntegerType i) return i.width();
        if (t instanceof FloatType f) return f.width();
        return -1;
    }

    static boolean hasStaticShape(RankedTensorType t) {
        return t.hasStaticShape();
    }

    /** Product of a static shape, or -1 on overflow. */
    static long numElements(RankedTensorType t) {
        long n = 1;
        for (int i = 0; i < t.rank(); i++) {
            try {
                n = Math.multiplyExact(n, t.dim(i));
            } catch (ArithmeticException e) {
                return -1;
            }
        }
        return n;
    }

    static Type withElement(Type shaped, Type element) {
        if (shaped instanceof RankedTensorType r) return new RankedTensorType(r.shape(), element, r.encoding());
        if (shaped instanceof UnrankedTensorType) return new UnrankedTensorType(element);
        return null;
    }

    /**
     * The constant's value type. Upstream compares it with the result type exactly, after replacing a quantized
     * result element type by its storage type; when that holds the declared type itself is returned.
     */
    public static Type inferConstant(Operation op) {
        Attribute value = op.attr("value");
        ShapedType type = value instanceof DenseElementsAttr d ? d.type()
                : value instanceof DenseStringElementsAttr d ? d.type()
                : value instanceof DenseResourceElementsAttr d ? d.type() : null;
        if (type == null || op.numResults() != 1) return null;
        Type result = op.result(0).type();
        // a result that is not a statically shaped tensor fails its ODS constraint first
        if (!(result instanceof RankedTensorType r) || !r.hasStaticShape()) return null;
        Type storage = TypeCompat.elementType(result) instanceof UniformQuantizedType qt
                ? withElement(result, qt.storageType()) : result;
        return type.equals(storage) ? result : type;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Gather

    static Type inferGather(Operation op, boolean dynamic) {
        if (op.numOperands() < 2 || !(op.attr("dimension_numbers") instanceof GatherDimensionNumbersAttr dn)) {
            return null;
        }
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType indices = rankedOperand(op, 1);
        if (operand == null || indices == null) return null;
        long[] sliceSizes;
        long sliceSizesRank;
        long sliceSizesCount;
        if (dynamic) {
            RankedTensorType ss = rankedOperand(op, 2);
            if (ss == null) return null;
            sliceSizes = constInts(op.operand(2));
            sliceSizesRank = ss.rank();
            sliceSizesCount = ss.hasStaticShape() ? numElements(ss) : DYN;
        } else {
            sliceSizes = ints(op, "slice_sizes");
            if (sliceSizes == null) return null;
            sliceSizesRank = 1;
            sliceSizesCount = sliceSizes.length;
        }
        long[] offsetDims = longs(dn.offsetDims());
        long[] collapsed = longs(dn.collapsedSliceDims());
        long[] operandBatching = longs(dn.operandBatchingDims());
        long[] indicesBatching = longs(dn.startIndicesBatchingDims());
        long[] startIndexMap = longs(dn.startIndexMap());
        long indexVectorDim = dn.indexVectorDim();
        int operandRank = operand.rank();
        int indicesRank = indices.rank();

        // gather_c1
        long implied = (long) offsetDims.length + collapsed.length + operandBatching.length;
        if (operandRank != implied) {
            throw err(op, "offset_dims size (" + offsetDims.length + ") plus collapse_slice_dims size ("
                    + collapsed.length + ") plus operand_batching_dims size (" + operandBatching.length
                    + ") is not equal to operand rank (" + operandRank + ")");
        }
        // gather_c2
        if (indexVectorDim < 0 || indexVectorDim > indicesRank) {
            throw err(op, "Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, "
                    + indicesRank + "]. got: " + indexVectorDim + ".");
        }
        // gather_c3
        boolean impliedTrailing = indexVectorDim == indicesRank;
        if (impliedTrailing || indices.dim((int) indexVectorDim) != DYN) {
            long size = impliedTrailing ? 1 : indices.dim((int) indexVectorDim);
            if (size != startIndexMap.length) {
                throw err(op, "start_index_map size (" + startIndexMap.length
                        + ") is not equal to size of index dimension (" + indexVectorDim + ") of start_indices ("
                        + size + ")");
            }
        }
        // gather_c4
        if (!isSorted(offsetDims)) {
            throw err(op, "expects offset_dims to be sorted, got: [" + join(offsetDims) + "]");
        }
        if (!isUnique(offsetDims)) {
            throw err(op, "expects offset_dims to not repeat, got: [" + join(offsetDims) + "]");
        }
        // gather_c6, c7, c8
        HloChecks.checkDimsDistinct(op.location(), collapsed, operandBatching,
                "collapsed_slice_dims", "operand_batching_dims");
        if (!isSorted(collapsed)) {
            throw err(op, "expects collapsed_slice_dims to be sorted, got: [" + join(collapsed) + "]");
        }
        checkDimsInBounds(op, collapsed, operandRank, "collapsed_slice_dims", "rank-of('operand')");
        // gather_c10, c11
        if (!isSorted(operandBatching)) {
            throw err(op, "expects operand_batching_dims to be sorted, got: [" + join(operandBatching) + "]");
        }
        checkDimsInBounds(op, operandBatching, operandRank, "operand_batching_dims", "rank-of('operand')");
        // gather_c13, c14, c15
        if (!isUnique(indicesBatching)) {
            throw err(op, "expects start_indices_batching_dims to not repeat, got: [" + join(indicesBatching) + "]");
        }
        checkDimsInBounds(op, indicesBatching, indicesRank, "start_indices_batching_dims",
                "rank-of('start_indices')");
        if (contains(indicesBatching, indexVectorDim)) {
            throw err(op, "expects start_indices_batching_dims not to include index_vector_dim " + indexVectorDim);
        }
        // gather_c16, c17
        if (operandBatching.length != indicesBatching.length) {
            throw err(op, "operand_batching_dims and start_indices_batching_dims should have the same size");
        }
        for (int i = 0; i < operandBatching.length; i++) {
            long a = operand.dim((int) operandBatching[i]);
            long b = indices.dim((int) indicesBatching[i]);
            if (!compatibleDims(a, b)) {
                throw err(op, "operand_batching_dims[" + i + "] and start_indices_batching_dims[" + i
                        + "] must have compatible sizes, but got " + a + " and " + b);
            }
        }
        // gather_c18, c19
        HloChecks.checkDimsDistinct(op.location(), startIndexMap, operandBatching,
                "start_index_map", "operand_batching_dims");
        checkDimsInBounds(op, startIndexMap, operandRank, "start_index_map", "rank-of('operand')");
        // gather_i9, c20
        if (sliceSizesRank != 1) throw err(op, "slice_sizes.rank != 1 (got " + sliceSizesRank + ')');
        if (sliceSizesCount != operandRank) {
            throw err(op, "slice_sizes size (" + (sliceSizesCount == DYN ? "-9223372036854775808" : sliceSizesCount)
                    + ") not equal to operand rank (" + operandRank + ")");
        }
        if (sliceSizes != null && sliceSizes.length == operandRank) {
            checkSliceSizesAtMostOne(op, sliceSizes, collapsed, "collapsed_slice_dims"); // gather_c9
            checkSliceSizesAtMostOne(op, sliceSizes, operandBatching, "operand_batching_dims"); // gather_c12
            // gather_c21
            for (int i = 0; i < sliceSizes.length; i++) {
                long size = sliceSizes[i];
                if (size < 0 || (operand.dim(i) != DYN && size > operand.dim(i))) {
                    throw err(op, "slice size (" + size + ") is out of bounds for operand dimension ("
                            + operand.dim(i) + ") at index " + i);
                }
            }
        }
        long[] slice = sliceSizes != null && sliceSizes.length == operandRank ? sliceSizes : null;
        return inferGatherType(op, operand, indices, slice, offsetDims, collapsed, operandBatching, indexVectorDim);
    }

    static void checkSliceSizesAtMostOne(Operation op, long[] sliceSizes, long[] dims, String name) {
        for (long d : dims) {
            if (sliceSizes[(int) d] > 1) {
                throw err(op, "Expects that for each dim in " + name + ", slice_sizes[dim] should be <= 1, but got "
                        + sliceSizes[(int) d]);
            }
        }
    }

    /** The gather result: offset dims take the (uncollapsed) slice sizes, the others the batch dims of indices. */
    static Type inferGatherType(Operation op, RankedTensorType operand, RankedTensorType indices,
                                        long[] sliceSizes, long[] offsetDims, long[] collapsed,
                                        long[] operandBatching, long indexVectorDim) {
        long indicesRank = indices.rank();
        if (indexVectorDim == indicesRank) indicesRank++;
        long resultRankL = offsetDims.length + indicesRank - 1;
        // gather_c5
        checkDimsInBounds(op, offsetDims, resultRankL, "offset_dims", "implied-result-rank");
        int resultRank = (int) resultRankL;
        // Offset dims take the slice sizes with the collapsed and batching dims left out: below the largest of
        // those, skip them one by one; above it, the rest shifts by their count (upstream's way, also for repeats).
        long maxDim = -1;
        for (long d : collapsed) maxDim = Math.max(maxDim, d);
        for (long d : operandBatching) maxDim = Math.max(maxDim, d);
        List<Long> prefix = new ArrayList<>();
        for (int d = 0; d <= maxDim; d++) {
            if (!contains(collapsed, d) && !contains(operandBatching, d)) prefix.add(sliceDim(sliceSizes, d));
        }
        long[] shape = new long[resultRank];
        int batchIndex = 0;
        for (int i = 0; i < resultRank; i++) {
            int k = indexOf(offsetDims, i);
            if (k >= 0) {
                shape[i] = k < prefix.size() ? prefix.get(k)
                        : sliceDim(sliceSizes, (long) k + collapsed.length + operandBatching.length);
            } else {
                int index = batchIndex++;
                if (index >= indexVectorDim) index++;
                shape[i] = index < indices.rank() ? indices.dim(index) : DYN;
            }
        }
        long[] indicesBounds = bounds(indices);
        long[] resultBounds = new long[resultRank];
        Arrays.fill(resultBounds, DYN);
        if (indicesBounds.length > 0) {
            int src = 0;
            for (int i = 0; i < resultRank; i++) {
                if (contains(offsetDims, i)) continue;
                if (src == indexVectorDim) src++;
                if (src < indicesBounds.length) resultBounds[i] = indicesBounds[src];
                src++;
            }
        }
        return new RankedTensorType(shape, operand.elementType(),
                boundsToEncoding(indices.encoding(), resultBounds));
    }

    /** A slice size, dynamic when the sizes are unknown (or the index is out of range). */
    static long sliceDim(long[] sliceSizes, long index) {
        return sliceSizes == null || index < 0 || index >= sliceSizes.length ? DYN : sliceSizes[(int) index];
    }

    static int indexOf(long[] values, long x) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == x) return i;
        }
        return -1;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Slices

    /**
     * The ranked operand of slice/pad with its three per-dimension i64 arrays and its bounds (empty when none);
     * null when any is missing or the second and third arrays do not have the operand's rank (the sizes-match
     * trait reports that). A first array of the wrong length is reported with {@code mismatch} (formatted with
     * its length and the rank).
     */
    record Ranges(RankedTensorType type, long[] first, long[] second, long[] third, long[] bounds) {
        /** The static size of dimension i, else its bound, else dynamic. */
        long sizeOrBound(int i) {
            if (type.dim(i) != DYN) return type.dim(i);
            return bounds.length > i ? bounds[i] : DYN;
        }

        String sizeOrBoundName(int i) {
            return type.dim(i) != DYN ? "size" : "bound";
        }

        long[] unboundedResult() {
            long[] out = new long[bounds.length];
            Arrays.fill(out, DYN);
            return out;
        }

        /** The result type: the given shape and bounds, the operand's element type. */
        Type result(long[] shape, long[] resultBounds) {
            return new RankedTensorType(shape, type.elementType(), boundsToEncoding(type.encoding(), resultBounds));
        }
    }

    static Ranges ranges(Operation op, String first, String second, String third, String mismatch) {
        RankedTensorType t = rankedOperand(op, 0);
        long[] a = ints(op, first);
        long[] b = ints(op, second);
        long[] c = ints(op, third);
        if (a != null && b != null && c != null && (a.length != b.length || a.length != c.length)) {
            // AllMatchSameOperatorTrait<[first, second, third], "$_self.size()", "size">, checked before inference
            throw VerificationError.op(op, "failed to verify that all of {" + first + ", " + second + ", " + third + "} have same size");
        }
        if (t == null || a == null || b == null || c == null) return null;
        if (a.length != t.rank()) throw err(op, String.format(mismatch, a.length, t.rank()));
        return new Ranges(t, a, b, c, bounds(t));
    }

    public static Type inferSlice(Operation op) {
        Ranges r = ranges(op, "start_indices", "limit_indices", "strides",
                "the number of elements in start_indices (%d) does not match the rank of the operand (%d)");
        if (r == null) return null;
        long[] start = r.first();
        long[] limit = r.second();
        long[] strides = r.third();
        long[] shape = new long[start.length];
        for (int i = 0; i < shape.length; i++) {
            if (start[i] < 0) throw err(op, "negative start index " + start[i] + " in dimension " + i);
            long sizeOrBound = r.sizeOrBound(i);
            if (sizeOrBound != DYN && limit[i] > sizeOrBound) {
                throw err(op, "limit index " + limit[i] + " is larger than dimension " + r.sizeOrBoundName(i) + " "
                        + sizeOrBound + " in dimension " + i);
            }
            if (start[i] > limit[i]) {
                throw err(op, "start index " + start[i] + " is larger than limit index " + limit[i]
                        + " in dimension " + i);
            }
            if (strides[i] <= 0) throw err(op, "stride must be positive but got " + strides[i] + " in dimension " + i);
            long span = limit[i] - start[i];
            shape[i] = span / strides[i] + (span % strides[i] != 0 ? 1 : 0);
        }
        return r.result(shape, r.unboundedResult());
    }

    static boolean sameStartIndexElementTypes(Operation op, int from) {
        Type first = null;
        for (int i = from; i < op.numOperands(); i++) {
            Type e = TypeCompat.elementType(op.operand(i).type());
            if (first == null) {
                first = e;
            } else if (!(first instanceof FloatType && e instanceof FloatType) && !first.equals(e)) {
                return false;
            }
        }
        return true;
    }

    public static Type inferDynamicSlice(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        long[] sizes = ints(op, "slice_sizes");
        if (t == null || sizes == null) return null;
        int numStart = op.numOperands() - 1;
        // dynamic_slice_c2
        if (numStart != sizes.length) {
            throw err(op, "has mismatched number of slice sizes (" + sizes.length + ") and number of start indices ("
                    + numStart + ")");
        }
        if (t.rank() != numStart) {
            throw err(op, "has mismatched number of start indices (" + numStart + ") and the rank of operand ("
                    + t.rank() + ")");
        }
        // dynamic_slice_c3
        if (!sameStartIndexElementTypes(op, 1)) throw err(op, "start indices must have same element type");
        // dynamic_slice_c4
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 0) throw err(op, "has negative size index to dynamic slice: " + sizes[i]);
            if (t.dim(i) != DYN && sizes[i] > t.dim(i)) {
                throw err(op, "has slice size " + sizes[i] + " greater than dimension size " + t.dim(i)
                        + " in dimension " + i + " of operand");
            }
        }
        return new RankedTensorType(sizes, t.elementType());
    }

    public static Type inferDynamicUpdateSlice(Operation op) {
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType update = rankedOperand(op, 1);
        if (operand == null || update == null) return null;
        // dynamic_update_slice_c3, c4, c5
        if (update.rank() != operand.rank()) {
            throw err(op, "update rank does not match operand rank: " + update.rank() + " vs " + operand.rank() + ".");
        }
        int numStart = op.numOperands() - 2;
        if (numStart != operand.rank()) {
            throw err(op, "expects number of start_indices to match operand rank: " + numStart + " vs "
                    + operand.rank() + ".");
        }
        if (!sameStartIndexElementTypes(op, 2)) throw err(op, "start indices must have same element type");
        // dynamic_update_slice_c6
        for (int i = 0; i < operand.rank(); i++) {
            long o = operand.dim(i);
            long u = update.dim(i);
            if (u == DYN) continue;
            if (o != DYN) {
                if (u < 0 || u > o) {
                    throw err(op, "expects size at dimension " + i + " of update to be in range [0, " + o + "]. Got: "
                            + u + ".");
                }
            } else if (u < 0) {
                throw err(op, "expects size at dimension " + i + " of update to be non-negative. Got: " + u + ".");
            }
        }
        return new RankedTensorType(operand.shape(), operand.elementType(), operand.encoding());
    }

    public static void realDynamicSlice(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        if (t == null || op.numOperands() != 4) return;
        String[] names = {"start_indices", "limit_indices", "strides"};
        for (int k = 0; k < 3; k++) {
            RankedTensorType idx = rankedOperand(op, k + 1);
            if (idx == null || !idx.hasStaticShape()) return;
            long n = numElements(idx);
            if (t.rank() != n) {
                throw err(op, "has mismatched number of operand rank (" + t.rank() + ") and " + names[k] + " size ("
                        + n + ")");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Dimension sizes

    static void checkDimInBounds(Operation op, RankedTensorType t, long dim) {
        if (dim < 0) throw err(op, "requires non-negative dimension attribute; found (" + dim + ")");
        if (dim >= t.rank()) {
            throw err(op, "requires dimension attribute in range [0, " + t.rank() + "); found (" + dim + ")");
        }
    }

    public static Type inferGetDimensionSize(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        Long dim = nonNegative(op, "dimension");
        if (t == null || dim == null) return null;
        checkDimInBounds(op, t, dim);
        return new RankedTensorType(new long[0], IntegerType.I32);
    }

    public static Type inferSetDimensionSize(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        RankedTensorType sizeType = rankedOperand(op, 1);
        Long dimL = nonNegative(op, "dimension");
        if (t == null || sizeType == null || dimL == null) return null;
        if (sizeType.rank() != 0) throw err(op, "size operand should be of rank-0");
        checkDimInBounds(op, t, dimL);
        int dim = (int) (long) dimL;
        long[] shape = t.shape();
        long[] b = bounds(t);
        long[] resultBounds = new long[t.rank()];
        Arrays.fill(resultBounds, DYN);
        if (b.length == t.rank()) resultBounds = b.clone();
        if (shape[dim] != DYN) resultBounds[dim] = shape[dim];
        shape[dim] = DYN;
        long[] size = constInts(op.operand(1));
        if (size != null && size.length > 0 && size[0] == resultBounds[dim]) {
            shape[dim] = size[0];
            resultBounds[dim] = DYN;
        }
        boolean anyBound = false;
        for (long x : resultBounds) anyBound |= x != DYN;
        return new RankedTensorType(shape, t.elementType(), anyBound ? boundsToEncoding(null, resultBounds) : null);
    }

    public static void iota(Operation op) {
        RankedTensorType t = rankedResult(op, 0);
        Long dim = nonNegative(op, "iota_dimension");
        if (t == null || dim == null) return;
        if (t.rank() == 0) throw err(op, "does not support scalars.");
        if (dim >= t.rank()) throw err(op, "iota dimension cannot go beyond the output rank.");
    }

    public static void dynamicIota(Operation op) {
        RankedTensorType t = rankedResult(op, 0);
        Long dim = nonNegative(op, "iota_dimension");
        if (t == null || dim == null || op.numOperands() != 1) return;
        if (dim >= t.rank()) throw err(op, "iota dimension cannot go beyond the output rank.");
        checkShapeOperand(op, op.operand(0), t);
    }

    /** If the shape operand is a constant, it must be compatible with the result type. */
    static void checkShapeOperand(Operation op, Value shapeOperand, Type resultType) {
        long[] shape = constInts(shapeOperand);
        if (shape == null || !(resultType instanceof ShapedType st)) return;
        boolean ok = true;
        for (long x : shape) ok &= x >= 0;
        if (ok) ok = TypeCompat.compatible(new RankedTensorType(shape, st.elementType()), resultType);
        if (!ok) {
            throw err(op, "output shape [" + join(shape) + "] is incompatible with return type of operation "
                    + q(resultType));
        }
    }
}
