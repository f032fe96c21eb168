package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.dialect.sdy.SdyCollectiveVerifiers.Options;

import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.ir.SymbolUseVerifier;

/**
 * The sdy dialect's ops (shardy/dialect/sdy/ir/ops.td): operands, results, inherent attributes (sdy attributes
 * are {@link AttrKind#ANY}; their structure is checked by {@link SdyVerifiers}), regions, traits and the op's own
 * verifier. Every op has a custom (pretty) form, {@link SdyOpAsm}.
 */
public final class SdyOps {
    public static final String DIALECT = "sdy";

    public static final DialectOpTable TABLE = OpTable.define(DIALECT, SdyOps::rows);

    private SdyOps() {}

    private static void rows(OpTable t) {
        t.op("mesh").attr("sym_name", AttrKind.STRING).attr("mesh", AttrKind.ANY).custom()
                .verifier(SdyOpVerifiers::meshOp);
        t.op("sharding_constraint").in("input", "AnyType").attr("sharding", AttrKind.ANY).out("result", "AnyType")
                .traits(INFER_TYPE).custom().symbolUses(SdyOpVerifiers::shardingOnResultUses);
        t.op("reshard").in("input", "AnyType").attr("sharding", AttrKind.ANY).out("result", "AnyType")
                .traits(PURE, INFER_TYPE).custom().symbolUses(SdyOpVerifiers::shardingOnResultUses)
                .canonicalization(SdyCanonicalization.RESHARD_CSE, SdyCanonicalization.RESHARD_OF_RESHARD);
        t.op("return").varIn("results", "AnyType").traits(PURE, TERMINATOR).custom();
        t.op("manual_computation").varIn("tensors", "AnyType").attr("in_shardings", AttrKind.ANY)
                .attr("out_shardings", AttrKind.ANY).attr("manual_axes", AttrKind.ANY).varOut("results", "AnyType")
                .region("body").traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR, ISOLATED_FROM_ABOVE)
                .custom().verifier(SdyOpVerifiers::manualComputation)
                .canonicalization(SdyCanonicalization.MANUAL_COMPUTATION_UNUSED_INPUTS,
                        SdyCanonicalization.REDUNDANT_MANUAL_COMPUTATION)
                .symbolUses(SdyOpVerifiers::manualComputationUses);
        t.op("sharding_group").in("input", "AnyRankedTensor").attr("group_id", AttrKind.I64).custom();
        t.op("constant").attr("value", AttrKind.ELEMENTS).out("output", "AnyStaticShapeTensor")
                .traits(PURE, INFER_TYPE).custom();
        t.op("data_flow_edge").in("input", "AnyShaped").optAttr("sharding", AttrKind.ANY).out("result", "AnyShaped")
                .traits(INFER_TYPE).custom().symbolUses(SdyOpVerifiers::dataFlowEdgeUses);
        t.op("propagation_barrier").in("input", "AnyRankedTensor").attr("allowed_direction", AttrKind.I32_ENUM)
                .out("result", "AnyRankedTensor").traits(PURE, INFER_TYPE).custom()
                .verifier(SdyOpVerifiers::propagationBarrier);
        t.op("named_computation").attr("name", AttrKind.STRING).varIn("operands", "AnyType")
                .optAttr("in_shardings", AttrKind.ANY).optAttr("out_shardings", AttrKind.ANY)
                .varOut("", "AnyType").region("body")
                .traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR, ISOLATED_FROM_ABOVE, INFER_TYPE)
                .custom().inferTypes(SdyOpVerifiers::namedComputationTypes).symbolUses(SdyOpVerifiers::namedComputationUses);
        collective(t, "all_gather", "gathering_axes", false, Options.DEFAULT, SdyCollectiveVerifiers::allGatherUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_GATHER_NOOP);
        collective(t, "all_slice", "slicing_axes", false, Options.MISSING_INPUT_SHARDING,
                SdyCollectiveVerifiers::allSliceUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_SLICE_OF_ALL_GATHER, SdyCollectiveCanonicalization.ALL_SLICE_NOOP, SdyCollectiveCanonicalization.REDUCE_SCATTER_FUSION);
        collective(t, "all_to_all", "params", false, Options.DEFAULT, SdyCollectiveVerifiers::allToAllUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_TO_ALL_FUSION, SdyCollectiveCanonicalization.ALL_TO_ALL_NO_USE);
        collective(t, "collective_permute", null, false, Options.DIFFERENT_MESHES,
                SdyCollectiveVerifiers::collectivePermuteUses)
                .canonicalization(SdyCollectiveCanonicalization.COLLECTIVE_PERMUTE_NOOP);
        collective(t, "all_reduce", "reduction_axes", true, Options.MISSING_INPUT_SHARDING,
                SdyCollectiveVerifiers::allReduceUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_REDUCE_NOOP, SdyCollectiveCanonicalization.ALL_REDUCE_OF_REPLICATED_TO_UNREDUCED,
                        SdyCollectiveCanonicalization.ALL_REDUCE_OF_SHARDED_TO_UNREDUCED);
        collective(t, "reduce_scatter", "reduce_scatter_axes", true, Options.MISSING_INPUT_SHARDING,
                SdyCollectiveVerifiers::reduceScatterUses)
                .canonicalization(SdyCollectiveCanonicalization.REDUCE_SCATTER_NOOP);
        collective(t, "sharded_to_unreduced", "axes", false, Options.DEFAULT,
                SdyCollectiveVerifiers::shardedToUnreducedUses);
        collective(t, "replicated_to_unreduced", "axes", false, Options.DEFAULT,
                SdyCollectiveVerifiers::replicatedToUnreducedUses);
        t.op("func_data_flow_edge").in("operand", "AnyShaped").out("result", "AnyShaped").traits(INFER_TYPE)
                .custom().symbolUses(SdyOpVerifiers::funcDataFlowEdgeUses);
    }

    /** Whether {@code name} is one of the collectives (ops of Sdy_CollectiveOpInterface). */
    static boolean isCollective(String name) {
        return COLLECTIVES.contains(name);
    }

    private static final java.util.Set<String> COLLECTIVES = java.util.Set.of("sdy.all_gather", "sdy.all_slice",
            "sdy.all_to_all", "sdy.collective_permute", "sdy.all_reduce", "sdy.reduce_scatter",
            "sdy.sharded_to_unreduced", "sdy.replicated_to_unreduced");

    private static OpTable.Row collective(OpTable t, String name, String axes, boolean reduction, Options options,
                                   SymbolUseVerifier uses) {
        OpTable.Row r = t.op(name).in("tensor", "AnyShaped");
        if (axes != null) r.attr(axes, AttrKind.ANY);
        if (reduction) r.defAttr("reduction_op", AttrKind.I32_ENUM, "", "0");
        return r.attr("out_sharding", AttrKind.ANY).out("result", "AnyShaped").traits(INFER_TYPE).custom()
                .verifier(op -> SdyCollectiveVerifiers.collective(op, options)).symbolUses(uses);
    }
}
