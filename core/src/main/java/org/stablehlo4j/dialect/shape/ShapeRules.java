package org.stablehlo4j.dialect.shape;

import java.util.List;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * The verifiers, result type inference and return type compatibility of the shape ops (upstream's
 * {@code Shape.cpp}). Sizes and shapes ({@code !shape.size}, {@code !shape.shape}) may hold errors, indices and
 * extent tensors may not: an op with an error-holding operand must have an error-holding result.
 */
final class ShapeRules {
    private ShapeRules() {}

    private static boolean anyOperandCanHoldError(Operation op) {
        for (Value v : op.operands()) if (ShapeTypes.canHoldError(v.type())) return true;
        return false;
    }

    /** {@code verifySizeOrIndexOp}: error-holding operands need a {@code !shape.size} result. */
    static void verifySizeOrIndex(Operation op) {
        if (anyOperandCanHoldError(op) && !ShapeTypes.SIZE.equals(op.result(0).type())) {
            throw VerificationError.op(op, "if at least one of the operands can hold error values then the result "
                    + "must be of type `size` to propagate them");
        }
    }

    /** {@code verifyShapeOrExtentTensorOp}: error-holding operands need a {@code !shape.shape} result. */
    static void verifyShapeOrExtentTensor(Operation op) {
        if (anyOperandCanHoldError(op) && !ShapeTypes.SHAPE.equals(op.result(0).type())) {
            throw VerificationError.op(op, "if at least one of the operands can hold error values then the result "
                    + "must be of type `shape` to propagate them");
        }
    }

    static void verifyAssumingAll(Operation op) {
        if (op.numOperands() == 0) throw VerificationError.op(op, "no operands specified");
    }

    static void verifyCstrBroadcastable(Operation op) {
        if (op.numOperands() < 2) throw VerificationError.op(op, "required at least 2 input shapes");
    }

    /** {@code shape.const_shape}: the extents are a rank-1 elements attribute of {@code index}. */
    static void verifyConstShape(Operation op) {
        if (!(op.attr("shape") instanceof DenseElementsAttr d) || !(d.type().elementType() instanceof IndexType)
                || !(d.type() instanceof RankedTensorType t) || t.rank() != 1) {
            throw VerificationError.op(op, "attribute 'shape' failed to satisfy constraint: index elements attribute");
        }
    }

    /** {@code shape.const_size}: the value is an {@code IndexAttr}. */
    static void verifyConstSize(Operation op) {
        if (!(op.attr("value") instanceof org.stablehlo4j.ir.IntegerAttr i) || !(i.type() instanceof IndexType)) {
            throw VerificationError.op(op, "attribute 'value' failed to satisfy constraint: index attribute");
        }
    }

    /** HasParent&lt;AssumingOp&gt;. */
    static void verifyAssumingYield(Operation op) {
        Operation parent = op.parentOp();
        if (parent == null || !AssumingOp.is(parent)) {
            throw VerificationError.op(op, "expects parent op '" + AssumingOp.NAME + "'");
        }
    }

    /**
     * {@code shape.assuming}: its block ends in a {@code shape.assuming_yield} (SingleBlockImplicitTerminator) whose
     * operands are the op's results (RegionBranchOpInterface's type check along the edge to the parent).
     */
    static void verifyAssuming(Operation op) {
        if (op.numRegions() != 1 || op.region(0).numBlocks() != 1) return;
        Operation last = op.region(0).block(0).last();
        if (last == null || !AssumingYieldOp.is(last)) {
            throw VerificationError.op(op, "expects regions to end with '" + AssumingYieldOp.NAME + "', found '"
                    + (last == null ? "nothing" : last.name()) + "'");
        }
        String edge = "along control flow edge from Region #0 to parent results: ";
        if (last.numOperands() != op.numResults()) {
            throw VerificationError.op(op, edge + "source has " + last.numOperands()
                    + " operands, but target successor needs " + op.numResults());
        }
        for (int i = 0; i < op.numResults(); i++) {
            Type source = last.operand(i).type();
            Type target = op.result(i).type();
            if (!source.equals(target)) {
                throw VerificationError.op(op, edge + "source type #" + i + " " + source + " should match input type #"
                        + i + " " + target);
            }
        }
    }

    // ============================================================================================ inference

    /** add, div, mul: a size when an operand is one, else an index. */
    static List<Type> sizeIfAnySize(Operation op) {
        for (Value v : op.operands()) if (ShapeTypes.SIZE.equals(v.type())) return List.of(ShapeTypes.SIZE);
        return List.of(IndexType.INSTANCE);
    }

    /** rank, num_elements: a size for a shape operand, else an index. */
    static List<Type> sizeIfShape(Operation op) {
        return List.of(ShapeTypes.SHAPE.equals(op.operand(0).type()) ? ShapeTypes.SIZE : IndexType.INSTANCE);
    }

    /** max, min: the operands' type when they agree, else a size. */
    static List<Type> sameOrSize(Operation op) {
        Type a = op.operand(0).type();
        return List.of(a.equals(op.operand(1).type()) ? a : ShapeTypes.SIZE);
    }

    /** shape_of: a shape for a value shape, else the extent tensor of the operand's rank. */
    static List<Type> shapeOf(Operation op) {
        Type t = op.operand(0).type();
        if (ShapeTypes.VALUE_SHAPE.equals(t)) return List.of(ShapeTypes.SHAPE);
        if (!(t instanceof ShapedType s)) throw VerificationError.op(op, "operand #0 must be shaped of any type values"
                + " or value shape, but got '" + t + "'");
        return List.of(ShapeTypes.extentTensor(s instanceof RankedTensorType r ? r.rank() : -1));
    }

    static List<Type> constShape(Operation op) {
        if (!(op.attr("shape") instanceof DenseElementsAttr d) || !(d.type() instanceof RankedTensorType t)) {
            throw VerificationError.op(op, "missing shape attribute");
        }
        return List.of(ShapeTypes.extentTensor(t.numElements()));
    }

    /** meet: the most specific of the operands' types; sizes with sizes, shapes with shapes. */
    static List<Type> meet(Operation op) {
        Type acc = op.operand(0).type();
        for (int i = 1; i < op.numOperands(); i++) {
            Type l = acc;
            Type r = op.operand(i).type();
            if (!ShapeTypes.SHAPE.equals(l) && !ShapeTypes.SIZE.equals(l)) {
                Type swap = l;
                l = r;
                r = swap;
            }
            if (ShapeTypes.SIZE.equals(l)) {
                if (!ShapeTypes.SIZE.equals(r) && !(r instanceof IndexType)) throw allSizesOrShapes(op);
                acc = l;
            } else if (l instanceof IndexType) {
                if (!(r instanceof IndexType)) throw allSizesOrShapes(op);
                acc = r;
            } else if (ShapeTypes.SHAPE.equals(l)) {
                if (!ShapeTypes.SHAPE.equals(r) && !ShapeTypes.isExtentTensor(r)) throw allSizesOrShapes(op);
                acc = l;
            } else if (ShapeTypes.isExtentTensor(l)) {
                if (!ShapeTypes.isExtentTensor(r)) throw allSizesOrShapes(op);
                long rank1 = ((RankedTensorType) l).dim(0);
                long rank2 = ((RankedTensorType) r).dim(0);
                if (rank1 < 0) acc = l;
                else if (rank2 < 0) acc = r;
                else if (rank1 != rank2) throw VerificationError.op(op, "unequal shape cardinality");
                else acc = l;
            }
        }
        return List.of(acc);
    }

    private static VerificationError allSizesOrShapes(Operation op) {
        return VerificationError.op(op, "requires all sizes or shapes");
    }

    // ============================================================================================ compatibility

    private static boolean sizeOrIndex(List<Type> types) {
        return types.size() == 1 && (ShapeTypes.SIZE.equals(types.get(0)) || types.get(0) instanceof IndexType);
    }

    /** {@code eachHasOnlyOneOfTypes<SizeType, IndexType>}: a size and an index are compatible. */
    static boolean sizeOrIndexCompatible(Operation op, List<Type> inferred, List<Type> declared) {
        return sizeOrIndex(inferred) && sizeOrIndex(declared);
    }

    /** max, min: both shapes or both sizes. */
    static boolean bothShapesOrSizes(Operation op, List<Type> inferred, List<Type> declared) {
        if (inferred.size() != 1 || declared.size() != 1) return false;
        Type l = inferred.get(0);
        Type r = declared.get(0);
        return ShapeTypes.SHAPE.equals(l) && ShapeTypes.SHAPE.equals(r)
                || ShapeTypes.SIZE.equals(l) && ShapeTypes.SIZE.equals(r);
    }

    /** const_shape: a shape result is compatible with any extent tensor. */
    static boolean constShapeCompatible(Operation op, List<Type> inferred, List<Type> declared) {
        if (inferred.size() != 1 || declared.size() != 1) return false;
        return ShapeTypes.SHAPE.equals(inferred.get(0)) || ShapeTypes.SHAPE.equals(declared.get(0))
                || inferred.get(0).equals(declared.get(0));
    }

    /** shape_of: shapes are compatible with everything shaped; extent tensors by their shapes. */
    static boolean shapeOfCompatible(Operation op, List<Type> inferred, List<Type> declared) {
        if (inferred.size() != 1 || declared.size() != 1) return false;
        Type l = inferred.get(0);
        Type r = declared.get(0);
        if (l.equals(r)) return true;
        boolean lOk = ShapeTypes.SHAPE.equals(l) || l instanceof ShapedType;
        boolean rOk = ShapeTypes.SHAPE.equals(r) || r instanceof ShapedType;
        if (!lOk || !rOk) return false;
        if (ShapeTypes.SHAPE.equals(l) || ShapeTypes.SHAPE.equals(r)) return true;
        return TypeCompat.compatibleShape(l, r);
    }

    /** meet: sizes with sizes or indices, shapes with tensors, else compatible shapes. */
    static boolean meetCompatible(Operation op, List<Type> inferred, List<Type> declared) {
        if (inferred.size() != 1 || declared.size() != 1) return false;
        Type l = inferred.get(0);
        Type r = declared.get(0);
        if (l.equals(r)) return true;
        if (!ShapeTypes.SHAPE.equals(l) && !ShapeTypes.SIZE.equals(l)) {
            Type swap = l;
            l = r;
            r = swap;
        }
        if (ShapeTypes.SIZE.equals(l)) return ShapeTypes.SIZE.equals(r) || r instanceof IndexType;
        if (ShapeTypes.SHAPE.equals(l)) return ShapeTypes.SHAPE.equals(r) || r instanceof ShapedType;
        return TypeCompat.compatibleShape(l, r);
    }

    // ============================================================================================ helpers

    /** The value of {@code v} when a constant op defines it as an integer or index scalar, else null. */
    static Long constantInt(Value v) {
        Operation def = v.definingOp();
        Attribute a = def == null ? null : Folder.constantValue(def);
        return IntElements.scalar(a);
    }

    /** The extents a constant op defines {@code v} as (a constant extent tensor), else null. */
    static long[] constantExtents(Attribute a) {
        return a instanceof DenseElementsAttr d && d.type().elementType() instanceof IndexType
                ? IntElements.values(d) : null;
    }
}
