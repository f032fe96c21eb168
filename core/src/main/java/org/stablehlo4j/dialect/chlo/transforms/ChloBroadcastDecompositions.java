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
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
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
 * {@code get_dimension_size} / {@code set_dimension_size} for bounded dimensions). Unbounded dynamic shapes and
 * {@code chlo.broadcast_select} are lowered by upstream through the {@code shape} dialect ({@code shape.shape_of},
 * {@code shape.cstr_broadcastable}, {@code shape.assuming}, {@code shape.broadcast}); those cases are not
 * legalized here (stablehlo4j does not model the {@code shape} dialect yet), but broadcast dimensions that are
 * not a prefix padding still get upstream's warning. {@code chlo.constant_like} becomes a constant when its shape
 * is static, a broadcast constant when it is bounded.
 */
public final class ChloBroadcastDecompositions {
    private ChloBroadcastDecompositions() {}

    /** Builds the non-broadcasting op of a broadcasting one from its (broadcast) operands. */
    @FunctionalInterface
    interface BinaryBuilder {
        Operation build(PatternRewriter r, Location loc, Type resultType, Value lhs, Value rhs, Operation chloOp);
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
        binary(patterns, diagnostics, BroadcastCompareOp.NAME, ChloBroadcastDecompositions::compare);
        patterns.add(new ConstantLike(diagnostics));
    }

    private static void binary(PatternSet patterns, Consumer<Diagnostic> diagnostics, String name, BinaryBuilder build) {
        patterns.add(new BroadcastBinary(name, build, diagnostics));
    }

    /**
     * {@code stablehlo.compare} of a {@code chlo.broadcast_compare}: the same direction, and the comparison type
     * when the CHLO op has one.
     */
    private static Operation compare(PatternRewriter r, Location loc, Type resultType, Value lhs, Value rhs, Operation op) {
        BroadcastCompareOp cmp = BroadcastCompareOp.cast(op);
        EnumAttr direction = toStablehlo(cmp.comparisonDirection(), StablehloEnum.COMPARISON_DIRECTION);
        EnumAttr type = cmp.compareType() == null ? null : toStablehlo(cmp.compareType(), StablehloEnum.COMPARISON_TYPE);
        if (direction == null || (cmp.compareType() != null && type == null)) return null;
        return CompareOp.createWithTypes(r, loc, List.of(resultType), lhs, rhs, direction, type).operation();
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

    /**
     * Upstream's {@code isLegalNumpyRankedBroadcast}: equal ranks, or broadcast dimensions that pad the smaller
     * rank on the left.
     */
    static boolean isLegalNumpyRankedBroadcast(Value lhs, Value rhs, DenseArrayAttr dims) {
        if (!(lhs.type() instanceof RankedTensorType l) || !(rhs.type() instanceof RankedTensorType r)) return false;
        if (l.rank() == r.rank()) return true;
        int smaller = Math.min(l.rank(), r.rank());
        int larger = Math.max(l.rank(), r.rank());
        if (dims.size() != smaller) return false;
        for (int i = 0; i < smaller; i++) if (dims.getLong(i) != larger - smaller + i) return false;
        return true;
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
            boolean numpy = dims == null || isLegalNumpyRankedBroadcast(lhs, rhs, dims);
            // Static or bounded shapes: broadcast_in_dim (and set_dimension_size) to the common shape.
            if (numpy && isStaticOrBounded(l) && isStaticOrBounded(r) && isStaticOrBounded(resultType)) {
                List<Value> operands;
                try {
                    operands = NumpyBroadcasting.broadcastAll(rewriter.context(), rewriter, op.location(), List.of(lhs, rhs));
                } catch (NotBroadcastable e) {
                    diagnostics.accept(Diagnostic.error(e.location, e.getMessage()));
                    return rewriter.notifyMatchFailure(op, e.getMessage());
                }
                return replace(op, rewriter, resultType, operands.get(0), operands.get(1));
            }
            // Dynamic shapes: upstream's shape.shape_of / cstr_broadcastable / assuming / broadcast sequence.
            if (!numpy) {
                diagnostics.accept(new Diagnostic(Diagnostic.Severity.WARNING, op.location(),
                        "unsupported non prefix-padded dynamic rank broadcast_dimensions = " + dimsText(dims), List.of()));
                return rewriter.notifyMatchFailure(op, "broadcast_dimensions are not a prefix padding");
            }
            return rewriter.notifyMatchFailure(op, "dynamic broadcasting needs the shape dialect");
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
    private static final class ConstantLike extends RewritePattern {
        private final Consumer<Diagnostic> diagnostics;

        ConstantLike(Consumer<Diagnostic> diagnostics) {
            super(ConstantLikeOp.NAME, 1);
            this.diagnostics = diagnostics;
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            ConstantLikeOp c = ConstantLikeOp.cast(op);
            if (!(op.result(0).type() instanceof RankedTensorType resultType)) {
                return rewriter.notifyMatchFailure(op, "unranked result");
            }
            Hlo b = new Hlo(rewriter, op.location());
            if (resultType.hasStaticShape()) {
                DenseElementsAttr splat = Hlo.splatOf(resultType, c.value());
                if (splat == null) return rewriter.notifyMatchFailure(op, "value is not a number");
                rewriter.replaceOp(op, List.of(b.constant(splat)));
                return true;
            }
            if (resultType.encoding() instanceof TypeExtensionsAttr) {
                DenseElementsAttr scalar = Hlo.splatOf(Hlo.scalarType(resultType.elementType()), c.value());
                if (scalar == null) return rewriter.notifyMatchFailure(op, "value is not a number");
                Value constant = b.constant(scalar);
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
            // Upstream: stablehlo.dynamic_broadcast_in_dim of the constant to shape.shape_of(operand).
            return rewriter.notifyMatchFailure(op, "unbounded dynamic shapes need the shape dialect");
        }
    }
}
