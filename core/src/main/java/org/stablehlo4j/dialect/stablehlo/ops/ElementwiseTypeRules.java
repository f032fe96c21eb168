package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.ReshapeRules.*;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;
import static org.stablehlo4j.dialect.stablehlo.ops.ShapeRules.*;

/**
 * Type inference rules of the non-arithmetic elementwise ops (compare, select, clamp, complex, real/imag,
 * is_finite, uniform (de)quantize), split out of {@link ShapeRules}, whose helpers they share.
 */
public final class ElementwiseTypeRules {
    private ElementwiseTypeRules() {}

    // ---------------------------------------------------------------------------------------------------------
    // Elementwise

    public static Type inferCompare(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        if (t == null) return null;
        if (op.numResults() == 1 && op.result(0).type() instanceof RankedTensorType declared
                && declared.elementType().equals(IntegerType.I1) && sameShapeAndEncoding(declared, t)) {
            return declared; // equal to the type built below
        }
        return new RankedTensorType(t.shape(), IntegerType.I1, t.encoding());
    }

    /** Whether two ranked tensor types have equal dimensions and encodings (the element type aside). */
    static boolean sameShapeAndEncoding(RankedTensorType a, RankedTensorType b) {
        int rank = a.rank();
        if (b.rank() != rank) return false;
        for (int i = 0; i < rank; i++) if (a.dim(i) != b.dim(i)) return false;
        return java.util.Objects.equals(a.encoding(), b.encoding());
    }

    public static Type inferSelect(Operation op) {
        if (op.numOperands() != 3) return null;
        Type pred = op.operand(0).type();
        Type onTrue = op.operand(1).type();
        Type onFalse = op.operand(2).type();
        if (!(pred instanceof ShapedType ps) || !(onTrue instanceof ShapedType) || !(onFalse instanceof ShapedType)) {
            return null;
        }
        // select_c2
        if (!TypeCompat.compatibleShape(onTrue, onFalse)
                || !TypeCompat.elementType(onTrue).equals(TypeCompat.elementType(onFalse))) {
            throw err(op, "requires compatible types for non-predicate operands");
        }
        // select_c1
        boolean scalarPred = pred instanceof RankedTensorType pr && pr.rank() == 0;
        if (!scalarPred && !TypeCompat.compatibleShape(pred, onTrue)) {
            throw err(op, "requires the same shape for all operands");
        }
        return TypeInference.mostSpecific(op.location(), List.of(onTrue, onFalse));
    }

    /** AddOp::inferReturnTypes: the most specific type of the operands (checked after add's own rules). */
    public static Type inferAdd(Operation op) {
        if (op.numOperands() == 0) {
            throw VerificationError.at(op.location(), "Expected non-empty operands for AddOp::inferReturnTypes");
        }
        Type same = sameRankedTypeWithoutBounds(op);
        if (same != null) return same;
        List<Type> operands = new ArrayList<>(op.numOperands());
        for (int i = 0, n = op.numOperands(); i < n; i++) operands.add(op.operand(i).type());
        return TypeInference.mostSpecific(op.location(), operands);
    }

    /**
     * The operands' type when they all have the very same ranked tensor type object without bounds, else null:
     * then {@link TypeInference#mostSpecific} of their types is that type (equal types without bounds merge into
     * themselves), found without a list.
     */
    static Type sameRankedTypeWithoutBounds(Operation op) {
        Type first = op.operand(0).type();
        if (!(first instanceof RankedTensorType r) || TypeCompat.bounds(r) != null) return null;
        for (int i = 1, n = op.numOperands(); i < n; i++) if (op.operand(i).type() != first) return null;
        return first;
    }

    public static Type inferClamp(Operation op) {
        RankedTensorType min = rankedOperand(op, 0);
        RankedTensorType operand = rankedOperand(op, 1);
        RankedTensorType max = rankedOperand(op, 2);
        if (min == null || operand == null || max == null) return null;
        if (!TypeCompat.compatibleShape(min, operand) && min.rank() != 0) {
            throw err(op, "min shape [" + join(min.shape()) + "] is not scalar and is not compatible to operand shape ["
                    + join(operand.shape()) + "]");
        }
        if (!TypeCompat.compatibleShape(max, operand) && max.rank() != 0) {
            throw err(op, "max shape [" + join(max.shape()) + "] is not scalar and is not compatible to operand shape ["
                    + join(operand.shape()) + "]");
        }
        return operand;
    }

    public static Type inferComplex(Operation op) {
        if (op.numOperands() < 1 || !(op.operand(0).type() instanceof ShapedType s)) return null;
        return withElement(s, new ComplexType(s.elementType()));
    }

    /**
     * real, imag and abs: the operand's type with a complex element type replaced by its part type. Upstream checks
     * inferred types after the shape traits, so a shape mismatch is left to those.
     */
    public static Type inferRealPart(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof ShapedType s)
                || !TypeCompat.compatibleShapes(RuleSupport.allTypes(op))) {
            return null;
        }
        Type e = s.elementType();
        return withElement(s, e instanceof ComplexType c ? c.elementType() : e);
    }

    public static Type inferIsFinite(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof ShapedType s) || op.numResults() != 1) {
            return null;
        }
        // A result that is not a pred tensor of the operand's shape fails the ODS result constraint or the
        // Elementwise trait, which upstream reports first.
        Type result = op.result(0).type();
        if (!TypeCompat.elementType(result).equals(IntegerType.signless(1))
                || !TypeCompat.compatibleShape(result, s)) {
            return null;
        }
        return withElement(s, IntegerType.signless(1));
    }

    /** The operand's shape with its expressed type; shape mismatches are left to the shape traits. */
    public static Type inferUniformDequantize(Operation op) {
        RankedTensorType t = rankedOperand(op, 0);
        if (t == null || !(t.elementType() instanceof UniformQuantizedType qt)
                || !TypeCompat.compatibleShapes(RuleSupport.allTypes(op))) {
            return null;
        }
        return new RankedTensorType(t.shape(), qt.expressedType());
    }

    public static void uniformQuantize(Operation op) {
        if (op.numOperands() != 1 || op.numResults() != 1) return;
        if (!(TypeCompat.elementType(op.result(0).type()) instanceof UniformQuantizedType rq)) return;
        Type oe = TypeCompat.elementType(op.operand(0).type());
        Type expected = oe instanceof FloatType ? oe : oe instanceof UniformQuantizedType oq ? oq.expressedType()
                : null;
        if (expected != null && !rq.expressedType().equals(expected)) {
            throw err(op, "Expressed type of result expected to be " + q(expected) + ", but got "
                    + q(rq.expressedType()));
        }
    }
}
