package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.OpTable;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

/**
 * Rows of the StableHLO op table (StableHLO 1.20.0, StablehloOps.td): elementwise ops. Plain unary and binary
 * elementwise ops share one row template each ({@link #unary}, {@link #binary}).
 */
final class ElementwiseOps {
    private ElementwiseOps() {}

    /** The pretty form shared by the unary elementwise ops. */
    static final String UNARY_FORMAT =
            "$operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))";
    /** The pretty form shared by the binary elementwise ops. */
    static final String BINARY_FORMAT =
            "$lhs `,` $rhs attr-dict `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))";

    /** StableHLO_UnaryElementwiseOp: {@code operand} of type {@code operandType}, {@code result}. */
    private static OpTable.Row unary(OpTable t, String operandType, String resultType, String... names) {
        return t.op(names).in("operand", operandType).out("result", resultType).format(UNARY_FORMAT)
                .classTraits(ELEMENTWISE, INFER_SHAPED_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, CONDITIONALLY_SPECULATABLE,
                        NO_MEMORY_EFFECT);
    }

    /** StableHLO_BinaryElementwiseOp: {@code lhs} and {@code rhs} of type {@code operandType}, {@code result}. */
    private static OpTable.Row binary(OpTable t, String operandType, String resultType, String... names) {
        return t.op(names).in("lhs", operandType).in("rhs", operandType).out("result", resultType)
                .format(BINARY_FORMAT).classTraits(INFER_SHAPED_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, ELEMENTWISE,
                        CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT);
    }

    /**
     * HLO_CompatibleOperandsAndResultType with the result type inference it brings (the op's other own traits,
     * if any, were added to {@code r} before; the inference is {@code TypeInference.compatibleOperandsAndResultType},
     * attached by {@link StablehloOpHooks}).
     */
    private static OpTable.Row compatibleTypes(OpTable.Row r) {
        return r.traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE).infers();
    }

    static void define(OpTable t) {
        unary(t, "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt] >", "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_QuantizedInt]>",
                "abs")
                .traits(INFER_TYPE)
                .infers();
        compatibleTypes(unary(t, "HLO_FpComplexOrQuantizedIntTensor", "HLO_FpComplexOrQuantizedIntTensor",
                "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "rsqrt", "sine", "sqrt", "tan", "tanh")
                .defAttr("result_accuracy", STRUCT, "result_accuracy", "ResultAccuracyMode::DEFAULT"));
        compatibleTypes(unary(t, "HLO_FpOrQuantizedIntTensor", "HLO_FpOrQuantizedIntTensor",
                "ceil", "floor", "round_nearest_afz", "round_nearest_even"));
        unary(t, "HLO_NonQuantizedTensor", "HLO_NonQuantizedTensor", "convert");
        compatibleTypes(unary(t, "HLO_IntTensor", "HLO_IntTensor", "count_leading_zeros", "popcnt"));
        unary(t, "HLO_FpOrComplexTensor", "HLO_FpTensor", "imag", "real")
                .traits(INFER_TYPE)
                .infers();
        t.op("is_finite")
                .in("x", "HLO_FpOrQuantizedIntTensor")
                .out("y", "HLO_PredTensor")
                .traits(INFER_TYPE, ELEMENTWISE, INFER_SHAPED_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT)
                .format("operands attr-dict `:` functional-type(operands, results)")
                .infers();
        compatibleTypes(unary(t, "HLO_PredOrIntTensor", "HLO_PredOrIntTensor", "not"));
        compatibleTypes(unary(t, "HLO_IntFpOrComplexOrQuantizedIntTensor", "HLO_IntFpOrComplexOrQuantizedIntTensor",
                "negate"));
        compatibleTypes(unary(t, "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>", "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>",
                "sign"));
        binary(t, "HLO_TensorOrPerAxisQuantizedTensor", "HLO_TensorOrPerAxisQuantizedTensor", "add")
                .traits(COMMUTATIVE, COMMUTATIVE_WITHOUT_FOLDER, INFER_TYPE)
                .infers();
        compatibleTypes(binary(t, "HLO_FpComplexOrQuantizedIntTensor", "HLO_FpComplexOrQuantizedIntTensor", "atan2"));
        t.op("complex")
                .in("lhs", "HLO_Fp32Or64Tensor")
                .in("rhs", "HLO_Fp32Or64Tensor")
                .out("result", "HLO_ComplexTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SAME_OPERANDS_ELEMENT_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_TYPE, INFER_SHAPED_TYPE, ELEMENTWISE)
                .format("operands attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))")
                .infers();
        compatibleTypes(binary(t, "HLO_IntFpOrComplexOrQuantizedIntTensor", "HLO_IntFpOrComplexOrQuantizedIntTensor",
                "divide", "power", "remainder", "subtract"));
        compatibleTypes(binary(t, "HLO_Tensor", "HLO_Tensor", "maximum", "minimum", "multiply")
                .traits(COMMUTATIVE, COMMUTATIVE_WITHOUT_FOLDER));
        compatibleTypes(binary(t, "HLO_IntTensor", "HLO_IntTensor",
                "shift_left", "shift_right_arithmetic", "shift_right_logical"));
        compatibleTypes(binary(t, "HLO_PredOrIntTensor", "HLO_Tensor", "and", "or", "xor")
                .traits(COMMUTATIVE, COMMUTATIVE_WITHOUT_FOLDER));
        t.op("compare")
                .in("lhs", "HLO_Tensor")
                .in("rhs", "HLO_Tensor")
                .enumAttr("comparison_direction", "comparison_direction")
                .optAttr("compare_type", ENUM, "comparison_type")
                .out("", "HLO_PredTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, ELEMENTWISE, COMPATIBLE_OPERANDS_ELEMENT_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("clamp")
                .in("min", "HLO_Tensor")
                .in("operand", "HLO_Tensor")
                .in("max", "HLO_Tensor")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE, BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$min `,` $operand `,` $max attr-dict `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))")
                .infers();
        t.op("map")
                .varIn("inputs", "HLO_Tensor")
                .attr("dimensions", DENSE_I64_ARRAY)
                .out("", "HLO_Tensor")
                .sizedRegion("computation")
                .traits(CONDITIONALLY_SPECULATABLE, RECURSIVE_MEMORY_EFFECTS, SAME_OPERANDS_AND_RESULT_SHAPE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
        t.op("select")
                .in("pred", "HLO_PredTensor")
                .in("on_true", "HLO_Tensor")
                .in("on_false", "HLO_Tensor")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("operands attr-dict `:` custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))")
                .infers();
        unary(t, "HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor", "HLO_QuantizedIntOrPerAxisQuantizedIntTensor",
                "uniform_quantize");
        unary(t, "HLO_QuantizedIntOrPerAxisQuantizedIntTensor", "HLO_FpTensor", "uniform_dequantize")
                .traits(INFER_TYPE, INFER_TENSOR_TYPE)
                .infers();
        compatibleTypes(t.op("reduce_precision")
                .in("operand", "HLO_FpOrQuantizedIntTensor")
                .attr("exponent_bits", I32, "positive")
                .attr("mantissa_bits", I32, "non-negative")
                .out("output", "HLO_FpOrQuantizedIntTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, ELEMENTWISE)
                .format("$operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))"));
    }
}
