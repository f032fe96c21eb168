package org.stablehlo4j.dialect.chlo.transforms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.stablehlo4j.dialect.chlo.BroadcastAddOp;
import org.stablehlo4j.dialect.chlo.BroadcastAndOp;
import org.stablehlo4j.dialect.chlo.BroadcastAtan2Op;
import org.stablehlo4j.dialect.chlo.BroadcastCompareOp;
import org.stablehlo4j.dialect.chlo.BroadcastComplexOp;
import org.stablehlo4j.dialect.chlo.BroadcastDivideOp;
import org.stablehlo4j.dialect.chlo.BroadcastMaximumOp;
import org.stablehlo4j.dialect.chlo.BroadcastMinimumOp;
import org.stablehlo4j.dialect.chlo.BroadcastMultiplyOp;
import org.stablehlo4j.dialect.chlo.BroadcastNextAfterOp;
import org.stablehlo4j.dialect.chlo.BroadcastOrOp;
import org.stablehlo4j.dialect.chlo.BroadcastPolygammaOp;
import org.stablehlo4j.dialect.chlo.BroadcastPowerOp;
import org.stablehlo4j.dialect.chlo.BroadcastRemainderOp;
import org.stablehlo4j.dialect.chlo.BroadcastSelectOp;
import org.stablehlo4j.dialect.chlo.BroadcastShiftLeftOp;
import org.stablehlo4j.dialect.chlo.BroadcastShiftRightArithmeticOp;
import org.stablehlo4j.dialect.chlo.BroadcastShiftRightLogicalOp;
import org.stablehlo4j.dialect.chlo.BroadcastSubtractOp;
import org.stablehlo4j.dialect.chlo.BroadcastXorOp;
import org.stablehlo4j.dialect.chlo.BroadcastZetaOp;
import org.stablehlo4j.dialect.chlo.ConstantLikeOp;
import org.stablehlo4j.dialect.chlo.NextAfterOp;
import org.stablehlo4j.dialect.chlo.PolygammaOp;
import org.stablehlo4j.dialect.chlo.ZetaOp;
import org.stablehlo4j.dialect.chlo.ChloShapeReification;
import org.stablehlo4j.dialect.mlir.CastOp;
import org.stablehlo4j.dialect.shape.AssumingOp;
import org.stablehlo4j.dialect.shape.AssumingYieldOp;
import org.stablehlo4j.dialect.shape.BroadcastOp;
import org.stablehlo4j.dialect.shape.CstrBroadcastableOp;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.dialect.shape.ShapeTypes;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.PowerOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftLeftOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightArithmeticOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightLogicalOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.XorOp;
import org.stablehlo4j.dialect.stablehlo.transforms.NumpyBroadcasting;
import org.stablehlo4j.dialect.stablehlo.transforms.NumpyBroadcasting.NotBroadcastable;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The broadcasting CHLO ops (upstream's {@code ConvertTrivialNonBroadcastBinaryOp},
 * {@code ConvertTrivialNumpyBroadcastBinaryOp}, {@code ConvertRankedDynamicBroadcastBinaryOp},
 * {@code ConvertSelectOp} and {@code ConvertConstantLikeOp}): one pattern per op.
 *
 * <p>A {@code chlo.broadcast_*} binary op whose operands have the same static (or bounded) shape becomes its
 * StableHLO op (or the CHLO op without broadcasting for next_after, polygamma and zeta); with static or bounded
 * shapes that broadcast NumPy-style, its operands are first broadcast with {@code broadcast_in_dim} (and
 * {@code get_dimension_size} / {@code set_dimension_size} for bounded dimensions). Unbounded dynamic shapes go
 * through the {@code shape} dialect as upstream's do: {@code shape.shape_of} of both operands, their
 * {@code shape.cstr_broadcastable}, and a {@code shape.assuming} region holding {@code shape.broadcast}, two
 * {@code dynamic_broadcast_in_dim}s and the op; broadcast dimensions that are not a prefix padding get
 * upstream's warning and are not legalized. {@code chlo.broadcast_select} always takes the shape-dialect route
 * (with {@code tensor.cast}), whatever its shapes. {@code chlo.constant_like} becomes a constant when its shape
 * is static, a broadcast constant when it is bounded, and a {@code dynamic_broadcast_in_dim} of the constant to
 * the operand's {@code shape.shape_of} otherwise.
 */
public final class ChloBroadcastDecompositions {
    private ChloBroadcastDecompositions() {}

    /** Builds the non-broadcasting op of a broadcasting one from its (broadcast) operands. */
    @FunctionalInterface
    interface BinaryBuilder {
        Operation build(PatternRewriter r, Location loc, Type resultType, Value lhs, Value rhs, Operation chloOp);

        /** Whether {@link #build} succeeds for {@code chloOp} (checked before anything is built). */
        default boolean canBuild(Operation chloOp) {
            return true;
        }
    }

    /**
     * Adds the patterns of this class.
     *
     * @param patterns the set to add to
     * @param diagnostics receives the warnings and errors the patterns emit without failing the pass
     */
    public static void addPatterns(PatternSet patterns, Consumer<Diagnostic> diagnostics) {
        binary(patterns, diagnostics, BroadcastAddOp.NAME,
                (r, l, t, a, b, op) -> AddOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastAndOp.NAME,
                (r, l, t, a, b, op) -> AndOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastAtan2Op.NAME,
                (r, l, t, a, b, op) -> Atan2Op.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastComplexOp.NAME,
                (r, l, t, a, b, op) -> ComplexOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastDivideOp.NAME,
                (r, l, t, a, b, op) -> DivideOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastMaximumOp.NAME,
                (r, l, t, a, b, op) -> MaximumOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastMinimumOp.NAME,
                (r, l, t, a, b, op) -> MinimumOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastMultiplyOp.NAME,
                (r, l, t, a, b, op) -> MultiplyOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastNextAfterOp.NAME,
                (r, l, t, a, b, op) -> NextAfterOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastOrOp.NAME,
                (r, l, t, a, b, op) -> OrOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastPolygammaOp.NAME,
                (r, l, t, a, b, op) -> PolygammaOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastPowerOp.NAME,
                (r, l, t, a, b, op) -> PowerOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastRemainderOp.NAME,
                (r, l, t, a, b, op) -> RemainderOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastShiftLeftOp.NAME,
                (r, l, t, a, b, op) -> ShiftLeftOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastShiftRightArithmeticOp.NAME,
                (r, l, t, a, b, op) -> ShiftRightArithmeticOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastShiftRightLogicalOp.NAME,
                (r, l, t, a, b, op) -> ShiftRightLogicalOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastSubtractOp.NAME,
                (r, l, t, a, b, op) -> SubtractOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastXorOp.NAME,
                (r, l, t, a, b, op) -> XorOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastZetaOp.NAME,
                (r, l, t, a, b, op) -> ZetaOp.createWithTypes(r, l, List.of(t), a, b).operation());
        binary(patterns, diagnostics, BroadcastCompareOp.NAME, new BinaryBuilder() {
            @Override
            public Operation build(PatternRewriter r, Location l, Type t, Value a, Value b, Operation op) {
                return compare(r, l, t, a, b, op);
            }

            @Override
            public boolean canBuild(Operation op) {
                return compareAttributes(op) != null;
            }
        });
        patterns.add(RewritePattern.of(ConstantLikeOp.NAME, 1, (op, r) -> constantLike(op, r, diagnostics)));
        patterns.add(RewritePattern.of(BroadcastSelectOp.NAME, 1, ChloBroadcastDecompositions::select));
    }

    private static void binary(PatternSet patterns, Consumer<Diagnostic> diagnostics, String name, BinaryBuilder build) {
        patterns.add(new BroadcastBinary(name, build, diagnostics));
    }

    /**
     * {@code stablehlo.compare} of a {@code chlo.broadcast_compare}: the same direction, and the comparison type
     * when the CHLO op has one.
     */
    private static Operation compare(PatternRewriter r, Location loc, Type resultType, Value lhs, Value rhs, Operation op) {
        EnumAttr[] attrs = compareAttributes(op);
        if (attrs == null) return null;
        return CompareOp.createWithTypes(r, loc, List.of(resultType), lhs, rhs, attrs[0], attrs[1]).operation();
    }

    /** The StableHLO direction and (possibly null) comparison type of a broadcast_compare, or null. */
    private static EnumAttr[] compareAttributes(Operation op) {
        BroadcastCompareOp cmp = BroadcastCompareOp.cast(op);
        EnumAttr direction = toStablehlo(cmp.comparisonDirection(), StablehloEnum.COMPARISON_DIRECTION);
        EnumAttr type = cmp.compareType() == null ? null : toStablehlo(cmp.compareType(), StablehloEnum.COMPARISON_TYPE);
        if (direction == null || (cmp.compareType() != null && type == null)) return null;
        return new EnumAttr[] {direction, type};
    }

    /** {@code [from, to)} as longs. */
    static long[] range(int from, int to) {
        long[] out = new long[Math.max(0, to - from)];
        for (int i = 0; i < out.length; i++) out[i] = from + i;
        return out;
    }

    // ---- broadcast_select

    /**
     * Upstream's {@code ConvertSelectOp}, for every shape: the three shapes ({@code shape.shape_of}), their
     * {@code shape.cstr_broadcastable} (folded to a passing witness when the shapes are known to broadcast), and
     * under it a {@code shape.assuming} region that broadcasts them ({@code shape.broadcast}, cast to the result
     * rank with {@code tensor.cast}), {@code dynamic_broadcast_in_dim}s the operands (a scalar predicate as it is)
     * and selects. Each shape op is folded as it is built, as {@code createOrFold} does.
     */
    private static boolean select(Operation operation, PatternRewriter rewriter) {
        BroadcastSelectOp op = BroadcastSelectOp.cast(operation);
        Value pred = op.pred();
        Value onTrue = op.onTrue();
        Value onFalse = op.onFalse();
        if (!(pred.type() instanceof RankedTensorType predType) || !(onTrue.type() instanceof RankedTensorType trueType)
                || !(onFalse.type() instanceof RankedTensorType falseType)
                || !(operation.result(0).type() instanceof RankedTensorType resultType)) {
            return rewriter.notifyMatchFailure(operation, "unranked operands");
        }
        Location loc = operation.location();
        Value predShape = Hlo.createOrFold(rewriter, ShapeOfOp.create(rewriter, loc, pred));
        Value trueShape = Hlo.createOrFold(rewriter, ShapeOfOp.create(rewriter, loc, onTrue));
        Value falseShape = Hlo.createOrFold(rewriter, ShapeOfOp.create(rewriter, loc, onFalse));
        int resultRank = Math.max(predType.rank(), Math.max(trueType.rank(), falseType.rank()));
        List<Value> shapes = List.of(predShape, trueShape, falseShape);
        Value witness = Hlo.createOrFold(rewriter,
                CstrBroadcastableOp.create(rewriter, loc, ShapeTypes.WITNESS, shapes));
        AssumingOp assuming = AssumingOp.createWithTypes(rewriter, loc, List.of(resultType), witness);
        OpBuilder.InsertPoint ip = rewriter.saveInsertionPoint();
        rewriter.createBlock(assuming.doRegion(), List.of(), List.of());
        Value extents = Hlo.createOrFold(rewriter, BroadcastOp.createWithTypes(rewriter, loc,
                List.of(ShapeTypes.extentTensor(ShapedType.DYNAMIC)), shapes, null));
        extents = Hlo.createOrFold(rewriter, CastOp.create(rewriter, loc, ShapeTypes.extentTensor(resultRank), extents));
        Hlo b = new Hlo(rewriter, loc);
        Value predB = pred;
        if (predType.rank() > 0) {
            predB = b.dynamicBroadcastInDim(new RankedTensorType(resultType.shape(), predType.elementType()), pred,
                    extents, range(resultRank - predType.rank(), resultRank));
        }
        Value trueB = b.dynamicBroadcastInDim(new RankedTensorType(resultType.shape(), trueType.elementType()), onTrue,
                extents, range(resultRank - trueType.rank(), resultRank));
        Value falseB = b.dynamicBroadcastInDim(new RankedTensorType(resultType.shape(), falseType.elementType()),
                onFalse, extents, range(resultRank - falseType.rank(), resultRank));
        Value selected = Hlo.v(SelectOp.createWithTypes(rewriter, loc, List.of(resultType), predB, trueB, falseB));
        AssumingYieldOp.create(rewriter, loc, List.of(selected));
        rewriter.restoreInsertionPoint(ip);
        rewriter.replaceOp(operation, List.of(assuming.operation().result(0)));
        return true;
    }

    /**
     * The StableHLO enum case of a CHLO enum attribute ({@code #chlo<comparison_direction EQ>} →
     * {@code #stablehlo<comparison_direction EQ>}), or null when it is not one of {@code kind}.
     *
     * @param chlo the CHLO attribute
     * @param kind the StableHLO enum with the same cases
     * @return the StableHLO attribute, or null
     */
    static EnumAttr toStablehlo(Attribute chlo, StablehloEnum kind) {
        if (chlo instanceof EnumAttr e && e.kind() == kind) return e;
        if (!(chlo instanceof DialectAttr d) || !d.body().startsWith(kind.mnemonic() + " ")) return null;
        String caseName = d.body().substring(kind.mnemonic().length() + 1).trim();
        return kind.indexOf(caseName) < 0 ? null : EnumAttr.of(kind, caseName);
    }

    // ---- helpers

    /** Upstream's {@code isStaticOrBoundedDynamicTensor}: a static shape, or a {@code #stablehlo.bounds} encoding. */
    static boolean isStaticOrBounded(Type t) {
        return t instanceof RankedTensorType r && (r.hasStaticShape() || r.encoding() instanceof TypeExtensionsAttr);
    }

    private static String dimsText(DenseArrayAttr dims) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < dims.size(); i++) sb.append(i == 0 ? "" : ", ").append(dims.getLong(i));
        return sb.toString();
    }

    // ---- broadcasting binary ops

    /** A {@code chlo.broadcast_*} binary op (and {@code chlo.broadcast_compare}). */
    private static final class BroadcastBinary extends RewritePattern {
        private final BinaryBuilder build;
        private final Consumer<Diagnostic> diagnostics;

        BroadcastBinary(String name, BinaryBuilder build, Consumer<Diagnostic> diagnostics) {
            super(name, 10);
            this.build = build;
            this.diagnostics = diagnostics;
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            Value lhs = op.operand(0);
            Value rhs = op.operand(1);
            Type resultType = op.result(0).type();
            if (!(lhs.type() instanceof RankedTensorType l) || !(rhs.type() instanceof RankedTensorType r)
                    || !(resultType instanceof RankedTensorType)) {
                return rewriter.notifyMatchFailure(op, "unranked operands");
            }
            // Shapes that statically do not broadcast: the op itself.
            if (isStaticOrBounded(l) && isStaticOrBounded(r) && Arrays.equals(l.shape(), r.shape())
                    && Objects.equals(l.encoding(), r.encoding())) {
                return replace(op, rewriter, resultType, lhs, rhs);
            }
            DenseArrayAttr dims = op.attr("broadcast_dimensions") instanceof DenseArrayAttr d ? d : null;
            boolean numpy = dims == null || ChloShapeReification.legalNumpyRankedBroadcast(lhs, rhs, dims);
            // Static or bounded shapes: broadcast_in_dim (and set_dimension_size) to the common shape. Shapes that
            // do not broadcast get an error and, as upstream's next pattern would, the dynamic lowering below.
            if (numpy && isStaticOrBounded(l) && isStaticOrBounded(r) && isStaticOrBounded(resultType)) {
                List<Value> operands = null;
                try {
                    operands = NumpyBroadcasting.broadcastAll(rewriter.context(), rewriter, op.location(), List.of(lhs, rhs));
                } catch (NotBroadcastable e) {
                    diagnostics.accept(Diagnostic.error(e.location, e.getMessage()));
                }
                if (operands != null) return replace(op, rewriter, resultType, operands.get(0), operands.get(1));
            }
            if (!numpy) {
                diagnostics.accept(new Diagnostic(Diagnostic.Severity.WARNING, op.location(),
                        "unsupported non prefix-padded dynamic rank broadcast_dimensions = " + dimsText(dims), List.of()));
                return rewriter.notifyMatchFailure(op, "broadcast_dimensions are not a prefix padding");
            }
            return dynamicBroadcast(op, rewriter, (RankedTensorType) resultType, lhs, l, rhs, r);
        }

        /**
         * Upstream's {@code ConvertRankedDynamicBroadcastBinaryOp}: the operands' shapes must broadcast
         * ({@code shape.cstr_broadcastable}); under that assumption ({@code shape.assuming}) both operands are
         * {@code dynamic_broadcast_in_dim}-ed to the broadcast extents, always (later canonicalization drops the
         * needless ones), and the op is applied to them.
         */
        private boolean dynamicBroadcast(Operation op, PatternRewriter rewriter, RankedTensorType resultType,
                                         Value lhs, RankedTensorType l, Value rhs, RankedTensorType r) {
            if (!build.canBuild(op)) return rewriter.notifyMatchFailure(op, "attributes without a StableHLO form");
            Location loc = op.location();
            Hlo b = new Hlo(rewriter, loc);
            Value lhsShape = b.shapeOf(lhs);
            Value rhsShape = b.shapeOf(rhs);
            Value witness = CstrBroadcastableOp.create(rewriter, loc, ShapeTypes.WITNESS, List.of(lhsShape, rhsShape))
                    .result();
            AssumingOp assuming = AssumingOp.createWithTypes(rewriter, loc, List.of(resultType), witness);
            OpBuilder.InsertPoint ip = rewriter.saveInsertionPoint();
            rewriter.createBlock(assuming.doRegion(), List.of(), List.of());
            int resultRank = Math.max(l.rank(), r.rank());
            Value extents = ChloShapeReification.broadcastedExtents(rewriter, loc, List.of(lhs, rhs));
            Value lhsB = b.dynamicBroadcastInDim(new RankedTensorType(resultType.shape(), l.elementType()), lhs,
                    extents, range(resultRank - l.rank(), resultRank));
            Value rhsB = b.dynamicBroadcastInDim(new RankedTensorType(resultType.shape(), r.elementType()), rhs,
                    extents, range(resultRank - r.rank(), resultRank));
            Operation result = build.build(rewriter, loc, resultType, lhsB, rhsB, op);
            AssumingYieldOp.create(rewriter, loc, List.of(result.result(0)));
            rewriter.restoreInsertionPoint(ip);
            rewriter.replaceOp(op, List.of(assuming.operation().result(0)));
            return true;
        }

        private boolean replace(Operation op, PatternRewriter rewriter, Type resultType, Value lhs, Value rhs) {
            Operation replacement = build.build(rewriter, op.location(), resultType, lhs, rhs, op);
            if (replacement == null) return rewriter.notifyMatchFailure(op, "attributes without a StableHLO form");
            rewriter.replaceOp(op, replacement);
            return true;
        }
    }

    // ---- constant_like

    /**
     * {@code chlo.constant_like}: a {@code stablehlo.constant} splat for a static shape; for a bounded shape a
     * scalar constant broadcast to the operand's shape ({@code broadcast_in_dim} to the bounds, then
     * {@code set_dimension_size} to the operand's sizes).
     */
    private static boolean constantLike(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> diagnostics) {
        ConstantLikeOp c = ConstantLikeOp.cast(op);
        if (!(op.result(0).type() instanceof RankedTensorType resultType)) {
            return rewriter.notifyMatchFailure(op, "unranked result");
        }
        Hlo b = new Hlo(rewriter, op.location());
        boolean isStatic = resultType.hasStaticShape();
        DenseElementsAttr value = Hlo.splatOf(isStatic ? resultType : Hlo.scalarType(resultType.elementType()),
                c.value());
        if (value == null) return rewriter.notifyMatchFailure(op, "value is not a number");
        Value constant = b.constant(value);
        if (isStatic) {
            rewriter.replaceOp(op, List.of(constant));
            return true;
        }
        if (resultType.encoding() instanceof TypeExtensionsAttr) {
            Value broadcast;
            try {
                broadcast = NumpyBroadcasting.broadcastTo(rewriter.context(), rewriter, constant,
                        NumpyBroadcasting.dims(c.operand()), new ArrayList<>());
            } catch (NotBroadcastable e) {
                diagnostics.accept(Diagnostic.error(e.location, e.getMessage()));
                return rewriter.notifyMatchFailure(op, e.getMessage());
            }
            rewriter.replaceOp(op, List.of(broadcast));
            return true;
        }
        // Unbounded: the scalar constant dynamic_broadcast_in_dim-ed to the operand's shape_of.
        Value shape = b.shapeOf(c.operand());
        rewriter.replaceOp(op, List.of(b.dynamicBroadcastInDim(resultType, constant, shape)));
        return true;
    }
}
