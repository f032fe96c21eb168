package org.stablehlo4j.dialect.chlo;

import static org.stablehlo4j.dialect.stablehlo.AttrKind.*;
import static org.stablehlo4j.dialect.stablehlo.OpTrait.*;

import org.stablehlo4j.dialect.stablehlo.DialectOpTable;
import org.stablehlo4j.dialect.stablehlo.OpTable;

/**
 * The CHLO ("client HLO") dialect's op table (upstream stablehlo/dialect/ChloOps.td), in the same table style as
 * the StableHLO dialect: operand/result groups, inherent attributes and assembly formats.
 */
public final class ChloOps {
    /** The dialect namespace. */
    public static final String DIALECT = "chlo";

    private static final String BROADCAST_FORMAT =
            "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type(results)";
    private static final String UNARY_FORMAT = "$operand attr-dict `:` type($operand) `->` type($result)";

    /** The CHLO ops' table. */
    public static final DialectOpTable TABLE = build();

    private ChloOps() {}

    private static DialectOpTable build() {
        OpTable t = new OpTable(DIALECT);
        t.op("broadcast_add", "broadcast_atan2", "broadcast_divide", "broadcast_maximum", "broadcast_minimum",
                        "broadcast_multiply", "broadcast_next_after", "broadcast_polygamma", "broadcast_power",
                        "broadcast_remainder", "broadcast_shift_left", "broadcast_shift_right_arithmetic",
                        "broadcast_shift_right_logical", "broadcast_subtract", "broadcast_zeta", "broadcast_and",
                        "broadcast_or", "broadcast_xor", "broadcast_complex")
                .in("lhs", "HLO_AnyTensor")
                .in("rhs", "HLO_AnyTensor")
                .optAttr("broadcast_dimensions", DENSE_I64_ARRAY)
                .out("", "HLO_AnyTensor")
                .traits(NO_MEMORY_EFFECT)
                .format(BROADCAST_FORMAT);
        t.op("broadcast_compare")
                .in("lhs", "HLO_AnyTensor")
                .in("rhs", "HLO_AnyTensor")
                .optAttr("broadcast_dimensions", DENSE_I64_ARRAY)
                .attr("comparison_direction", ANY)
                .optAttr("compare_type", ANY)
                .out("", "HLO_AnyPredTensor")
                .traits(NO_MEMORY_EFFECT)
                .format(BROADCAST_FORMAT);
        t.op("broadcast_select")
                .in("pred", "HLO_PredTensor")
                .in("on_true", "HLO_AnyTensor")
                .in("on_false", "HLO_AnyTensor")
                .out("", "HLO_AnyTensor")
                .traits(NO_MEMORY_EFFECT)
                .format("$pred `,` $on_true `,` $on_false attr-dict `:` `(` type($pred) `,` type($on_true) `,` "
                        + "type($on_false) `)` `->` type(results)");
        binary(t, "next_after", "x", "y");
        binary(t, "polygamma", "n", "x");
        binary(t, "zeta", "x", "q");
        t.op("mulhi")
                .in("lhs", "HLO_IntTensor")
                .in("rhs", "HLO_IntTensor")
                .out("result", "HLO_IntTensor")
                .traits(COMMUTATIVE, NO_MEMORY_EFFECT)
                .format("$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)");
        t.op("_asin_acos_kernel", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i1e", "conj", "cosh",
                        "sinh", "tan", "digamma", "erf", "erf_inv", "erfc", "is_inf", "is_neg_inf", "is_pos_inf",
                        "lgamma", "square")
                .in("operand", "HLO_AnyTensor")
                .out("result", "HLO_AnyTensor")
                .traits(ELEMENTWISE, SAME_OPERANDS_AND_RESULT_SHAPE, NO_MEMORY_EFFECT)
                .format(UNARY_FORMAT);
        t.op("constant")
                .attr("value", ELEMENTS)
                .out("output", "HLO_StaticShapeTensor")
                .traits(NO_MEMORY_EFFECT);
        t.op("constant_like")
                .attr("value", ANY)
                .in("operand", "HLO_AnyTensor")
                .out("", "HLO_AnyTensor")
                .traits(NO_MEMORY_EFFECT);
        t.op("ragged_dot")
                .in("lhs", "HLO_AnyTensor")
                .in("rhs", "HLO_AnyTensor")
                .in("group_sizes", "HLO_AnyTensor")
                .attr("ragged_dot_dimension_numbers", ANY)
                .optAttr("precision_config", ARRAY)
                .out("result", "HLO_AnyTensor")
                .traits(NO_MEMORY_EFFECT);
        t.op("top_k")
                .in("operand", "HLO_AnyTensor")
                .attr("k", I64)
                .defAttr("is_stable", BOOL, "", "true")
                .out("values", "HLO_AnyTensor")
                .out("indices", "HLO_AnyTensor")
                .traits(NO_MEMORY_EFFECT)
                .format("`(`$operand `,` `k` `=` $k (`,` `is_stable` `=` $is_stable^)? `)` attr-dict `:` "
                        + "type($operand) `->` `(`type($values)`,` type($indices)`)`");
        t.op("scan")
                .varIn("inputs", "HLO_AnyTensor")
                .varIn("inits", "HLO_AnyTensor")
                .attr("dimension", I64)
                .optAttr("scan_dim_size", I64)
                .defAttr("is_reverse", BOOL, "", "false")
                .optAttr("is_associative", BOOL)
                .varOut("outputs", "HLO_AnyTensor")
                .varOut("carries", "HLO_AnyTensor")
                .region("body")
                .traits(RECURSIVE_MEMORY_EFFECTS);
        return t.build();
    }

    private static void binary(OpTable t, String name, String a, String b) {
        t.op(name)
                .in(a, "HLO_AnyFpTensor")
                .in(b, "HLO_AnyFpTensor")
                .out("result", "HLO_AnyFpTensor")
                .traits(NO_MEMORY_EFFECT)
                .format("$" + a + " `,` $" + b + " attr-dict `:` type($" + a + ") `,` type($" + b
                        + ") `->` type(results)");
    }
}
