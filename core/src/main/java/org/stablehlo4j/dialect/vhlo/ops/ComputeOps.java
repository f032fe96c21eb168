package org.stablehlo4j.dialect.vhlo.ops;

import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.FALSE;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.FALSE_PER_SPATIAL_DIM;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.NONE_TYPE;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ONES_PER_SPATIAL_DIM;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.PRECISION_DEFAULT_PAIR;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ZERO_PADDING_FROM_LHS_RANK;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ZERO_PADDING_PER_SPATIAL_DIM;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.ARRAY;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.BOOL;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.FFT_TYPE;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.FLOAT;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.INTEGER;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.RNG_ALGORITHM;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.RNG_DISTRIBUTION;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.STRING;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TENSOR;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TRANSPOSE;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TYPE;

/** Convolutions, dot products, normalization, FFT, RNG and linear algebra ops of the VHLO op table. */
final class ComputeOps {
    private ComputeOps() {}

    private static final String FIRST = "0.9.0";

    /**
     * convolution / dynamic_conv share their attributes. StableHLO's {@code dimension_numbers} struct is
     * flattened into nine attributes. dynamic_conv_v1 carried both a {@code d_padding} operand and a
     * {@code padding} attribute; v2 (0.20.0) keeps only the operand, renamed {@code padding}. The padding attribute
     * is refilled with zeros when downgrading to v1.
     */
    private static void conv(VhloOpTableBuilder.Row row, boolean paddingAttr, AttrDefault paddingDefault,
                             AttrDefault paddingVersionDefault) {
        row.attr("window_strides", TENSOR).orElse(ONES_PER_SPATIAL_DIM);
        if (paddingAttr) {
            row.attr("padding", TENSOR).orElse(paddingDefault).onVersionChange(paddingVersionDefault);
        }
        row.attr("lhs_dilation", TENSOR).orElse(ONES_PER_SPATIAL_DIM)
                .attr("rhs_dilation", TENSOR).orElse(ONES_PER_SPATIAL_DIM)
                .attr("window_reversal", TENSOR).orElse(FALSE_PER_SPATIAL_DIM);
        String dims = "dimension_numbers";
        row.fields(dims, INTEGER, "input_batch_dimension", "input_feature_dimension")
                .fields(dims, TENSOR, "input_spatial_dimensions")
                .fields(dims, INTEGER, "kernel_input_feature_dimension", "kernel_output_feature_dimension")
                .fields(dims, TENSOR, "kernel_spatial_dimensions")
                .fields(dims, INTEGER, "output_batch_dimension", "output_feature_dimension")
                .fields(dims, TENSOR, "output_spatial_dimensions")
                .attrs(INTEGER, "feature_group_count", "batch_group_count")
                .attr("precision_config", ARRAY).orElse(PRECISION_DEFAULT_PAIR)
                .results("result");
    }

    /** dot_general: v2 (1.6.0) flattens StableHLO's optional {@code algorithm} into seven attributes. */
    private static void dotGeneral(VhloOpTableBuilder t, int v) {
        VhloOpTableBuilder.Row row = v == 2 ? t.op("dot_general_v2", "1.6.0") : t.op("dot_general_v1", FIRST, "1.5.0");
        row.operands("lhs", "rhs").results("result")
                .fields("dot_dimension_numbers", TENSOR, "lhs_batching_dimensions", "rhs_batching_dimensions",
                        "lhs_contracting_dimensions", "rhs_contracting_dimensions")
                .attr("precision_config", ARRAY).orElse(PRECISION_DEFAULT_PAIR);
        if (v == 2) {
            // Each is !vhlo.none_v1 (as a type attribute) when StableHLO has no algorithm.
            String[] names = {"lhs_precision_type", "rhs_precision_type", "accumulation_type",
                "lhs_component_count", "rhs_component_count", "num_primitive_operations",
                "allow_imprecise_accumulation"};
            VhloAttrKind[] kinds = {TYPE, TYPE, TYPE, INTEGER, INTEGER, INTEGER, BOOL};
            for (int i = 0; i < names.length; i++) {
                row.attr(names[i], kinds[i], TYPE).from("algorithm." + names[i])
                        .orElse(NONE_TYPE).onVersionChange(NONE_TYPE);
            }
        }
    }

    static void declare(VhloOpTableBuilder t) {
        conv(t.op("convolution_v1", FIRST).operands("lhs", "rhs"), true, ZERO_PADDING_PER_SPATIAL_DIM, null);
        conv(t.op("dynamic_conv_v1", FIRST, "0.19.0").operands("lhs", "rhs", "d_padding"), true, null,
                ZERO_PADDING_FROM_LHS_RANK);
        conv(t.op("dynamic_conv_v2", "0.20.0").operands("lhs", "rhs", "padding"), false, null, null);
        t.binary("dot_v1").attr("precision_config", ARRAY).orElse(PRECISION_DEFAULT_PAIR);
        dotGeneral(t, 1);
        dotGeneral(t, 2);
        t.binary("einsum_v1").attr("einsum_config", STRING);
        t.unary("unary_einsum_v1", FIRST, "current").attr("einsum_config", STRING);

        t.op("batch_norm_grad_v1", FIRST).operands("operand", "scale", "mean", "variance", "grad_output")
                .attr("epsilon", FLOAT).attr("feature_index", INTEGER)
                .results("grad_operand", "grad_scale", "grad_offset");
        t.op("batch_norm_inference_v1", FIRST).operands("operand", "scale", "offset", "mean", "variance")
                .attr("epsilon", FLOAT).attr("feature_index", INTEGER)
                .results("result");
        t.op("batch_norm_training_v1", FIRST).operands("operand", "scale", "offset")
                .attr("epsilon", FLOAT).attr("feature_index", INTEGER)
                .results("output", "batch_mean", "batch_var");

        t.op("cholesky_v1", FIRST).operands("a").attr("lower", BOOL).orElse(FALSE).results("result");
        t.op("triangular_solve_v1", FIRST).operands("a", "b")
                .attrs(BOOL, "left_side", "lower", "unit_diagonal")
                .attr("transpose_a", TRANSPOSE)
                .results("result");
        t.unary("fft_v1", FIRST, "current").attr("fft_type", FFT_TYPE).attr("fft_length", TENSOR);
        t.op("rng_v1", FIRST).operands("a", "b", "shape").attr("rng_distribution", RNG_DISTRIBUTION)
                .results("result");
        t.op("rng_bit_generator_v1", FIRST).attr("rng_algorithm", RNG_ALGORITHM).operands("initial_state")
                .results("output_state", "output");
    }
}
