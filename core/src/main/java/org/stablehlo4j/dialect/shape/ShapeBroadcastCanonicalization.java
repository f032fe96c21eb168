package org.stablehlo4j.dialect.shape;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.UnaryOperator;

import org.stablehlo4j.dialect.mlir.CastOp;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The canonicalization patterns of {@code shape.broadcast} and {@code shape.cstr_broadcastable} (MLIR's
 * {@code Shape.cpp}): operands that say nothing are dropped (duplicates, empty shapes, casts to an extent tensor
 * of unknown length), the constant operands of a broadcast are broadcast into one, a broadcast of one operand is
 * that operand, a broadcast's extent tensor gets its length when the operands tell it, and a constraint on one
 * shape repeated holds; the shape of a statically shaped value is a constant.
 */
final class ShapeBroadcastCanonicalization {
    private ShapeBroadcastCanonicalization() {}

    /** The patterns of {@code shape.broadcast}. */
    static final RewritePattern[] BROADCAST = {
        RewritePattern.of(BroadcastOp.NAME, 1, ShapeBroadcastCanonicalization::concretizeResultType),
        RewritePattern.of(BroadcastOp.NAME, 1, ShapeBroadcastCanonicalization::foldConstantOperands),
        RewritePattern.of(BroadcastOp.NAME, 1, ShapeBroadcastCanonicalization::forwardSingleOperand),
        operandFilter(BroadcastOp.NAME, ShapeBroadcastCanonicalization::withoutLossyCasts),
        operandFilter(BroadcastOp.NAME, ShapeBroadcastCanonicalization::unique),
        operandFilter(BroadcastOp.NAME, ShapeBroadcastCanonicalization::withoutEmptyShapes),
    };

    /** The patterns of {@code shape.cstr_broadcastable}. */
    static final RewritePattern[] CSTR_BROADCASTABLE = {
        operandFilter(CstrBroadcastableOp.NAME, ShapeBroadcastCanonicalization::withoutLossyCasts),
        RewritePattern.of(CstrBroadcastableOp.NAME, 1, ShapeBroadcastCanonicalization::allOperandsEqual),
        operandFilter(CstrBroadcastableOp.NAME, ShapeBroadcastCanonicalization::unique),
        operandFilter(CstrBroadcastableOp.NAME, ShapeBroadcastCanonicalization::withoutEmptyShapes),
    };

    /**
     * {@code ShapeOfOpToConstShapeOp}: the shape of a statically shaped value is a {@code shape.const_shape} (cast
     * to the op's extent tensor type when that differs). A pattern, not a folder, because the constant's type may
     * differ from the op's result type.
     */
    static final RewritePattern STATIC_SHAPE_OF = new RewritePattern(ShapeOfOp.NAME, 1) {
        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            if (!(op.operand(0).type() instanceof RankedTensorType t) || !t.hasStaticShape()) return false;
            Type resultType = op.result(0).type();
            RankedTensorType extents = ShapeTypes.extentTensor(t.rank());
            Type constType = ShapeTypes.SHAPE.equals(resultType) ? resultType : extents;
            Value shape = ConstShapeOp.createWithTypes(rewriter, op.location(), List.of(constType),
                    IntElements.of(extents, t.shape())).result();
            if (!shape.type().equals(resultType)) {
                shape = CastOp.create(rewriter, op.location(), resultType, shape).dest();
            }
            rewriter.replaceOp(op, List.of(shape));
            return true;
        }
    };

    /**
     * A pattern that rebuilds an op of {@code name} with {@code filter}'s operands (same result types and
     * attributes) when they differ from its own ({@code RemoveDuplicateOperandsPattern},
     * {@code RemoveEmptyShapeOperandsPattern}, {@code CanonicalizeCastExtentTensorOperandsPattern}).
     */
    private static RewritePattern operandFilter(String name, UnaryOperator<List<Value>> filter) {
        return new RewritePattern(name, 1) {
            @Override
            public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
                List<Value> operands = filter.apply(op.operands());
                if (operands.equals(op.operands())) return false;
                List<Type> types = new ArrayList<>();
                for (Value r : op.results()) types.add(r.type());
                Operation replacement = rewriter.create(op.location(), op.opName(), operands, types,
                        op.properties(), op.attributes(), 0, List.of());
                rewriter.replaceOp(op, replacement);
                return true;
            }
        };
    }

    private static List<Value> unique(List<Value> operands) {
        return new ArrayList<>(new LinkedHashSet<>(operands));
    }

    /** Drops the operands known to be empty shapes (an extent tensor of length 0, an empty constant shape). */
    private static List<Value> withoutEmptyShapes(List<Value> operands) {
        List<Value> out = new ArrayList<>();
        for (Value v : operands) {
            if (v.type() instanceof RankedTensorType t && t.rank() == 1 && t.dim(0) == 0) continue;
            Operation def = v.definingOp();
            if (def != null && ConstShapeOp.is(def) && constantShape(def) != null && constantShape(def).length == 0) {
                continue;
            }
            out.add(v);
        }
        return out;
    }

    /** Looks through the {@code tensor.cast}s of extent tensors to one of unknown length (they lose no information). */
    private static List<Value> withoutLossyCasts(List<Value> operands) {
        List<Value> out = new ArrayList<>();
        for (Value v : operands) {
            Operation def = v.definingOp();
            if (def != null && CastOp.is(def) && def.result(0).type() instanceof RankedTensorType t
                    && t.rank() == 1 && t.dim(0) < 0) {
                out.add(CastOp.cast(def).source());
            } else {
                out.add(v);
            }
        }
        return out;
    }

    /**
     * {@code BroadcastConcretizeResultTypePattern}: a broadcast to an extent tensor of unknown length whose operands
     * are all extent tensors of known lengths (or shapes) gets the longest of them, cast back for its users.
     */
    private static boolean concretizeResultType(Operation op, PatternRewriter rewriter) {
        if (!(op.result(0).type() instanceof RankedTensorType result) || result.rank() != 1 || result.dim(0) >= 0) {
            return false;
        }
        long maxRank = 0;
        for (Value v : op.operands()) {
            if (v.type() instanceof RankedTensorType t) {
                if (t.rank() != 1 || t.dim(0) < 0) return false;
                maxRank = Math.max(maxRank, t.dim(0));
            }
        }
        BroadcastOp concrete = BroadcastOp.create(rewriter, op.location(), ShapeTypes.extentTensor(maxRank),
                op.operands(), null);
        Value cast = CastOp.create(rewriter, op.location(), result, concrete.result()).dest();
        rewriter.replaceOp(op, List.of(cast));
        return true;
    }

    /**
     * {@code BroadcastFoldConstantOperandsPattern}: two or more {@code shape.const_shape} operands that broadcast
     * together become one constant operand, placed last.
     */
    private static boolean foldConstantOperands(Operation op, PatternRewriter rewriter) {
        long[] folded = new long[0];
        List<Value> operands = new ArrayList<>();
        for (Value v : op.operands()) {
            Operation def = v.definingOp();
            long[] shape = def != null && ConstShapeOp.is(def) ? constantShape(def) : null;
            long[] next = shape == null ? null : ShapeOpHooks.broadcastedShape(folded, shape);
            if (next != null) {
                folded = next;
            } else {
                operands.add(v);
            }
        }
        if (op.numOperands() - operands.size() < 2) return false;
        RankedTensorType type = ShapeTypes.extentTensor(folded.length);
        operands.add(ConstShapeOp.createWithTypes(rewriter, op.location(), List.of(type),
                IntElements.of(type, folded)).result());
        Operation replacement = BroadcastOp.create(rewriter, op.location(), op.result(0).type(), operands, null)
                .operation();
        rewriter.replaceOp(op, replacement);
        return true;
    }

    /**
     * {@code BroadcastForwardSingleOperandPattern}: a broadcast of one operand is that operand, converted to the
     * result type when it differs.
     */
    private static boolean forwardSingleOperand(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 1) return false;
        Value replacement = op.operand(0);
        Type type = op.result(0).type();
        if (!replacement.type().equals(type)) {
            if (ShapeTypes.SHAPE.equals(type)) {
                replacement = FromExtentTensorOp.create(rewriter, op.location(), type, replacement).result();
            } else if (ShapeTypes.SHAPE.equals(replacement.type())) {
                return false;
            } else {
                replacement = CastOp.create(rewriter, op.location(), type, replacement).dest();
            }
        }
        rewriter.replaceOp(op, List.of(replacement));
        return true;
    }

    /** {@code CstrBroadcastableEqOps}: shapes that are all one value are broadcastable. */
    private static boolean allOperandsEqual(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() == 0) return false;
        for (Value v : op.operands()) if (v != op.operand(0)) return false;
        Value witness = ConstWitnessOp.create(rewriter, op.location(), ShapeTypes.WITNESS,
                org.stablehlo4j.ir.BoolAttr.TRUE).result();
        rewriter.replaceOp(op, List.of(witness));
        return true;
    }

    private static long[] constantShape(Operation constShape) {
        return ShapeRules.constantExtents(constShape.attr("shape"));
    }
}
