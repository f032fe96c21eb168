package org.stablehlo4j.dialect.sdy;

import static org.stablehlo4j.dialect.sdy.SdyAxes.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The sdy ops' canonicalization patterns (shardy/dialect/sdy/ir/canonicalization.cc and canonicalization.td),
 * attached to their rows in {@link SdyOps} and applied by the generic {@code canonicalize} pass. Declarative
 * (DRR) patterns get the benefit DRR gives them: the number of ops they match.
 */
final class SdyCanonicalization {
    private SdyCanonicalization() {}

    // ---- sdy.manual_computation

    /** {@code ManualComputationUnusedInputsPattern}: drops unused block arguments and their operands. */
    static final RewritePattern MANUAL_COMPUTATION_UNUSED_INPUTS = RewritePattern.of(ManualComputationOp.NAME, 1,
            SdyCanonicalization::manualComputationUnusedInputs);

    /** {@code RedundantManualComputationPattern}: erases an empty one, inlines one whose manual axes have size 1. */
    static final RewritePattern REDUNDANT_MANUAL_COMPUTATION = RewritePattern.of(ManualComputationOp.NAME, 1,
            SdyCanonicalization::redundantManualComputation);

    private static boolean manualComputationUnusedInputs(Operation op, PatternRewriter rewriter) {
        Block body = op.region(0).entry();
        if (body == null || !(op.attr("in_shardings") instanceof TensorShardingPerValueAttr in)) return false;
        List<Integer> kept = new ArrayList<>();
        for (BlockArgument arg : body.arguments()) if (arg.hasUses()) kept.add(arg.index());
        if (kept.size() == body.numArguments()) return false;
        List<Value> operands = new ArrayList<>();
        List<TensorShardingAttr> shardings = new ArrayList<>();
        for (int i : kept) {
            operands.add(op.operand(i));
            if (i < in.shardings().size()) shardings.add(in.shardings().get(i));
        }
        List<Type> resultTypes = new ArrayList<>();
        for (OpResult r : op.results()) resultTypes.add(r.type());
        DictionaryAttr properties = op.properties();
        DictionaryAttr attributes = op.attributes();
        TensorShardingPerValueAttr newIn = new TensorShardingPerValueAttr(shardings);
        if (properties.get("in_shardings") != null) properties = properties.with("in_shardings", newIn);
        else attributes = attributes.with("in_shardings", newIn);
        rewriter.setInsertionPoint(op);
        Operation replacement = rewriter.create(op.location(), op.opName(), operands, resultTypes, properties,
                attributes, 1, List.of());
        Block newBody = new Block();
        for (int i : kept) {
            BlockArgument old = body.argument(i);
            old.replaceAllUsesWith(newBody.addArgument(old.type(), old.location()));
        }
        replacement.region(0).append(newBody);
        for (Operation inner : body.operations()) {
            body.remove(inner);
            newBody.append(inner);
        }
        rewriter.replaceOp(op, replacement.results());
        return true;
    }

    private static boolean redundantManualComputation(Operation op, PatternRewriter rewriter) {
        Block body = op.region(0).entry();
        if (body == null) return false;
        List<TensorShardingAttr> in = op.attr("in_shardings") instanceof TensorShardingPerValueAttr a ? a.shardings()
                : List.of();
        List<TensorShardingAttr> out = op.attr("out_shardings") instanceof TensorShardingPerValueAttr a ? a.shardings()
                : List.of();
        if (in.isEmpty() && out.isEmpty() && body.first() != null && ReturnOp.is(body.first())) {
            rewriter.eraseOp(op);
            return true;
        }
        long product = 1;
        if (!in.isEmpty() || !out.isEmpty()) {
            List<TensorShardingAttr> all = new ArrayList<>(in);
            all.addAll(out);
            MeshAttr mesh = SdyOpVerifiers.commonMesh(all, op);
            if (mesh == null) return false;
            for (String axis : SdyVerifiers.manualAxes(op)) {
                MeshAxisAttr a = mesh.axis(axis);
                product *= a == null ? 1 : a.size();
            }
        }
        if (product != 1) return rewriter.notifyMatchFailure(op, "product of manual axis sizes is not 1");
        Operation terminator = body.terminator();
        if (terminator == null || body.numArguments() != op.numOperands()) return false;
        for (int i = 0; i < body.numArguments(); i++) body.argument(i).replaceAllUsesWith(op.operand(i));
        for (Operation inner : body.operations()) {
            if (inner == terminator) continue;
            body.remove(inner);
            op.parent().insertBefore(op, inner);
        }
        rewriter.replaceOp(op, new ArrayList<>(terminator.operands()));
        return true;
    }

    // ---- sdy.reshard

    /** {@code ReshardOfReshardPattern}: {@code reshard(reshard(x, a), b)} with one use of the inner → {@code reshard(x, b)}. */
    static final RewritePattern RESHARD_OF_RESHARD = RewritePattern.of(ReshardOp.NAME, 2, (op, rewriter) -> {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !ReshardOp.is(inner) || !inner.result(0).hasOneUse()) return false;
        rewriter.modifyOpInPlace(op, () -> op.setOperand(0, inner.operand(0)));
        return true;
    });

    /** {@code ReshardCommonSubexpressionEliminationPattern}. */
    static final RewritePattern RESHARD_CSE = RewritePattern.of(ReshardOp.NAME, 1, SdyCanonicalization::reshardCse);

    private static boolean isMetadataOp(Operation op) {
        return ReshapeOp.is(op) || TransposeOp.is(op);
    }

    private static Value unwrapMetadataOps(Value v) {
        for (Operation op = v.definingOp(); op != null && isMetadataOp(op); op = v.definingOp()) v = op.operand(0);
        return v;
    }

    private static int rank(Value v) {
        return v.type() instanceof RankedTensorType t ? t.rank() : -1;
    }

    /** {@code getTargetSharding}: the sharding moved back through transposes (and rank-preserving reshapes). */
    private static TensorShardingAttr targetSharding(TensorShardingAttr sharding, Value v) {
        for (Operation op = v.definingOp(); op != null; op = v.definingOp()) {
            if (TransposeOp.is(op) && op.attr("permutation") instanceof DenseArrayAttr perm
                    && perm.size() == sharding.dimShardings().size()) {
                List<DimensionShardingAttr> dims = new ArrayList<>(Collections.nCopies(perm.size(), null));
                for (int resDim = 0; resDim < perm.size(); resDim++) {
                    dims.set((int) perm.getLong(resDim), sharding.dimShardings().get(resDim));
                }
                sharding = new TensorShardingAttr(sharding.meshOrRef(), dims, sharding.replicatedAxes(),
                        sharding.unreducedAxes(), sharding.reductionOp());
                v = op.operand(0);
            } else if (ReshapeOp.is(op) && rank(op.operand(0)) == rank(op.result(0))) {
                v = op.operand(0);
            } else {
                break;
            }
        }
        return sharding;
    }

    /** {@code findCompatibleReshard}: an earlier reshard in {@code block} reachable from {@code root} through reshapes. */
    private static Value findCompatibleReshard(Value root, TensorShardingAttr target, Type targetType, Block block,
                                               Operation current) {
        Deque<Value> worklist = new ArrayDeque<>(List.of(root));
        Set<Value> visited = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!worklist.isEmpty()) {
            Value v = worklist.pop();
            if (!visited.add(v)) continue;
            for (Operation user : v.users()) {
                if (user == current) continue;
                if (ReshardOp.is(user)) {
                    if (user.attr("sharding") instanceof TensorShardingAttr s
                            && SdyReshapes.equivalentAcrossReshapes(s, user.result(0).type(), target, targetType, current)
                            && user.parent() == block && user.isBeforeInBlock(current)) {
                        return user.result(0);
                    }
                } else if (ReshapeOp.is(user)) {
                    worklist.push(user.result(0));
                }
            }
        }
        return null;
    }

    private static Value cloneTransformationPath(Value root, Value target, Value cached, PatternRewriter rewriter) {
        if (target == root) return cached;
        Operation op = target.definingOp();
        Value input = cloneTransformationPath(root, op.operand(0), cached, rewriter);
        setInsertionPointAfterValue(rewriter, input);
        Operation cloned = rewriter.clone(op);
        cloned.setOperand(0, input);
        return cloned.result(0);
    }

    private static void setInsertionPointAfterValue(PatternRewriter rewriter, Value v) {
        if (v instanceof OpResult r) rewriter.setInsertionPointAfter(r.owner());
        else rewriter.setInsertionPointToStart(((BlockArgument) v).owner());
    }

    private static boolean reshardCse(Operation op, PatternRewriter rewriter) {
        if (!(op.attr("sharding") instanceof TensorShardingAttr sharding)) return false;
        Value input = op.operand(0);
        Value root = unwrapMetadataOps(input);
        TensorShardingAttr target = targetSharding(sharding, input);
        Value cached = findCompatibleReshard(root, target, op.result(0).type(), op.parent(), op);
        if (cached == null) return false;
        if (!cached.type().equals(root.type())) {
            setInsertionPointAfterValue(rewriter, cached);
            cached = ReshapeOp.create(rewriter, op.location(), root.type(), cached).result();
        }
        rewriter.replaceOp(op, List.of(cloneTransformationPath(root, input, cached, rewriter)));
        return true;
    }
}
