package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Traits;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.VerificationError;

/**
 * StableHLO's own op traits (upstream's stablehlo/dialect/Base.td and Base.h, {@code mlir::hlo::OpTrait}), which
 * the rows name by their promises in {@link OpTrait} ({@link OpTrait#COMPATIBLE_OPERANDS_AND_RESULT_TYPE}, ...);
 * {@link HloBase} hands them over to the dialects whose ops use them.
 */
public final class HloTraits {
    private HloTraits() {}

    /**
     * HLO_CompatibleOperandsAndResultType: operand and result types are equal up to compatibility. A trait list
     * upstream that brings InferTypeOpInterface along, checked on exit.
     */
    public static final OpTrait COMPATIBLE_OPERANDS_AND_RESULT_TYPE = Traits.rule(
            "HLO_CompatibleOperandsAndResultType", HloTraits::compatibleOperandsAndResultType, OpTrait.INFER_TYPE);
    /** HLO_CompatibleOperandsAndResultElementType: operand and result element types are equal up to compatibility. */
    public static final OpTrait COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE = Traits.rule(
            "HLO_CompatibleOperandsAndResultElementType", HloTraits::compatibleOperandsAndResultElementType);
    /** HLO_CompatibleOperandsElementType: operand element types are equal up to compatibility. */
    public static final OpTrait COMPATIBLE_OPERANDS_ELEMENT_TYPE = Traits.rule(
            "HLO_CompatibleOperandsElementType", HloTraits::compatibleOperandsElementType);
    /** HLO_PairwiseSameOperandAndResultType: operand {@code i} and result {@code i} have the same type. */
    public static final OpTrait PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE = Traits.rule(
            "HLO_PairwiseSameOperandAndResultType", op -> pairwiseSame(op, true));
    /** HLO_PairwiseSameOperandAndResultElementType: operand {@code i} and result {@code i} have the same element type. */
    public static final OpTrait PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE = Traits.rule(
            "HLO_PairwiseSameOperandAndResultElementType", op -> pairwiseSame(op, false));

    /** The type the compatibility traits compare against: the first operand's, else the first result's. */
    private static Type expectedType(Operation op) {
        if (op.numOperands() > 0) return op.operand(0).type();
        if (op.numResults() > 0) return op.result(0).type();
        throw VerificationError.op(op, "expected at least one operand or result");
    }

    private static void compatibleOperandsAndResultType(Operation op) {
        // Its InferTypeOpInterface part is checked on exit (the verifier's inferred-types check).
        Traits.requireAll(op, true, expectedType(op), TypeCompat::compatible,
                "requires compatible types for all operands and results");
    }

    private static void compatibleOperandsAndResultElementType(Operation op) {
        Traits.requireAll(op, true, expectedType(op), TypeCompat::compatibleElementType,
                "requires compatible element types for all operands and results");
    }

    private static void compatibleOperandsElementType(Operation op) {
        Traits.atLeastOperands(op, 1);
        Traits.requireAll(op, false, op.operand(0).type(), TypeCompat::compatibleElementType,
                "requires compatible element types for all operands");
    }

    private static void pairwiseSame(Operation op, boolean whole) {
        if (op.numOperands() != op.numResults()) {
            throw VerificationError.op(op, "requires the same number of operands and results");
        }
        for (int i = 0; i < op.numOperands(); i++) {
            Type a = op.operand(i).type();
            Type b = op.result(i).type();
            boolean same = whole ? a.equals(b) : TypeCompat.elementType(a).equals(TypeCompat.elementType(b));
            if (!same) {
                throw VerificationError.op(op, "requires the same " + (whole ? "" : "element ")
                        + "type for operand and result at index " + i);
            }
        }
    }
}
