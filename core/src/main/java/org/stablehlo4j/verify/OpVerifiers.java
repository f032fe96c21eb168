package org.stablehlo4j.verify;

import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UniformQuantizedType;

/**
 * The rules of individual ops beyond their traits (what upstream writes in each op's {@code verify()}), dispatched
 * by op name. Each rule throws {@link VerificationError} at the first violation.
 */
final class OpVerifiers {
    private OpVerifiers() {}

    static void verify(Operation op) {
        switch (op.name()) {
            case "func.return" -> funcReturn(op);
            case "stablehlo.add" -> add(op);
            case "interpreter.run_parallel" -> RunParallelRules.verify(op);
            default -> {
                if (op.dialect().equals("chlo")) {
                    org.stablehlo4j.dialect.chlo.ChloRules.verify(op);
                    return;
                }
                if (op.attr("result_accuracy") instanceof org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr ra) {
                    resultAccuracy(op, ra);
                }
                if (!ShapeRules.verify(op) && !RegionRules.verify(op) && !DotConvRules.verify(op)) {
                    CollectiveRules.verify(op);
                }
            }
        }
    }

    /**
     * The result types upstream's {@code inferReturnTypes} computes for the op, or null when it has no inference
     * rule here. Throws {@link VerificationError} when inference fails (the verifier adds "failed to infer
     * returned types").
     */
    static List<Type> infer(Operation op) {
        if (op.dialect().equals("chlo")) return org.stablehlo4j.dialect.chlo.ChloRules.infer(op);
        List<Type> types = ShapeRules.infer(op);
        if (types == null) types = RegionRules.infer(op);
        if (types == null) types = DotConvRules.infer(op);
        if (types == null) types = CollectiveRules.infer(op);
        if (types == null) types = compatibleOperandsAndResultType(op);
        return types;
    }

    /**
     * The inference HLO_CompatibleOperandsAndResultType brings to the ops that carry it: the most specific type
     * compatible with every operand.
     */
    private static List<Type> compatibleOperandsAndResultType(Operation op) {
        org.stablehlo4j.ir.OpDefinition spec = org.stablehlo4j.dialect.stablehlo.StablehloOps.spec(op.name());
        if (spec == null || !spec.hasTrait(org.stablehlo4j.ir.OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_TYPE)) {
            return null;
        }
        if (op.numOperands() == 0) {
            throw VerificationError.at(op.location(),
                    "Expected non-empty operands for [CompatibleOperandsAndResultType]");
        }
        List<Type> operands = new java.util.ArrayList<>();
        for (var v : op.operands()) operands.add(v.type());
        return List.of(TypeInference.mostSpecific(op.location(), operands));
    }

    /** Types as MLIR lists them in a diagnostic: each quoted, comma separated. */
    static String quoted(List<Type> types) {
        StringBuilder sb = new StringBuilder();
        for (Type t : types) {
            if (sb.length() > 0) sb.append(", ");
            sb.append('\'').append(str(t)).append('\'');
        }
        return sb.toString();
    }

    /** Printed like MLIR prints a type inside a diagnostic. */
    static String str(Type t) {
        return AsmPrinter.printType(t);
    }

    private static void funcReturn(Operation op) {
        Operation fn = op.parentOp();
        if (fn == null || !fn.name().equals("func.func")) return;
        if (!(fn.attr("function_type") instanceof TypeAttr ta) || !(ta.value() instanceof FunctionType type)) return;
        String name = fn.attr("sym_name") instanceof StringAttr s ? s.value() : "";
        List<Type> results = type.results();
        if (op.numOperands() != results.size()) {
            throw VerificationError.op(op, "has " + op.numOperands() + " operands, but enclosing function (@" + name
                    + ") returns " + results.size());
        }
        for (int i = 0; i < results.size(); i++) {
            Type actual = op.operand(i).type();
            if (!actual.equals(results.get(i))) {
                throw VerificationError.at(op.location(), "type of return operand " + i + " (" + str(actual)
                        + ") doesn't match function result type (" + str(results.get(i)) + ") in function @" + name);
            }
        }
    }

    /** The ResultAccuracyAttr rules the unary ops with a {@code result_accuracy} attribute check. */
    private static void resultAccuracy(Operation op, org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr ra) {
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
    private static void add(Operation op) {
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
                        + str(lhs) + " vs " + str(result));
            }
            if (r.isPerAxis() && r.quantizedDimension() != o.quantizedDimension()) {
                throw VerificationError.at(op.location(), "quantization_dimension of rhs and result are not same "
                        + str(rhs) + " vs " + str(result));
            }
        } else if (o.isPerAxis()) {
            throw VerificationError.at(op.location(),
                    "result per_axis quantized but none from rhs and lhs are per_axis quantized");
        }
    }
}
