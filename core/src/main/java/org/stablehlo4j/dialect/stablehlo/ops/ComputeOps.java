package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.OpTable;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

/** Rows of the StableHLO op table (StableHLO 1.20.0, StablehloOps.td): reductions, contractions, convolutions and other computational ops. */
final class ComputeOps {
    private ComputeOps() {}

    /** A row of convolution, dot or dot_general: lhs, and rhs that may also be per-axis quantized. */
    private static OpTable.Row contraction(OpTable t, String name) {
        return t.op(name).in("lhs", "HLO_Tensor").in("rhs", "HLO_TensorOrPerAxisQuantizedTensor");
    }

    /** The window, layout and precision attributes of convolution and dynamic_conv (padding: an attribute?). */
    private static OpTable.Row convolutionAttrs(OpTable.Row r, boolean paddingAttr) {
        r.optAttr("window_strides", DENSE_I64_ARRAY);
        if (paddingAttr) r.optAttr("padding", I64_ELEMENTS);
        return r.optAttr("lhs_dilation", DENSE_I64_ARRAY)
                .optAttr("rhs_dilation", DENSE_I64_ARRAY)
                .optAttr("window_reversal", DENSE_BOOL_ARRAY)
                .attr("dimension_numbers", STRUCT, "conv")
                .attr("feature_group_count", I64, "positive")
                .attr("batch_group_count", I64, "positive")
                .optAttr("precision_config", ENUM_ARRAY, "precision");
    }

    /** The operand/result types of the batch_norm_* ops: the ranked data and its 1-D per-feature statistics. */
    private static final String BN_TENSOR = "RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>",
            BN_VECTOR = "1DTensorOf<[HLO_Float, HLO_QuantizedInt]>";

    /** What the batch_norm_* ops share (attributes, traits, inference); {@code r} has their operands and results. */
    private static OpTable.Row batchNorm(OpTable.Row r) {
        return r.attr("epsilon", F32)
                .attr("feature_index", I64, "non-negative")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
    }

    static void define(OpTable t) {
        t.op("reduce")
                .varIn("inputs", "HLO_Tensor")
                .varIn("init_values", "HLO_Tensor")
                .attr("dimensions", DENSE_I64_ARRAY)
                .varOut("", "HLO_Tensor")
                .sizedRegion("body")
                .traits(CONDITIONALLY_SPECULATABLE, RECURSIVE_MEMORY_EFFECTS, SAME_VARIADIC_OPERAND_SIZE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, SINGLE_BLOCK_IMPLICIT_TERMINATOR)
                .custom()
                .infers();
        batchNorm(t.op("batch_norm_grad").in("operand", BN_TENSOR).in("scale", BN_VECTOR).in("mean", BN_VECTOR)
                .in("variance", BN_VECTOR).in("grad_output", BN_TENSOR).out("grad_operand", BN_TENSOR)
                .out("grad_scale", BN_VECTOR).out("grad_offset", BN_VECTOR));
        batchNorm(t.op("batch_norm_inference").in("operand", BN_TENSOR).in("scale", BN_VECTOR).in("offset", BN_VECTOR)
                .in("mean", BN_VECTOR).in("variance", BN_VECTOR).out("result", BN_TENSOR));
        batchNorm(t.op("batch_norm_training").in("operand", BN_TENSOR).in("scale", BN_VECTOR).in("offset", BN_VECTOR)
                .out("output", BN_TENSOR).out("batch_mean", BN_VECTOR).out("batch_var", BN_VECTOR));
        t.op("cholesky")
                .in("a", "HLO_FpComplexOrQuantizedIntTensor")
                .defAttr("lower", BOOL, "", "false")
                .out("result", "HLO_FpComplexOrQuantizedIntTensor")
                .traits(NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$a (`,` `lower` `=` $lower^)? attr-dict `:` custom<SameOperandsAndResultType>(type($a), type($result))")
                .infers();
        convolutionAttrs(contraction(t, "convolution"), true)
                .out("", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT)
                .format("`(`operands`)` `dim_numbers` `=` custom<ConvolutionDimensions>($dimension_numbers) `,` `window` `=` `{` custom<WindowAttributes>($window_strides, $padding, $lhs_dilation, $rhs_dilation, $window_reversal) `}` attr-dict `:` functional-type(operands, results)");
        contraction(t, "dot")
                .optAttr("precision_config", ENUM_ARRAY, "precision")
                .out("", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(PURE, INFER_SHAPED_TYPE)
                .format("$lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict `:` functional-type(operands, results)")
                .infers();
        contraction(t, "dot_general")
                .attr("dot_dimension_numbers", STRUCT, "dot")
                .optAttr("precision_config", ENUM_ARRAY, "precision")
                .optAttr("algorithm", STRUCT, "dot_algorithm")
                .out("", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_SHAPED_TYPE)
                .format("$lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) `` custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm) attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("einsum")
                .in("lhs", "HLO_Tensor")
                .in("rhs", "HLO_Tensor")
                .attr("einsum_config", STRING)
                .out("", "HLO_Tensor")
                .traits(PURE)
                .format("$lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict `:` functional-type(operands, results)");
        t.op("unary_einsum")
                .in("operand", "HLO_Tensor")
                .attr("einsum_config", STRING)
                .out("", "HLO_Tensor")
                .traits(PURE)
                .format("$operand `,` `config` `=` $einsum_config attr-dict `:` functional-type(operands, results)");
        t.op("fft")
                .in("operand", "HLO_FpOrComplexTensor")
                .enumAttr("fft_type", "fft_type")
                .attr("fft_length", DENSE_I64_ARRAY)
                .out("", "HLO_FpOrComplexTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$operand `,` `type` `=` $fft_type `,` `length` `=` $fft_length attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("select_and_scatter")
                .in("operand", "HLO_Tensor")
                .in("source", "HLO_Tensor")
                .in("init_value", "HLO_Tensor")
                .optAttr("window_dimensions", DENSE_I64_ARRAY)
                .optAttr("window_strides", DENSE_I64_ARRAY)
                .optAttr("padding", I64_ELEMENTS)
                .out("", "HLO_Tensor")
                .sizedRegion("select")
                .sizedRegion("scatter")
                .traits(CONDITIONALLY_SPECULATABLE, INFER_TYPE, RECURSIVE_MEMORY_EFFECTS)
                .infers();
        t.op("sort")
                .varIn("inputs", "HLO_Tensor")
                .defAttr("dimension", I64, "", "-1")
                .defAttr("is_stable", BOOL, "", "false")
                .varOut("", "HLO_Tensor")
                .sizedRegion("comparator")
                .traits(CONDITIONALLY_SPECULATABLE, RECURSIVE_MEMORY_EFFECTS, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
        t.op("triangular_solve")
                .in("a", "HLO_FpOrComplexTensor")
                .in("b", "HLO_FpOrComplexTensor")
                .attr("left_side", BOOL)
                .attr("lower", BOOL)
                .attr("unit_diagonal", BOOL)
                .enumAttr("transpose_a", "transpose")
                .out("", "HLO_FpOrComplexTensor")
                .traits(NO_MEMORY_EFFECT, CONDITIONALLY_SPECULATABLE, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
        t.op("reduce_window")
                .varIn("inputs", "HLO_Tensor")
                .varIn("init_values", "HLO_Tensor")
                .attr("window_dimensions", DENSE_I64_ARRAY)
                .optAttr("window_strides", DENSE_I64_ARRAY)
                .optAttr("base_dilations", DENSE_I64_ARRAY)
                .optAttr("window_dilations", DENSE_I64_ARRAY)
                .optAttr("padding", I64_ELEMENTS)
                .varOut("", "HLO_Tensor")
                .sizedRegion("body")
                .traits(CONDITIONALLY_SPECULATABLE, RECURSIVE_MEMORY_EFFECTS, SAME_VARIADIC_OPERAND_SIZE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
        t.op("torch_index_select")
                .in("operand", "HLO_Tensor")
                .in("index", "HLO_Tensor")
                .attr("dim", I64)
                .attr("batch_dims", I64)
                .out("", "HLO_Tensor")
                .traits(PURE);
        t.op("rng")
                .in("a", "0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>")
                .in("b", "0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>")
                .in("shape", "HLO_StaticDimensionTensor")
                .enumAttr("rng_distribution", "rng_distribution")
                .out("result", "HLO_PredIntOrFpTensor")
                .traits(INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, NAMED_VALUES_MATCH)
                .format("$a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("rng_bit_generator")
                .enumAttr("rng_algorithm", "rng_algorithm")
                .in("initial_state", "HLO_IntOrFpTensor")
                .out("output_state", "HLO_IntOrFpTensor")
                .out("output", "HLO_StaticShapeIntOrFpTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT)
                .format("$initial_state `,` `algorithm` `=` $rng_algorithm attr-dict `:` functional-type(operands, results)");
        convolutionAttrs(t.op("dynamic_conv")
                .in("lhs", "HLO_Tensor")
                .in("rhs", "HLO_Tensor")
                .in("padding", "HLO_Static2DIntTensor"), false)
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT);
    }
}
