package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.VerificationError;

/** Rules of elementwise ops: add's quantization rules, the {@code result_accuracy} attribute of the unary ops. */
public final class ElementwiseRules {
    private ElementwiseRules() {}

    /** The verifier of the unary ops with a {@code result_accuracy} attribute. */
    public static void resultAccuracy(Operation op) {
        if (op.attr("result_accuracy") instanceof ResultAccuracyAttr ra) resultAccuracy(op, ra);
    }

    /** The ResultAccuracyAttr rules the unary ops with a {@code result_accuracy} attribute check. */
    private static void resultAccuracy(Operation op, ResultAccuracyAttr ra) {
        // Negative zero counts as negative, as APFloat::isNegative does.
        if (ra.atol() < 0 || ra.rtol() < 0 || Double.doubleToRawLongBits(ra.atol()) == Long.MIN_VALUE
                || Double.doubleToRawLongBits(ra.rtol()) == Long.MIN_VALUE || ra.ulps() < 0) {
            throw VerificationError.at(op.location(), "Negative tolerance");
        }
        String mode = ra.mode().caseName();
        if ((mode.equals("DEFAULT") || mode.equals("HIGHEST")) && (ra.atol() != 0 || ra.rtol() != 0 || ra.ulps() != 0)) {
            throw VerificationError.at(op.location(),
                    "Invalid tolerances for ResultAccuracyAttr with mode " + mode + ", must be all zero.");
        }
    }

    /** AddOp::verify: one element type, or the quantization rules add_c2 to add_c7. */
    public static void add(Operation op) {
        if (op.numOperands() != 2 || op.numResults() != 1) return;
        Type lhs = TypeCompat.elementType(op.operand(0).type());
        Type rhs = TypeCompat.elementType(op.operand(1).type());
        Type result = TypeCompat.elementType(op.result(0).type());
        boolean ql = lhs instanceof UniformQuantizedType;
        boolean qr = rhs instanceof UniformQuantizedType;
        boolean qo = result instanceof UniformQuantizedType;
        if (ql || qr || qo) {
            addQuantized(op, lhs, rhs, result, ql && qr && qo);
        } else if (!lhs.equals(rhs) || !lhs.equals(result)) {
            throw VerificationError.at(op.location(),
                    "op requires the same element type for all operands and results");
        }
    }

    private static void addQuantized(Operation op, Type lhs, Type rhs, Type result, boolean allQuantized) {
        if (!allQuantized) {
            throw VerificationError.at(op.location(),
                    "expects  all operands and results to be either quantized or non-quantized");
        }
        UniformQuantizedType l = (UniformQuantizedType) lhs;
        UniformQuantizedType r = (UniformQuantizedType) rhs;
        UniformQuantizedType o = (UniformQuantizedType) result;
        if (!l.storageType().equals(r.storageType()) || !l.storageType().equals(o.storageType())) {
            throw VerificationError.at(op.location(), "mismatched operands and result quantization storage types");
        }
        if (!l.expressedType().equals(r.expressedType()) || !l.expressedType().equals(o.expressedType())) {
            throw VerificationError.at(op.location(), "mismatched operands and result quantization expressed types");
        }
        if (l.isPerAxis() || r.isPerAxis()) {
            if (!o.isPerAxis()) {
                throw VerificationError.at(op.location(), "result is not per_axis quantized but lhs or rhs are");
            }
            if (l.isPerAxis() && l.quantizedDimension() != o.quantizedDimension()) {
                throw VerificationError.at(op.location(), "quantization_dimension of lhs and result are not same "
                        + RuleSupport.str(lhs) + " vs " + RuleSupport.str(result));
            }
            if (r.isPerAxis() && r.quantizedDimension() != o.quantizedDimension()) {
                throw VerificationError.at(op.location(), "quantization_dimension of rhs and result are not same "
                        + RuleSupport.str(rhs) + " vs " + RuleSupport.str(result));
            }
        } else if (o.isPerAxis()) {
            throw VerificationError.at(op.location(),
                    "result per_axis quantized but none from rhs and lhs are per_axis quantized");
        }
    }
}
