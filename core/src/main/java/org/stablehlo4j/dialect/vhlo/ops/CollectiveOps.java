package org.stablehlo4j.dialect.vhlo.ops;

import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_ARRAY;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_I64_TENSOR;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.EMPTY_STRING;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.FALSE;
import static org.stablehlo4j.dialect.vhlo.ops.AttrDefault.ZERO_I64;
import static org.stablehlo4j.dialect.vhlo.ops.VersionConstraint.MIXED_ELEMENT_TYPES;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.ARRAY;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.BOOL;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.INTEGER;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.REPLICA_GROUP_MESH_AXES;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.STRING;
import static org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind.TENSOR;

import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.StablehloForm;

/**
 * Collective, communication and token ops of the VHLO op table (upstream VhloOps.td). In StableHLO the channel is
 * a {@code #stablehlo.channel_handle<handle = N, type = M>}; VHLO flattens it into channel_id (and channel_type for
 * send/recv). use_global_device_ids and has_dynamic_root are unit attributes in StableHLO and booleans in VHLO.
 */
final class CollectiveOps {
    private CollectiveOps() {}

    private static final String FIRST = "0.9.0";

    /**
     * replica_groups: an i64 tensor, or (since 1.16.0, for ops whose StableHLO form accepts it) mesh axes.
     */
    private static VhloOpTableBuilder.Row replicaGroups(VhloOpTableBuilder.Row row, boolean meshAxes) {
        return meshAxes ? row.attr("replica_groups", TENSOR, REPLICA_GROUP_MESH_AXES)
                : row.attr("replica_groups", TENSOR);
    }

    private static VhloOpTableBuilder.Row channelId(VhloOpTableBuilder.Row row) {
        return row.attr("channel_id", INTEGER).from("channel_handle.handle").orElse(ZERO_I64);
    }

    private static VhloOpTableBuilder.Row unitFlag(VhloOpTableBuilder.Row row, String name) {
        return row.attr(name, BOOL).form(StablehloForm.UNIT_FLAG).orElse(FALSE);
    }

    /** all_gather / all_reduce: v1 takes one operand; v2 (1.5.0) takes any number. */
    private static void gatherOrReduce(VhloOpTableBuilder t, String base, boolean reduce) {
        for (int v = 1; v <= 2; v++) {
            boolean variadic = v == 2;
            VhloOpTableBuilder.Row row = variadic ? t.op(base + "_v2", "1.5.0") : t.op(base + "_v1", FIRST, "1.4.0");
            row.operands(variadic ? "operands*" : "operand").results(variadic ? "results*" : "result");
            if (!reduce) {
                row.attr("all_gather_dim", INTEGER);
            }
            unitFlag(channelId(replicaGroups(row, variadic)), "use_global_device_ids");
            if (reduce) {
                row.regions("computation");
                if (!variadic) {
                    row.constraint(MIXED_ELEMENT_TYPES);
                }
            }
        }
    }

    /** send / recv: v2 (1.12.0) adds source_target_pairs. */
    private static void sendOrRecv(VhloOpTableBuilder t, String base, boolean send) {
        for (int v = 1; v <= 2; v++) {
            VhloOpTableBuilder.Row row = v == 2 ? t.op(base + "_v2", "1.12.0") : t.op(base + "_v1", FIRST, "1.11.0");
            if (send) {
                row.operands("inputs*", "token").results("result");
            } else {
                row.operands("token").results("results*");
            }
            row.attr("channel_id", INTEGER).from("channel_handle.handle")
                    .attr("channel_type", INTEGER).from("channel_handle.type");
            row.attr("is_host_transfer", BOOL).orElse(FALSE);
            if (v == 2) {
                row.attr("source_target_pairs", TENSOR).orElse(EMPTY_I64_TENSOR).onVersionChange(EMPTY_I64_TENSOR);
            }
        }
    }

    static void declare(VhloOpTableBuilder t) {
        gatherOrReduce(t, "all_gather", false);
        gatherOrReduce(t, "all_reduce", true);

        channelId(replicaGroups(t.op("all_to_all_v1", FIRST, "1.4.0").operands("operand")
                .attrs(INTEGER, "split_dimension", "concat_dimension", "split_count"), false))
                .results("result");
        channelId(replicaGroups(t.op("all_to_all_v2", "1.5.0").operands("operands*")
                .attrs(INTEGER, "split_dimension", "concat_dimension", "split_count"), true))
                .results("results*");

        channelId(replicaGroups(t.op("collective_broadcast_v1", "0.16.0", "1.19.0").operands("operand"), true))
                .results("result");
        channelId(replicaGroups(t.op("collective_broadcast_v2", "1.20.0").operands("operands*"), true))
                .attr("has_dynamic_root", BOOL).form(StablehloForm.UNIT_FLAG)
                        .orElse(FALSE).onVersionChange(FALSE)
                .results("results*");
        VhloOpTableBuilder.Row collectiveReduce = channelId(replicaGroups(
                t.op("collective_reduce_v1", "1.19.0").operands("operands*"), true));
        unitFlag(unitFlag(collectiveReduce, "use_global_device_ids"), "has_dynamic_root")
                .regions("computation").results("results*");

        channelId(t.op("collective_permute_v1", FIRST).operands("operand").attr("source_target_pairs", TENSOR))
                .results("result");
        t.op("cross-replica-sum_v1", FIRST).operands("operand").attr("replica_groups", TENSOR).results("result");
        unitFlag(channelId(replicaGroups(t.op("reduce_scatter_v1", FIRST).operands("operand")
                .attr("scatter_dimension", INTEGER), true)), "use_global_device_ids")
                .regions("computation").results("result").constraint(MIXED_ELEMENT_TYPES);

        t.op("partition_id_v1", FIRST).results("result");
        t.op("replica_id_v1", FIRST).results("result");
        t.op("after_all_v1", FIRST).operands("inputs*").results("result");
        t.op("create_token_v1", FIRST).results("output");
        t.op("infeed_v1", FIRST).operands("token")
                .attr("infeed_config", STRING).orElse(EMPTY_STRING)
                .attr("layout", ARRAY).orElse(EMPTY_ARRAY)
                .results("results*");
        t.op("outfeed_v1", FIRST).operands("inputs*", "token")
                .attr("outfeed_config", STRING).orElse(EMPTY_STRING)
                .results("result");
        sendOrRecv(t, "send", true);
        sendOrRecv(t, "recv", false);
        t.op("async_start_v1", "1.15.0").operands("operands*").regions("collective").results("result");
        t.op("async_done_v1", "1.15.0").operands("operand").results("result");
    }
}
