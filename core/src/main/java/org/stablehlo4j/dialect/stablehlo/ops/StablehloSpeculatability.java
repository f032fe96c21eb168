package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.ir.Speculation.Speculatability.NOT_SPECULATABLE;
import static org.stablehlo4j.ir.Speculation.Speculatability.RECURSIVELY_SPECULATABLE;
import static org.stablehlo4j.ir.Speculation.Speculatability.SPECULATABLE;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Speculation;
import org.stablehlo4j.ir.Speculation.Speculatability;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The speculatability of the StableHLO ops (MLIR's {@code ConditionallySpeculatable}), attached to their rows as a
 * {@link Speculation.Hook}: the {@code HLO_Speculatable*} traits of upstream's {@code StablehloOps.td}
 * ({@code Base.h}) and the ops' own {@code getSpeculatability} of {@code StablehloOps.cpp}. A dimension that is
 * static in a result but dynamic in the operand it comes from could differ at run time, which is undefined
 * behavior, so such an op is not speculatable. Ops with the {@code Pure} trait need no hook.
 */
final class StablehloSpeculatability {
    private StablehloSpeculatability() {}

    /** The speculatability of op {@code m}, if it has a hook. */
    static void attach(String m, OpHooks.Hook h) {
        Speculation.Hook s = switch (m) {
            // HLO_SpeculatableIfStaticDimInOutputIsStaticInInput (the unary element-wise ops and others)
            case "abs", "cbrt", "ceil", "convert", "count_leading_zeros", "cosine", "exponential",
                    "exponential_minus_one", "floor", "imag", "is_finite", "log", "log_plus_one", "logistic", "not",
                    "negate", "popcnt", "real", "round_nearest_afz", "round_nearest_even", "rsqrt", "sign", "sine",
                    "sqrt", "tan", "tanh", "uniform_quantize", "uniform_dequantize", "all_reduce", "slice",
                    "collective_broadcast", "collective_permute", "reverse", "pad", "rng_bit_generator",
                    "reduce_precision" -> op -> staticDimsFromOperand(op, SPECULATABLE);
            case "select_and_scatter" -> op -> staticDimsFromOperand(op, RECURSIVELY_SPECULATABLE);
            // HLO_SpeculatableIfAllInputsStatic (the binary element-wise ops and others)
            case "add", "atan2", "divide", "maximum", "minimum", "multiply", "power", "remainder", "shift_left",
                    "shift_right_arithmetic", "shift_right_logical", "subtract", "and", "or", "xor", "complex",
                    "compare", "batch_norm_grad", "batch_norm_inference", "batch_norm_training", "broadcast_in_dim",
                    "clamp", "select" -> op -> allInputsStatic(op, SPECULATABLE);
            case "reduce", "async_start", "map", "sort", "reduce_window" ->
                    op -> allInputsStatic(op, RECURSIVELY_SPECULATABLE);
            // HLO_SpeculatableIfAllInputsStaticAndShapeConstant
            case "dynamic_reshape", "dynamic_gather", "dynamic_conv" -> op -> shaped(op, 1);
            case "real_dynamic_slice", "dynamic_pad" -> op -> shaped(op, 3);
            case "if", "case", "while" -> op -> RECURSIVELY_SPECULATABLE;
            // the ops' own getSpeculatability
            case "dynamic_iota" -> StablehloSpeculatability::dynamicIota;
            case "all_gather" -> op -> collective(op, "all_gather_dim", null);
            case "all_to_all" -> op -> collective(op, "split_dimension", "concat_dimension");
            case "reduce_scatter" -> op -> collective(op, "scatter_dimension", null);
            case "bitcast_convert" -> StablehloSpeculatability::bitcastConvert;
            case "dynamic_broadcast_in_dim" -> StablehloSpeculatability::dynamicBroadcast;
            case "concatenate" -> StablehloSpeculatability::concatenate;
            case "convolution" -> StablehloSpeculatability::convolution;
            case "dot_general" -> StablehloSpeculatability::dotGeneral;
            case "fft" -> StablehloSpeculatability::fft;
            case "gather" -> op -> flag(op, "indices_are_sorted") ? NOT_SPECULATABLE
                    : allInputsStatic(op, SPECULATABLE);
            case "scatter" -> op -> flag(op, "unique_indices") || flag(op, "indices_are_sorted") ? NOT_SPECULATABLE
                    : allInputsStatic(op, RECURSIVELY_SPECULATABLE);
            case "reshape" -> op -> speculatableIf(isStatic(op.operand(0).type()));
            case "set_dimension_size" -> StablehloSpeculatability::setDimensionSize;
            case "transpose" -> StablehloSpeculatability::transpose;
            case "triangular_solve" -> op -> flag(op, "unit_diagonal") ? NOT_SPECULATABLE
                    : speculatableIf(isStatic(op.operand(0).type()) && isStatic(op.operand(1).type()));
            default -> null;
        };
        if (s != null) h.ext(Speculation.Hook.class, s);
    }

    private static Speculatability speculatableIf(boolean condition) {
        return condition ? SPECULATABLE : NOT_SPECULATABLE;
    }

    /** Whether dimension {@code i} of {@code t} is dynamic (any dimension of an unranked or non-tensor type). */
    private static boolean dynamic(Type t, long i) {
        return !(t instanceof RankedTensorType r) || i < 0 || i >= r.rank() || r.dim((int) i) == ShapedType.DYNAMIC;
    }

    private static boolean isStatic(Type t) {
        return t instanceof RankedTensorType r && r.hasStaticShape();
    }

    private static int rank(Type t) {
        return t instanceof RankedTensorType r ? r.rank() : 0;
    }

    private static boolean flag(Operation op, String name) {
        return op.attr(name) instanceof BoolAttr b && b.value();
    }

    private static long integer(Operation op, String name) {
        return op.attr(name) instanceof IntegerAttr i ? i.longValue() : -1;
    }

    /** MLIR's {@code m_Constant}: the value is a constant op's result. */
    private static boolean constant(Value v) {
        Operation def = v.definingOp();
        return def != null && Folder.constantValue(def) != null;
    }

    /** A result dimension that is static must be static in the operand, except those {@code skip}ped. */
    private static boolean staticDimsFollow(Type in, Type out, long... skip) {
        outer:
        for (int i = 0; i < rank(out); i++) {
            for (long s : skip) if (s == i) continue outer;
            if (!dynamic(out, i) && dynamic(in, i)) return false;
        }
        return true;
    }

    /** HLO_(Recursively)SpeculatableIfStaticDimInOutputIsStaticInInput, on operand #0 and result #0. */
    private static Speculatability staticDimsFromOperand(Operation op, Speculatability yes) {
        return staticDimsFollow(op.operand(0).type(), op.result(0).type()) ? yes : NOT_SPECULATABLE;
    }

    /** HLO_(Recursively)SpeculatableIfAllInputsStatic. */
    private static Speculatability allInputsStatic(Operation op, Speculatability yes) {
        for (Value v : op.operands()) if (!isStatic(v.type())) return NOT_SPECULATABLE;
        return yes;
    }

    /** hlo::getShapedSpeculatability: all inputs static and the last {@code shapeCount} operands constant. */
    private static Speculatability shaped(Operation op, int shapeCount) {
        if (allInputsStatic(op, SPECULATABLE) == NOT_SPECULATABLE) return NOT_SPECULATABLE;
        for (int i = 0; i < shapeCount && i < op.numOperands(); i++) {
            if (!constant(op.operand(op.numOperands() - 1 - i))) return NOT_SPECULATABLE;
        }
        return SPECULATABLE;
    }

    private static Speculatability dynamicIota(Operation op) {
        if (constant(op.operand(0))) return SPECULATABLE;
        Type t = op.result(0).type();
        for (int i = 0; i < rank(t); i++) if (!dynamic(t, i)) return NOT_SPECULATABLE;
        return SPECULATABLE;
    }

    /** all_gather, all_to_all, reduce_scatter: the process-dependent dimensions must be dynamic in the results. */
    private static Speculatability collective(Operation op, String dimAttr, String otherDimAttr) {
        long dim = integer(op, dimAttr);
        long other = otherDimAttr == null ? dim : integer(op, otherDimAttr);
        for (int k = 0; k < op.numResults() && k < op.numOperands(); k++) {
            Type in = op.operand(k).type();
            Type out = op.result(k).type();
            if (!dynamic(out, dim) || !dynamic(out, other)) return NOT_SPECULATABLE;
            if (!staticDimsFollow(in, out, dim, other)) return NOT_SPECULATABLE;
        }
        return SPECULATABLE;
    }

    private static Speculatability bitcastConvert(Operation op) {
        Type in = op.operand(0).type();
        Type out = op.result(0).type();
        for (int i = 0; i < Math.min(rank(in), rank(out)); i++) {
            if (!dynamic(out, i) && dynamic(in, i)) return NOT_SPECULATABLE;
        }
        return SPECULATABLE;
    }

    private static Speculatability dynamicBroadcast(Operation op) {
        Type in = op.operand(0).type();
        if (!isStatic(in)) return NOT_SPECULATABLE;
        Type out = op.result(0).type();
        boolean allDynamic = true;
        for (int i = 0; i < rank(out); i++) allDynamic &= dynamic(out, i);
        if (((RankedTensorType) in).numElements() == 1 && allDynamic) return SPECULATABLE;
        return speculatableIf(constant(op.operand(1)));
    }

    private static Speculatability concatenate(Operation op) {
        long dim = integer(op, "dimension");
        boolean dimDynamic = dynamic(op.result(0).type(), dim);
        for (Value v : op.operands()) {
            if (!(v.type() instanceof RankedTensorType)) return NOT_SPECULATABLE;
            for (int i = 0; i < rank(v.type()); i++) {
                if (i == dim && dimDynamic) continue;
                if (dynamic(v.type(), i)) return NOT_SPECULATABLE;
            }
        }
        return SPECULATABLE;
    }

    private static Speculatability convolution(Operation op) {
        ConvDimensionNumbersAttr d = DotConvRules.struct(op, "dimension_numbers", ConvDimensionNumbersAttr.class);
        if (d == null) return NOT_SPECULATABLE;
        Type in = op.operand(0).type();
        Type kernel = op.operand(1).type();
        Type out = op.result(0).type();
        long batchGroups = integer(op, "batch_group_count");
        long featureGroups = integer(op, "feature_group_count");
        if (dynamic(in, d.inputFeatureDimension()) || dynamic(kernel, d.kernelInputFeatureDimension())) {
            return NOT_SPECULATABLE;
        }
        if (dynamic(in, d.inputBatchDimension()) && (batchGroups > 1 || !dynamic(out, d.outputBatchDimension()))) {
            return NOT_SPECULATABLE;
        }
        if (dynamic(kernel, d.kernelOutputFeatureDimension())
                && (batchGroups > 1 || featureGroups > 1 || !dynamic(out, d.outputFeatureDimension()))) {
            return NOT_SPECULATABLE;
        }
        int n = Math.min(d.inputSpatialDimensions().size(), Math.min(d.kernelSpatialDimensions().size(),
                d.outputSpatialDimensions().size()));
        for (int i = 0; i < n; i++) {
            if (!dynamic(out, d.outputSpatialDimensions().get(i)) && (dynamic(in, d.inputSpatialDimensions().get(i))
                    || dynamic(kernel, d.kernelSpatialDimensions().get(i)))) {
                return NOT_SPECULATABLE;
            }
        }
        return SPECULATABLE;
    }

    /** Batching and contracting dimensions static; the others as StaticDimInOutputIsStaticInInput. */
    private static Speculatability dotGeneral(Operation op) {
        DotDimensionNumbersAttr d = DotConvRules.struct(op, "dot_dimension_numbers", DotDimensionNumbersAttr.class);
        return d == null ? NOT_SPECULATABLE : dotGeneral(d, op.operand(0).type(), op.operand(1).type(),
                op.result(0).type());
    }

    private static Speculatability dotGeneral(DotDimensionNumbersAttr d, Type lhs, Type rhs, Type out) {
        List<Long> lhsSpecial = new ArrayList<>(d.lhsBatchingDimensions());
        lhsSpecial.addAll(d.lhsContractingDimensions());
        List<Long> rhsSpecial = new ArrayList<>(d.rhsBatchingDimensions());
        rhsSpecial.addAll(d.rhsContractingDimensions());
        for (long i : lhsSpecial) if (dynamic(lhs, i)) return NOT_SPECULATABLE;
        for (long i : rhsSpecial) if (dynamic(rhs, i)) return NOT_SPECULATABLE;
        int resultIndex = d.lhsBatchingDimensions().size();
        for (int side = 0; side < 2; side++) {
            Type t = side == 0 ? lhs : rhs;
            List<Long> special = side == 0 ? lhsSpecial : rhsSpecial;
            for (long i = 0; i < rank(t); i++) {
                if (special.contains(i)) continue;
                if (!dynamic(out, resultIndex) && dynamic(t, i)) return NOT_SPECULATABLE;
                resultIndex++;
            }
        }
        return SPECULATABLE;
    }

    private static Speculatability fft(Operation op) {
        Type in = op.operand(0).type();
        Type out = op.result(0).type();
        String type = DotConvRules.enumCase(op, "fft_type");
        long[] length = DotConvSupport.ints(op.attr("fft_length"));
        int minStaticDim = rank(in);
        if (("RFFT".equals(type) || "IRFFT".equals(type)) && length != null) minStaticDim -= length.length;
        for (int i = 0; i < rank(in); i++) {
            if (i >= minStaticDim && dynamic(in, i)) return NOT_SPECULATABLE;
            if (!dynamic(out, i) && dynamic(in, i)) return NOT_SPECULATABLE;
        }
        return SPECULATABLE;
    }

    private static Speculatability setDimensionSize(Operation op) {
        long dim = integer(op, "dimension");
        Type out = op.result(0).type();
        if (!constant(op.operand(1)) && !dynamic(out, dim)) return NOT_SPECULATABLE;
        return speculatableIf(staticDimsFollow(op.operand(0).type(), out, dim));
    }

    private static Speculatability transpose(Operation op) {
        long[] perm = DotConvSupport.ints(op.attr("permutation"));
        Type in = op.operand(0).type();
        Type out = op.result(0).type();
        for (int i = 0; i < rank(out); i++) {
            long from = perm != null && i < perm.length ? perm[i] : -1;
            if (!dynamic(out, i) && dynamic(in, from)) return NOT_SPECULATABLE;
        }
        return SPECULATABLE;
    }
}
