package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;

/**
 * The canonicalization patterns of sdy's collectives (shardy/dialect/sdy/ir/canonicalization.td and .cc):
 * no-op collectives fold away, inverse pairs cancel, all_to_all chains fuse and all_reduce + all_slice become
 * reduce_scatter. Declarative patterns keep DRR's benefit (the number of ops they match).
 */
final class SdyCollectiveCanonicalization {
    private SdyCollectiveCanonicalization() {}

    private static boolean emptyAxesPerDim(Attribute a) {
        if (!(a instanceof ListOfAxisRefListsAttr l)) return false;
        for (AxisRefListAttr d : l.value()) if (!d.value().isEmpty()) return false;
        return true;
    }

    private static boolean emptyAxisList(Attribute a) {
        return a instanceof AxisRefListAttr l && l.value().isEmpty();
    }

    private static boolean replaceWithOperand(Operation op, PatternRewriter rewriter) {
        rewriter.replaceOp(op, List.of(op.operand(0)));
        return true;
    }

    private static Operation producer(Operation op, java.util.function.Predicate<Operation> kind) {
        Operation p = op.operand(0).definingOp();
        return p != null && kind.test(p) ? p : null;
    }

    /** {@code AllGatherNoopPattern}. */
    static final RewritePattern ALL_GATHER_NOOP = RewritePattern.of(AllGatherOp.NAME, 1,
            (op, r) -> emptyAxesPerDim(op.attr("gathering_axes")) && replaceWithOperand(op, r));

    /** {@code AllSliceNoopPattern}. */
    static final RewritePattern ALL_SLICE_NOOP = RewritePattern.of(AllSliceOp.NAME, 1,
            (op, r) -> emptyAxesPerDim(op.attr("slicing_axes")) && replaceWithOperand(op, r));

    /** {@code AllReduceNoopPattern}. */
    static final RewritePattern ALL_REDUCE_NOOP = RewritePattern.of(AllReduceOp.NAME, 1,
            (op, r) -> emptyAxisList(op.attr("reduction_axes")) && replaceWithOperand(op, r));

    /** {@code ReduceScatterNoopPattern}. */
    static final RewritePattern REDUCE_SCATTER_NOOP = RewritePattern.of(ReduceScatterOp.NAME, 1,
            (op, r) -> emptyAxesPerDim(op.attr("reduce_scatter_axes")) && replaceWithOperand(op, r));

    /** {@code CollectivePermuteNoopPattern}: the operand already has the result's sharding. */
    static final RewritePattern COLLECTIVE_PERMUTE_NOOP = RewritePattern.of(CollectivePermuteOp.NAME, 1,
            (op, r) -> op.attr("out_sharding") instanceof TensorShardingAttr out
                    && equivalent(SdyVerifiers.shardingOf(op.operand(0)), out) && replaceWithOperand(op, r));

    /** {@code AllSliceOfAllGatherPattern}: slicing what was just gathered along the same axes. */
    static final RewritePattern ALL_SLICE_OF_ALL_GATHER =
            undoes(AllSliceOp.NAME, "slicing_axes", AllGatherOp::is, "gathering_axes");

    /** {@code AllReduceOfReplicatedToUnreducedPattern}: reducing what was just made unreduced. */
    static final RewritePattern ALL_REDUCE_OF_REPLICATED_TO_UNREDUCED =
            undoes(AllReduceOp.NAME, "reduction_axes", ReplicatedToUnreducedOp::is, "axes");

    /**
     * {@code opName} applied to what {@code producerName} just produced, over the same axes, undoes it: the op is
     * replaced by the producer's operand.
     */
    private static RewritePattern undoes(String opName, String axesAttr,
                                         java.util.function.Predicate<Operation> producerKind,
                                         String producerAxesAttr) {
        return RewritePattern.of(opName, 2, (op, r) -> {
            Operation producer = producer(op, producerKind);
            if (producer == null || !producer.attr(producerAxesAttr).equals(op.attr(axesAttr))) return false;
            r.replaceOp(op, List.of(producer.operand(0)));
            return true;
        });
    }

    /** {@code AllReduceOfShardedToUnreducedPattern}: all_reduce(sharded_to_unreduced(x)) → all_gather(x). */
    static final RewritePattern ALL_REDUCE_OF_SHARDED_TO_UNREDUCED = RewritePattern.of(AllReduceOp.NAME, 1,
            (op, r) -> {
                Operation s2u = producer(op, ShardedToUnreducedOp::is);
                if (s2u == null || !(s2u.attr("axes") instanceof ListOfAxisRefListsAttr axes)
                        || !(s2u.attr("out_sharding") instanceof TensorShardingAttr s2uOut)
                        || !(op.attr("reduction_axes") instanceof AxisRefListAttr reduction)) {
                    return false;
                }
                MeshAttr mesh = SdyAxes.meshOf(s2uOut, s2u);
                if (mesh == null) return false;
                List<AxisRefAttr> all = new ArrayList<>();
                for (AxisRefListAttr d : axes.value()) all.addAll(d.value());
                if (!SdyCollectiveVerifiers.sortAndMerge(all, mesh).equals(reduction.value())) return false;
                r.setInsertionPoint(op);
                Operation gather = AllGatherOp.createWithTypes(r, op.location(), List.of(op.result(0).type()),
                        s2u.operand(0), axes, op.attr("out_sharding")).operation();
                r.replaceOp(op, gather.results());
                return true;
            });

    /** {@code AllToAllNoUsePattern}. */
    static final RewritePattern ALL_TO_ALL_NO_USE = RewritePattern.of(AllToAllOp.NAME, 1,
            (op, r) -> !op.result(0).hasUses() && replaceWithOperand(op, r));

    /** {@code AllToAllFusionPattern}: two all_to_alls on disjoint dimensions become one. */
    static final RewritePattern ALL_TO_ALL_FUSION = RewritePattern.of(AllToAllOp.NAME, 2, (op, r) -> {
        Operation inner = producer(op, AllToAllOp::is);
        if (inner == null || !inner.result(0).hasOneUse()
                || !(inner.attr("params") instanceof AllToAllParamListAttr innerParams)
                || !(op.attr("params") instanceof AllToAllParamListAttr outerParams)) {
            return false;
        }
        Set<Long> seen = new HashSet<>();
        List<AllToAllParamAttr> combined = new ArrayList<>(innerParams.value());
        combined.addAll(outerParams.value());
        for (AllToAllParamAttr p : combined) {
            if (!seen.add(p.srcDim()) || !seen.add(p.tgtDim())) return false;
        }
        combined.sort((a, b) -> Long.compare(a.srcDim(), b.srcDim()));
        r.setInsertionPoint(op);
        Operation fused = AllToAllOp.createWithTypes(r, op.location(), List.of(op.result(0).type()),
                inner.operand(0), new AllToAllParamListAttr(combined), op.attr("out_sharding")).operation();
        r.replaceOp(op, fused.results());
        return true;
    });

    /** {@code ReduceScatterFusion}: all_reduce + all_slice → reduce_scatter (+ all_slice of what is left). */
    static final RewritePattern REDUCE_SCATTER_FUSION = RewritePattern.of(AllSliceOp.NAME, 1,
            SdyCollectiveCanonicalization::reduceScatterFusion);

    private static boolean reduceScatterFusion(Operation slice, PatternRewriter r) {
        Operation reduce = producer(slice, AllReduceOp::is);
        if (reduce == null) return r.notifyMatchFailure(slice, "operand is not defined by sdy.all_reduce");
        for (Operation user : reduce.users()) {
            if (!AllSliceOp.is(user)) return false;
            if (!user.attr("slicing_axes").equals(slice.attr("slicing_axes"))) return false;
            if (user != slice && user.parent() == slice.parent() && user.isBeforeInBlock(slice)) return false;
        }
        if (!(reduce.attr("out_sharding") instanceof TensorShardingAttr reduceOut)
                || !(slice.attr("out_sharding") instanceof TensorShardingAttr sliceOut)
                || !(slice.attr("slicing_axes") instanceof ListOfAxisRefListsAttr slicing)
                || !(reduce.attr("reduction_axes") instanceof AxisRefListAttr reduction)) {
            return false;
        }
        MeshAttr mesh = SdyAxes.meshOf(reduceOut, reduce);
        if (mesh == null) return false;
        Set<AxisRefAttr> remaining = new HashSet<>(reduction.value());
        boolean hasResidual = false;
        List<AxisRefListAttr> scatterAxes = new ArrayList<>();
        List<AxisRefListAttr> residualAxes = new ArrayList<>();
        for (AxisRefListAttr dim : slicing.value()) {
            List<AxisRefAttr> scatter = new ArrayList<>();
            int i = 0;
            while (i < dim.value().size() && remaining.remove(dim.value().get(i))) scatter.add(dim.value().get(i++));
            List<AxisRefAttr> residual = new ArrayList<>(dim.value().subList(i, dim.value().size()));
            hasResidual |= !residual.isEmpty();
            scatterAxes.add(new AxisRefListAttr(scatter));
            residualAxes.add(new AxisRefListAttr(residual));
        }
        if (!remaining.isEmpty()) return false;
        TensorShardingAttr in = SdyVerifiers.shardingOf(reduce.operand(0));
        List<DimensionShardingAttr> outDims = new ArrayList<>();
        for (int d = 0; d < scatterAxes.size(); d++) {
            List<AxisRefAttr> axes = new ArrayList<>(in == null || d >= in.dimShardings().size() ? List.of()
                    : in.dimShardings().get(d).axes());
            for (AxisRefAttr a : scatterAxes.get(d).value()) SdyCollectiveVerifiers.addAxisOrMerge(axes, a, mesh);
            outDims.add(new DimensionShardingAttr(axes, true, null));
        }
        TensorShardingAttr scatterOut = new TensorShardingAttr(reduceOut.meshOrRef(), outDims,
                sliceOut.replicatedAxes(), sliceOut.unreducedAxes(), sliceOut.reductionOp());
        int reductionOp = reduce.attr("reduction_op") instanceof IntegerAttr i ? (int) i.longValue() : 0;
        List<NamedAttribute> props = new ArrayList<>();
        props.add(new NamedAttribute("out_sharding", scatterOut));
        props.add(new NamedAttribute("reduce_scatter_axes", new ListOfAxisRefListsAttr(scatterAxes)));
        if (reduce.properties().get("reduction_op") != null || reductionOp != 0) {
            props.add(new NamedAttribute("reduction_op", SdyOpAsm.i32(reductionOp)));
        }
        Operation scatter = r.create(reduce.location(), r.opName(ReduceScatterOp.NAME), List.of(reduce.operand(0)),
                List.of(reduce.operand(0).type()), DictionaryAttr.of(props));
        Value result = scatter.result(0);
        if (hasResidual) {
            result = AllSliceOp.createWithTypes(r, slice.location(), List.of(slice.result(0).type()), result,
                    new ListOfAxisRefListsAttr(residualAxes), sliceOut).result();
        }
        for (Operation user : reduce.users()) r.replaceOp(user, List.of(result));
        r.eraseOp(reduce);
        return true;
    }

    /** {@code TensorShardingAttr::isEquivalent} (unreduced axes count); a missing sharding is replicated. */
    private static boolean equivalent(TensorShardingAttr a, TensorShardingAttr b) {
        if (replicated(a)) return replicated(b);
        if (b == null || !a.meshOrRef().equals(b.meshOrRef()) || !a.unreducedAxes().equals(b.unreducedAxes())) {
            return false;
        }
        if (a.dimShardings().size() != b.dimShardings().size()) return false;
        for (int i = 0; i < a.dimShardings().size(); i++) {
            if (!a.dimShardings().get(i).axes().equals(b.dimShardings().get(i).axes())) return false;
        }
        return true;
    }

    private static boolean replicated(TensorShardingAttr s) {
        if (s == null) return true;
        if (!s.unreducedAxes().isEmpty()) return false;
        for (DimensionShardingAttr d : s.dimShardings()) if (!d.axes().isEmpty()) return false;
        return true;
    }
}
