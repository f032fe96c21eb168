package org.stablehlo4j.dialect.sdy;

import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

/**
 * The sdy dialect's op signatures (shardy/dialect/sdy/ir/ops.td): operands, results, inherent attributes (sdy
 * attributes are {@link AttrKind#ANY}; their structure is checked by {@link SdyVerifiers}), regions and traits.
 * Every op has a custom (pretty) form, {@link SdyOpAsm}. The code the rows point at (verifiers, symbol-use rules,
 * canonicalization) is attached by {@link SdyOpHooks}, whose table the dialect registers; the typed op classes of
 * this package ({@code ReshardOp}, ...) are generated from these rows at build time.
 */
public final class SdyOps {
    public static final String DIALECT = "sdy";

    /** The rows without their code: what the typed op classes are generated from. */
    public static final DialectOpTable SIGNATURES = OpTable.define(DIALECT, SdyOps::rows);

    private SdyOps() {}

    private static void rows(OpTable t) {
        t.op("mesh").attr("sym_name", AttrKind.STRING).attr("mesh", AttrKind.ANY).custom();
        t.op("sharding_constraint").in("input", "AnyType").attr("sharding", AttrKind.ANY).out("result", "AnyType")
                .traits(INFER_TYPE).custom();
        t.op("reshard").in("input", "AnyType").attr("sharding", AttrKind.ANY).out("result", "AnyType")
                .traits(PURE, INFER_TYPE).custom();
        t.op("return").varIn("results", "AnyType").traits(PURE, TERMINATOR).custom();
        t.op("manual_computation").varIn("tensors", "AnyType").attr("in_shardings", AttrKind.ANY)
                .attr("out_shardings", AttrKind.ANY).attr("manual_axes", AttrKind.ANY).varOut("results", "AnyType")
                .region("body").traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR, ISOLATED_FROM_ABOVE)
                .custom();
        t.op("sharding_group").in("input", "AnyRankedTensor").attr("group_id", AttrKind.I64).custom();
        t.op("constant").attr("value", AttrKind.ELEMENTS).out("output", "AnyStaticShapeTensor")
                .traits(PURE, INFER_TYPE).custom();
        t.op("data_flow_edge").in("input", "AnyShaped").optAttr("sharding", AttrKind.ANY).out("result", "AnyShaped")
                .traits(INFER_TYPE).custom();
        t.op("propagation_barrier").in("input", "AnyRankedTensor").attr("allowed_direction", AttrKind.I32_ENUM)
                .out("result", "AnyRankedTensor").traits(PURE, INFER_TYPE).custom();
        t.op("named_computation").attr("name", AttrKind.STRING).varIn("operands", "AnyType")
                .optAttr("in_shardings", AttrKind.ANY).optAttr("out_shardings", AttrKind.ANY)
                .varOut("", "AnyType").region("body")
                .traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR, ISOLATED_FROM_ABOVE, INFER_TYPE)
                .custom().infers();
        collective(t, "all_gather", "gathering_axes", false);
        collective(t, "all_slice", "slicing_axes", false);
        collective(t, "all_to_all", "params", false);
        collective(t, "collective_permute", null, false);
        collective(t, "all_reduce", "reduction_axes", true);
        collective(t, "reduce_scatter", "reduce_scatter_axes", true);
        collective(t, "sharded_to_unreduced", "axes", false);
        collective(t, "replicated_to_unreduced", "axes", false);
        t.op("func_data_flow_edge").in("operand", "AnyShaped").out("result", "AnyShaped").traits(INFER_TYPE)
                .custom();
    }

    /** A collective (Sdy_CollectiveOpInterface): {@code tensor}, its axes attribute, {@code out_sharding}. */
    private static void collective(OpTable t, String name, String axes, boolean reduction) {
        OpTable.Row r = t.op(name).in("tensor", "AnyShaped");
        if (axes != null) r.attr(axes, AttrKind.ANY);
        if (reduction) r.defAttr("reduction_op", AttrKind.I32_ENUM, "", "0");
        r.attr("out_sharding", AttrKind.ANY).out("result", "AnyShaped").traits(INFER_TYPE).custom();
    }
}
