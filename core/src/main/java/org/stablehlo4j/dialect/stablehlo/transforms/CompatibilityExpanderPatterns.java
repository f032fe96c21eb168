package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.stablehlo4j.dialect.chlo.ConstantLikeOp;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.ReplicaGroupMeshAxesAttr;
import org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr;
import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanhOp;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.Value;

/**
 * The rewrites of {@code --stablehlo-compatibility-expander} (upstream's
 * {@code populateStablehloCompatibilityExpanderPatterns}), each expressing a feature newer than the target version
 * with ops that version has:
 * <ul>
 * <li>before 1.1.0: gather and scatter with batching dimensions become gather/scatter without them, each batching
 * dimension a collapsed (inserted) dimension indexed by an iota concatenated to the indices;</li>
 * <li>before 1.4.0: {@code tan(x)} becomes {@code sin(x) / cos(x)}, and for complex {@code a + bi}
 * {@code (tan(a) + i tanh(b)) / (1 - i tan(a) tanh(b))};</li>
 * <li>before 1.16.0: replica groups given as mesh axes become explicit groups.</li>
 * </ul>
 * Source ranges in locations (before 1.9.0) are rewritten by {@link CompatibilityExpanderPass} itself.
 */
final class CompatibilityExpanderPatterns {
    private CompatibilityExpanderPatterns() {}

    /** Batching dimensions of gather and scatter. */
    static final Version BATCHING_DIMS = new Version(1, 1, 0);
    /** {@code stablehlo.tan}. */
    static final Version TAN = new Version(1, 4, 0);
    /** {@code FileLineColRange} locations (conservatively a minor version after MLIR introduced them). */
    static final Version LOCATION_RANGES = new Version(1, 9, 0);
    /** {@code #stablehlo.replica_group_mesh_axes}. */
    static final Version MESH_AXES = new Version(1, 16, 0);

    /**
     * The patterns for {@code target}.
     *
     * @param target the version to expand for
     * @param expanded told the name of each feature a pattern expanded (once per rewrite)
     * @param errors where the replica-group expansion reports groups it cannot flatten
     * @return the patterns
     */
    static PatternSet patterns(Version target, Consumer<String> expanded, Consumer<Diagnostic> errors) {
        PatternSet set = new PatternSet();
        if (target.isBefore(BATCHING_DIMS)) {
            set.add(pattern(GatherOp.NAME, "gather with batching dims", expanded,
                    CompatibilityExpanderPatterns::gatherBatchingDims));
            set.add(pattern(ScatterOp.NAME, "scatter with batching dims", expanded,
                    CompatibilityExpanderPatterns::scatterBatchingDims));
        }
        if (target.isBefore(TAN)) {
            set.add(pattern(TanOp.NAME, TanOp.NAME, expanded, CompatibilityExpanderPatterns::tan));
        }
        if (target.isBefore(MESH_AXES)) {
            set.add(pattern(null, "replica groups as mesh axes", expanded,
                    (op, rewriter) -> meshAxesReplicaGroups(op, rewriter, errors)));
        }
        return set;
    }

    private interface Rewrite {
        boolean apply(Operation op, PatternRewriter rewriter);
    }

    private static RewritePattern pattern(String root, String feature, Consumer<String> expanded, Rewrite rewrite) {
        return RewritePattern.of(root, 1, (op, rewriter) -> {
            if (!rewrite.apply(op, rewriter)) return false;
            expanded.accept(feature);
            return true;
        });
    }

    private static Value v(TypedOp op) {
        return op.operation().result(0);
    }

    private static List<Type> resultTypes(Operation op) {
        List<Type> types = new ArrayList<>();
        for (OpResult r : op.results()) types.add(r.type());
        return types;
    }

    // ---- tan

    /** Whether {@code attr} (absent: the default) is the default result accuracy. */
    private static boolean defaultAccuracy(Attribute attr) {
        return attr == null || attr.equals(ResultAccuracyAttr.ofMode("DEFAULT"));
    }

    private static boolean tan(Operation op, PatternRewriter rewriter) {
        TanOp tan = TanOp.cast(op);
        if (!defaultAccuracy(tan.resultAccuracy())) return rewriter.notifyMatchFailure(op, "non-default accuracy");
        Value x = tan.operand();
        Location loc = op.location();
        if (!(x.type() instanceof ShapedType st)) return rewriter.notifyMatchFailure(op, "not a tensor");
        if (!(st.elementType() instanceof ComplexType)) {
            Value sin = v(SineOp.create(rewriter, loc, x, null));
            Value cos = v(CosineOp.create(rewriter, loc, x, null));
            rewriter.replaceOp(op, DivideOp.create(rewriter, loc, sin, cos).operation());
            return true;
        }
        // tan(a + bi) = (tan(a) + i tanh(b)) / (1 - i tan(a) tanh(b)); the new tan(a) is expanded in turn
        Value tanA = v(TanOp.create(rewriter, loc, v(RealOp.create(rewriter, loc, x)), null));
        Value tanhB = v(TanhOp.create(rewriter, loc, v(ImagOp.create(rewriter, loc, x)), null));
        Value numerator = v(ComplexOp.create(rewriter, loc, tanA, tanhB));
        Value one = constantLike(rewriter, loc, 1.0, tanA);
        Value minusProduct = v(NegateOp.create(rewriter, loc, v(MultiplyOp.create(rewriter, loc, tanA, tanhB))));
        Value denominator = v(ComplexOp.create(rewriter, loc, one, minusProduct));
        rewriter.replaceOp(op, DivideOp.create(rewriter, loc, numerator, denominator).operation());
        return true;
    }

    /**
     * {@code value} in the float element type of {@code like}, shaped like it: a splat {@code stablehlo.constant}
     * of a static shape, else a {@code chlo.constant_like} (upstream's {@code getConstantLike}).
     */
    private static Value constantLike(PatternRewriter rewriter, Location loc, double value, Value like) {
        FloatType ft = (FloatType) ((ShapedType) like.type()).elementType();
        FloatAttr scalar = new FloatAttr(ft, FloatFormats.fromDouble(ft.kind(), value));
        if (!(like.type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
            return v(ConstantLikeOp.create(rewriter, loc, like, scalar));
        }
        int eb = DenseElementsAttr.elementStorageBytes(ft);
        byte[] one = new byte[eb];
        for (int k = 0; k < eb; k++) one[k] = scalar.bits().shiftRight(8 * k).byteValue();
        RankedTensorType type = new RankedTensorType(t.shape(), ft);
        return v(ConstantOp.createWithTypes(rewriter, loc, List.of(type),
                new DenseElementsAttr(type, one, 0, eb, true)));
    }

    // ---- gather / scatter batching dims

    /**
     * What gather and scatter share: the batching dimensions become collapsed (inserted) ones indexed by iotas
     * put in front of the indices; null (a match failure) without batching dimensions or with dynamic indices.
     */
    private record Unbatched(List<Long> collapsed, List<Long> indexMap, Value indices, boolean sorted) {
        static Unbatched of(Operation op, PatternRewriter rewriter, List<Long> batching, List<Long> collapsed,
                List<Long> indexMap, Value indices, List<Long> indicesBatching, long indexVectorDim,
                BoolAttr sorted) {
            if (batching.isEmpty()) {
                rewriter.notifyMatchFailure(op, "no batching dims");
                return null;
            }
            if (!Constants.isStatic(indices.type())) {
                rewriter.notifyMatchFailure(op, "indices with dynamic shape, can't expand");
                return null;
            }
            List<Long> map = new ArrayList<>(batching);
            map.addAll(indexMap);
            return new Unbatched(mergeSorted(batching, collapsed), map,
                    concatIndices(rewriter, indices, indexVectorDim, indicesBatching),
                    flag(sorted) && isSorted(indicesBatching) && isSorted(map));
        }
    }

    private static boolean gatherBatchingDims(Operation op, PatternRewriter rewriter) {
        GatherOp gather = GatherOp.cast(op);
        if (!(gather.dimensionNumbers() instanceof GatherDimensionNumbersAttr dn)) return false;
        Unbatched u = Unbatched.of(op, rewriter, dn.operandBatchingDims(), dn.collapsedSliceDims(),
                dn.startIndexMap(), gather.startIndices(), dn.startIndicesBatchingDims(), dn.indexVectorDim(),
                gather.indicesAreSorted());
        if (u == null) return false;
        GatherDimensionNumbersAttr dims = new GatherDimensionNumbersAttr(dn.offsetDims(), u.collapsed(), List.of(),
                List.of(), u.indexMap(), dn.indexVectorDim());
        rewriter.replaceOp(op, GatherOp.createWithTypes(rewriter, op.location(), resultTypes(op), gather.operand(),
                u.indices(), dims, gather.sliceSizes(), BoolAttr.of(u.sorted())).operation());
        return true;
    }

    private static boolean scatterBatchingDims(Operation op, PatternRewriter rewriter) {
        ScatterOp scatter = ScatterOp.cast(op);
        if (!(scatter.scatterDimensionNumbers() instanceof ScatterDimensionNumbersAttr dn)) return false;
        Unbatched u = Unbatched.of(op, rewriter, dn.inputBatchingDims(), dn.insertedWindowDims(),
                dn.scatterDimsToOperandDims(), scatter.scatterIndices(), dn.scatterIndicesBatchingDims(),
                dn.indexVectorDim(), scatter.indicesAreSorted());
        if (u == null) return false;
        ScatterDimensionNumbersAttr dims = new ScatterDimensionNumbersAttr(dn.updateWindowDims(), u.collapsed(),
                List.of(), List.of(), u.indexMap(), dn.indexVectorDim());
        Operation replacement = ScatterOp.createWithTypes(rewriter, op.location(), resultTypes(op),
                new ArrayList<>(scatter.inputs()), u.indices(), new ArrayList<>(scatter.updates()), dims,
                BoolAttr.of(u.sorted()), BoolAttr.of(flag(scatter.uniqueIndices()))).operation();
        // the update computation moves over
        for (Block block : List.copyOf(op.region(0).blocks())) {
            op.region(0).remove(block);
            replacement.region(0).append(block);
        }
        rewriter.replaceOp(op, replacement);
        return true;
    }

    private static boolean flag(BoolAttr attr) {
        return attr != null && attr.value();
    }

    /** Two ascending lists merged into one (as {@code std::merge}). */
    private static List<Long> mergeSorted(List<Long> a, List<Long> b) {
        List<Long> out = new ArrayList<>(a.size() + b.size());
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            out.add(j == b.size() || i < a.size() && a.get(i) <= b.get(j) ? a.get(i++) : b.get(j++));
        }
        return out;
    }

    private static boolean isSorted(List<Long> values) {
        for (int i = 1; i < values.size(); i++) if (values.get(i) < values.get(i - 1)) return false;
        return true;
    }

    /** Whether {@code size} fits in {@code type} (unsigned, or signed for signless and signed types). */
    private static boolean fits(long size, IntegerType type) {
        int w = type.width();
        if (w >= 64) return type.isUnsigned() || size >= 0;
        return type.isUnsigned() ? size >>> w == 0 : size < 1L << (w - 1);
    }

    /**
     * The indices with an iota along each of {@code batchingDims} put in front of them along
     * {@code indexVectorDim} (after a trailing unit dimension is added when the index vector dimension is
     * implicit); the element type is widened to i32 or i64 when a batching dimension's size does not fit in it.
     */
    private static Value concatIndices(PatternRewriter rewriter, Value indices, long indexVectorDim,
            List<Long> batchingDims) {
        Location loc = indices.location();
        RankedTensorType type = (RankedTensorType) indices.type();
        Type element = type.elementType();
        for (long dim : batchingDims) {
            long size = type.dim((int) dim);
            if (element instanceof IntegerType it && !fits(size, it)) {
                element = fits(size, IntegerType.I32) ? IntegerType.I32 : IntegerType.I64;
            }
        }
        if (!element.equals(type.elementType())) {
            type = new RankedTensorType(type.shape(), element);
            indices = v(ConvertOp.createWithTypes(rewriter, loc, List.of(type), indices));
        }
        boolean trailing = indexVectorDim == type.rank();
        long[] shape = type.shape();
        long[] iotaShape = java.util.Arrays.copyOf(shape, trailing ? shape.length + 1 : shape.length);
        iotaShape[(int) indexVectorDim] = 1;
        RankedTensorType iotaType = new RankedTensorType(iotaShape, element);
        if (trailing) indices = v(ReshapeOp.createWithTypes(rewriter, loc, List.of(iotaType), indices));
        List<Value> parts = new ArrayList<>();
        for (long dim : batchingDims) {
            parts.add(v(IotaOp.create(rewriter, loc, iotaType, IntegerAttr.of(IntegerType.I64, dim))));
        }
        parts.add(indices);
        return v(ConcatenateOp.create(rewriter, loc, parts, IntegerAttr.of(IntegerType.I64, indexVectorDim)));
    }

    // ---- replica groups as mesh axes

    private static boolean meshAxesReplicaGroups(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> errors) {
        if (!(op.attr("replica_groups") instanceof ReplicaGroupMeshAxesAttr groups)) return false;
        MeshAxesReplicaGroups.Result flat = MeshAxesReplicaGroups.flatten(op, groups);
        if (flat.error() != null) {
            errors.accept(Diagnostic.error(op.location(), flat.error()));
            return false;
        }
        rewriter.modifyOpInPlace(op, () -> {
            if (op.properties().get("replica_groups") != null) {
                op.setProperties(op.properties().with("replica_groups", flat.groups()));
            } else {
                op.setAttributes(op.attributes().with("replica_groups", flat.groups()));
            }
        });
        return true;
    }
}
