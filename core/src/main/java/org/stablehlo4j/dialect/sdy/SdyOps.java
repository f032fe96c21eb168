package org.stablehlo4j.dialect.sdy;

import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

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
                .verifier(SdyVerifiers::meshOp);
        t.op("sharding_constraint").in("input", "AnyType").attr("sharding", AttrKind.ANY).out("result", "AnyType")
                .traits(INFER_TYPE).custom().symbolUses(SdyVerifiers::shardingOnResultUses);
        t.op("reshard").in("input", "AnyType").attr("sharding", AttrKind.ANY).out("result", "AnyType")
                .traits(PURE, INFER_TYPE).custom().symbolUses(SdyVerifiers::shardingOnResultUses);
        t.op("return").varIn("results", "AnyType").traits(PURE, TERMINATOR).custom();
        t.op("manual_computation").varIn("tensors", "AnyType").attr("in_shardings", AttrKind.ANY)
                .attr("out_shardings", AttrKind.ANY).attr("manual_axes", AttrKind.ANY).varOut("results", "AnyType")
                .region("body").traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR, ISOLATED_FROM_ABOVE)
                .custom().verifier(SdyVerifiers::manualComputation)
                .symbolUses(SdyVerifiers::manualComputationUses);
        t.op("sharding_group").in("input", "AnyRankedTensor").attr("group_id", AttrKind.I64).custom();
        t.op("constant").attr("value", AttrKind.ELEMENTS).out("output", "AnyStaticShapeTensor")
                .traits(PURE, INFER_TYPE).custom();
        t.op("data_flow_edge").in("input", "AnyShaped").optAttr("sharding", AttrKind.ANY).out("result", "AnyShaped")
                .traits(INFER_TYPE).custom().symbolUses(SdyVerifiers::dataFlowEdgeUses);
        t.op("propagation_barrier").in("input", "AnyRankedTensor").attr("allowed_direction", AttrKind.I32_ENUM)
                .out("result", "AnyRankedTensor").traits(PURE, INFER_TYPE).custom()
                .verifier(SdyVerifiers::propagationBarrier);
        t.op("named_computation").attr("name", AttrKind.STRING).varIn("operands", "AnyType")
                .optAttr("in_shardings", AttrKind.ANY).optAttr("out_shardings", AttrKind.ANY)
                .varOut("", "AnyType").region("body")
                .traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR, ISOLATED_FROM_ABOVE, INFER_TYPE)
                .custom().inferTypes(SdyVerifiers::namedComputationTypes).symbolUses(SdyVerifiers::namedComputationUses);
        collective(t, "all_gather", "gathering_axes", false);
        collective(t, "all_slice", "slicing_axes", false);
        collective(t, "all_to_all", "params", false);
        collective(t, "collective_permute", null, false);
        collective(t, "all_reduce", "reduction_axes", true);
        collective(t, "reduce_scatter", "reduce_scatter_axes", true);
        collective(t, "sharded_to_unreduced", "axes", false);
        collective(t, "replicated_to_unreduced", "axes", false);
        t.op("func_data_flow_edge").in("operand", "AnyShaped").out("result", "AnyShaped").traits(INFER_TYPE)
                .custom().symbolUses(SdyVerifiers::funcDataFlowEdgeUses);
    }

    /** Whether {@code name} is one of the collectives (ops of Sdy_CollectiveOpInterface). */
    static boolean isCollective(String name) {
        return COLLECTIVES.contains(name);
    }

    private static final java.util.Set<String> COLLECTIVES = java.util.Set.of("sdy.all_gather", "sdy.all_slice",
            "sdy.all_to_all", "sdy.collective_permute", "sdy.all_reduce", "sdy.reduce_scatter",
            "sdy.sharded_to_unreduced", "sdy.replicated_to_unreduced");

    private static void collective(OpTable t, String name, String axes, boolean reduction) {
        OpTable.Row r = t.op(name).in("tensor", "AnyShaped");
        if (axes != null) r.attr(axes, AttrKind.ANY);
        if (reduction) r.defAttr("reduction_op", AttrKind.I32_ENUM, "", "0");
        r.attr("out_sharding", AttrKind.ANY).out("result", "AnyShaped").traits(INFER_TYPE).custom()
                .verifier(SdyVerifiers::collective);
    }
}
