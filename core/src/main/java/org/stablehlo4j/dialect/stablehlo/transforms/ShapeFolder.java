package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongBinaryOperator;

import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SignOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The shape folder: rewrite patterns that evaluate integer shape computations on constants (upstream's
 * {@code populateStablehloShapeFolderPatterns} of {@code StablehloAggressiveFolder.cpp}, with its options as shape
 * refinement sets them: no float folding, no element limit but {@link Constants#MAX_FOLD_ELEMENTS}). Each pattern
 * replaces an op whose operands are constants by a {@code stablehlo.constant} of its value: add, and, or,
 * broadcast_in_dim of a splat, clamp, compare, concatenate (and the merging of adjacent equal splats in a
 * concatenate), convert between integer types, divide, dynamic_slice of a splat, get_dimension_size of a static
 * dimension, maximum, minimum, multiply, remainder, reshape, select, set_dimension_size that changes nothing,
 * sign, slice and subtract. Only integer results fold (compare's {@code i1} included); division and remainder by
 * zero do not.
 */
final class ShapeFolder {
    private ShapeFolder() {}

    /**
     * Adds the shape folding patterns to {@code set}.
     *
     * @param set the pattern set
     * @return {@code set}
     */
    static PatternSet addTo(PatternSet set) {
        set.add(binary(AddOp.NAME, (a, b) -> a + b, null));
        set.add(binary(SubtractOp.NAME, (a, b) -> a - b, null));
        set.add(binary(MultiplyOp.NAME, (a, b) -> a * b, null));
        set.add(RewritePattern.of(DivideOp.NAME, 1, (op, r) -> divRem(op, r, true)));
        set.add(RewritePattern.of(RemainderOp.NAME, 1, (op, r) -> divRem(op, r, false)));
        set.add(binary(MaximumOp.NAME, null, (it) -> unsignedOrBool(it)
                ? (a, b) -> Long.compareUnsigned(a, b) >= 0 ? a : b : Math::max));
        set.add(binary(MinimumOp.NAME, null, (it) -> unsignedOrBool(it)
                ? (a, b) -> Long.compareUnsigned(a, b) <= 0 ? a : b : Math::min));
        set.add(binary(AndOp.NAME, null, (it) -> it.width() == 1 ? (a, b) -> (a != 0 && b != 0) ? 1 : 0 : (a, b) -> a & b));
        set.add(binary(OrOp.NAME, null, (it) -> it.width() == 1 ? (a, b) -> (a != 0 || b != 0) ? 1 : 0 : (a, b) -> a | b));
        set.add(RewritePattern.of(ClampOp.NAME, 1, ShapeFolder::clamp));
        set.add(RewritePattern.of(CompareOp.NAME, 1, ShapeFolder::compare));
        set.add(RewritePattern.of(SignOp.NAME, 1, ShapeFolder::sign));
        set.add(RewritePattern.of(SelectOp.NAME, 1, ShapeFolder::select));
        set.add(RewritePattern.of(ConvertOp.NAME, 1, ShapeFolder::convert));
        set.add(RewritePattern.of(BroadcastInDimOp.NAME, 1, ShapeFolder::broadcastSplat));
        set.add(RewritePattern.of(ConcatenateOp.NAME, 1, ShapeFolder::concatenate));
        set.add(RewritePattern.of(ConcatenateOp.NAME, 1, ShapeFolder::concatenateAdjacentSplats));
        set.add(RewritePattern.of(GetDimensionSizeOp.NAME, 1, ShapeFolder::getDimensionSize));
        set.add(RewritePattern.of(ReshapeOp.NAME, 1, ShapeFolder::reshape));
        set.add(RewritePattern.of(SliceOp.NAME, 1, ShapeFolder::slice));
        set.add(RewritePattern.of(DynamicSliceOp.NAME, 1, ShapeFolder::dynamicSliceSplat));
        set.add(RewritePattern.of(SetDimensionSizeOp.NAME, 1, ShapeFolder::setDimensionSize));
        return set;
    }

    private static boolean unsignedOrBool(IntegerType it) {
        return it.isUnsigned() || it.width() == 1;
    }

    /** The result type when it is a static integer tensor (upstream's validateShapeFoldDtype, no float folds). */
    private static RankedTensorType intResult(Operation op) {
        return op.numResults() == 1 && op.result(0).type() instanceof RankedTensorType t
                && t.elementType() instanceof IntegerType && Constants.isStatic(t) ? t : null;
    }

    private static boolean replaceWithConstant(PatternRewriter rewriter, Operation op, Attribute value) {
        Operation c = Constants.materialize(rewriter, op.location(), value).operation();
        rewriter.replaceOp(op, c);
        return true;
    }

    /** The constant values of all of {@code op}'s operands, in order, or null when one is not a constant. */
    private static DenseElementsAttr[] constantOperands(Operation op) {
        DenseElementsAttr[] out = new DenseElementsAttr[op.numOperands()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Constants.dense(op.operand(i));
            if (out[i] == null) return null;
        }
        return out;
    }

    /** The integer elements of both operands when they are constants of the same type, else null. */
    private static long[][] intOperands(Operation op) {
        DenseElementsAttr[] in = constantOperands(op);
        if (in == null || in.length != 2 || !in[0].type().equals(in[1].type())) return null;
        long[] x = Constants.ints(in[0]);
        long[] y = Constants.ints(in[1]);
        return x == null || y == null ? null : new long[][] {x, y};
    }

    /** A folder for a binary elementwise op: {@code fixed}, or the function {@code byType} picks for the type. */
    private static RewritePattern binary(String name, LongBinaryOperator fixed,
                                         java.util.function.Function<IntegerType, LongBinaryOperator> byType) {
        return RewritePattern.of(name, 1, (op, rewriter) -> {
            RankedTensorType type = intResult(op);
            if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
            long[][] in = intOperands(op);
            if (in == null) return rewriter.notifyMatchFailure(op, "lhs & rhs operands not constants");
            IntegerType it = (IntegerType) type.elementType();
            LongBinaryOperator f = fixed != null ? fixed : byType.apply(it);
            long[] out = new long[in[0].length];
            for (int i = 0; i < out.length; i++) out[i] = Constants.normalize(f.applyAsLong(in[0][i], in[1][i]), it);
            return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
        });
    }

    private static boolean divRem(Operation op, PatternRewriter rewriter, boolean divide) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        long[][] in = intOperands(op);
        if (in == null) return rewriter.notifyMatchFailure(op, "lhs & rhs operands not constants");
        for (long d : in[1]) {
            if (d == 0) return rewriter.notifyMatchFailure(op, divide ? "integer division by zero"
                    : "integer remainder by zero");
        }
        IntegerType it = (IntegerType) type.elementType();
        long[] out = new long[in[0].length];
        for (int i = 0; i < out.length; i++) {
            long a = in[0][i];
            long b = in[1][i];
            long v;
            if (it.isUnsigned()) v = divide ? Long.divideUnsigned(a, b) : Long.remainderUnsigned(a, b);
            else v = divide ? a / b : a % b;
            out[i] = Constants.normalize(v, it);
        }
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
    }

    /** clamp(min, operand, max) as min(max, max(min, operand)), all of one type. */
    private static boolean clamp(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        DenseElementsAttr[] in = constantOperands(op); // min, operand, max
        if (in == null) return rewriter.notifyMatchFailure(op, "operands not constant");
        DenseElementsAttr min = in[0];
        DenseElementsAttr x = in[1];
        DenseElementsAttr max = in[2];
        if (!min.type().equals(x.type()) || !max.type().equals(x.type())) {
            return rewriter.notifyMatchFailure(op, "failed to fold clamp");
        }
        long[] lo = Constants.ints(min);
        long[] v = Constants.ints(x);
        long[] hi = Constants.ints(max);
        if (lo == null || v == null || hi == null) return rewriter.notifyMatchFailure(op, "failed to fold clamp");
        boolean unsigned = ((IntegerType) type.elementType()).isUnsigned();
        long[] out = new long[v.length];
        for (int i = 0; i < out.length; i++) {
            long m = unsigned ? (Long.compareUnsigned(lo[i], v[i]) >= 0 ? lo[i] : v[i]) : Math.max(lo[i], v[i]);
            out[i] = unsigned ? (Long.compareUnsigned(hi[i], m) <= 0 ? hi[i] : m) : Math.min(hi[i], m);
        }
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
    }

    /** compare of constants: integers by the comparison type (or their signedness), floats numerically. */
    private static boolean compare(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        CompareOp c = CompareOp.cast(op);
        if (!(c.comparisonDirection() instanceof EnumAttr dir)) return false;
        DenseElementsAttr a = Constants.dense(c.lhs());
        DenseElementsAttr b = Constants.dense(c.rhs());
        if (a == null || b == null || !a.type().equals(b.type())) {
            return rewriter.notifyMatchFailure(op, "lhs & rhs operands not constants");
        }
        Type element = a.type().elementType();
        String kind = c.compareType() instanceof EnumAttr k && !k.caseName().equals("NOTYPE") ? k.caseName()
                : element instanceof IntegerType it ? (it.isUnsigned() || it.width() == 1 ? "UNSIGNED" : "SIGNED")
                : element instanceof FloatType ? "FLOAT" : "NOTYPE";
        String d = dir.caseName();
        long[] out;
        if (element instanceof IntegerType) {
            if (!kind.equals("SIGNED") && !kind.equals("UNSIGNED")) return false;
            long[] x = Constants.ints(a);
            long[] y = Constants.ints(b);
            if (x == null || y == null) return false;
            out = new long[x.length];
            for (int i = 0; i < x.length; i++) {
                int cmp = kind.equals("SIGNED") ? Long.compare(x[i], y[i]) : Long.compareUnsigned(x[i], y[i]);
                out[i] = holds(d, cmp, false) ? 1 : 0;
            }
        } else if (element instanceof FloatType ft) {
            if (!kind.equals("FLOAT") && !kind.equals("TOTALORDER")) return false;
            double[] x = floats(a, ft);
            double[] y = floats(b, ft);
            if (x == null || y == null) return false;
            out = new long[x.length];
            for (int i = 0; i < x.length; i++) {
                boolean unordered = Double.isNaN(x[i]) || Double.isNaN(y[i]);
                out[i] = holds(d, x[i] == y[i] ? 0 : x[i] < y[i] ? -1 : 1, unordered) ? 1 : 0;
            }
        } else {
            return rewriter.notifyMatchFailure(op, "Could not determine comparison type.");
        }
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
    }

    /** Whether direction {@code d} holds for a comparison result; unordered (NaN) operands are only NE. */
    private static boolean holds(String d, int cmp, boolean unordered) {
        if (unordered) return d.equals("NE");
        return switch (d) {
            case "EQ" -> cmp == 0;
            case "NE" -> cmp != 0;
            case "GE" -> cmp >= 0;
            case "GT" -> cmp > 0;
            case "LE" -> cmp <= 0;
            default -> cmp < 0;
        };
    }

    private static double[] floats(DenseElementsAttr d, FloatType ft) {
        if (!(d.type() instanceof RankedTensorType t)) return null;
        long n = t.numElements();
        if (n < 0 || n > Constants.MAX_FOLD_ELEMENTS) return null;
        int eb = DenseElementsAttr.elementStorageBytes(ft);
        double[] out = new double[(int) n];
        for (int i = 0; i < out.length; i++) {
            int base = d.isSplat() ? 0 : i * eb;
            byte[] be = new byte[eb + 1];
            for (int k = 0; k < eb; k++) be[eb - k] = d.byteAt(base + k);
            out[i] = FloatFormats.toDouble(ft.kind(), new java.math.BigInteger(be));
        }
        return out;
    }

    /** sign of signed integers (unsigned ones do not fold). */
    private static boolean sign(Operation op, PatternRewriter rewriter) {
        if (!(op.result(0).type() instanceof RankedTensorType type) || !Constants.isStatic(type)) return false;
        DenseElementsAttr a = Constants.dense(op.operand(0));
        if (a == null) return rewriter.notifyMatchFailure(op, "operand not constants");
        if (type.elementType() instanceof IntegerType it) {
            if (it.isUnsigned()) return false;
            long[] x = Constants.ints(a);
            if (x == null) return false;
            long[] out = new long[x.length];
            for (int i = 0; i < x.length; i++) out[i] = Long.signum(x[i]);
            return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
        }
        if (type.elementType() instanceof FloatType ft && a.type().equals(type)) {
            double[] x = floats(a, ft);
            if (x == null) return false;
            int eb = DenseElementsAttr.elementStorageBytes(ft);
            byte[] out = new byte[x.length * eb];
            for (int i = 0; i < x.length; i++) {
                if (Double.isNaN(x[i])) return rewriter.notifyMatchFailure(op, "folding failed");
                double s = x[i] == 0 ? 0.0 : x[i] < 0 ? -1.0 : 1.0;
                java.math.BigInteger bits = FloatFormats.fromDouble(ft.kind(), s);
                for (int k = 0; k < eb; k++) out[i * eb + k] = bits.shiftRight(8 * k).byteValue();
            }
            return replaceWithConstant(rewriter, op, new DenseElementsAttr(type, out, 0, out.length, false));
        }
        return false;
    }

    private static boolean select(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        DenseElementsAttr[] in = constantOperands(op); // pred, on_true, on_false
        if (in == null || !(in[0].type().elementType() instanceof IntegerType)) {
            return rewriter.notifyMatchFailure(op, "expected constant operands");
        }
        DenseElementsAttr pred = in[0];
        DenseElementsAttr onTrue = in[1];
        DenseElementsAttr onFalse = in[2];
        if (pred.isSplat()) {
            DenseElementsAttr chosen = Constants.first(pred) != 0 ? onTrue : onFalse;
            if (!chosen.type().equals(type)) return false;
            return replaceWithConstant(rewriter, op, chosen);
        }
        long[] p = Constants.ints(pred);
        long[] t = Constants.ints(onTrue);
        long[] f = Constants.ints(onFalse);
        if (p == null || t == null || f == null || t.length != p.length || f.length != p.length) return false;
        long[] out = new long[p.length];
        for (int i = 0; i < out.length; i++) out[i] = p[i] != 0 ? t[i] : f[i];
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
    }

    /** convert between integer types: extend by the source's signedness, then wrap (to i1: non-zero is 1). */
    private static boolean convert(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        Type from = op.operand(0).type() instanceof ShapedType s ? s.elementType() : null;
        if (!(from instanceof IntegerType)) return rewriter.notifyMatchFailure(op, "skipping fold of float convert");
        DenseElementsAttr a = Constants.dense(op.operand(0));
        if (a == null) return rewriter.notifyMatchFailure(op, "expected constant integer or float operand");
        long[] x = Constants.ints(a);
        if (x == null || x.length != type.numElements()) return false;
        IntegerType to = (IntegerType) type.elementType();
        long[] out = new long[x.length];
        for (int i = 0; i < x.length; i++) out[i] = to.width() == 1 ? (x[i] != 0 ? 1 : 0) : Constants.normalize(x[i], to);
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, out));
    }

    private static boolean broadcastSplat(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        DenseElementsAttr a = Constants.dense(op.operand(0));
        if (a == null || !Constants.isSplat(a)) return rewriter.notifyMatchFailure(op, "operand not splat");
        return replaceWithConstant(rewriter, op, Constants.resizeSplat(a, type));
    }

    private static boolean concatenate(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null || type.numElements() > Constants.MAX_FOLD_ELEMENTS) return false;
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

    /** concatenate(splat_a, splat_a, x) -> concatenate(splat_a twice as long, x). */
    private static boolean concatenateAdjacentSplats(Operation op, PatternRewriter rewriter) {
        ConcatenateOp c = ConcatenateOp.cast(op);
        int dim = (int) c.dimension().longValue();
        List<Value> operands = new ArrayList<>(op.operands());
        List<Value> merged = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < operands.size(); i++) {
            Value v = operands.get(i);
            DenseElementsAttr splat = Constants.dense(v);
            if (splat == null || !splat.isSplat()) {
                merged.add(v);
                continue;
            }
            int j = i + 1;
            while (j < operands.size() && splat.equals(Constants.dense(operands.get(j)))) j++;
            if (j - i == 1) {
                merged.add(v);
                continue;
            }
            RankedTensorType t = (RankedTensorType) splat.type();
            if (dim < 0 || dim >= t.rank()) return false;
            long[] shape = t.shape();
            shape[dim] *= (j - i);
            RankedTensorType resized = new RankedTensorType(shape, t.elementType(), t.encoding());
            merged.add(Constants.materialize(rewriter, op.location(), Constants.resizeSplat(splat, resized)).output());
            changed = true;
            i = j - 1;
        }
        if (!changed) return rewriter.notifyMatchFailure(op, "No splats to fold");
        Operation replacement = ConcatenateOp.createWithTypes(rewriter, op.location(), List.of(op.result(0).type()),
                merged, c.dimension()).operation();
        rewriter.replaceOp(op, replacement);
        return true;
    }

    private static boolean getDimensionSize(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        GetDimensionSizeOp g = GetDimensionSizeOp.cast(op);
        if (!(g.operand().type() instanceof RankedTensorType in)) return false;
        long dim = g.dimension().longValue();
        if (dim < 0 || dim >= in.rank() || in.dim((int) dim) == ShapedType.DYNAMIC) {
            return rewriter.notifyMatchFailure(op, "expected static dimension");
        }
        long[] v = new long[(int) type.numElements()];
        java.util.Arrays.fill(v, in.dim((int) dim));
        return replaceWithConstant(rewriter, op, Constants.ofInts(type, v));
    }

    private static boolean reshape(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        DenseElementsAttr a = Constants.dense(op.operand(0));
        if (a == null) return rewriter.notifyMatchFailure(op, "expected constant operand");
        if (((RankedTensorType) a.type()).numElements() != type.numElements()) return false;
        return replaceWithConstant(rewriter, op,
                new DenseElementsAttr(type, a.rawArray(), a.offset(), a.length(), a.isSplat()));
    }

    private static boolean slice(Operation op, PatternRewriter rewriter) {
        RankedTensorType type = intResult(op);
        if (type == null) return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
        SliceOp s = SliceOp.cast(op);
        if (!(s.operand().type() instanceof RankedTensorType in) || !Constants.isStatic(in)) {
            return rewriter.notifyMatchFailure(op, "expected operand with static ranked tensor type");
        }
        DenseElementsAttr a = Constants.dense(s.operand());
        if (a == null) return rewriter.notifyMatchFailure(op, "expected constant integer or float operand");
        if (a.isSplat()) return replaceWithConstant(rewriter, op, Constants.resizeSplat(a, type));
        int rank = in.rank();
        DenseArrayAttr start = s.startIndices();
        DenseArrayAttr limit = s.limitIndices();
        DenseArrayAttr strides = s.strides();
        if (start.size() != rank || limit.size() != rank || strides.size() != rank || type.rank() != rank) return false;
        byte[] data = Constants.expandedBytes(a);
        if (data == null || type.numElements() > Constants.MAX_FOLD_ELEMENTS) return false;
        int eb = DenseElementsAttr.elementStorageBytes(type.elementType());
        long[] stride = new long[rank];
        long acc = 1;
        for (int d = rank - 1; d >= 0; d--) {
            stride[d] = acc;
            acc *= in.dim(d);
        }
        int n = (int) type.numElements();
        byte[] out = new byte[n * eb];
        long[] index = new long[rank];
        for (int d = 0; d < rank; d++) index[d] = start.getLong(d);
        for (int i = 0; i < n; i++) {
            long linear = 0;
            for (int d = 0; d < rank; d++) linear += index[d] * stride[d];
            if (linear < 0 || (linear + 1) * eb > data.length) return false;
            System.arraycopy(data, (int) (linear * eb), out, i * eb, eb);
            for (int d = rank - 1; d >= 0; d--) {
                index[d] += strides.getLong(d);
                if (index[d] >= limit.getLong(d)) index[d] = start.getLong(d);
                else break;
            }
        }
        return replaceWithConstant(rewriter, op, new DenseElementsAttr(type, out, 0, out.length, false));
    }

    /** dynamic_slice of a splat constant: the splat at the result type (any element type). */
    private static boolean dynamicSliceSplat(Operation op, PatternRewriter rewriter) {
        Type t = op.result(0).type();
        if (!Constants.isStatic(t)) {
            return rewriter.notifyMatchFailure(op, "unable to fold dynamically shaped result type to constant");
        }
        DenseElementsAttr a = Constants.dense(op.operand(0));
        if (a == null || !a.isSplat()) return rewriter.notifyMatchFailure(op, "Input must be a splat constant.");
        return replaceWithConstant(rewriter, op, Constants.resizeSplat(a, (ShapedType) t));
    }

    /** set_dimension_size(x, size, dim) -> x when the types agree and size is already x's static size. */
    private static boolean setDimensionSize(Operation op, PatternRewriter rewriter) {
        SetDimensionSizeOp s = SetDimensionSizeOp.cast(op);
        if (!s.operand().type().equals(s.result().type()) || !(s.result().type() instanceof RankedTensorType t)) {
            return rewriter.notifyMatchFailure(op, "operand and result type must be the same");
        }
        DenseElementsAttr size = Constants.dense(s.size());
        if (size == null || !Constants.isSplat(size) || !(size.type().elementType() instanceof IntegerType)) {
            return rewriter.notifyMatchFailure(op, "size operand not constant");
        }
        IntegerAttr dimAttr = s.dimension();
        long dim = dimAttr.longValue();
        if (dim < 0 || dim >= t.rank() || Constants.first(size) != t.dim((int) dim)) {
            return rewriter.notifyMatchFailure(op, "dim size does not match result type");
        }
        rewriter.replaceOp(op, List.of(s.operand()));
        return true;
    }
}
