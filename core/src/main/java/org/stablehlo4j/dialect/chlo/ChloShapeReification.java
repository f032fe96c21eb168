package org.stablehlo4j.dialect.chlo;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.dialect.shape.ShapeOpHooks;
import org.stablehlo4j.dialect.shape.BroadcastOp;
import org.stablehlo4j.dialect.shape.ConstShapeOp;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.dialect.shape.ShapeTypes;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ReifyReturnTypeShapes;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Value;

/**
 * CHLO's shape reification (upstream's {@code ChloOps.cpp} with {@code BroadcastUtils.cpp}), attached to the rows
 * as their {@link ReifyReturnTypeShapes} extension: a broadcasting op's shape is the {@code shape.broadcast} of its
 * operands' {@code shape.shape_of}s (constant shapes folded as {@code createOrFold} does), {@code constant_like}'s
 * its operand's.
 */
public final class ChloShapeReification {
    private ChloShapeReification() {}

    static void hooks(OpHooks h) {
        h.op("broadcast_add", "broadcast_and", "broadcast_atan2", "broadcast_divide", "broadcast_maximum",
                "broadcast_minimum", "broadcast_multiply", "broadcast_next_after", "broadcast_or",
                "broadcast_polygamma", "broadcast_power", "broadcast_remainder", "broadcast_shift_left",
                "broadcast_shift_right_arithmetic", "broadcast_shift_right_logical", "broadcast_subtract",
                "broadcast_xor", "broadcast_zeta", "broadcast_complex", "broadcast_compare")
                .ext(ReifyReturnTypeShapes.class, ChloShapeReification::broadcastBinary);
        h.op("broadcast_select").ext(ReifyReturnTypeShapes.class, (b, op, operands, diags) -> {
            Value extents = broadcastedExtents(b, op.location(), operands);
            return extents == null ? null : List.of(extents);
        });
        h.op("constant_like").ext(ReifyReturnTypeShapes.class, (b, op, operands, diags) ->
                operands.get(0).type() instanceof ShapedType
                        ? List.of(ShapeOfOp.create(b, op.location(), operands.get(0)).result()) : null);
    }

    /**
     * {@code ReifyBroadcastBinaryOpReturnTypeShapes}: explicit {@code broadcast_dimensions} must be numpy's
     * prefix padding (else a warning, and no reification).
     */
    private static List<Value> broadcastBinary(OpBuilder b, Operation op, List<Value> operands,
                                               Consumer<Diagnostic> diags) {
        if (operands.size() != 2) return null;
        Attribute dims = op.attr("broadcast_dimensions");
        if (dims instanceof DenseArrayAttr d && !legalNumpyRankedBroadcast(operands.get(0), operands.get(1), d)) {
            diags.accept(new Diagnostic(Diagnostic.Severity.WARNING, op.location(),
                    "unsupported non prefix-padded dynamic rank broadcast_dimensions = " + AsmPrinter.printAttribute(d),
                    List.of()));
            return null;
        }
        Value extents = broadcastedExtents(b, op.location(), operands);
        return extents == null ? null : List.of(extents);
    }

    /**
     * Upstream's {@code isLegalNumpyRankedBroadcast}: both operands ranked, of equal ranks, or with broadcast
     * dimensions that pad the smaller rank on the left (its dimensions are the larger's last).
     *
     * @param lhs the first operand
     * @param rhs the second operand
     * @param dims the op's {@code broadcast_dimensions}
     * @return whether the broadcast is NumPy's
     */
    public static boolean legalNumpyRankedBroadcast(Value lhs, Value rhs, DenseArrayAttr dims) {
        if (!(lhs.type() instanceof RankedTensorType l) || !(rhs.type() instanceof RankedTensorType r)) return false;
        if (l.rank() == r.rank()) return true;
        int smaller = Math.min(l.rank(), r.rank());
        int larger = Math.max(l.rank(), r.rank());
        if (dims.size() != smaller) return false;
        for (int i = 0; i < smaller; i++) if (dims.getLong(i) != larger - smaller + i) return false;
        return true;
    }

    /**
     * {@code computeNaryElementwiseBroadcastingResultExtents}: the broadcast of the operands' shapes, as an extent
     * tensor of the largest rank (of unknown length when a rank is unknown); null (nothing built) when an operand
     * is no tensor. Also what the CHLO lowering's dynamic broadcasting computes its result extents with.
     *
     * @param b where the shape ops are built
     * @param loc their location
     * @param operands the tensors whose shapes broadcast
     * @return the result extents, or null
     */
    public static Value broadcastedExtents(OpBuilder b, Location loc, List<Value> operands) {
        for (Value v : operands) if (!(v.type() instanceof ShapedType)) return null;
        List<Value> shapes = new ArrayList<>();
        for (Value v : operands) shapes.add(shapeOf(b, loc, v));
        long resultRank = 0;
        for (Value s : shapes) {
            long n = ((RankedTensorType) s.type()).dim(0);
            if (n < 0) {
                resultRank = ShapedType.DYNAMIC;
                break;
            }
            resultRank = Math.max(resultRank, n);
        }
        RankedTensorType type = ShapeTypes.extentTensor(resultRank);
        // createOrFold<shape::BroadcastOp>: one shape of the result type is the result; constant shapes broadcast
        if (shapes.size() == 1 && shapes.get(0).type().equals(type)) return shapes.get(0);
        if (shapes.size() == 2) {
            long[] lhs = constantExtents(shapes.get(0));
            long[] rhs = constantExtents(shapes.get(1));
            long[] folded = lhs == null || rhs == null ? null : ShapeOpHooks.broadcastedShape(lhs, rhs);
            if (folded != null && ShapeTypes.extentTensor(folded.length).equals(type)) {
                return ConstShapeOp.createWithTypes(b, loc, List.of(type), IntElements.of(type, folded)).result();
            }
        }
        return BroadcastOp.createWithTypes(b, loc, List.of(type), shapes, null).result();
    }

    /** {@code createOrFold<shape::ShapeOfOp>}: the shape dialect has no folder for it. */
    private static Value shapeOf(OpBuilder b, Location loc, Value v) {
        return ShapeOfOp.create(b, loc, v).result();
    }

    private static long[] constantExtents(Value v) {
        Operation def = v.definingOp();
        Attribute a = def == null ? null : Folder.constantValue(def);
        return a instanceof org.stablehlo4j.ir.DenseElementsAttr d && d.type().elementType() instanceof IndexType
                ? IntElements.values(d) : null;
    }
}
