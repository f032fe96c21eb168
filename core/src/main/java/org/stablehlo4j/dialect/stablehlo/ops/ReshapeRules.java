package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;
import static org.stablehlo4j.dialect.stablehlo.ops.ShapeRules.*;

/**
 * Verification and type inference rules of the broadcast, reshape, transpose, reverse, bitcast_convert,
 * concatenate and pad ops (split out of {@link ShapeRules}, whose helpers they share).
 */
public final class ReshapeRules {
    private ReshapeRules() {}

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

    static void sameQuantPerTensor(Operation op, Type a, Type b) {
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
    static void broadcastPerAxis(Operation op, RankedTensorType operand, RankedTensorType result,
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
    static String sci(double d) {
        return String.format(java.util.Locale.ROOT, "%e", d);
    }

    /** reshape_c1, c3 and dynamic_reshape_c1, c3: quantization parameters survive the reshape. */
    static void reshapeQuant(Operation op, RankedTensorType operand, RankedTensorType result) {
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
    static void checkBroadcastDims(Operation op, RankedTensorType operand, RankedTensorType result,
                                           long[] dims) {
        if (dims.length != operand.rank()) {
            throw err(op, "broadcast_dimensions size (" + dims.length + ") does not match operand rank ("
                    + operand.rank() + ")");
        }
        boolean dynamic = DynamicBroadcastInDimOp.is(op);
        if (dynamic && result.rank() < operand.rank()) {
            throw err(op, "result rank (" + result.rank() + ") is less than operand rank (" + operand.rank() + ")");
        }
        if (!isUnique(dims)) throw err(op, "broadcast_dimensions should not have duplicates");
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

    static boolean anyQuantized(Type... types) {
        for (Type t : types) {
            if (TypeCompat.elementType(t) instanceof UniformQuantizedType) return true;
        }
        return false;
    }

    static void compatibleElementTypes(Operation op, Type operand, Type result) {
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
    static boolean samePerAxisParams(UniformQuantizedType a, UniformQuantizedType b) {
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
    static long[] concatDim(long leftSize, long rightSize, long leftBound, long rightBound) {
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
}
