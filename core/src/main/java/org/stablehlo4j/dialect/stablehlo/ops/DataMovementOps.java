package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.OpTable;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

/** Rows of the StableHLO op table (StableHLO 1.20.0, StablehloOps.td): constants, slicing, indexing, reshaping and broadcasting. */
final class DataMovementOps {
    private DataMovementOps() {}

    static void define(OpTable t) {
        t.op("constant")
                .attr("value", ELEMENTS)
                .out("output", "HLO_StaticShapeTensorOrPerAxisQuantizedTensor")
                .traits(CONSTANT_LIKE, PURE, INFER_TYPE, ASM_NAMES)
                .custom()
                .infers();
        t.op("iota")
                .attr("iota_dimension", I64, "non-negative")
                .out("output", "HLO_StaticShapeIntFpComplexOrQuantizedTensor")
                .traits(PURE)
                .format("`dim` `=` $iota_dimension attr-dict `:` type($output)");
        t.op("dynamic_iota")
                .in("output_shape", "HLO_StaticDimensionTensor")
                .attr("iota_dimension", I64, "non-negative")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_SHAPED_TYPE)
                .format("$output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)");
        t.op("slice")
                .in("operand", "HLO_Tensor")
                .attr("start_indices", DENSE_I64_ARRAY)
                .attr("limit_indices", DENSE_I64_ARRAY)
                .attr("strides", DENSE_I64_ARRAY)
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, NAMED_VALUES_MATCH, INFER_TYPE)
                .format("$operand custom<SliceRanges>($start_indices, $limit_indices, $strides) attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("dynamic_slice")
                .in("operand", "HLO_Tensor")
                .varIn("start_indices", "HLO_ScalarIntTensor")
                .attr("slice_sizes", DENSE_I64_ARRAY)
                .out("result", "HLO_Tensor")
                .traits(PURE, NAMED_VALUES_MATCH, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$operand `,` custom<VariadicOperandWithAttribute>($start_indices) `sizes` `=` $slice_sizes attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("dynamic_update_slice")
                .in("operand", "HLO_Tensor")
                .in("update", "HLO_Tensor")
                .varIn("start_indices", "HLO_ScalarIntTensor")
                .out("result", "HLO_Tensor")
                .traits(PURE, NAMED_VALUES_MATCH, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("operands attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("bitcast_convert")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .out("", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_SHAPED_TYPE)
                .format("operands attr-dict `:` functional-type(operands, results)");
        t.op("broadcast")
                .in("operand", "HLO_Tensor")
                .attr("broadcast_sizes", DENSE_I64_ARRAY)
                .out("", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(PURE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$operand `,` `sizes` `=` $broadcast_sizes attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("broadcast_in_dim")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .attr("broadcast_dimensions", DENSE_I64_ARRAY)
                .out("", "HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE)
                .format("$operand `,` `dims` `=` $broadcast_dimensions attr-dict `:` functional-type(operands, results)");
        t.op("dynamic_broadcast_in_dim")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .in("output_dimensions", "HLO_StaticDimensionTensor")
                .attr("broadcast_dimensions", DENSE_I64_ARRAY)
                .optAttr("known_expanding_dimensions", DENSE_I64_ARRAY)
                .optAttr("known_nonexpanding_dimensions", DENSE_I64_ARRAY)
                .out("", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_SHAPED_TYPE)
                .format("$operand `,` $output_dimensions `,` `dims` `=` $broadcast_dimensions attr-dict `:` functional-type(operands, results)");
        t.op("concatenate")
                .varIn("inputs", "HLO_Tensor")
                .attr("dimension", I64, "non-negative")
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE)
                .format("custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("gather")
                .in("operand", "HLO_Tensor")
                .in("start_indices", "HLO_IntTensor")
                .attr("dimension_numbers", STRUCT, "gather")
                .attr("slice_sizes", DENSE_I64_ARRAY)
                .defAttr("indices_are_sorted", BOOL, "", "false")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, NAMED_VALUES_MATCH)
                .infers();
        t.op("get_dimension_size")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .attr("dimension", I64, "non-negative")
                .out("", "I32RankedTensor")
                .traits(PURE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("reshape")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .out("", "HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE)
                .format("operands attr-dict `:` functional-type(operands, results)");
        t.op("dynamic_reshape")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .in("output_shape", "HLO_StaticDimensionTensor")
                .out("result", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_SHAPED_TYPE)
                .format("operands attr-dict `:` functional-type(operands, results)");
        t.op("scatter")
                .varIn("inputs", "HLO_Tensor")
                .in("scatter_indices", "RankedTensorOf<[AnyInteger, Index]>")
                .varIn("updates", "HLO_Tensor")
                .attr("scatter_dimension_numbers", STRUCT, "scatter")
                .defAttr("indices_are_sorted", BOOL, "", "false")
                .defAttr("unique_indices", BOOL, "", "false")
                .varOut("", "HLO_Tensor")
                .sizedRegion("update_computation")
                .traits(CONDITIONALLY_SPECULATABLE, RECURSIVE_MEMORY_EFFECTS, SAME_VARIADIC_OPERAND_SIZE, INFER_TYPE)
                .infers();
        t.op("set_dimension_size")
                .in("operand", "HLO_Tensor")
                .in("size", "I32RankedTensor")
                .attr("dimension", I64, "non-negative")
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$operand `,` $size `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("reverse")
                .in("operand", "HLO_Tensor")
                .attr("dimensions", DENSE_I64_ARRAY)
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE)
                .format("$operand `,` `dims` `=` $dimensions attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))")
                .infers();
        t.op("pad")
                .in("operand", "HLO_Tensor")
                .in("padding_value", "HLO_ScalarTensor")
                .attr("edge_padding_low", DENSE_I64_ARRAY)
                .attr("edge_padding_high", DENSE_I64_ARRAY)
                .attr("interior_padding", DENSE_I64_ARRAY)
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, NAMED_VALUES_MATCH, INFER_TYPE, INFER_SHAPED_TYPE)
                .format("$operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("transpose")
                .in("operand", "HLO_TensorOrPerAxisQuantizedTensor")
                .attr("permutation", DENSE_I64_ARRAY)
                .out("result", "HLO_TensorOrPerAxisQuantizedTensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE)
                .format("$operand `,` `dims` `=` $permutation attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("real_dynamic_slice")
                .in("operand", "HLO_Tensor")
                .in("start_indices", "HLO_DimensionTensor")
                .in("limit_indices", "HLO_DimensionTensor")
                .in("strides", "HLO_DimensionTensor")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, NAMED_VALUES_MATCH, INFER_SHAPED_TYPE)
                .format("operands attr-dict `:` functional-type(operands, results)");
        t.op("dynamic_pad")
                .in("operand", "HLO_Tensor")
                .in("padding_value", "HLO_ScalarTensor")
                .in("edge_padding_low", "HLO_StaticDimensionTensor")
                .in("edge_padding_high", "HLO_StaticDimensionTensor")
                .in("interior_padding", "HLO_StaticDimensionTensor")
                .out("result", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, NAMED_VALUES_MATCH, INFER_SHAPED_TYPE)
                .format("operands attr-dict `:` functional-type(operands, results)");
        t.op("dynamic_gather")
                .in("operand", "HLO_Tensor")
                .in("start_indices", "HLO_IntTensor")
                .in("slice_sizes", "HLO_Static1DIntTensor")
                .attr("dimension_numbers", STRUCT, "gather")
                .defAttr("indices_are_sorted", BOOL, "", "false")
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
    }
}
