package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.dialect.stablehlo.rules.ElementwiseRules;
import org.stablehlo4j.dialect.stablehlo.rules.RegionRules;
import org.stablehlo4j.dialect.stablehlo.rules.ControlFlowRules;
import org.stablehlo4j.dialect.stablehlo.rules.ShapeRules;
import org.stablehlo4j.dialect.stablehlo.rules.ElementwiseTypeRules;
import org.stablehlo4j.dialect.stablehlo.rules.TypeInference;

import static org.stablehlo4j.dialect.stablehlo.rules.RuleSupport.single;

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

    /** StableHLO_UnaryElementwiseOp. */
    private static OpTable.Row unary(OpTable t, String... names) {
        return t.op(names).format(UNARY_FORMAT).classTraits(ELEMENTWISE, INFER_SHAPED_TYPE,
                SAME_OPERANDS_AND_RESULT_SHAPE, CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT);
    }

    /** StableHLO_BinaryElementwiseOp. */
    private static OpTable.Row binary(OpTable t, String... names) {
        return t.op(names).format(BINARY_FORMAT).classTraits(INFER_SHAPED_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE,
                ELEMENTWISE, CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT);
    }

    static void define(OpTable t) {
        unary(t, "abs")
                .in("operand", "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt] >")
                .out("result", "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_QuantizedInt]>")
                .traits(INFER_TYPE)
                .inferTypes(single(ElementwiseTypeRules::inferRealPart));
        unary(t, "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "rsqrt", "sine", "sqrt", "tan", "tanh")
                .in("operand", "HLO_FpComplexOrQuantizedIntTensor")
                .defAttr("result_accuracy", STRUCT, "result_accuracy", "ResultAccuracyMode::DEFAULT")
                .out("result", "HLO_FpComplexOrQuantizedIntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .verifier(ElementwiseRules::resultAccuracy)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        unary(t, "ceil", "floor", "round_nearest_afz", "round_nearest_even")
                .in("operand", "HLO_FpOrQuantizedIntTensor")
                .out("result", "HLO_FpOrQuantizedIntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        unary(t, "convert")
                .in("operand", "HLO_NonQuantizedTensor")
                .out("result", "HLO_NonQuantizedTensor");
        unary(t, "count_leading_zeros", "popcnt")
                .in("operand", "HLO_IntTensor")
                .out("result", "HLO_IntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        unary(t, "imag", "real")
                .in("operand", "HLO_FpOrComplexTensor")
                .out("result", "HLO_FpTensor")
                .traits(INFER_TYPE)
                .inferTypes(single(ElementwiseTypeRules::inferRealPart));
        t.op("is_finite")
                .in("x", "HLO_FpOrQuantizedIntTensor")
                .out("y", "HLO_PredTensor")
                .traits(INFER_TYPE, ELEMENTWISE, INFER_SHAPED_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT)
                .format("operands attr-dict `:` functional-type(operands, results)")
                .inferTypes(single(ElementwiseTypeRules::inferIsFinite));
        unary(t, "not")
                .in("operand", "HLO_PredOrIntTensor")
                .out("result", "HLO_PredOrIntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        unary(t, "negate")
                .in("operand", "HLO_IntFpOrComplexOrQuantizedIntTensor")
                .out("result", "HLO_IntFpOrComplexOrQuantizedIntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        unary(t, "sign")
                .in("operand", "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>")
                .out("result", "RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        binary(t, "add")
                .in("lhs", "HLO_TensorOrPerAxisQuantizedTensor")
                .in("rhs", "HLO_TensorOrPerAxisQuantizedTensor")
                .out("result", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(COMMUTATIVE, INFER_TYPE)
                .verifier(ElementwiseRules::add)
                .inferTypes(single(ElementwiseTypeRules::inferAdd));
        binary(t, "atan2")
                .in("lhs", "HLO_FpComplexOrQuantizedIntTensor")
                .in("rhs", "HLO_FpComplexOrQuantizedIntTensor")
                .out("result", "HLO_FpComplexOrQuantizedIntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        t.op("complex")
                .in("lhs", "HLO_Fp32Or64Tensor")
                .in("rhs", "HLO_Fp32Or64Tensor")
                .out("result", "HLO_ComplexTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SAME_OPERANDS_ELEMENT_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_TYPE, INFER_SHAPED_TYPE, ELEMENTWISE)
                .format("operands attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))")
                .inferTypes(single(ElementwiseTypeRules::inferComplex));
        binary(t, "divide", "power", "remainder", "subtract")
                .in("lhs", "HLO_IntFpOrComplexOrQuantizedIntTensor")
                .in("rhs", "HLO_IntFpOrComplexOrQuantizedIntTensor")
                .out("result", "HLO_IntFpOrComplexOrQuantizedIntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        binary(t, "maximum", "minimum", "multiply")
                .in("lhs", "HLO_Tensor")
                .in("rhs", "HLO_Tensor")
                .out("result", "HLO_Tensor")
                .traits(COMMUTATIVE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        binary(t, "shift_left", "shift_right_arithmetic", "shift_right_logical")
                .in("lhs", "HLO_IntTensor")
                .in("rhs", "HLO_IntTensor")
                .out("result", "HLO_IntTensor")
                .traits(COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        binary(t, "and", "or", "xor")
                .in("lhs", "HLO_PredOrIntTensor")
                .in("rhs", "HLO_PredOrIntTensor")
                .out("result", "HLO_Tensor")
                .traits(COMMUTATIVE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        t.op("compare")
                .in("lhs", "HLO_Tensor")
                .in("rhs", "HLO_Tensor")
                .enumAttr("comparison_direction", StablehloEnum.COMPARISON_DIRECTION.mnemonic())
                .optAttr("compare_type", ENUM, "comparison_type")
                .out("", "HLO_PredTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, ELEMENTWISE, COMPATIBLE_OPERANDS_ELEMENT_TYPE, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict `:` functional-type(operands, results)")
                .inferTypes(single(ElementwiseTypeRules::inferCompare));
        t.op("clamp")
                .in("min", "HLO_Tensor")
                .in("operand", "HLO_Tensor")
                .in("max", "HLO_Tensor")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE, BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$min `,` $operand `,` $max attr-dict `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))")
                .inferTypes(single(ElementwiseTypeRules::inferClamp));
        t.op("map")
                .varIn("inputs", "HLO_Tensor")
                .attr("dimensions", DENSE_I64_ARRAY)
                .out("", "HLO_Tensor")
                .region("computation")
                .traits(CONDITIONALLY_SPECULATABLE, RECURSIVE_MEMORY_EFFECTS, SAME_OPERANDS_AND_RESULT_SHAPE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .verifier(RegionRules::singleBlockRegions)
                .inferTypes(ControlFlowRules::inferMap);
        t.op("select")
                .in("pred", "HLO_PredTensor")
                .in("on_true", "HLO_Tensor")
                .in("on_false", "HLO_Tensor")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("operands attr-dict `:` custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))")
                .inferTypes(single(ElementwiseTypeRules::inferSelect));
        unary(t, "uniform_quantize")
                .in("operand", "HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor")
                .out("result", "HLO_QuantizedIntOrPerAxisQuantizedIntTensor")
                .verifier(ElementwiseTypeRules::uniformQuantize);
        unary(t, "uniform_dequantize")
                .in("operand", "HLO_QuantizedIntOrPerAxisQuantizedIntTensor")
                .out("result", "HLO_FpTensor")
                .traits(INFER_TYPE, INFER_TENSOR_TYPE)
                .inferTypes(single(ElementwiseTypeRules::inferUniformDequantize));
        t.op("reduce_precision")
                .in("operand", "HLO_FpOrQuantizedIntTensor")
                .attr("exponent_bits", I32, "positive")
                .attr("mantissa_bits", I32, "non-negative")
                .out("output", "HLO_FpOrQuantizedIntTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, ELEMENTWISE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .format("$operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))")
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
    }
}
