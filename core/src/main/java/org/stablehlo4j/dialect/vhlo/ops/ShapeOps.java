package org.stablehlo4j.dialect.vhlo.ops;

import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_I64_TENSOR;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.FALSE;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.BOOL;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.INTEGER;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TENSOR;

/** Constants, shape manipulation, slicing and gathering ops of the VHLO op table (upstream VhloOps.td). */
final class ShapeOps {
    private ShapeOps() {}

    private static final String FIRST = "0.9.0";

    /**
     * gather / dynamic_gather: StableHLO's {@code dimension_numbers} struct is flattened; v2 (1.1.0) adds the
     * batching dims. dynamic_gather takes slice_sizes as an operand, gather as an attribute.
     */
    private static void gather(VhloOpTableBuilder t, String base, int v, boolean dynamic) {
        VhloOpTableBuilder.Row row = v == 2 ? t.op(base + "_v2", "1.1.0") : t.op(base + "_v1", FIRST, "1.0.0");
        String dims = "dimension_numbers";
        row.operands("operand", "start_indices").results("result");
        if (dynamic) {
            row.operands("slice_sizes");
        }
        row.fields(dims, TENSOR, "offset_dims", "collapsed_slice_dims");
        if (v == 2) {
            row.attr("operand_batching_dims", TENSOR).from(dims + ".operand_batching_dims")
                    .onVersionChange(EMPTY_I64_TENSOR)
                    .attr("start_indices_batching_dims", TENSOR).from(dims + ".start_indices_batching_dims")
                    .onVersionChange(EMPTY_I64_TENSOR);
        }
        row.fields(dims, TENSOR, "start_index_map").fields(dims, INTEGER, "index_vector_dim");
        if (!dynamic) {
            row.attr("slice_sizes", TENSOR);
        }
        row.attr("indices_are_sorted", BOOL).orElse(FALSE);
    }

    static void declare(VhloOpTableBuilder t) {
        t.op("constant_v1", FIRST).attr("value", TENSOR).results("output");
        t.op("iota_v1", FIRST).attr("iota_dimension", INTEGER).results("output");
        t.op("dynamic_iota_v1", FIRST).operands("output_shape").attr("iota_dimension", INTEGER).results("result");
        t.unary("reshape_v1", FIRST, "current");
        t.op("dynamic_reshape_v1", FIRST).operands("operand", "output_shape").results("result");
        t.unary("broadcast_in_dim_v1", FIRST, "current").attr("broadcast_dimensions", TENSOR);
        t.unary("broadcast_v1", FIRST, "current").attr("broadcast_sizes", TENSOR);
        t.op("dynamic_broadcast_in_dim_v1", FIRST).operands("operand", "output_dimensions")
                .attr("broadcast_dimensions", TENSOR)
                .attr("known_expanding_dimensions", TENSOR).orElse(EMPTY_I64_TENSOR)
                .attr("known_nonexpanding_dimensions", TENSOR).orElse(EMPTY_I64_TENSOR)
                .results("result");
        t.op("concatenate_v1", FIRST).operands("inputs*").attr("dimension", INTEGER).results("result");
        t.unary("transpose_v1", FIRST, "current").attr("permutation", TENSOR);
        t.unary("reverse_v1", FIRST, "current").attr("dimensions", TENSOR);
        t.op("pad_v1", FIRST).operands("operand", "padding_value")
                .attrs(TENSOR, "edge_padding_low", "edge_padding_high", "interior_padding")
                .results("result");
        t.op("dynamic_pad_v1", FIRST)
                .operands("operand", "padding_value", "edge_padding_low", "edge_padding_high", "interior_padding")
                .results("result");
        t.unary("slice_v1", FIRST, "current").attrs(TENSOR, "start_indices", "limit_indices", "strides");
        t.op("dynamic_slice_v1", FIRST).operands("operand", "start_indices*").attr("slice_sizes", TENSOR)
                .results("result");
        t.op("dynamic_update_slice_v1", FIRST).operands("operand", "update", "start_indices*").results("result");
        t.op("real_dynamic_slice_v1", FIRST).operands("operand", "start_indices", "limit_indices", "strides")
                .results("result");
        t.unary("get_dimension_size_v1", FIRST, "current").attr("dimension", INTEGER);
        t.op("set_dimension_size_v1", FIRST).operands("operand", "size").attr("dimension", INTEGER)
                .results("result");
        t.op("tuple_v1", FIRST).operands("val*").results("result");
        t.unary("get_tuple_element_v1", FIRST, "current").attr("index", INTEGER);
        t.op("torch_index_select_v1", FIRST).operands("operand", "index").attrs(INTEGER, "dim", "batch_dims")
                .results("result");
        for (int v = 1; v <= 2; v++) {
            gather(t, "gather", v, false);
            gather(t, "dynamic_gather", v, true);
        }
    }
}
