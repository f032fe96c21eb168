package org.stablehlo4j.dialect.chlo;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

/**
 * The CHLO ("client HLO") dialect's op signatures (upstream stablehlo/dialect/ChloOps.td), in the same table style
 * as the StableHLO dialect: operand/result groups, inherent attributes, traits and assembly formats. The rows are
 * data only: their code (inference, verifiers, folders) is attached by {@link ChloOpHooks}, whose table the dialect
 * registers; the typed op classes of this package are generated from these rows at build time.
 */
public final class ChloOps {
    /** The dialect namespace. */
    public static final String DIALECT = "chlo";

    private static final String BROADCAST_FORMAT =
            "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type(results)";
    private static final String UNARY_FORMAT = "$operand attr-dict `:` type($operand) `->` type($result)";

    /** The rows without their code: what the typed op classes are generated from. */
    public static final DialectOpTable SIGNATURES = OpTable.define(DIALECT, ChloOps::rows);

    private ChloOps() {}

    // Base.td's tensor constraints the CHLO ops use, as TypeConstraints expressions.
    private static final String ANY = "HLO_AnyTensor";
    private static final String ANY_FP = "TensorOf<[HLO_Float]>";
    private static final String ANY_PRED = "TensorOf<[HLO_Pred]>";
    private static final String ANY_COMPLEX = "TensorOf<[HLO_Complex]>";
    private static final String ANY_FP_OR_COMPLEX = "TensorOf<[HLO_Float, HLO_Complex]>";
    private static final String ANY_PRED_OR_INT = "TensorOf<[HLO_Pred, HLO_Int]>";

    /**
     * Traits follow ChloOps.td in declaration order (verification order): an op's own traits, then those of its
     * class (CHLO_BroadcastBinaryElementwiseOp adds HLO_BroadcastingElementwise, CHLO_Broadcasting and
     * InferTensorTypeWithReify; CHLO_UnaryElementwiseOp adds Pure, Elementwise, SameOperandsAndResultShape and
     * InferShapedTypeOpInterface). HLO_CompatibleOperandsAndResultType brings InferTypeOpInterface and
     * InferShapedTypeOpInterface; InferTensorType both as well. The ops' own rules are {@link ChloRules}.
     */
    private static void rows(OpTable t) {
        broadcast(t, ANY, ANY, "broadcast_add", "broadcast_maximum", "broadcast_minimum")
                .traits(COMMUTATIVE, NO_MEMORY_EFFECT, COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE);
        broadcast(t, ANY, ANY, "broadcast_multiply")
                .traits(COMMUTATIVE, NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE);
        broadcast(t, ANY, ANY, "broadcast_atan2", "broadcast_divide", "broadcast_next_after", "broadcast_polygamma",
                        "broadcast_power", "broadcast_remainder", "broadcast_shift_left",
                        "broadcast_shift_right_arithmetic", "broadcast_shift_right_logical", "broadcast_subtract")
                .traits(NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE);
        broadcast(t, ANY_FP, ANY_FP, "broadcast_zeta")
                .traits(NO_MEMORY_EFFECT, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE);
        broadcast(t, ANY_PRED_OR_INT, ANY, "broadcast_and", "broadcast_or", "broadcast_xor")
                .traits(COMMUTATIVE, NO_MEMORY_EFFECT);
        broadcast(t, ANY_FP, ANY_COMPLEX, "broadcast_complex").traits(NO_MEMORY_EFFECT);
        t.op("broadcast_compare")
                .in("lhs", ANY)
                .in("rhs", ANY)
                .optAttr("broadcast_dimensions", DENSE_I64_ARRAY)
                .attr("comparison_direction", AttrKind.ANY)
                .optAttr("compare_type", AttrKind.ANY)
                .out("", ANY_PRED)
                .traits(NO_MEMORY_EFFECT)
                .classTraits(BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format(BROADCAST_FORMAT)
                .infers();
        t.op("broadcast_select")
                .in("pred", "HLO_PredTensor")
                .in("on_true", ANY)
                .in("on_false", ANY)
                .out("", ANY)
                .traits(NO_MEMORY_EFFECT, BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("$pred `,` $on_true `,` $on_false attr-dict `:` `(` type($pred) `,` type($on_true) `,` "
                        + "type($on_false) `)` `->` type(results)")
                .infers();
        binary(t, "next_after", "x", "y");
        binary(t, "polygamma", "n", "x");
        binary(t, "zeta", "x", "q");
        t.op("mulhi")
                .in("lhs", "HLO_IntTensor")
                .in("rhs", "HLO_IntTensor")
                .out("result", "HLO_IntTensor")
                .traits(COMMUTATIVE, NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE,
                        COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .format("$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)")
                .infers();
        unary(t, ANY_COMPLEX, ANY_COMPLEX, "_asin_acos_kernel")
                .traits(INFER_TYPE, INFER_SHAPED_TYPE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .infers();
        unary(t, ANY_FP_OR_COMPLEX, ANY_FP_OR_COMPLEX, "acos", "acosh", "asin", "asinh", "atan", "atanh",
                        "bessel_i1e", "conj", "cosh", "sinh", "tan", "square")
                .traits(INFER_TYPE, INFER_SHAPED_TYPE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .infers();
        unary(t, ANY_FP, ANY_FP, "digamma", "erf", "erf_inv", "erfc", "lgamma")
                .traits(INFER_TYPE, INFER_SHAPED_TYPE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .infers();
        unary(t, ANY_FP, ANY_PRED, "is_inf", "is_neg_inf", "is_pos_inf").traits(INFER_TYPE)
                .infers();
        t.op("constant")
                .attr("value", ELEMENTS)
                .out("output", "HLO_StaticShapeTensor")
                .traits(CONSTANT_LIKE, NO_MEMORY_EFFECT, INFER_TYPE)
                .infers();
        t.op("constant_like")
                .attr("value", AttrKind.ANY)
                .in("operand", ANY)
                .out("", ANY)
                .traits(NO_MEMORY_EFFECT, BROADCASTING_ELEMENTWISE, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_TYPE,
                        INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .infers();
        t.op("ragged_dot")
                .in("lhs", ANY)
                .in("rhs", ANY)
                .in("group_sizes", "HLO_IntTensor")
                .attr("ragged_dot_dimension_numbers", AttrKind.ANY)
                .optAttr("precision_config", ARRAY)
                .out("result", ANY)
                .traits(NO_MEMORY_EFFECT, INFER_SHAPED_TYPE);
        t.op("top_k")
                .in("operand", ANY)
                .attr("k", I64)
                .defAttr("is_stable", BOOL, "", "true")
                .out("values", ANY)
                .out("indices", ANY)
                .traits(NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format("`(`$operand `,` `k` `=` $k (`,` `is_stable` `=` $is_stable^)? `)` attr-dict `:` "
                        + "type($operand) `->` `(`type($values)`,` type($indices)`)`")
                .infers();
        t.op("scan")
                .varIn("inputs", ANY)
                .varIn("inits", ANY)
                .attr("dimension", I64, "non-negative")
                .optAttr("scan_dim_size", I64, "non-negative")
                .defAttr("is_reverse", BOOL, "", "false")
                .optAttr("is_associative", BOOL)
                .varOut("outputs", ANY)
                .varOut("carries", ANY)
                .region("body")
                .traits(INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, ISOLATED_FROM_ABOVE, ASM_NAMES,
                        RECURSIVE_MEMORY_EFFECTS)
                .custom()
                .infers();
    }

    /** A CHLO_BroadcastBinaryElementwiseOp row; the caller adds the op's own traits. */
    private static OpTable.Row broadcast(OpTable t, String operands, String result, String... names) {
        return t.op(names)
                .in("lhs", operands)
                .in("rhs", operands)
                .optAttr("broadcast_dimensions", DENSE_I64_ARRAY)
                .out("", result)
                .classTraits(BROADCASTING_ELEMENTWISE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE)
                .format(BROADCAST_FORMAT)
                .infers();
    }

    /** A CHLO_UnaryElementwiseOp row; the caller adds the op's own traits. */
    private static OpTable.Row unary(OpTable t, String operand, String result, String... names) {
        return t.op(names)
                .in("operand", operand)
                .out("result", result)
                .classTraits(NO_MEMORY_EFFECT, ELEMENTWISE, SAME_OPERANDS_AND_RESULT_SHAPE, INFER_SHAPED_TYPE)
                .format(UNARY_FORMAT);
    }

    private static void binary(OpTable t, String name, String a, String b) {
        t.op(name)
                .in(a, ANY_FP)
                .in(b, ANY_FP)
                .out("result", ANY_FP)
                .traits(NO_MEMORY_EFFECT, INFER_TYPE, INFER_SHAPED_TYPE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE)
                .format("$" + a + " `,` $" + b + " attr-dict `:` type($" + a + ") `,` type($" + b
                        + ") `->` type(results)")
                .infers();
    }
}
