package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationPatterns.pattern;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationPatterns.replaceMerging;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.longs;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.mergeDiscardableAttributes;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.mlir.IndexCastOp;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicGatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicIotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicPadOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicUpdateSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealDynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReverseOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The simplification patterns of shape-changing ops: broadcast_in_dim (no-op, merged, to reshape or transpose),
 * reshape and transpose (no-op, merged, transpose to reshape), reverse, pad and slice no-ops, iota (to a constant
 * or a broadcast of a 1-D iota), get_dimension_size of a static dimension, and the dynamic ops
 * (dynamic_broadcast_in_dim, dynamic_reshape, dynamic_iota, dynamic_pad, dynamic_gather, dynamic_slice,
 * real_dynamic_slice, dynamic_update_slice, and {@code shape.shape_of} of a dynamic_reshape) to simpler or static
 * forms.
 */
final class AggressiveSimplificationShapes {
    private AggressiveSimplificationShapes() {}

    /** Adds upstream's DRR patterns of these ops. */
    static void addDrr(PatternSet p) {
        rules(p, BroadcastInDimOp.NAME, new int[] {1, 2, 2, 1}, AggressiveSimplificationShapes::broadcastNoop,
                AggressiveSimplificationShapes::broadcastOfBroadcast,
                AggressiveSimplificationShapes::broadcastToReshape,
                AggressiveSimplificationShapes::broadcastToTranspose);
        rules(p, DynamicBroadcastInDimOp.NAME, new int[] {2, 1, 2, 2},
                AggressiveSimplificationShapes::dynamicBroadcastOfBroadcast,
                AggressiveSimplificationShapes::dynamicBroadcastToConvert,
                AggressiveSimplificationShapes::dynamicBroadcastOfReshape,
                AggressiveSimplificationShapes::dynamicBroadcastOfOwnShape);
        rules(p, DynamicGatherOp.NAME, new int[] {2}, AggressiveSimplificationShapes::dynamicGather);
        rules(p, DynamicPadOp.NAME, new int[] {1}, AggressiveSimplificationShapes::dynamicPad);
        rules(p, DynamicReshapeOp.NAME, new int[] {2}, AggressiveSimplificationShapes::dynamicReshapeOfReshape);
        rules(p, ShapeOfOp.NAME, new int[] {2}, AggressiveSimplificationShapes::shapeOfDynamicReshape);
        rules(p, DynamicUpdateSliceOp.NAME, new int[] {1, 1}, AggressiveSimplificationShapes::emptyUpdate,
                AggressiveSimplificationShapes::wholeUpdate);
        rules(p, IotaOp.NAME, new int[] {1}, AggressiveSimplificationShapes::iotaOfOne);
        rules(p, PadOp.NAME, new int[] {1}, AggressiveSimplificationShapes::padNoop);
        rules(p, RealDynamicSliceOp.NAME, new int[] {1}, CanonicalizeDynamismPass::realDynamicSliceToSlice);
        rules(p, ReshapeOp.NAME, new int[] {2, 1}, AggressiveSimplificationShapes::reshapeOfReshape,
                (op, r) -> sameTypeNoop(op, r, true));
        rules(p, ReverseOp.NAME, new int[] {1, 2}, AggressiveSimplificationShapes::reverseNoop,
                AggressiveSimplificationShapes::reverseOfSplat);
        rules(p, SliceOp.NAME, new int[] {1},
                (op, r) -> Constants.isStatic(op.operand(0).type()) && sameTypeNoop(op, r, true));
        rules(p, TransposeOp.NAME, new int[] {1, 2}, (op, r) ->
                AggressiveSimplificationSupport.isIotaRange(longs(TransposeOp.cast(op).permutation()))
                        && replaceMerging(op, r, op.operand(0)),
                AggressiveSimplificationShapes::transposeOfTranspose);
    }

    /** Adds upstream's C++ patterns of these ops, in its order (all of benefit 1). */
    static void addNative(PatternSet p) {
        rules(p, DynamicIotaOp.NAME, new int[] {1}, AggressiveSimplificationShapes::dynamicIotaToBroadcast);
        rules(p, DynamicReshapeOp.NAME, new int[] {1}, AggressiveSimplificationShapes::dynamicReshapeAroundSameShape);
        rules(p, DynamicSliceOp.NAME, new int[] {1}, AggressiveSimplificationShapes::dynamicSliceToSlice);
        rules(p, IotaOp.NAME, new int[] {1}, AggressiveSimplificationShapes::iotaToBroadcast);
        rules(p, RealDynamicSliceOp.NAME, new int[] {1}, CanonicalizeDynamismPass::realDynamicSliceToDynamicSlice);
        rules(p, TransposeOp.NAME, new int[] {1}, AggressiveSimplificationShapes::transposeIsReshape);
    }

    /** Adds one pattern rooted at {@code root} per rule, with the benefit at the same index. */
    @SafeVarargs
    static void rules(PatternSet p, String root, int[] benefits,
            java.util.function.BiPredicate<Operation, PatternRewriter>... fns) {
        for (int i = 0; i < fns.length; i++) p.add(pattern(root, benefits[i], fns[i]));
    }

    /** Adds upstream's C++ dynamism refinements (after its generic patterns). */
    static void addRefinements(PatternSet p) {
        p.add(pattern(GetDimensionSizeOp.NAME, 1, AggressiveSimplificationShapes::staticDimensionSize));
        p.add(pattern(DynamicBroadcastInDimOp.NAME, 1, AggressiveSimplificationShapes::dynamicBroadcastIsStatic));
        p.add(pattern(DynamicReshapeOp.NAME, 1, (op, r) -> {
            if (!Constants.isStatic(op.result(0).type())) return false;
            r.replaceOp(op, ReshapeOp.create(r, op.location(), op.result(0).type(), op.operand(0)).operation());
            return true;
        }));
        p.add(pattern(DynamicIotaOp.NAME, 1, (op, r) -> {
            if (!Constants.isStatic(op.result(0).type())) return false;
            r.replaceOp(op, IotaOp.create(r, op.location(), op.result(0).type(),
                    DynamicIotaOp.cast(op).iotaDimension()).operation());
            return true;
        }));
    }

    private static long numElements(Type t) {
        return t instanceof RankedTensorType r ? r.numElements() : -1;
    }

    private static int rank(Type t) {
        return t instanceof RankedTensorType r ? r.rank() : -1;
    }

    /** {@code op(X) -> X} when the result type is X's, merging the discardable attributes if asked. */
    private static boolean sameTypeNoop(Operation op, PatternRewriter r, boolean merge) {
        Value x = op.operand(0);
        if (!x.type().equals(op.result(0).type())) return false;
        if (merge) return replaceMerging(op, r, x);
        r.replaceOp(op, List.of(x));
        return true;
    }

    /** Replaces {@code op} by {@code with}, merging its discardable attributes into {@code with}. */
    private static boolean replaceWithNew(Operation op, PatternRewriter r, Operation with) {
        mergeDiscardableAttributes(op, with);
        r.replaceOp(op, with);
        return true;
    }

    // ---- broadcast_in_dim

    private static boolean broadcastNoop(Operation op, PatternRewriter r) {
        return AggressiveSimplificationSupport.isIotaRange(longs(BroadcastInDimOp.cast(op).broadcastDimensions()))
                && sameTypeNoop(op, r, true);
    }

    /** Whether a broadcast_in_dim {@code inner} of {@code operand} is one {@link #broadcastToReshape} rewrites. */
    private static boolean reducibleToReshape(Operation inner, Value operand) {
        if (!Constants.isStatic(inner.result(0).type())) return false;
        return AggressiveSimplificationSupport.isSorted(longs(BroadcastInDimOp.cast(inner).broadcastDimensions()))
                && numElements(inner.result(0).type()) == numElements(operand.type());
    }

    private static boolean broadcastOfBroadcast(Operation op, PatternRewriter r) {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !BroadcastInDimOp.is(inner) || reducibleToReshape(inner, inner.operand(0))) return false;
        long[] dims = AggressiveSimplificationSupport.compose(longs(BroadcastInDimOp.cast(op).broadcastDimensions()),
                longs(BroadcastInDimOp.cast(inner).broadcastDimensions()));
        if (dims == null) return false;
        return replaceWithNew(op, r, BroadcastInDimOp.create(r, op.location(), op.result(0).type(), inner.operand(0),
                DenseArrayAttr.ofLongs(dims)).operation());
    }

    private static boolean broadcastToReshape(Operation op, PatternRewriter r) {
        Value x = op.operand(0);
        if (!Constants.isStatic(x.type())
                || !AggressiveSimplificationSupport.isSorted(longs(BroadcastInDimOp.cast(op).broadcastDimensions()))
                || numElements(op.result(0).type()) != numElements(x.type())) {
            return false;
        }
        return replaceWithNew(op, r, ReshapeOp.create(r, op.location(), op.result(0).type(), x).operation());
    }

    private static boolean broadcastToTranspose(Operation op, PatternRewriter r) {
        Value x = op.operand(0);
        Type result = op.result(0).type();
        if (!Constants.isStatic(x.type()) || numElements(result) != numElements(x.type()) || rank(result) != rank(x.type())) {
            return false;
        }
        long[] dims = longs(BroadcastInDimOp.cast(op).broadcastDimensions());
        long[] permutation = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0 || dims[i] >= dims.length) return false;
            permutation[(int) dims[i]] = i;
        }
        return replaceWithNew(op, r, TransposeOp.createWithTypes(r, op.location(), List.of(result), x,
                DenseArrayAttr.ofLongs(permutation)).operation());
    }

    // ---- dynamic_broadcast_in_dim

    private static boolean dynamicBroadcastOfBroadcast(Operation op, PatternRewriter r) {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !DynamicBroadcastInDimOp.is(inner)) return false;
        DynamicBroadcastInDimOp outer = DynamicBroadcastInDimOp.cast(op);
        long[] dims = AggressiveSimplificationSupport.compose(longs(outer.broadcastDimensions()),
                longs(DynamicBroadcastInDimOp.cast(inner).broadcastDimensions()));
        if (dims == null) return false;
        return replaceWithNew(op, r, DynamicBroadcastInDimOp.create(r, op.location(), op.result(0).type(),
                inner.operand(0), outer.outputDimensions(), DenseArrayAttr.ofLongs(dims), DenseArrayAttr.ofLongs(),
                DenseArrayAttr.ofLongs()).operation());
    }

    private static boolean iotaDims(Operation op) {
        return AggressiveSimplificationSupport.isIotaRange(longs(DynamicBroadcastInDimOp.cast(op).broadcastDimensions()));
    }

    private static boolean dynamicBroadcastToConvert(Operation op, PatternRewriter r) {
        DenseArrayAttr nonExpanding = DynamicBroadcastInDimOp.cast(op).knownNonexpandingDimensions();
        if (!iotaDims(op) || nonExpanding == null || nonExpanding.size() != rank(op.result(0).type())) return false;
        return replaceWithNew(op, r, ConvertOp.create(r, op.location(), op.result(0).type(), op.operand(0)).operation());
    }

    private static boolean dynamicBroadcastOfReshape(Operation op, PatternRewriter r) {
        Operation reshape = op.operand(0).definingOp();
        if (reshape == null || !DynamicReshapeOp.is(reshape) || reshape.operand(1) != op.operand(1) || !iotaDims(op)) {
            return false;
        }
        return replaceWithNew(op, r, DynamicReshapeOp.create(r, op.location(), op.result(0).type(),
                reshape.operand(0), op.operand(1)).operation());
    }

    private static boolean dynamicBroadcastOfOwnShape(Operation op, PatternRewriter r) {
        Operation shape = op.operand(1).definingOp();
        if (shape == null || !ShapeOfOp.is(shape) || shape.operand(0) != op.operand(0) || !iotaDims(op)) return false;
        return replaceMerging(op, r, op.operand(0));
    }

    /** A dynamic_broadcast_in_dim of a static operand whose result is static or whose output shape is constant. */
    private static boolean dynamicBroadcastIsStatic(Operation op, PatternRewriter r) {
        DynamicBroadcastInDimOp b = DynamicBroadcastInDimOp.cast(op);
        Type type = op.result(0).type();
        if (!Constants.isStatic(b.operand().type()) || !(type instanceof RankedTensorType t)) return false;
        if (Constants.isStatic(type)) {
            r.replaceOp(op, BroadcastInDimOp.create(r, op.location(), type, b.operand(), b.broadcastDimensions())
                    .operation());
            return true;
        }
        DenseElementsAttr dims = AggressiveSimplificationSupport.anyConstant(b.outputDimensions());
        long[] shape = dims == null ? null : IntElements.values(dims);
        if (shape == null || shape.length != t.rank()) return false;
        for (long d : shape) if (d < 0) return false;
        Operation refined = BroadcastInDimOp.create(r, op.location(), new RankedTensorType(shape, t.elementType()),
                b.operand(), b.broadcastDimensions()).operation();
        refineWith(op, r, refined);
        return true;
    }

    /**
     * Replaces {@code op} by {@code refined}, whose result types are more static: users of another dialect (which
     * may not accept the refined type, e.g. {@code func.return}) get it through a {@code stablehlo.convert} to the
     * old type (upstream's {@code refineOpWithNewOp}).
     */
    private static void refineWith(Operation op, PatternRewriter r, Operation refined) {
        List<Value> replacements = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            OpResult old = op.result(i);
            Value value = refined.result(i);
            boolean foreignUser = false;
            for (Operation user : old.users()) foreignUser |= user.opName().dialect() != op.opName().dialect();
            if (foreignUser) value = ConvertOp.create(r, op.location(), old.type(), value).result();
            replacements.add(value);
        }
        r.replaceOp(op, replacements);
    }

    // ---- dynamic_gather, dynamic_pad, dynamic_slice, dynamic_update_slice

    private static boolean dynamicGather(Operation op, PatternRewriter r) {
        DynamicGatherOp g = DynamicGatherOp.cast(op);
        DenseElementsAttr sizes = AggressiveSimplificationSupport.stablehloConstant(g.sliceSizes());
        long[] values = sizes == null ? null : Constants.ints(sizes);
        if (values == null) return false;
        return replaceWithNew(op, r, GatherOp.createWithTypes(r, op.location(), List.of(op.result(0).type()),
                g.operand(), g.startIndices(), g.dimensionNumbers(), DenseArrayAttr.ofLongs(values),
                g.indicesAreSorted()).operation());
    }

    private static boolean dynamicPad(Operation op, PatternRewriter r) {
        DynamicPadOp d = DynamicPadOp.cast(op);
        long[][] paddings = {Constants.ints(d.edgePaddingLow()), Constants.ints(d.edgePaddingHigh()),
                Constants.ints(d.interiorPadding())};
        for (long[] padding : paddings) if (padding == null) return false;
        Operation pad = PadOp.createWithTypes(r, op.location(), List.of(op.result(0).type()), d.operand(),
                d.paddingValue(), DenseArrayAttr.ofLongs(paddings[0]), DenseArrayAttr.ofLongs(paddings[1]),
                DenseArrayAttr.ofLongs(paddings[2])).operation();
        return replaceWithNew(op, r, pad);
    }

    /** dynamic_slice with constant starts -> slice, the starts clamped into the operand as dynamic_slice does. */
    private static boolean dynamicSliceToSlice(Operation op, PatternRewriter r) {
        DynamicSliceOp s = DynamicSliceOp.cast(op);
        if (!Constants.isStatic(s.operand().type())) return false;
        RankedTensorType in = (RankedTensorType) s.operand().type();
        long[] sizes = longs(s.sliceSizes());
        List<Value> starts = s.startIndices();
        if (sizes.length != in.rank() || starts.size() != in.rank()) return false;
        long[] start = new long[sizes.length];
        long[] limit = new long[sizes.length];
        long[] strides = new long[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            Long v = AggressiveSimplificationSupport.splatInt(AggressiveSimplificationSupport.anyConstant(starts.get(i)));
            if (v == null) return false;
            start[i] = Math.max(0, Math.min(v, in.dim(i) - sizes[i]));
            limit[i] = start[i] + sizes[i];
            strides[i] = 1;
        }
        return replaceWithNew(op, r, SliceOp.create(r, op.location(), s.operand(), DenseArrayAttr.ofLongs(start),
                DenseArrayAttr.ofLongs(limit), DenseArrayAttr.ofLongs(strides)).operation());
    }

    /** dynamic_update_slice(X, constant zero-extent update) -> X. */
    private static boolean emptyUpdate(Operation op, PatternRewriter r) {
        DenseElementsAttr update = AggressiveSimplificationSupport.anyConstant(op.operand(1));
        if (update == null || numElements(update.type()) != 0) return false;
        return replaceMerging(op, r, op.operand(0));
    }

    /** dynamic_update_slice(X, U, zeros...) -> U when U covers X (static and of X's type). */
    private static boolean wholeUpdate(Operation op, PatternRewriter r) {
        DynamicUpdateSliceOp u = DynamicUpdateSliceOp.cast(op);
        if (!Constants.isStatic(u.operand().type()) || !u.operand().type().equals(u.update().type())) return false;
        for (Value start : u.startIndices()) {
            if (!AggressiveSimplificationSupport.isIntZero(AggressiveSimplificationSupport.anyConstant(start))) {
                return false;
            }
        }
        return replaceMerging(op, r, u.update());
    }

    // ---- dynamic_reshape, reshape, shape_of

    private static boolean dynamicReshapeOfReshape(Operation op, PatternRewriter r) {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !DynamicReshapeOp.is(inner)) return false;
        return replaceWithNew(op, r, DynamicReshapeOp.create(r, op.location(), op.result(0).type(), inner.operand(0),
                op.operand(1)).operation());
    }

    /** dynamic_reshape(op(dynamic_reshape(X, shape)), shape) -> op(...) for an op keeping its operands' shape. */
    private static boolean dynamicReshapeAroundSameShape(Operation op, PatternRewriter r) {
        Operation def = op.operand(0).definingOp();
        if (def == null || def.numOperands() == 0 || def.opName().definition() == null
                || !def.opName().definition().hasTrait(OpTrait.SAME_OPERANDS_AND_RESULT_SHAPE)) {
            return false;
        }
        Operation reshape = def.operand(0).definingOp();
        if (reshape == null || !DynamicReshapeOp.is(reshape) || reshape.operand(1) != op.operand(1)) return false;
        r.replaceOp(op, List.of(def.result(0)));
        return true;
    }

    private static boolean shapeOfDynamicReshape(Operation op, PatternRewriter r) {
        Operation reshape = op.operand(0).definingOp();
        if (reshape == null || !DynamicReshapeOp.is(reshape)) return false;
        Value shape = reshape.operand(1);
        return shape.type().equals(op.result(0).type()) && replaceMerging(op, r, shape);
    }

    private static boolean reshapeOfReshape(Operation op, PatternRewriter r) {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !ReshapeOp.is(inner)) return false;
        return replaceWithNew(op, r, ReshapeOp.create(r, op.location(), op.result(0).type(), inner.operand(0))
                .operation());
    }

    // ---- get_dimension_size, iota, pad, reverse, transpose

    private static boolean staticDimensionSize(Operation op, PatternRewriter r) {
        if (!(op.operand(0).type() instanceof RankedTensorType in)
                || !(op.result(0).type() instanceof RankedTensorType out)
                || !(out.elementType() instanceof IntegerType)) {
            return false;
        }
        long dim = GetDimensionSizeOp.cast(op).dimension().longValue();
        if (dim < 0 || dim >= in.rank() || in.dim((int) dim) == ShapedType.DYNAMIC) return false;
        DenseElementsAttr size = Constants.ofInts(out, new long[] {in.dim((int) dim)});
        r.replaceOp(op, Constants.materialize(r, op.location(), size).operation());
        return true;
    }

    private static boolean iotaOfOne(Operation op, PatternRewriter r) {
        long dim = IotaOp.cast(op).iotaDimension().longValue();
        Type type = op.result(0).type();
        if (!(type instanceof RankedTensorType t) || dim < 0 || dim >= t.rank() || t.dim((int) dim) != 1) return false;
        Value zero = AggressiveSimplificationSupport.zeroLike(r, op.location(), type);
        if (zero == null) return false;
        r.replaceOp(op, List.of(zero));
        return true;
    }

    /** iota of rank 2 or more -> broadcast_in_dim of a 1-D iota. */
    private static boolean iotaToBroadcast(Operation op, PatternRewriter r) {
        long dim = IotaOp.cast(op).iotaDimension().longValue();
        if (!(op.result(0).type() instanceof RankedTensorType t) || t.rank() < 2 || dim < 0 || dim >= t.rank()) {
            return false;
        }
        Value iota = IotaOp.create(r, op.location(), new RankedTensorType(new long[] {t.dim((int) dim)},
                t.elementType()), IntegerAttr.of(IntegerType.I64, 0)).output();
        r.replaceOp(op, BroadcastInDimOp.create(r, op.location(), t, iota, DenseArrayAttr.ofLongs(dim)).operation());
        return true;
    }

    /** dynamic_iota of rank 2 or more -> dynamic_broadcast_in_dim of a 1-D dynamic_iota of the dimension's size. */
    private static boolean dynamicIotaToBroadcast(Operation op, PatternRewriter r) {
        DynamicIotaOp iota = DynamicIotaOp.cast(op);
        long dim = iota.iotaDimension().longValue();
        if (!(op.result(0).type() instanceof RankedTensorType t) || t.rank() < 2 || dim < 0 || dim >= t.rank()
                || !(iota.outputShape().type() instanceof RankedTensorType shapeType)) {
            return false;
        }
        Value shape = iota.outputShape();
        RankedTensorType shapeI64 = new RankedTensorType(shapeType.shape(), IntegerType.I64);
        Value shape64 = shapeType.elementType() instanceof IndexType
                ? IndexCastOp.create(r, op.location(), shapeI64, shape).out()
                : ConvertOp.create(r, op.location(), shapeI64, shape).result();
        Value size = SliceOp.create(r, op.location(), shape64, DenseArrayAttr.ofLongs(dim),
                DenseArrayAttr.ofLongs(dim + 1), DenseArrayAttr.ofLongs(1)).result();
        Value oneD = DynamicIotaOp.createWithTypes(r, op.location(), List.of(new RankedTensorType(
                new long[] {t.dim((int) dim)}, t.elementType())), size, IntegerAttr.of(IntegerType.I64, 0)).result();
        r.replaceOp(op, DynamicBroadcastInDimOp.createWithTypes(r, op.location(), List.of(t), oneD, shape,
                DenseArrayAttr.ofLongs(dim), null, null).operation());
        return true;
    }

    private static boolean padNoop(Operation op, PatternRewriter r) {
        PadOp p = PadOp.cast(op);
        for (DenseArrayAttr a : List.of(p.edgePaddingLow(), p.edgePaddingHigh(), p.interiorPadding())) {
            for (long v : longs(a)) if (v != 0) return false;
        }
        return sameTypeNoop(op, r, false);
    }

    private static boolean reverseNoop(Operation op, PatternRewriter r) {
        long[] dims = longs(ReverseOp.cast(op).dimensions());
        Type type = op.operand(0).type();
        boolean noop = dims.length == 0;
        if (!noop && Constants.isStatic(type)) {
            RankedTensorType t = (RankedTensorType) type;
            noop = t.numElements() == 0;
            boolean allOne = true;
            for (long d : dims) allOne &= d >= 0 && d < t.rank() && t.dim((int) d) == 1;
            noop |= allOne;
        }
        if (!noop) return false;
        r.replaceOp(op, List.of(op.operand(0)));
        return true;
    }

    private static boolean reverseOfSplat(Operation op, PatternRewriter r) {
        DenseElementsAttr cst = AggressiveSimplificationSupport.stablehloConstant(op.operand(0));
        if (AggressiveSimplificationSupport.splatBytes(cst) == null) return false;
        r.replaceOp(op, List.of(op.operand(0)));
        return true;
    }

    private static boolean transposeOfTranspose(Operation op, PatternRewriter r) {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !TransposeOp.is(inner)) return false;
        long[] merged = AggressiveSimplificationSupport.compose(longs(TransposeOp.cast(inner).permutation()),
                longs(TransposeOp.cast(op).permutation()));
        if (merged == null) return false;
        return replaceWithNew(op, r, TransposeOp.createWithTypes(r, op.location(), List.of(op.result(0).type()),
                inner.operand(0), DenseArrayAttr.ofLongs(merged)).operation());
    }

    /** A transpose that moves only dimensions of size 1 keeps the memory layout: a reshape. */
    private static boolean transposeIsReshape(Operation op, PatternRewriter r) {
        Type in = op.operand(0).type();
        if (!Constants.isStatic(in) || !Constants.isStatic(op.result(0).type())) return false;
        RankedTensorType t = (RankedTensorType) in;
        long last = -1;
        for (long d : longs(TransposeOp.cast(op).permutation())) {
            if (d < 0 || d >= t.rank()) return false;
            if (t.dim((int) d) == 1) continue;
            if (d < last) return false;
            last = d;
        }
        r.replaceOp(op, ReshapeOp.create(r, op.location(), op.result(0).type(), op.operand(0)).operation());
        return true;
    }
}
