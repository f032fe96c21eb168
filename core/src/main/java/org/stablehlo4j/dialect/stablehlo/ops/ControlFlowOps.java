package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.OpTable;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

/** Rows of the StableHLO op table (StableHLO 1.20.0, StablehloOps.td): control flow, tokens, tuples, side effects and extension points. */
final class ControlFlowOps {
    private ControlFlowOps() {}

    /** What if and case share: traits, the single-block check and the results inferred from the branches. */
    private static OpTable.Row conditional(OpTable.Row r) {
        return r.traits(RECURSIVE_MEMORY_EFFECTS, CONDITIONALLY_SPECULATABLE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, INFER_TYPE)
                .infers();
    }

    static void define(OpTable t) {
        t.op("create_token")
                .out("output", "HLO_Token")
                .traits(PURE, INFER_TYPE)
                .format("attr-dict `:` type(results)")
                .infers();
        t.op("infeed")
                .in("token", "HLO_Token")
                .defAttr("infeed_config", STRING, "", "")
                .optAttr("layout", ARRAY)
                .varOut("", "HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken")
                .traits(SIDE_EFFECTING);
        t.op("outfeed")
                .varIn("inputs", "HLO_TensorOrPerAxisQuantizedTensor")
                .in("token", "HLO_Token")
                .defAttr("outfeed_config", STRING, "", "")
                .out("", "HLO_Token")
                .traits(INFER_TYPE, SIDE_EFFECTING)
                .infers();
        t.op("send")
                .varIn("inputs", "HLO_TensorOrPerAxisQuantizedTensor")
                .in("token", "HLO_Token")
                .attr("channel_handle", STRUCT, "channel_handle")
                .defAttr("is_host_transfer", BOOL, "", "false")
                .optAttr("source_target_pairs", I64_ELEMENTS)
                .out("", "HLO_Token")
                .traits(INFER_TYPE, SIDE_EFFECTING)
                .infers();
        t.op("recv")
                .in("token", "HLO_Token")
                .attr("channel_handle", STRUCT, "channel_handle")
                .defAttr("is_host_transfer", BOOL, "", "false")
                .optAttr("source_target_pairs", I64_ELEMENTS)
                .varOut("", "HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken")
                .traits(SIDE_EFFECTING);
        t.op("after_all")
                .varIn("inputs", "HLO_Token")
                .out("result", "HLO_Token")
                .traits(PURE, INFER_TYPE)
                .format("$inputs attr-dict `:` custom<VariadicSameOperandsAndResultType>(ref($inputs), type($inputs), type($result))")
                .infers();
        t.op("if")
                .in("pred", "HLO_PredTensor")
                .varOut("", "HLO_TensorOrPerAxisQuantizedTensorOrToken")
                .sizedRegion("true_branch")
                .sizedRegion("false_branch")
                .with(ControlFlowOps::conditional);
        t.op("case")
                .in("index", "I32RankedTensor")
                .varOut("", "HLO_TensorOrPerAxisQuantizedTensorOrToken")
                .sizedVarRegion("branches")
                .with(ControlFlowOps::conditional);
        t.op("while")
                .varIn("operand", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer")
                .varOut("", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer")
                .sizedRegion("cond")
                .sizedRegion("body")
                .traits(RECURSIVE_MEMORY_EFFECTS, CONDITIONALLY_SPECULATABLE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, INFER_TYPE, ASM_NAMES)
                .custom()
                .infers();
        t.op("async_start")
                .varIn("operands", "HLO_Tensor")
                .out("", "HLO_Future")
                .sizedRegion("body")
                .traits(SINGLE_BLOCK_IMPLICIT_TERMINATOR, CONDITIONALLY_SPECULATABLE, ISOLATED_FROM_ABOVE, INFER_TYPE)
                .infers();
        t.op("async_done")
                .in("operand", "HLO_Future")
                .out("", "HLO_Tensor")
                .traits(INFER_TYPE)
                .infers();
        t.op("get_tuple_element")
                .in("operand", "HLO_Tuple")
                .attr("index", I32, "non-negative")
                .out("", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTupleOrBuffer")
                .traits(PURE, INFER_TYPE)
                .format("$operand `[` $index `]` attr-dict `:` functional-type(operands, results)")
                .infers();
        t.op("tuple")
                .varIn("val", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTupleOrBuffer")
                .out("result", "HLO_Tuple")
                .traits(PURE, INFER_TYPE)
                .format("$val attr-dict `:` custom<TupleOpType>(type($val), type($result))")
                .infers();
        t.op("composite")
                .varIn("inputs", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple")
                .attr("name", STRING)
                .defAttr("composite_attributes", DICTIONARY, "", "{}")
                .attr("decomposition", FLAT_SYMBOL_REF)
                .defAttr("version", I32, "", "0")
                .varOut("", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple")
                .varRegion("composite_regions")
                .traits(SYMBOL_USER)
                .format("$name operands (` ` `(` $composite_regions^ `)`)? attr-dict `:` functional-type(operands, results)");
        t.op("custom_call")
                .varIn("inputs", "HLO_CustomCallValue")
                .attr("call_target_name", STRING)
                .defAttr("has_side_effect", BOOL, "", "false")
                .optAttr("backend_config", STRING_OR_DICTIONARY)
                .defAttr("api_version", I32_ENUM, "CUSTOM_CALL_API_VERSION", "CustomCallApiVersion::API_VERSION_ORIGINAL")
                .defAttr("called_computations", FLAT_SYMBOL_REF_ARRAY, "", "{}")
                .optAttr("operand_layouts", LAYOUT_ARRAY)
                .optAttr("result_layouts", LAYOUT_ARRAY)
                .defAttr("output_operand_aliases", STRUCT_ARRAY, "output_operand_alias", "{}")
                .optAttr("result_tilings", TILING_ARRAY)
                .varOut("", "HLO_CustomCallValue")
                .traits(SIDE_EFFECTING)
                .format("custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict `:` functional-type(operands, results)");
        t.op("return")
                .varIn("results", "HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer")
                .traits(PURE, TERMINATOR)
                .format("$results attr-dict (`:` type($results)^)?");
        t.op("optimization_barrier")
                .varIn("operand", "HLO_TensorOrToken")
                .varOut("result", "HLO_TensorOrToken")
                .traits(PURE, PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE, INFER_TYPE)
                .format("attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?")
                .infers();
    }
}
