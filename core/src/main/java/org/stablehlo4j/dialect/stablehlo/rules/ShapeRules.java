package org.stablehlo4j.dialect.stablehlo.rules;

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

    private static final long DYN = ShapedType.DYNAMIC;

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

    private static VerificationError err(Operation op, String message) {
        return VerificationError.at(op.location(), message);
    }

    /** A type as MLIR streams it into a diagnostic: quoted. */
    private static String q(Type t) {
        return "'" + RuleSupport.str(t) + "'";
    }

    private static String join(long[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(values[i]);
        }
        return sb.toString();
    }

    private static long[] longs(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) out[i] = values.get(i);
        return out;
    }

    private static RankedTensorType ranked(Type t) {
        return t instanceof RankedTensorType r ? r : null;
    }

    private static RankedTensorType rankedOperand(Operation op, int i) {
        return i < op.numOperands() ? ranked(op.operand(i).type()) : null;
    }

    private static RankedTensorType rankedResult(Operation op, int i) {
        return i < op.numResults() ? ranked(op.result(i).type()) : null;
    }

    /** An inherent {@code array<i64: ...>} attribute as longs, or null when absent or of another kind. */
    private static long[] ints(Operation op, String name) {
        if (!(op.attr(name) instanceof DenseArrayAttr a)) return null;
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.getLong(i);
        return out;
    }

    /** An inherent integer attribute, or null. */
    private static Long intAttr(Operation op, String name) {
        return op.attr(name) instanceof IntegerAttr a && a.value().bitLength() < 64 ? a.value().longValue() : null;
    }

    /**
     * An inherent integer attribute whose ODS constraint requires it non-negative; null when absent or negative
     * (the attribute constraint reports that, before any rule here).
     */
    private static Long nonNegative(Operation op, String name) {
        Long v = intAttr(op, name);
        return v == null || v < 0 ? null : v;
    }

    /**
     * The integer values of a constant operand (MLIR's {@code matchPattern(v, m_Constant(&DenseIntElementsAttr))}),
     * sign-extended, or null when the value is not produced by a constant of dense integers.
     */
    private static long[] constInts(Value v) {
        if (!(v instanceof OpResult r)) return null;
        Operation def = r.owner();
        if (!def.name().equals("stablehlo.constant") || !(def.attr("value") instanceof DenseElementsAttr d)) {
            return null;
        }
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

    private static long[] bounds(RankedTensorType t) {
        List<Long> b = TypeCompat.bounds(t);
        return b == null ? new long[0] : longs(b);
    }

    /** {@link TypeInference#boundsToEncoding}, with an empty array meaning "no bounds". */
    private static Attribute boundsToEncoding(Attribute prototype, long[] bounds) {
        return TypeInference.boundsToEncoding(prototype, bounds.length == 0 ? null : bounds);
    }

    private static boolean isUnique(long[] values) {
        Set<Long> seen = new HashSet<>();
        for (long v : values) {
            if (!seen.add(v)) return false;
        }
        return true;
    }

    private static boolean isSorted(long[] values) {
        for (int i = 1; i < values.length; i++) {
            if (values[i] < values[i - 1]) return false;
        }
        return true;
    }

    private static boolean contains(long[] values, long x) {
        for (long v : values) {
            if (v == x) return true;
        }
        return false;
    }

    private static boolean compatibleDims(long a, long b) {
        return a == DYN || b == DYN || a == b;
    }

    private static void checkDimsInBounds(Operation op, long[] dims, long upper, String dimsName, String upperName) {
        for (long d : dims) {
            if (d < 0 || d >= upper) {
                throw err(op, "Expects each element of " + dimsName + " to be in range [0, " + upperName
                        + ") i.e. [0, " + upper + "). got: " + d + ".");
            }
        }
    }

    private static int bitWidth(Type t) {
        if (t instanceof ComplexType c) return 2 * bitWidth(c.elementType());
        if (t instanceof UniformQuantizedType q) return q.storageType().width();
        if (t instanceof IntegerType i) return i.width();
        if (t instanceof FloatType f) return f.width();
        return -1;
    }

    private static boolean hasStaticShape(RankedTensorType t) {
        return t.hasStaticShape();
    }

    /** Product of a static shape, or -1 on overflow. */
    private static long numElements(RankedTensorType t) {
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

    private static Type withElement(Type shaped, Type element) {
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

    private static Type inferGather(Operation op, boolean dynamic) {
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

    private static void checkSliceSizesAtMostOne(Operation op, long[] sliceSizes, long[] dims, String name) {
        for (long d : dims) {
            if (sliceSizes[(int) d] > 1) {
                throw err(op, "Expects that for each dim in " + name + ", slice_sizes[dim] should be <= 1, but got "
                        + sliceSizes[(int) d]);
            }
        }
    }

    /** The gather result: offset dims take the (uncollapsed) slice sizes, the others the batch dims of indices. */
    private static Type inferGatherType(Operation op, RankedTensorType operand, RankedTensorType indices,
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
    private static long sliceDim(long[] sliceSizes, long index) {
        return sliceSizes == null || index < 0 || index >= sliceSizes.length ? DYN : sliceSizes[(int) index];
    }

    private static int indexOf(long[] values, long x) {
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
    private record Ranges(RankedTensorType type, long[] first, long[] second, long[] third, long[] bounds) {
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

    private static Ranges ranges(Operation op, String first, String second, String third, String mismatch) {
        RankedTensorType t = rankedOperand(op, 0);
        long[] a = ints(op, first);
        long[] b = ints(op, second);
        long[] c = ints(op, third);
        if (t == null || a == null || b == null || c == null) return null;
        if (a.length != t.rank()) throw err(op, String.format(mismatch, a.length, t.rank()));
        if (b.length != t.rank() || c.length != t.rank()) return null;
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

    private static boolean sameStartIndexElementTypes(Operation op, int from) {
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

    private static void checkDimInBounds(Operation op, RankedTensorType t, long dim) {
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
    private static void checkShapeOperand(Operation op, Value shapeOperand, Type resultType) {
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

    // ---------------------------------------------------------------------------------------------------------
    // Broadcasts, reshapes, transposes

    public static Type inferBroadcast(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        long[] sizes = ints(op, "broadcast_sizes");
        if (t == null || sizes == null) return null;
        for (long s : sizes) {
            if (s < 0) throw err(op, "Broadcast with negative dimension size " + s);
        }
        long[] shape = new long[sizes.length + t.rank()];
        System.arraycopy(sizes, 0, shape, 0, sizes.length);
        System.arraycopy(t.shape(), 0, shape, sizes.length, t.rank());
        return new RankedTensorType(shape, t.elementType());
    }

    private static void sameQuantPerTensor(Operation op, Type a, Type b) {
        Type ea = TypeCompat.elementType(a);
        Type eb = TypeCompat.elementType(b);
        if (ea instanceof UniformQuantizedType qa && eb instanceof UniformQuantizedType qb && !qa.isPerAxis()
                && !qb.isPerAxis() && !qa.equals(qb)) {
            throw err(op, "expect same quantization scale and zero_point but got " + q(a) + " vs " + q(b));
        }
    }

    public static void broadcastInDim(Operation op) {
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType result = rankedResult(op, 0);
        long[] dims = ints(op, "broadcast_dimensions");
        if (operand == null || result == null || dims == null) return;
        sameQuantPerTensor(op, operand, result); // broadcast_in_dim_c1
        checkBroadcastDims(op, operand, result, dims);
        broadcastPerAxis(op, operand, result, dims); // broadcast_in_dim_c6
    }

    /** broadcast_in_dim_c6: per-axis quantization follows the broadcast of its dimension. */
    private static void broadcastPerAxis(Operation op, RankedTensorType operand, RankedTensorType result,
                                         long[] dims) {
        if (!(result.elementType() instanceof UniformQuantizedType rq) || !rq.isPerAxis()
                || !(operand.elementType() instanceof UniformQuantizedType oq) || !oq.isPerAxis()) {
            return;
        }
        int od = oq.quantizedDimension();
        int rd = rq.quantizedDimension();
        if (od >= dims.length || od >= operand.rank() || rd >= result.rank()) return;
        if (rd != dims[od]) {
            throw err(op, "result quantization_dimension " + rd + " not same as broadcast_dimensions[" + od + "] = "
                    + dims[od]);
        }
        if (operand.dim(od) != 1 || oq.numScales() == 0) return;
        long n = Math.min(result.dim(rd), rq.numScales());
        for (int i = 0; i < n; i++) {
            if (rq.scale(i) != oq.scale(0)) {
                throw err(op, "mismatch result scale " + i + " (" + sci(rq.scale(i)) + ") and operand scale 0 ("
                        + sci(oq.scale(0)) + ")");
            }
            if (rq.zeroPoint(i) != oq.zeroPoint(0)) {
                throw err(op, "mismatch result zero_point " + i + " (" + rq.zeroPoint(i)
                        + ") and operand zero_point 0 (" + oq.zeroPoint(0) + ")");
            }
        }
    }

    /** A double as LLVM streams it into a diagnostic ({@code %e}). */
    private static String sci(double d) {
        return String.format(java.util.Locale.ROOT, "%e", d);
    }

    /** reshape_c1, c3 and dynamic_reshape_c1, c3: quantization parameters survive the reshape. */
    private static void reshapeQuant(Operation op, RankedTensorType operand, RankedTensorType result) {
        sameQuantPerTensor(op, operand, result);
        if (!(operand.elementType() instanceof UniformQuantizedType oq) || !oq.isPerAxis()
                || !(result.elementType() instanceof UniformQuantizedType rq) || !rq.isPerAxis()) {
            return;
        }
        if (!samePerAxisParams(oq, rq)) {
            throw err(op, "expect same quantization scales and zero_points but got " + q(operand) + " vs "
                    + q(result));
        }
        int od = oq.quantizedDimension();
        int rd = rq.quantizedDimension();
        if (od >= operand.rank() || rd >= result.rank()) return;
        if (operand.dim(od) != DYN && result.dim(rd) != DYN && operand.dim(od) != result.dim(rd)) {
            throw err(op, "expect same quantization dimension size for operand and result " + q(operand) + " and "
                    + q(result));
        }
        if (operand.hasStaticShape() && result.hasStaticShape()) {
            long a = 1;
            for (int i = 0; i < od; i++) a *= operand.dim(i);
            long b = 1;
            for (int i = 0; i < rd; i++) b *= result.dim(i);
            if (a != b) {
                throw err(op, "product of dimensions before quantization dimension must match between operand and "
                        + "result for " + a + " and " + b);
            }
        }
    }

    /** broadcast_in_dim_c2 to c5 and dynamic_broadcast_in_dim_c2 to c5. */
    private static void checkBroadcastDims(Operation op, RankedTensorType operand, RankedTensorType result,
                                           long[] dims) {
        if (dims.length != operand.rank()) {
            throw err(op, "broadcast_dimensions size (" + dims.length + ") does not match operand rank ("
                    + operand.rank() + ")");
        }
        if (op.name().equals("stablehlo.dynamic_broadcast_in_dim") && result.rank() < operand.rank()) {
            throw err(op, "result rank (" + result.rank() + ") is less than operand rank (" + operand.rank() + ")");
        }
        if (!isUnique(dims)) throw err(op, "broadcast_dimensions should not have duplicates");
        boolean dynamic = op.name().equals("stablehlo.dynamic_broadcast_in_dim");
        for (int i = 0; i < dims.length; i++) {
            long d = dims[i];
            if (d < 0 || d >= result.rank()) {
                throw err(op, "broadcast_dimensions contains invalid value " + d + " for result with rank "
                        + result.rank());
            }
            long size = operand.dim(i);
            long resultSize = result.dim((int) d);
            // The static form skips dynamic operand sizes; the dynamic one only needs compatible sizes.
            boolean ok = size == 1 || (dynamic ? compatibleDims(size, resultSize) : size == DYN || size == resultSize);
            if (!ok) {
                throw err(op, "size of operand dimension " + i + " (" + size + ") is not "
                        + (dynamic ? "compatible with" : "equal to 1 or") + " size of result dimension " + d + " ("
                        + resultSize + ")");
            }
        }
    }

    private static boolean anyQuantized(Type... types) {
        for (Type t : types) {
            if (TypeCompat.elementType(t) instanceof UniformQuantizedType) return true;
        }
        return false;
    }

    private static void compatibleElementTypes(Operation op, Type operand, Type result) {
        if (!anyQuantized(operand, result) && !TypeCompat.compatibleElementType(operand, result)) {
            throw err(op, "expects operand and result to have compatible element type. Got: " + q(operand) + " and "
                    + q(result));
        }
    }

    public static void dynamicBroadcastInDim(Operation op) {
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType result = rankedResult(op, 0);
        long[] dims = ints(op, "broadcast_dimensions");
        if (operand == null || result == null || dims == null || op.numOperands() != 2) return;
        compatibleElementTypes(op, operand, result); // c1
        checkBroadcastDims(op, operand, result, dims);
        checkShapeOperand(op, op.operand(1), result); // c7
        List<Long> hints = new ArrayList<>();
        for (String name : new String[] {"known_expanding_dimensions", "known_nonexpanding_dimensions"}) {
            long[] h = ints(op, name);
            if (h != null) for (long x : h) hints.add(x);
        }
        Set<Long> unique = new java.util.LinkedHashSet<>(hints);
        if (unique.size() != hints.size()) {
            throw err(op, "duplicate expansion hint for at least one operand dimension");
        }
        for (long i : unique) {
            if (i < 0 || i >= operand.rank()) {
                throw err(op, "hint for expanding dimension " + i + " does not refer to a valid operand dimension");
            }
        }
        long[] shape = constInts(op.operand(1));
        if (operand.hasStaticShape() && shape != null) {
            for (int i = 0; i < dims.length; i++) {
                long size = operand.dim(i);
                if (dims[i] >= shape.length) continue;
                long want = shape[(int) dims[i]];
                if (size != 1 && size != want) {
                    throw err(op, "size of operand dimension " + i + " (" + size
                            + ") is not equal to 1 or value of shape at index " + dims[i] + " (" + want + ")");
                }
            }
        }
        broadcastPerAxis(op, operand, result, dims); // dynamic_broadcast_in_dim_c6
    }

    public static void reshape(Operation op) {
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType result = rankedResult(op, 0);
        if (operand == null || result == null || !operand.hasStaticShape() || !result.hasStaticShape()) return;
        long n = numElements(result);
        long m = numElements(operand);
        if (n != m) {
            throw err(op, "number of output elements (" + n + ") doesn't match expected number of elements (" + m
                    + ")");
        }
        if (anyQuantized(operand, result)) reshapeQuant(op, operand, result);
    }

    public static void dynamicReshape(Operation op) {
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType result = rankedResult(op, 0);
        RankedTensorType shapeType = rankedOperand(op, 1);
        // output_shape must be a statically shaped 1-D tensor (an ODS constraint, reported before this rule)
        if (operand == null || result == null || shapeType == null || shapeType.rank() != 1
                || !shapeType.hasStaticShape()) {
            return;
        }
        compatibleElementTypes(op, operand, result); // c1
        if (operand.hasStaticShape() && result.hasStaticShape()) { // c2
            long n = numElements(result);
            long m = numElements(operand);
            if (n != m) {
                throw err(op, "number of output elements (" + n + ") doesn't match expected number of elements ("
                        + m + ")");
            }
        }
        checkShapeOperand(op, op.operand(1), result); // c4
        if (shapeType.dim(0) != result.rank()) {
            throw err(op, "result should have a rank equal to the number of elements in output_shape");
        }
        long[] shape = constInts(op.operand(1));
        if (operand.hasStaticShape() && shape != null) {
            long count = 1;
            for (long x : shape) count *= x;
            long m = numElements(operand);
            if (m != count) {
                throw err(op, "output_shape is incompatible with input type of operation: input has " + m
                        + " elements, but output_shape has " + count);
            }
        }
        if (anyQuantized(operand, result)) reshapeQuant(op, operand, result);
    }

    public static Type inferTranspose(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        long[] perm = ints(op, "permutation");
        if (t == null || perm == null) return null;
        int rank = t.rank();
        if (perm.length != rank) {
            throw err(op, "TransposeOp operand rank " + rank + " does not match permutation size " + perm.length);
        }
        long[] sorted = perm.clone();
        Arrays.sort(sorted);
        boolean isPerm = true;
        for (int i = 0; i < rank; i++) isPerm &= sorted[i] == i;
        if (!isPerm) {
            long[] range = new long[rank];
            for (int i = 0; i < rank; i++) range[i] = i;
            throw err(op, "attribute permutation must be a permutation of [" + join(range) + "] but got "
                    + join(perm));
        }
        long[] inBounds = bounds(t);
        long[] shape = new long[rank];
        long[] resultBounds = new long[inBounds.length == 0 ? 0 : rank];
        for (int i = 0; i < rank; i++) {
            shape[i] = t.dim((int) perm[i]);
            if (inBounds.length > 0) resultBounds[i] = perm[i] < inBounds.length ? inBounds[(int) perm[i]] : DYN;
        }
        return new RankedTensorType(shape, t.elementType(), boundsToEncoding(t.encoding(), resultBounds));
    }

    /** transpose_c1, c4: quantization parameters (the shape rules are part of the inference). */
    public static void transposeQuant(Operation op) {
        if (op.numOperands() != 1 || op.numResults() != 1) return;
        Type operand = op.operand(0).type();
        Type result = op.result(0).type();
        sameQuantPerTensor(op, operand, result);
        if (TypeCompat.elementType(operand) instanceof UniformQuantizedType qa && qa.isPerAxis()
                && TypeCompat.elementType(result) instanceof UniformQuantizedType qr && qr.isPerAxis()) {
            if (!samePerAxisParams(qa, qr)) {
                throw err(op, "expect same quantization scales and zero_points but got " + q(operand) + " vs "
                        + q(result));
            }
            long[] perm = ints(op, "permutation");
            int rq = qr.quantizedDimension();
            if (perm != null && rq < perm.length && qa.quantizedDimension() != perm[rq]) {
                throw err(op, "operand quantization_dimension " + qa.quantizedDimension()
                        + " is not same as permutation[" + rq + "] = " + perm[rq]);
            }
        }
    }

    /** Upstream compares the scales and zero points pairwise over the shorter of the two lists. */
    private static boolean samePerAxisParams(UniformQuantizedType a, UniformQuantizedType b) {
        int n = Math.min(a.numScales(), b.numScales());
        for (int i = 0; i < n; i++) {
            if (a.scale(i) != b.scale(i) || a.zeroPoint(i) != b.zeroPoint(i)) return false;
        }
        return true;
    }

    public static void reverse(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        long[] dims = ints(op, "dimensions");
        if (t == null || dims == null) return;
        if (!isUnique(dims)) throw err(op, "dimensions should be unique. Got: " + join(dims));
        for (long d : dims) {
            if (d < 0) throw err(op, "all dimensions should be non-negative. Got dimension: " + d + ".");
            if (d >= t.rank()) {
                throw err(op, "all dimensions should be between [0, " + t.rank() + "). Got dimension: " + d + ".");
            }
        }
    }

    public static void bitcastConvert(Operation op) {
        RankedTensorType operand = rankedOperand(op, 0);
        RankedTensorType target = rankedResult(op, 0);
        if (operand == null || target == null) return;
        Type oe = operand.elementType();
        Type te = target.elementType();
        if ((te instanceof ComplexType) != (oe instanceof ComplexType)) {
            throw err(op, "cannot convert between real and complex types, but got: " + q(operand) + " and "
                    + q(target));
        }
        int tw = bitWidth(te);
        int ow = bitWidth(oe);
        if (tw < 0 || ow < 0) return;
        long[] smaller = ow < tw ? operand.shape() : target.shape();
        long[] bigger = ow < tw ? target.shape() : operand.shape();
        int smallW = Math.min(tw, ow);
        int bigW = Math.max(tw, ow);
        long[] prefix = smaller;
        if (ow != tw) {
            if (smaller.length != bigger.length + 1) {
                throw err(op, "rank of smaller element type (" + smaller.length
                        + ") should be 1 more than rank of larger element type (" + bigger.length + "), but "
                        + smaller.length + " != " + bigger.length + " + 1.");
            }
            prefix = Arrays.copyOf(smaller, smaller.length - 1);
            long last = smaller[smaller.length - 1];
            if (last != DYN && last * smallW != bigW) {
                throw err(op, "requires compatible bit widths. Got: " + q(operand) + " and " + q(target) + ", but "
                        + smallW + " * " + last + " != " + bigW + ".");
            }
        }
        for (int i = 0; i < Math.min(prefix.length, bigger.length); i++) {
            if (!compatibleDims(prefix[i], bigger[i])) {
                throw err(op, "operand and result shapes must match except for the innermost dimension of the shape"
                        + " with the smaller element type. Got: " + q(operand) + " and " + q(target) + ".");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Concatenate and pad

    public static Type inferConcatenate(Operation op) {
        Long dimL = nonNegative(op, "dimension");
        if (op.numOperands() == 0 || dimL == null) return null;
        List<RankedTensorType> inputs = new ArrayList<>();
        for (Value v : op.operands()) {
            RankedTensorType r = ranked(v.type());
            if (r == null) return null;
            inputs.add(r);
        }
        RankedTensorType witness = inputs.get(0);
        int rank = witness.rank();
        long dimension = dimL;
        // concatenate_c4
        if (rank == 0) throw err(op, "rank-0 values cannot be concatenated");
        if (dimension >= rank) throw err(op, "dimension " + dimension + " is out-of-bounds for input rank " + rank);
        if (dimension < 0) return null;
        // concatenate_c2
        for (int i = 0; i < inputs.size(); i++) {
            RankedTensorType t = inputs.get(i);
            if (t.rank() != rank) throw err(op, "operands (0) and (" + i + ") do not match rank");
            for (int d = 0; d < rank; d++) {
                if (d != dimension && !compatibleDims(witness.dim(d), t.dim(d))) {
                    throw err(op, "shapes of operand (0) and (" + i + ") are not compatible at non-concat index " + d
                            + ": (" + join(witness.shape()) + ") != (" + join(t.shape()) + ")");
                }
            }
        }
        long[] sizes = new long[rank];
        long[] bnds = new long[rank];
        Arrays.fill(sizes, DYN);
        Arrays.fill(bnds, DYN);
        sizes[(int) dimension] = 0;
        boolean anyBounds = false;
        for (RankedTensorType t : inputs) {
            long[] b = bounds(t);
            if (b.length > 0) anyBounds = true;
            for (int d = 0; d < rank; d++) {
                long rightBound = b.length > d ? b[d] : DYN;
                long[] merged = d == dimension ? concatDim(sizes[d], t.dim(d), bnds[d], rightBound)
                        : TypeInference.mostSpecificDim(op.location(), d, sizes[d], t.dim(d), bnds[d], rightBound);
                sizes[d] = merged[0];
                bnds[d] = merged[1];
            }
        }
        Attribute encoding = null;
        for (RankedTensorType t : inputs) {
            if (t.encoding() != null) {
                encoding = t.encoding();
                break;
            }
        }
        return new RankedTensorType(sizes, witness.elementType(),
                boundsToEncoding(encoding, anyBounds ? bnds : new long[0]));
    }

    /** Size and bound of a concatenated dimension (upstream's inferConcatenatedDimAndBound). */
    private static long[] concatDim(long leftSize, long rightSize, long leftBound, long rightBound) {
        if (leftSize != DYN && rightSize != DYN) return new long[] {leftSize + rightSize, DYN};
        long l = leftSize != DYN ? leftSize : leftBound;
        long r = rightSize != DYN ? rightSize : rightBound;
        return new long[] {DYN, l != DYN && r != DYN ? l + r : DYN};
    }

    public static Type inferPad(Operation op) {
        Ranges r = ranges(op, "edge_padding_low", "edge_padding_high", "interior_padding",
                "edge_padding_low length (%d) must match operand rank (%d)");
        if (r == null) return null;
        long[] interior = r.third();
        long[] shape = new long[interior.length];
        Arrays.fill(shape, DYN);
        long[] resultBounds = r.unboundedResult();
        for (int i = 0; i < shape.length; i++) {
            if (interior[i] < 0) throw err(op, "Interior padding cannot be negative: " + interior[i]);
            long n = r.sizeOrBound(i);
            if (n == DYN) continue;
            long size = n + r.first()[i] + r.second()[i] + Math.max(n - 1, 0) * interior[i];
            if (size < 0) {
                throw err(op, "Padding result in negative " + r.sizeOrBoundName(i) + " for dimension " + i);
            }
            if (r.type().dim(i) != DYN) shape[i] = size;
            else resultBounds[i] = size;
        }
        return r.result(shape, resultBounds);
    }

    public static void dynamicPad(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        RankedTensorType lowType = rankedOperand(op, 2);
        RankedTensorType result = rankedResult(op, 0);
        if (t == null || lowType == null || result == null || lowType.rank() < 1 || op.numOperands() != 5) return;
        // dynamic_pad_c2
        if (lowType.dim(0) != t.rank()) {
            throw err(op, "padding operands size (" + (lowType.dim(0) == DYN ? "-9223372036854775808"
                    : String.valueOf(lowType.dim(0))) + ") must match operand rank (" + t.rank() + ")");
        }
        // dynamic_pad_c3
        long[] interior = constInts(op.operand(4));
        if (interior != null) {
            for (long x : interior) {
                if (x < 0) throw err(op, "interior_padding must be non-negative, but got " + join(interior));
            }
        }
        if (!t.hasStaticShape() || !result.hasStaticShape() || interior == null) return;
        long[] low = constInts(op.operand(2));
        long[] high = constInts(op.operand(3));
        if (low == null || high == null) return;
        // dynamic_pad_c4
        int n = Math.min(Math.min(t.rank(), result.rank()), Math.min(Math.min(low.length, high.length),
                interior.length));
        for (int i = 0; i < n; i++) {
            long in = t.dim(i);
            long want = in + low[i] + Math.max(in - 1, 0) * interior[i] + high[i];
            if (result.dim(i) != want) {
                throw err(op, "expected output dimension at index " + i + " to equal " + want + ", but got "
                        + result.dim(i));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Elementwise

    public static Type inferCompare(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        if (t == null) return null;
        return new RankedTensorType(t.shape(), IntegerType.signless(1), t.encoding());
    }

    public static Type inferSelect(Operation op) {
        if (op.numOperands() != 3) return null;
        Type pred = op.operand(0).type();
        Type onTrue = op.operand(1).type();
        Type onFalse = op.operand(2).type();
        if (!(pred instanceof ShapedType ps) || !(onTrue instanceof ShapedType) || !(onFalse instanceof ShapedType)) {
            return null;
        }
        // select_c2
        if (!TypeCompat.compatibleShape(onTrue, onFalse)
                || !TypeCompat.elementType(onTrue).equals(TypeCompat.elementType(onFalse))) {
            throw err(op, "requires compatible types for non-predicate operands");
        }
        // select_c1
        boolean scalarPred = pred instanceof RankedTensorType pr && pr.rank() == 0;
        if (!scalarPred && !TypeCompat.compatibleShape(pred, onTrue)) {
            throw err(op, "requires the same shape for all operands");
        }
        return TypeInference.mostSpecific(op.location(), List.of(onTrue, onFalse));
    }

    /** AddOp::inferReturnTypes: the most specific type of the operands (checked after add's own rules). */
    public static Type inferAdd(Operation op) {
        if (op.numOperands() == 0) {
            throw VerificationError.at(op.location(), "Expected non-empty operands for AddOp::inferReturnTypes");
        }
        List<Type> operands = new ArrayList<>();
        for (Value v : op.operands()) operands.add(v.type());
        return TypeInference.mostSpecific(op.location(), operands);
    }

    public static Type inferClamp(Operation op) {
        RankedTensorType min = rankedOperand(op, 0);
        RankedTensorType operand = rankedOperand(op, 1);
        RankedTensorType max = rankedOperand(op, 2);
        if (min == null || operand == null || max == null) return null;
        if (!TypeCompat.compatibleShape(min, operand) && min.rank() != 0) {
            throw err(op, "min shape [" + join(min.shape()) + "] is not scalar and is not compatible to operand shape ["
                    + join(operand.shape()) + "]");
        }
        if (!TypeCompat.compatibleShape(max, operand) && max.rank() != 0) {
            throw err(op, "max shape [" + join(max.shape()) + "] is not scalar and is not compatible to operand shape ["
                    + join(operand.shape()) + "]");
        }
        return operand;
    }

    public static Type inferComplex(Operation op) {
        if (op.numOperands() < 1 || !(op.operand(0).type() instanceof ShapedType s)) return null;
        return withElement(s, new ComplexType(s.elementType()));
    }

    /**
     * real, imag and abs: the operand's type with a complex element type replaced by its part type. Upstream checks
     * inferred types after the shape traits, so a shape mismatch is left to those.
     */
    public static Type inferRealPart(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof ShapedType s)
                || !TypeCompat.compatibleShapes(RuleSupport.allTypes(op))) {
            return null;
        }
        Type e = s.elementType();
        return withElement(s, e instanceof ComplexType c ? c.elementType() : e);
    }

    public static Type inferIsFinite(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof ShapedType s) || op.numResults() != 1) {
            return null;
        }
        // A result that is not a pred tensor of the operand's shape fails the ODS result constraint or the
        // Elementwise trait, which upstream reports first.
        Type result = op.result(0).type();
        if (!TypeCompat.elementType(result).equals(IntegerType.signless(1))
                || !TypeCompat.compatibleShape(result, s)) {
            return null;
        }
        return withElement(s, IntegerType.signless(1));
    }

    /** The operand's shape with its expressed type; shape mismatches are left to the shape traits. */
    public static Type inferUniformDequantize(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        if (t == null || !(t.elementType() instanceof UniformQuantizedType qt)
                || !TypeCompat.compatibleShapes(RuleSupport.allTypes(op))) {
            return null;
        }
        return new RankedTensorType(t.shape(), qt.expressedType());
    }

    public static void uniformQuantize(Operation op) {
        if (op.numOperands() != 1 || op.numResults() != 1) return;
        if (!(TypeCompat.elementType(op.result(0).type()) instanceof UniformQuantizedType rq)) return;
        Type oe = TypeCompat.elementType(op.operand(0).type());
        Type expected = oe instanceof FloatType ? oe : oe instanceof UniformQuantizedType oq ? oq.expressedType()
                : null;
        if (expected != null && !rq.expressedType().equals(expected)) {
            throw err(op, "Expressed type of result expected to be " + q(expected) + ", but got "
                    + q(rq.expressedType()));
        }
    }
}
