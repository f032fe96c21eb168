package org.stablehlo4j.dialect.vhlo.ops;

import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.COMPARISON_NOTYPE;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.DEFAULT_RESULT_ACCURACY;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.COMPARISON_DIRECTION;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.COMPARISON_TYPE;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.INTEGER;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.RESULT_ACCURACY;

/** Elementwise and conversion ops of the VHLO op table (upstream VhloOps.td). */
final class ElementwiseOps {
    private ElementwiseOps() {}

    private static final String FIRST = "0.9.0";
    private static final String CURRENT = "current";

    /** Ops whose only change is result_accuracy (added in 1.9.0 for exponential, 1.10.0 for the rest). */
    private static void withResultAccuracy(VhloOpTableBuilder t, String base, String v1Min, String v1Max,
                                           String v2Min) {
        t.unary(base + "_v1", v1Min, v1Max);
        t.unary(base + "_v2", v2Min, CURRENT)
                .attr("result_accuracy", RESULT_ACCURACY)
                .orElse(DEFAULT_RESULT_ACCURACY)
                .onVersionChange(DEFAULT_RESULT_ACCURACY);
    }

    static void declare(VhloOpTableBuilder t) {
        for (String unary : new String[] {"abs", "bitcast_convert", "ceil", "convert", "count_leading_zeros",
                "floor", "imag", "negate", "not", "popcnt", "real", "round_nearest_afz", "round_nearest_even",
                "sign", "uniform_dequantize", "uniform_quantize"}) {
            t.unary(unary + "_v1", FIRST, CURRENT);
        }
        for (String binary : new String[] {"add", "and", "atan2", "complex", "divide", "maximum", "minimum",
                "multiply", "or", "power", "remainder", "shift_left", "shift_right_arithmetic",
                "shift_right_logical", "subtract", "xor"}) {
            t.binary(binary + "_v1");
        }
        t.op("is_finite_v1", FIRST).operands("x").results("y");
        t.op("clamp_v1", FIRST).operands("min", "operand", "max").results("result");
        t.op("select_v1", FIRST).operands("pred", "on_true", "on_false").results("result");
        t.binary("compare_v1")
                .attr("comparison_direction", COMPARISON_DIRECTION)
                .attr("compare_type", COMPARISON_TYPE).orElse(COMPARISON_NOTYPE);
        t.op("reduce_precision_v1", FIRST).operands("operand")
                .attrs(INTEGER, "exponent_bits", "mantissa_bits")
                .results("output");

        withResultAccuracy(t, "exponential", FIRST, "1.8.0", "1.9.0");
        for (String base : new String[] {"cbrt", "cosine", "exponential_minus_one", "log", "log_plus_one",
                "logistic", "rsqrt", "sine", "sqrt", "tanh"}) {
            withResultAccuracy(t, base, FIRST, "1.9.0", "1.10.0");
        }
        withResultAccuracy(t, "tan", "1.4.0", "1.9.0", "1.10.0");
    }
}
