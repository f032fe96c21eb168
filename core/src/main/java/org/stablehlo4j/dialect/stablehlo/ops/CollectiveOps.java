package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.OpTable;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

/** Rows of the StableHLO op table (StableHLO 1.20.0, StablehloOps.td): collective (multi-process) ops. */
final class CollectiveOps {
    private CollectiveOps() {}

    /**
     * The replica_groups and channel_handle attributes of the collectives that take device groups, and the
     * symbol-use check of replica groups given as mesh axes (the op's traits name SymbolUserOpInterface).
     */
    private static OpTable.Row deviceGroups(OpTable.Row r) {
        return r.attr("replica_groups", REPLICA_GROUPS).optAttr("channel_handle", STRUCT, "channel_handle");
    }

    /** {@link #deviceGroups} and use_global_device_ids. */
    private static OpTable.Row deviceGroupsWithGlobalIds(OpTable.Row r) {
        return deviceGroups(r).unit("use_global_device_ids");
    }

    static void define(OpTable t) {
        t.op("replica_id", "partition_id")
                .out("", "UI32RankedTensor")
                .traits(PURE, INFER_TYPE)
                .format("attr-dict `:` type(results)")
                .infers();
        t.op("all_gather")
                .varIn("operands", "HLO_Tensor")
                .attr("all_gather_dim", I64, "non-negative")
                .with(CollectiveOps::deviceGroupsWithGlobalIds)
                .varOut("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE, SYMBOL_USER);
        t.op("all_reduce")
                .varIn("operands", "HLO_Tensor")
                .with(CollectiveOps::deviceGroupsWithGlobalIds)
                .varOut("", "HLO_Tensor")
                .sizedRegion("computation")
                .traits(CONDITIONALLY_SPECULATABLE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, SYMBOL_USER)
                .infers();
        t.op("reduce_scatter")
                .in("operand", "HLO_Tensor")
                .attr("scatter_dimension", I64, "non-negative")
                .with(CollectiveOps::deviceGroupsWithGlobalIds)
                .out("", "HLO_Tensor")
                .sizedRegion("computation")
                .traits(CONDITIONALLY_SPECULATABLE, SYMBOL_USER);
        t.op("all_to_all")
                .varIn("operands", "HLO_Tensor")
                .attr("split_dimension", I64, "non-negative")
                .attr("concat_dimension", I64, "non-negative")
                .attr("split_count", I64, "positive")
                .with(CollectiveOps::deviceGroups)
                .varOut("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, SYMBOL_USER)
                .infers();
        t.op("collective_broadcast")
                .varIn("operands", "HLO_Tensor")
                .with(CollectiveOps::deviceGroups)
                .unit("has_dynamic_root")
                .varOut("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, INFER_TYPE, INFER_SHAPED_TYPE, SYMBOL_USER)
                .infers();
        t.op("collective_reduce")
                .varIn("operands", "HLO_Tensor")
                .with(CollectiveOps::deviceGroupsWithGlobalIds)
                .unit("has_dynamic_root")
                .varOut("", "HLO_Tensor")
                .sizedRegion("computation")
                .traits(CONDITIONALLY_SPECULATABLE, INFER_TYPE, INFER_SHAPED_TYPE, INFER_TENSOR_TYPE, SINGLE_BLOCK_IMPLICIT_TERMINATOR, SYMBOL_USER)
                .infers();
        t.op("collective_permute")
                .in("operand", "HLO_Tensor")
                .attr("source_target_pairs", I64_ELEMENTS)
                .optAttr("channel_handle", STRUCT, "channel_handle")
                .out("", "HLO_Tensor")
                .traits(CONDITIONALLY_SPECULATABLE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE, INFER_TYPE, INFER_SHAPED_TYPE)
                .infers();
        t.op("cross-replica-sum")
                .in("operand", "HLO_Tensor")
                .attr("replica_groups", I64_ELEMENTS)
                .out("", "HLO_Tensor")
                .traits(PURE, COMPATIBLE_OPERANDS_AND_RESULT_TYPE);
    }
}
