package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.mlir.DimOp;
import org.stablehlo4j.dialect.mlir.ExtractOp;
import org.stablehlo4j.dialect.mlir.FromElementsOp;
import org.stablehlo4j.dialect.mlir.IndexCastOp;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.dialect.mlir.MlirOps;
import org.stablehlo4j.dialect.mlir.MuliOp;
import org.stablehlo4j.dialect.shape.BroadcastOp;
import org.stablehlo4j.dialect.shape.ConstShapeOp;
import org.stablehlo4j.dialect.shape.NumElementsOp;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.dialect.shape.ShapeOps;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloOps;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --shape-legalize-to-stablehlo} (upstream's {@code ShapeLegalizeToStablehlo.cpp}): the shape computations
 * of the shape, tensor and arith dialects become StableHLO ops on {@code tensor<i32>} values. MLIR's
 * {@code index} and {@code tensor<Nxindex>} meet StableHLO's {@code tensor<i32>} and {@code tensor<Nxi32>}
 * through {@code builtin.unrealized_conversion_cast}s (meant to cancel out later). Converted: {@code shape.shape_of},
 * {@code shape.num_elements}, {@code shape.broadcast} (of two operands), {@code shape.const_shape},
 * {@code tensor.dim} and {@code tensor.extract} (at constant indices), {@code tensor.from_elements},
 * {@code arith.index_cast}, {@code arith.muli} of indices, and the index operands of
 * {@code stablehlo.dynamic_broadcast_in_dim} and {@code stablehlo.dynamic_reshape}.
 *
 * <p>Like upstream's partial conversion, every op of the shape and tensor dialects (but {@code tensor.cast}),
 * {@code arith.index_cast}, {@code arith.muli} and any StableHLO op with an index operand is illegal: one that no
 * pattern converts fails the pass with {@code failed to legalize operation 'X' that was explicitly marked illegal}
 * at the first such op of its function. Each pattern checks everything before it changes the IR, so that a failed
 * match leaves nothing behind (a conversion would roll back). Nothing is folded or erased besides the converted ops.
 */
public final class ShapeLegalizeToStablehloPass implements Pass {
    /** The pass's name. */
    public static final String NAME = "shape-legalize-to-stablehlo";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Legalize shape-related ops to StableHLO.";

    private static final IntegerType I32 = IntegerType.I32;
    private static final RankedTensorType SCALAR_I32 = new RankedTensorType(new long[0], I32);
    private static final RankedTensorType VECTOR1_I32 = new RankedTensorType(new long[] {1}, I32);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        PatternSet patterns = patterns();
        // a partial conversion: no folding, constant CSE, region simplification or dead-op erasure
        GreedyRewriteDriver.Config config = GreedyRewriteDriver.Config.DEFAULT.withFold(false).withCseConstants(false)
                .withIsPure(op -> false).withRegionSimplify(GreedyRewriteDriver.RegionSimplification.DISABLED);
        List<Diagnostic> errors = new ArrayList<>();
        for (Operation fn : functions(module)) {
            GreedyRewriteDriver.apply(fn, patterns, config);
            Operation illegal = firstIllegal(fn);
            if (illegal != null) {
                errors.add(Diagnostic.error(illegal.location(), "failed to legalize operation '" + illegal.name()
                        + "' that was explicitly marked illegal"));
            }
        }
        if (!errors.isEmpty()) throw new DiagnosticException(errors);
    }

    /** The functions the pass runs on (upstream's pass is anchored on {@code func.func}). */
    private static List<Operation> functions(ModuleOp module) {
        List<Operation> out = new ArrayList<>();
        module.op().walk(op -> {
            if (FuncOp.is(op)) out.add(op);
        });
        return out;
    }

    /** The patterns of {@code populateShapeToStablehloPatterns}. */
    static PatternSet patterns() {
        return new PatternSet()
                .add(RewritePattern.of(ConstShapeOp.NAME, 1, ShapeLegalizeToStablehloPass::constShape))
                .add(RewritePattern.of(MuliOp.NAME, 1, ShapeLegalizeToStablehloPass::muli))
                .add(RewritePattern.of(IndexCastOp.NAME, 1, ShapeLegalizeToStablehloPass::indexCast))
                .add(RewritePattern.of(NumElementsOp.NAME, 1, ShapeLegalizeToStablehloPass::numElements))
                .add(RewritePattern.of(ShapeOfOp.NAME, 1, ShapeLegalizeToStablehloPass::shapeOf))
                .add(RewritePattern.of(BroadcastOp.NAME, 1, ShapeLegalizeToStablehloPass::broadcast))
                .add(RewritePattern.of(DynamicBroadcastInDimOp.NAME, 1, ShapeLegalizeToStablehloPass::castOperands))
                .add(RewritePattern.of(DynamicReshapeOp.NAME, 1, ShapeLegalizeToStablehloPass::castOperands))
                .add(RewritePattern.of(DimOp.NAME, 1, ShapeLegalizeToStablehloPass::tensorDim))
                .add(RewritePattern.of(ExtractOp.NAME, 1, ShapeLegalizeToStablehloPass::tensorExtract))
                .add(RewritePattern.of(FromElementsOp.NAME, 1, ShapeLegalizeToStablehloPass::tensorFromElements));
    }

    // ============================================================================================ legality

    /** The first op of {@code fn} (in pre-order) that the conversion target calls illegal, or null. */
    static Operation firstIllegal(Operation fn) {
        Operation[] found = new Operation[1];
        fn.walk(WalkOrder.PRE_ORDER, op -> {
            if (op != fn && isIllegal(op)) {
                found[0] = op;
                return WalkResult.INTERRUPT;
            }
            return WalkResult.ADVANCE;
        });
        return found[0];
    }

    private static boolean isIllegal(Operation op) {
        String dialect = op.dialect();
        if (ShapeOps.DIALECT.equals(dialect)) return true;
        if (MlirOps.TENSOR_DIALECT.equals(dialect)) return !org.stablehlo4j.dialect.mlir.CastOp.is(op);
        if (IndexCastOp.is(op) || MuliOp.is(op)) return true;
        if (StablehloOps.DIALECT.equals(dialect)) {
            for (Value v : op.operands()) if (isIndexOrShapedOfIndex(v.type())) return true;
        }
        return false;
    }

    // ============================================================================================ helpers

    private static boolean isShapedOfI32(Type t) {
        return t instanceof ShapedType s && s.elementType().equals(I32);
    }

    private static boolean isIndexOrShapedOfIndex(Type t) {
        return t instanceof IndexType || t instanceof ShapedType s && s.elementType() instanceof IndexType;
    }

    /** Whether {@link #castToI32} succeeds on a value of type {@code t}. */
    private static boolean castsToI32(Type t) {
        if (t instanceof IndexType) return true;
        return t instanceof RankedTensorType r && r.hasStaticShape()
                && (r.elementType().equals(I32) || r.elementType() instanceof IndexType);
    }

    private static Value unrealizedCast(PatternRewriter r, Location loc, Type type, Value v) {
        return r.create(loc, r.opName(BuiltinOps.UNREALIZED_CONVERSION_CAST), List.of(v), List.of(type),
                DictionaryAttr.EMPTY).result(0);
    }

    /**
     * MLIR's index shapes to HLO's i32 ones: {@code index} to {@code tensor<i32>}, {@code tensor<Nxindex>} to
     * {@code tensor<Nxi32>}, i32 tensors as they are (check {@link #castsToI32} first).
     */
    private static Value castToI32(PatternRewriter r, Location loc, Value v) {
        if (v.type() instanceof IndexType) return unrealizedCast(r, loc, SCALAR_I32, v);
        RankedTensorType t = (RankedTensorType) v.type();
        if (t.elementType().equals(I32)) return v;
        return unrealizedCast(r, loc, new RankedTensorType(t.shape(), I32), v);
    }

    /** The type {@link #castToIndex} gives a static i32 tensor of type {@code t}. */
    private static Type indexTypeOf(RankedTensorType t) {
        return t.rank() == 0 ? IndexType.INSTANCE : new RankedTensorType(t.shape(), IndexType.INSTANCE);
    }

    /** HLO's i32 shapes back to MLIR's index ones: {@code tensor<i32>} to {@code index}, {@code tensor<Nxi32>}. */
    private static Value castToIndex(PatternRewriter r, Location loc, Value v) {
        return unrealizedCast(r, loc, indexTypeOf((RankedTensorType) v.type()), v);
    }

    /** The value of {@code v} when an {@code arith.constant} of type index defines it (ConstantIndexOp). */
    private static Long constantIndex(Value v) {
        Operation def = v.definingOp();
        if (def == null || !org.stablehlo4j.dialect.mlir.ConstantOp.is(def) || !(v.type() instanceof IndexType)) {
            return null;
        }
        return IntElements.scalar(def.attr("value"));
    }

    private static Value i32Constant(PatternRewriter r, Location loc, RankedTensorType type, long... values) {
        return org.stablehlo4j.dialect.stablehlo.ops.ConstantOp.createWithTypes(r, loc, List.of(type),
                IntElements.of(type, values)).output();
    }

    /** A constant index becomes a StableHLO constant, anything else a cast to i32. */
    private static Value constantOrI32Cast(PatternRewriter r, Value v, Location loc) {
        Long c = constantIndex(v);
        if (c != null) return i32Constant(r, loc, SCALAR_I32, (int) (long) c);
        return castToI32(r, loc, v);
    }

    private static DenseArrayAttr array(long... values) {
        return DenseArrayAttr.ofLongs(values);
    }

    /** {@code tensor<1xi32>} element {@code i} of a static 1-D i32 tensor, as a {@code tensor<i32>}. */
    private static Value element(PatternRewriter r, Location loc, Value vector, long i) {
        Value slice = SliceOp.create(r, loc, vector, array(i), array(i + 1), array(1)).result();
        return ReshapeOp.create(r, loc, SCALAR_I32, slice).result();
    }

    // ============================================================================================ patterns

    /** {@code shape.num_elements} of an extent tensor: the product of the extents. */
    private static boolean numElements(Operation op, PatternRewriter r) {
        Value shape = op.operand(0);
        if (!castsToI32(shape.type()) || !(shape.type() instanceof RankedTensorType st)) {
            return r.notifyMatchFailure(op, "cast to i32 failed");
        }
        if (!(op.result(0).type() instanceof IndexType)) return r.notifyMatchFailure(op, "cast to index failed");
        Location loc = op.location();
        Value shapeI32 = castToI32(r, loc, shape);
        long rank = st.numElements();
        Value product = i32Constant(r, loc, SCALAR_I32, 1);
        for (long i = 0; i < rank; i++) {
            product = MultiplyOp.create(r, loc, product, element(r, loc, shapeI32, i)).result();
        }
        r.replaceOp(op, List.of(castToIndex(r, loc, product)));
        return true;
    }

    /** {@code shape.shape_of} a ranked tensor: its dimension sizes, concatenated. */
    private static boolean shapeOf(Operation op, PatternRewriter r) {
        Value arg = op.operand(0);
        if (!(arg.type() instanceof RankedTensorType t)) return r.notifyMatchFailure(op, "expected ranked operand");
        int rank = t.rank();
        if (!op.result(0).type().equals(new RankedTensorType(new long[] {rank}, IndexType.INSTANCE))) {
            return r.notifyMatchFailure(op, "cast to index failed");
        }
        Location loc = op.location();
        Value shapeI32;
        if (rank > 0) {
            List<Value> sizes = new ArrayList<>();
            for (int i = 0; i < rank; i++) {
                Value size = GetDimensionSizeOp.create(r, loc, arg, IntegerAttr.of(IntegerType.I64, i)).result();
                sizes.add(ReshapeOp.create(r, loc, VECTOR1_I32, size).result());
            }
            shapeI32 = ConcatenateOp.create(r, loc, sizes, IntegerAttr.of(IntegerType.I64, 0)).result();
        } else {
            shapeI32 = i32Constant(r, loc, new RankedTensorType(new long[] {0}, I32));
        }
        r.replaceOp(op, List.of(castToIndex(r, loc, shapeI32)));
        return true;
    }

    /** {@code shape.const_shape} of an extent tensor: an i32 constant. */
    private static boolean constShape(Operation op, PatternRewriter r) {
        if (!(op.result(0).type() instanceof RankedTensorType t) || t.rank() != 1 || !t.hasStaticShape()) {
            return r.notifyMatchFailure(op, "expected ranked operand");
        }
        if (!(op.attr("shape") instanceof DenseElementsAttr d)) return r.notifyMatchFailure(op, "no shape");
        long[] extents = IntElements.values(d);
        if (extents == null || extents.length != t.dim(0)) return r.notifyMatchFailure(op, "no shape");
        long[] i32 = new long[extents.length];
        for (int i = 0; i < i32.length; i++) i32[i] = (int) extents[i];
        Location loc = op.location();
        Value c = i32Constant(r, loc, new RankedTensorType(new long[] {t.dim(0)}, I32), i32);
        r.replaceOp(op, List.of(castToIndex(r, loc, c)));
        return true;
    }

    /** {@code arith.index_cast} between index and i32 (scalar index to other integers through a convert). */
    private static boolean indexCast(Operation op, PatternRewriter r) {
        Value in = op.operand(0);
        Type inType = in.type();
        Type outType = op.result(0).type();
        Location loc = op.location();
        if (inType instanceof IndexType) {
            // index -> tensor<i32> [-> convert] -> the scalar result type
            Value result = castToI32(r, loc, in);
            if (!outType.equals(I32)) result = ConvertOp.create(r, loc, new RankedTensorType(new long[0], outType),
                    result).result();
            r.replaceOp(op, List.of(unrealizedCast(r, loc, outType, result)));
            return true;
        }
        if (!(inType instanceof ShapedType) && isIndexOrShapedOfIndex(outType)) {
            // a scalar to index: through the 0-d tensor of its type
            Value result = unrealizedCast(r, loc, new RankedTensorType(new long[0], inType), in);
            r.replaceOp(op, List.of(unrealizedCast(r, loc, outType, result)));
            return true;
        }
        boolean inOk = isIndexOrShapedOfIndex(inType) ? castsToI32(inType) : isShapedOfI32(inType);
        if (!inOk) return r.notifyMatchFailure(op, "expected input with index/i32 style");
        boolean outOk = isIndexOrShapedOfIndex(outType)
                ? outType instanceof RankedTensorType ot && ot.hasStaticShape() : isShapedOfI32(outType);
        if (!outOk) return r.notifyMatchFailure(op, "expected output with index/i32 style");
        Value result = isIndexOrShapedOfIndex(inType) ? castToI32(r, loc, in) : in;
        if (isIndexOrShapedOfIndex(outType)) result = castToIndex(r, loc, result);
        r.replaceOp(op, List.of(result));
        return true;
    }

    /** {@code arith.muli} of indices: a {@code stablehlo.multiply} of i32 tensors. */
    private static boolean muli(Operation op, PatternRewriter r) {
        for (Value v : List.of(op.operand(0), op.operand(1), op.result(0))) {
            if (!isIndexOrShapedOfIndex(v.type()) || !castsToI32(v.type())) {
                return r.notifyMatchFailure(op, "expected index type");
            }
        }
        Location loc = op.location();
        Value lhs = constantOrI32Cast(r, op.operand(0), loc);
        Value rhs = constantOrI32Cast(r, op.operand(1), loc);
        Value product = MultiplyOp.create(r, loc, lhs, rhs).result();
        r.replaceOp(op, List.of(castToIndex(r, loc, product)));
        return true;
    }

    /** Two extent tensors: the shorter padded with ones from the left, then their elementwise maximum. */
    private static boolean broadcast(Operation op, PatternRewriter r) {
        if (op.numOperands() != 2) return false;
        for (Value v : op.operands()) {
            if (!castsToI32(v.type()) || ((RankedTensorType) v.type()).rank() != 1) return false;
        }
        long n1 = ((RankedTensorType) op.operand(0).type()).dim(0);
        long n2 = ((RankedTensorType) op.operand(1).type()).dim(0);
        long n = Math.max(n1, n2);
        if (!op.result(0).type().equals(new RankedTensorType(new long[] {n}, IndexType.INSTANCE))) {
            return r.notifyMatchFailure(op, "cast to index failed");
        }
        Location loc = op.location();
        Value shape1 = castToI32(r, loc, op.operand(0));
        Value shape2 = castToI32(r, loc, op.operand(1));
        if (n1 < n2) shape1 = padFromLeft(r, loc, shape1, n2 - n1);
        else if (n1 > n2) shape2 = padFromLeft(r, loc, shape2, n1 - n2);
        // cstr_broadcastable is checked elsewhere: where the shapes broadcast, the result is the larger extent
        Value broadcasted = MaximumOp.create(r, loc, shape1, shape2).result();
        r.replaceOp(op, List.of(castToIndex(r, loc, broadcasted)));
        return true;
    }

    /** {@code input} (a {@code tensor<Nxi32>}) with {@code pad} ones in front. */
    private static Value padFromLeft(PatternRewriter r, Location loc, Value input, long pad) {
        long[] ones = new long[(int) pad];
        java.util.Arrays.fill(ones, 1);
        Value padding = i32Constant(r, loc, new RankedTensorType(new long[] {pad}, I32), ones);
        return ConcatenateOp.create(r, loc, List.of(padding, input), IntegerAttr.of(IntegerType.I64, 0)).result();
    }

    /** {@code tensor.dim} at a constant index: {@code stablehlo.get_dimension_size}. */
    private static boolean tensorDim(Operation op, PatternRewriter r) {
        Long index = constantIndex(op.operand(1));
        if (index == null) return r.notifyMatchFailure(op, "expected constant index op");
        if (!(op.operand(0).type() instanceof RankedTensorType t) || index < 0 || index >= t.rank()) {
            return r.notifyMatchFailure(op, "index out of range");
        }
        Location loc = op.location();
        Value size = GetDimensionSizeOp.create(r, loc, op.operand(0), IntegerAttr.of(IntegerType.I64, index))
                .result();
        r.replaceOp(op, List.of(castToIndex(r, loc, size)));
        return true;
    }

    /** {@code tensor.extract} at constant in-range indices: a one-element slice, reshaped to a scalar. */
    private static boolean tensorExtract(Operation op, PatternRewriter r) {
        Value tensor = op.operand(0);
        if (!(tensor.type() instanceof RankedTensorType t) || !castsToI32(t)) {
            return r.notifyMatchFailure(op, "expected index or i32 tensor");
        }
        int n = op.numOperands() - 1;
        if (n != t.rank()) return r.notifyMatchFailure(op, "expected one index per dimension");
        long[] start = new long[n];
        for (int i = 0; i < n; i++) {
            Long index = constantIndex(op.operand(i + 1));
            if (index == null) return r.notifyMatchFailure(op, "expected constant index op");
            if (t.dim(i) < 0 || index < 0 || index >= t.dim(i)) return r.notifyMatchFailure(op, "index out of range");
            start[i] = index;
        }
        long[] limit = new long[n];
        long[] strides = new long[n];
        for (int i = 0; i < n; i++) {
            limit[i] = start[i] + 1;
            strides[i] = 1;
        }
        Location loc = op.location();
        Value input = castToI32(r, loc, tensor);
        Value slice = SliceOp.create(r, loc, input, array(start), array(limit), array(strides)).result();
        Value scalar = ReshapeOp.create(r, loc, SCALAR_I32, slice).result();
        Type resultType = op.result(0).type();
        Value result = resultType instanceof IndexType ? castToIndex(r, loc, scalar)
                : unrealizedCast(r, loc, resultType, scalar);
        r.replaceOp(op, List.of(result));
        return true;
    }

    /**
     * {@code tensor.from_elements}: of one scalar, a cast to the 0-d tensor; of indices, their i32 values
     * concatenated (constant ones as constants).
     */
    private static boolean tensorFromElements(Operation op, PatternRewriter r) {
        if (!(op.result(0).type() instanceof RankedTensorType t)) {
            return r.notifyMatchFailure(op, "expected constant index op");
        }
        Location loc = op.location();
        if (t.rank() == 0) {
            if (op.numOperands() != 1) return false;
            r.replaceOp(op, List.of(unrealizedCast(r, loc, t, op.operand(0))));
            return true;
        }
        if (t.rank() != 1 || !isIndexOrShapedOfIndex(t) || op.numOperands() == 0) return false;
        for (Value v : op.operands()) if (!(v.type() instanceof IndexType)) return false;
        if (!t.equals(new RankedTensorType(new long[] {op.numOperands()}, IndexType.INSTANCE))) {
            return r.notifyMatchFailure(op, "cast to index failed");
        }
        List<Value> elements = new ArrayList<>();
        for (Value v : op.operands()) {
            Long c = constantIndex(v);
            if (c != null) {
                elements.add(i32Constant(r, loc, VECTOR1_I32, (int) (long) c));
            } else {
                elements.add(ReshapeOp.create(r, loc, VECTOR1_I32, castToI32(r, loc, v)).result());
            }
        }
        Value vector = ConcatenateOp.create(r, loc, elements, IntegerAttr.of(IntegerType.I64, 0)).result();
        r.replaceOp(op, List.of(castToIndex(r, loc, vector)));
        return true;
    }

    /** A StableHLO op with index operands: the same op of their i32 casts. */
    private static boolean castOperands(Operation op, PatternRewriter r) {
        boolean any = false;
        for (Value v : op.operands()) {
            if (isIndexOrShapedOfIndex(v.type())) {
                if (!castsToI32(v.type())) return r.notifyMatchFailure(op, "operand does not cast to i32");
                any = true;
            }
        }
        if (!any) return r.notifyMatchFailure(op, "no operands need a cast to i32");
        Location loc = op.location();
        List<Value> operands = new ArrayList<>();
        for (Value v : op.operands()) operands.add(isIndexOrShapedOfIndex(v.type()) ? castToI32(r, loc, v) : v);
        List<Type> types = new ArrayList<>();
        for (OpResult res : op.results()) types.add(res.type());
        Operation replacement = r.create(loc, op.opName(), operands, types, op.properties(), op.attributes(), 0,
                List.of());
        r.replaceOp(op, replacement);
        return true;
    }
}
