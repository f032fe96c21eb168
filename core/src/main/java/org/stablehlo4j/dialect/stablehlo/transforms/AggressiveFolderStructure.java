package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.foldsDtype;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.pattern;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.replaceWithConstant;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.staticResult;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.withinLimit;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReverseOp;
import org.stablehlo4j.dialect.stablehlo.ops.SetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Value;

/**
 * The data-movement and shape folds of {@link AggressiveFolderPatterns}: broadcast_in_dim, dynamic_slice and
 * slice of splats, concatenate, reshape, slice, transpose and reverse of constants (index maps over the elements'
 * bytes, so any element type moves alike), iota, get_dimension_size and set_dimension_size.
 */
final class AggressiveFolderStructure {
    private AggressiveFolderStructure() {}

    /** The shape folder's data-movement patterns. */
    static void addShapeFolds(PatternSet set, AggressiveFolderOptions o, int benefit) {
        set.add(pattern(BroadcastInDimOp.NAME, "FoldBroadcastInDimOpSplatPattern", benefit, o,
                AggressiveFolderStructure::broadcastSplat));
        set.add(pattern(ConcatenateOp.NAME, "FoldConcatenateOpPattern", benefit, o,
                AggressiveFolderStructure::concatenate));
        set.add(pattern(ConcatenateOp.NAME, "FoldConcatenateAdjacentSplatsOpPattern", benefit, o,
                (op, r, opts) -> concatenateAdjacentSplats(op, r)));
        set.add(pattern(DynamicSliceOp.NAME, "FoldDynamicSliceOpPattern", benefit, o,
                (op, r, opts) -> dynamicSliceSplat(op, r)));
        set.add(pattern(GetDimensionSizeOp.NAME, "FoldGetDimensionSizeOpPattern", benefit, o,
                AggressiveFolderStructure::getDimensionSize));
        set.add(pattern(ReshapeOp.NAME, "FoldReshapeOpPattern", benefit, o, AggressiveFolderStructure::reshape));
        set.add(pattern(SetDimensionSizeOp.NAME, "FoldSetDimensionSizeOpPattern", benefit, o,
                (op, r, opts) -> setDimensionSize(op, r)));
        set.add(pattern(SliceOp.NAME, "FoldSliceOpPattern", benefit, o, AggressiveFolderStructure::slice));
    }

    /** The other data-movement patterns of the aggressive folder. */
    static void addFolds(PatternSet set, AggressiveFolderOptions o, int benefit) {
        set.add(pattern(IotaOp.NAME, "FoldIotaOpPattern", benefit, o, AggressiveFolderStructure::iota));
        set.add(pattern(ReverseOp.NAME, "FoldReverseOpPattern", benefit, o, AggressiveFolderStructure::reverse));
        set.add(pattern(TransposeOp.NAME, "FoldTransposeOpPattern", benefit, o, AggressiveFolderStructure::transpose));
    }

    /** The splat constant behind {@code v} (one stored element, or a single element), else null. */
    private static DenseElementsAttr splat(Value v) {
        DenseElementsAttr d = Constants.dense(v);
        return d != null && AggressiveFolderElements.isSplat(d) && d.length() > 0 ? d : null;
    }

    /** broadcast_in_dim(splat) -> the splat at the result type. */
    private static boolean broadcastSplat(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, true)) return false;
        DenseElementsAttr a = splat(op.operand(0));
        if (a == null || !a.type().elementType().equals(type.elementType())) {
            return rewriter.notifyMatchFailure(op, "operand not splat");
        }
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.resizeSplat(a, type));
    }

    /** dynamic_slice(splat, ...) -> the splat at the result type (any element type). */
    private static boolean dynamicSliceSplat(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null) return false;
        DenseElementsAttr a = splat(op.operand(0));
        if (a == null) return rewriter.notifyMatchFailure(op, "Input must be a splat constant.");
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.resizeSplat(a, type));
    }

    /** concatenate of constants: the slabs of each input, in turn, for every index before the dimension. */
    private static boolean concatenate(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)
                || !withinLimit(op, rewriter, options, type)) {
            return false;
        }
        ConcatenateOp c = ConcatenateOp.cast(op);
        List<byte[]> parts = new ArrayList<>();
        for (Value in : c.inputs()) {
            DenseElementsAttr d = Constants.dense(in);
            byte[] bytes = d == null ? null : Constants.expandedBytes(d);
            if (bytes == null) return false;
            parts.add(bytes);
        }
        int dim = (int) c.dimension().longValue();
        if (dim < 0 || dim >= type.rank()) return false;
        long top = 1;
        for (int i = 0; i < dim; i++) top *= type.dim(i);
        int eb = DenseElementsAttr.elementStorageBytes(type.elementType());
        byte[] out = new byte[(int) (type.numElements() * eb)];
        int at = 0;
        for (long i = 0; i < top; i++) {
            for (byte[] p : parts) {
                int bottom = (int) (p.length / top);
                if (at + bottom > out.length) return false;
                System.arraycopy(p, (int) (i * bottom), out, at, bottom);
                at += bottom;
            }
        }
        if (at != out.length) return false;
        return replaceWithConstant(rewriter, op, new DenseElementsAttr(type, out, 0, out.length, false));
    }

    /** concatenate(splat_a, splat_a, x) -> concatenate(splat_a as long as both, x). */
    private static boolean concatenateAdjacentSplats(Operation op, PatternRewriter rewriter) {
        ConcatenateOp c = ConcatenateOp.cast(op);
        int dim = (int) c.dimension().longValue();
        List<Value> operands = op.operands();
        List<Value> merged = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < operands.size(); i++) {
            Value v = operands.get(i);
            DenseElementsAttr first = splat(v);
            int j = i + 1;
            while (first != null && j < operands.size() && sameSplat(first, splat(operands.get(j)))) j++;
            if (j - i == 1) {
                merged.add(v);
                continue;
            }
            RankedTensorType t = (RankedTensorType) first.type();
            if (dim < 0 || dim >= t.rank()) return false;
            long[] shape = t.shape();
            shape[dim] *= (j - i);
            RankedTensorType resized = new RankedTensorType(shape, t.elementType(), t.encoding());
            merged.add(Constants.materialize(rewriter, op.location(),
                    AggressiveFolderElements.resizeSplat(first, resized)).output());
            changed = true;
            i = j - 1;
        }
        if (!changed) return rewriter.notifyMatchFailure(op, "No splats to fold");
        rewriter.replaceOp(op, ConcatenateOp.createWithTypes(rewriter, op.location(), List.of(op.result(0).type()),
                merged, c.dimension()).operation());
        return true;
    }

    /** Whether two splats are the same attribute: one type and one element value. */
    private static boolean sameSplat(DenseElementsAttr a, DenseElementsAttr b) {
        if (b == null || !a.type().equals(b.type())) return false;
        int eb = DenseElementsAttr.elementStorageBytes(a.type().elementType());
        for (int k = 0; k < eb; k++) if (a.byteAt(k) != b.byteAt(k)) return false;
        return true;
    }

    /** get_dimension_size of a static dimension -> that size. */
    private static boolean getDimensionSize(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)) return false;
        GetDimensionSizeOp g = GetDimensionSizeOp.cast(op);
        if (!(g.operand().type() instanceof RankedTensorType in) || !(type.elementType() instanceof IntegerType)) {
            return false;
        }
        long dim = g.dimension().longValue();
        if (dim < 0 || dim >= in.rank() || in.dim((int) dim) == ShapedType.DYNAMIC) {
            return rewriter.notifyMatchFailure(op, "expected static dimension");
        }
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, new long[] {in.dim((int) dim)}));
    }

    /** set_dimension_size(x, size, dim) -> x when the types agree and size is already x's static size. */
    private static boolean setDimensionSize(Operation op, PatternRewriter rewriter) {
        SetDimensionSizeOp s = SetDimensionSizeOp.cast(op);
        if (!s.operand().type().equals(s.result().type()) || !(s.result().type() instanceof RankedTensorType t)) {
            return rewriter.notifyMatchFailure(op, "operand and result type must be the same");
        }
        DenseElementsAttr size = splat(s.size());
        if (size == null || !(size.type().elementType() instanceof IntegerType)) {
            return rewriter.notifyMatchFailure(op, "size operand not constant");
        }
        long dim = s.dimension().longValue();
        if (dim < 0 || dim >= t.rank() || Constants.first(size) != t.dim((int) dim)) {
            return rewriter.notifyMatchFailure(op, "dim size does not match result type");
        }
        rewriter.replaceOp(op, List.of(s.operand()));
        return true;
    }

    /** reshape(constant) -> the constant's data at the result type (not copied). */
    private static boolean reshape(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, true)) return false;
        DenseElementsAttr a = Constants.dense(op.operand(0));
        if (a == null) return rewriter.notifyMatchFailure(op, "expected constant operand");
        if (((RankedTensorType) a.type()).numElements() != type.numElements()
                || !a.type().elementType().equals(type.elementType())) {
            return false;
        }
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.retype(a, type));
    }

    /** The constant behind operand {@code v}, or null (reported). */
    private static DenseElementsAttr constantOperand(Operation op, PatternRewriter rewriter, Value v) {
        DenseElementsAttr d = Constants.dense(v);
        if (d == null) {
            rewriter.notifyMatchFailure(op, "expected constant integer or float operand");
            return null;
        }
        return d;
    }

    /** Replaces {@code op} by the splat {@code a} resized to {@code type} when {@code a} is a splat; whether it did. */
    private static boolean foldedAsSplat(Operation op, PatternRewriter rewriter, DenseElementsAttr a,
                                         RankedTensorType type) {
        return AggressiveFolderElements.isSplat(a) && a.length() > 0
                && replaceWithConstant(rewriter, op, AggressiveFolderElements.resizeSplat(a, type));
    }

    /** Whether elements of {@code t} are integers or floats (the types upstream moves element by element). */
    private static boolean intOrFloat(RankedTensorType t) {
        return t.elementType() instanceof IntegerType || t.elementType() instanceof FloatType;
    }

    /** slice of a constant: a splat is resized, other elements are picked with the strides. */
    private static boolean slice(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)) return false;
        SliceOp s = SliceOp.cast(op);
        if (!(s.operand().type() instanceof RankedTensorType in) || !in.hasStaticShape()) {
            return rewriter.notifyMatchFailure(op, "expected operand with static ranked tensor type");
        }
        DenseElementsAttr a = constantOperand(op, rewriter, s.operand());
        if (a == null || foldedAsSplat(op, rewriter, a, type)) return a != null;
        int rank = in.rank();
        DenseArrayAttr start = s.startIndices();
        DenseArrayAttr limit = s.limitIndices();
        DenseArrayAttr strides = s.strides();
        if (!intOrFloat(type) || start.size() != rank || limit.size() != rank || strides.size() != rank
                || type.rank() != rank || !withinLimit(op, rewriter, options, type)) {
            return false;
        }
        long[] stride = AggressiveFolderElements.strides(in.shape());
        int n = (int) type.numElements();
        long[] source = new long[n];
        long[] index = new long[rank];
        for (int d = 0; d < rank; d++) index[d] = start.getLong(d);
        for (int i = 0; i < n; i++) {
            long linear = 0;
            for (int d = 0; d < rank; d++) linear += index[d] * stride[d];
            source[i] = linear;
            for (int d = rank - 1; d >= 0; d--) {
                index[d] += strides.getLong(d);
                if (index[d] >= limit.getLong(d)) index[d] = start.getLong(d);
                else break;
            }
        }
        DenseElementsAttr result = AggressiveFolderElements.gather(a, type, source);
        return result != null && replaceWithConstant(rewriter, op, result);
    }

    /** transpose of a constant: result element i takes the operand element at the permuted index. */
    private static boolean transpose(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null) return false;
        TransposeOp t = TransposeOp.cast(op);
        DenseElementsAttr a = constantOperand(op, rewriter, t.operand());
        if (a == null || foldedAsSplat(op, rewriter, a, type)) return a != null;
        DenseArrayAttr perm = t.permutation();
        int rank = type.rank();
        if (!(a.type() instanceof RankedTensorType in) || in.rank() != rank || perm.size() != rank) return false;
        if (!intOrFloat(type)) return rewriter.notifyMatchFailure(op, "unsupported element type");
        if (!withinLimit(op, rewriter, options, type)) return false;
        long[] inStrides = AggressiveFolderElements.strides(in.shape());
        // result dimension d walks operand dimension perm[d]
        long[] step = new long[rank];
        for (int d = 0; d < rank; d++) {
            long p = perm.getLong(d);
            if (p < 0 || p >= rank) return false;
            step[d] = inStrides[(int) p];
        }
        return permuted(op, rewriter, a, type, step, 0);
    }

    /** reverse of a constant along its dimensions (trivial reverses are the simplifier's). */
    private static boolean reverse(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        ReverseOp rev = ReverseOp.cast(op);
        if (!(rev.operand().type() instanceof RankedTensorType type) || !type.hasStaticShape()) {
            return rewriter.notifyMatchFailure(op, "unable to fold dynamically shaped result type to constant");
        }
        if (!withinLimit(op, rewriter, options, type)) return false;
        DenseElementsAttr a = Constants.dense(rev.operand());
        if (a == null) return rewriter.notifyMatchFailure(op, "expected constant operand");
        DenseArrayAttr dims = rev.dimensions();
        boolean allOne = true;
        for (int i = 0; i < dims.size(); i++) {
            long d = dims.getLong(i);
            if (d < 0 || d >= type.rank()) return false;
            allOne &= type.dim((int) d) == 1;
        }
        if (dims.size() == 0 || type.numElements() <= 1 || AggressiveFolderElements.isSplat(a) || allOne) {
            return rewriter.notifyMatchFailure(op, "trivial reverse handled by simplifier");
        }
        if (!intOrFloat(type)) return rewriter.notifyMatchFailure(op, "unsupported element type to reverse");
        long[] strides = AggressiveFolderElements.strides(type.shape());
        long[] step = strides.clone();
        long base = 0;
        for (int i = 0; i < dims.size(); i++) {
            int d = (int) dims.getLong(i);
            if (step[d] < 0) continue; // a dimension listed twice is reversed once
            step[d] = -strides[d];
            base += (type.dim(d) - 1) * strides[d];
        }
        return permuted(op, rewriter, a, type, step, base);
    }

    /**
     * Replaces {@code op} by the elements of {@code a} read along {@code type}'s index space: result element
     * {@code (i_0, ..., i_r)} is operand element {@code base + sum(i_d * step[d])}.
     */
    private static boolean permuted(Operation op, PatternRewriter rewriter, DenseElementsAttr a,
                                    RankedTensorType type, long[] step, long base) {
        int rank = type.rank();
        int n = (int) type.numElements();
        long[] source = new long[n];
        long[] index = new long[rank];
        long linear = base;
        for (int i = 0; i < n; i++) {
            source[i] = linear;
            for (int d = rank - 1; d >= 0; d--) {
                index[d]++;
                linear += step[d];
                if (index[d] < type.dim(d)) break;
                linear -= step[d] * index[d];
                index[d] = 0;
            }
        }
        DenseElementsAttr result = AggressiveFolderElements.gather(a, type, source);
        return result != null && replaceWithConstant(rewriter, op, result);
    }

    /** iota with no elements, or one (whose value is 0). */
    private static boolean iota(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        if (!(op.result(0).type() instanceof RankedTensorType type) || !type.hasStaticShape()) return false;
        if (!withinLimit(op, rewriter, options, type)) return false;
        if (!(type.elementType() instanceof IntegerType)) {
            return rewriter.notifyMatchFailure(op, "expected integer result type");
        }
        long n = type.numElements();
        if (n > 1) {
            // Folding every iota would grow programs without bound; upstream folds the trivial ones only.
            return rewriter.notifyMatchFailure(op, "expected output size to be 1, but got: " + n);
        }
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, new long[(int) n]));
    }
}
