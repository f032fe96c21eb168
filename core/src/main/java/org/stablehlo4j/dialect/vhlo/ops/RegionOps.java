package org.stablehlo4j.dialect.vhlo.ops;

import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.API_VERSION_ORIGINAL;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.BACKEND_CONFIG_FOR_API_VERSION;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_ARRAY;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_DICT;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_I64_TENSOR;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_STRING;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.FALSE;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.MINUS_ONE_I64;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ONES_PER_WINDOW_DIM;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ZERO_I64;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ZERO_PADDING_PER_WINDOW_DIM;
import static org.stablehlo4j.dialect.vhlo.ops.VersionConstraint.FUTURE_OPERANDS;
import static org.stablehlo4j.dialect.vhlo.ops.VersionConstraint.MIXED_ELEMENT_TYPES;
import static org.stablehlo4j.dialect.vhlo.ops.VersionConstraint.TYPED_FFI_CUSTOM_CALL;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.ARRAY;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.BOOL;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.CUSTOM_CALL_API_VERSION;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.DICT;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.INTEGER;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.STRING;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TENSOR;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TYPE;

import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.StablehloForm;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.Trait;

/**
 * Functions, control flow, composites, custom calls and the region-carrying reductions of the VHLO op table
 * (upstream VhloOps.td). vhlo.return_v1 legalizes back to func.return when its parent is a function and to
 * stablehlo.return otherwise.
 */
final class RegionOps {
    private RegionOps() {}

    private static final String FIRST = "0.9.0";

    /** custom_call: v2 (1.18.0) adds result_tilings; v1 has extra legality constraints. */
    private static void customCall(VhloOpTableBuilder t, int v) {
        VhloOpTableBuilder.Row row = v == 2 ? t.op("custom_call_v2", "1.18.0")
                : t.op("custom_call_v1", FIRST, "1.17.0").constraint(TYPED_FFI_CUSTOM_CALL).constraint(FUTURE_OPERANDS);
        row.operands("inputs*").results("results*")
                .attr("call_target_name", STRING)
                .attr("has_side_effect", BOOL).orElse(FALSE)
                .attr("backend_config", STRING, DICT).orElse(BACKEND_CONFIG_FOR_API_VERSION)
                .attr("api_version", CUSTOM_CALL_API_VERSION).form(StablehloForm.I32_ENUM)
                        .orElse(API_VERSION_ORIGINAL)
                .attr("called_computations", ARRAY).orElse(EMPTY_ARRAY)
                .attr("operand_layouts", ARRAY).orElse(EMPTY_ARRAY)
                .attr("result_layouts", ARRAY).orElse(EMPTY_ARRAY)
                .attr("output_operand_aliases", ARRAY).orElse(EMPTY_ARRAY);
        if (v == 2) {
            row.attr("result_tilings", ARRAY).orElse(EMPTY_ARRAY).onVersionChange(EMPTY_ARRAY);
        }
    }

    /** composite: v2 (1.14.0) adds any number of regions; downgrading needs none. */
    private static void composite(VhloOpTableBuilder t, int v) {
        VhloOpTableBuilder.Row row = v == 2 ? t.op("composite_v2", "1.14.0").regions("composite_regions*")
                : t.op("composite_v1", "0.19.0", "1.13.0");
        row.operands("inputs*").results("results*")
                .attr("name", STRING)
                .attr("composite_attributes", DICT).orElse(EMPTY_DICT)
                .attr("decomposition", STRING)
                .attr("version", INTEGER).orElse(ZERO_I64);
    }

    /** scatter: v2 (1.1.0) adds batching dims; v1 also has the element-type constraint. */
    private static void scatter(VhloOpTableBuilder t, int v) {
        VhloOpTableBuilder.Row row = v == 2 ? t.op("scatter_v2", "1.1.0")
                : t.op("scatter_v1", FIRST, "1.0.0").constraint(MIXED_ELEMENT_TYPES);
        String dims = "scatter_dimension_numbers";
        row.operands("inputs*", "scatter_indices", "updates*").trait(Trait.SAME_VARIADIC_OPERAND_SIZE)
                .fields(dims, TENSOR, "update_window_dims", "inserted_window_dims");
        if (v == 2) {
            row.attr("input_batching_dims", TENSOR).from(dims + ".input_batching_dims")
                    .onVersionChange(EMPTY_I64_TENSOR)
                    .attr("scatter_indices_batching_dims", TENSOR).from(dims + ".scatter_indices_batching_dims")
                    .onVersionChange(EMPTY_I64_TENSOR);
        }
        row.fields(dims, TENSOR, "scatter_dims_to_operand_dims")
                .fields(dims, INTEGER, "index_vector_dim")
                .attr("indices_are_sorted", BOOL).orElse(FALSE)
                .attr("unique_indices", BOOL).orElse(FALSE)
                .regions("update_computation").results("results*");
    }

    static void declare(VhloOpTableBuilder t) {
        t.op("func_v1", FIRST).stablehlo("func.func").trait(Trait.CUSTOM_ASSEMBLY)
                .attr("sym_name", STRING)
                .attr("function_type", TYPE)
                .attr("sym_visibility", STRING).orElse(EMPTY_STRING)
                .attr("arg_attrs", ARRAY).orElse(EMPTY_ARRAY)
                .attr("res_attrs", ARRAY).orElse(EMPTY_ARRAY)
                .regions("body");
        t.op("call_v1", FIRST).stablehlo("func.call").attr("callee", STRING)
                .operands("operands*").results("results*");
        t.op("return_v1", FIRST).alias("func.return").trait(Trait.TERMINATOR).operands("results*");
        t.op("case_v1", FIRST).operands("index").regions("branches*").results("results*");
        t.op("if_v1", FIRST).operands("pred").regions("true_branch", "false_branch").results("results*");
        t.op("while_v1", FIRST).operands("operand*").regions("cond", "body").results("results*");
        t.op("optimization_barrier_v1", FIRST).operands("operand*").results("result*");
        composite(t, 1);
        composite(t, 2);
        customCall(t, 1);
        customCall(t, 2);

        t.op("map_v1", FIRST).operands("inputs*").attr("dimensions", TENSOR)
                .regions("computation").results("result");
        t.op("reduce_v1", FIRST).operands("inputs*", "init_values*").attr("dimensions", TENSOR)
                .regions("body").results("results*")
                .trait(Trait.SAME_VARIADIC_OPERAND_SIZE).constraint(MIXED_ELEMENT_TYPES);
        t.op("reduce_window_v1", FIRST).operands("inputs*", "init_values*")
                .attr("window_dimensions", TENSOR)
                .attr("window_strides", TENSOR).orElse(ONES_PER_WINDOW_DIM)
                .attr("base_dilations", TENSOR).orElse(ONES_PER_WINDOW_DIM)
                .attr("window_dilations", TENSOR).orElse(ONES_PER_WINDOW_DIM)
                .attr("padding", TENSOR).orElse(ZERO_PADDING_PER_WINDOW_DIM)
                .regions("body").results("results*")
                .trait(Trait.SAME_VARIADIC_OPERAND_SIZE).constraint(MIXED_ELEMENT_TYPES);
        t.op("select_and_scatter_v1", FIRST).operands("operand", "source", "init_value")
                .attr("window_dimensions", TENSOR)
                .attr("window_strides", TENSOR).orElse(ONES_PER_WINDOW_DIM)
                .attr("padding", TENSOR).orElse(ZERO_PADDING_PER_WINDOW_DIM)
                .regions("select", "scatter").results("result").constraint(MIXED_ELEMENT_TYPES);
        t.op("sort_v1", FIRST).operands("inputs*")
                .attr("dimension", INTEGER).orElse(MINUS_ONE_I64)
                .attr("is_stable", BOOL).orElse(FALSE)
                .regions("comparator").results("results*");
        scatter(t, 1);
        scatter(t, 2);
    }
}
