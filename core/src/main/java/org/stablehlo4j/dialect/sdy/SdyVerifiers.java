package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DialectAttributeVerifier;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

import static org.stablehlo4j.dialect.sdy.SdyAxes.*;
import static org.stablehlo4j.dialect.sdy.SdyOpVerifiers.*;

/**
 * The sdy dialect's verification rules (shardy/dialect/sdy/ir/verifiers.cc, with the helpers of dialect.cc and
 * utils.cc they use), by concept: this class holds the verification of shardings ({@code TensorShardingAttr},
 * {@code TensorShardingPerValueAttr}), the sharding a value has, unreduced-axes transitions and the dialect's
 * discardable attributes ({@link #ATTRIBUTES}: {@code sdy.sharding}, {@code sdy.sharding_rule} on any op,
 * {@code sdy.sharding} of function arguments and results); {@link SdyAxes} the mesh and axis helpers,
 * {@link SdyOpVerifiers} the ops' own rules and {@link SdyCollectiveVerifiers} the collectives'. The rows of
 * {@link SdyOps} point at them.
 */
final class SdyVerifiers {
    private SdyVerifiers() {}

    static final String SHARDING = "sdy.sharding";
    static final String SHARDING_RULE = "sdy.sharding_rule";

    /** MLIR's {@code emitError(msg)} of a rule: returns the error to throw. */
    @FunctionalInterface
    interface EmitError {
        VerificationError emit(String message);
    }

    static EmitError opError(Operation op) {
        return m -> VerificationError.op(op, m);
    }

    /** {@code getEmitValueInRangeErrorFn}: "- msg" for a single value, "i - msg" otherwise. */
    static EmitError valueInRange(EmitError emitError, int numValues, int index) {
        return m -> numValues == 1 ? emitError.emit("- " + m) : emitError.emit(index + " - " + m);
    }

    // ---- TensorShardingAttr

    /** Manual axis name → the enclosing {@code sdy.manual_computation} that made it manual. */
    static Map<String, Operation> parentManualComputations(Operation op) {
        Map<String, Operation> out = new LinkedHashMap<>();
        for (Operation p = op.parentOp(); p != null; p = p.parentOp()) {
            if (!ManualComputationOp.is(p)) continue;
            for (String axis : manualAxes(p)) out.putIfAbsent(axis, p);
        }
        return out;
    }

    static List<String> manualAxes(Operation op) {
        return op.attr("manual_axes") instanceof ManualAxesAttr m ? m.value() : List.of();
    }

    static VerificationError boundAxisError(EmitError emitError, String axis, Operation parent) {
        return emitError.emit("operates on axis \"" + axis
                        + "\" which is already bound by a parent sdy.manual_computation op")
                .note(parent.location(), "parent bounding this axis as manual");
    }

    /** {@code verifyTensorShardingAttr}. {@code type} may be null (a sharding of no value). */
    static void verifyTensorSharding(TensorShardingAttr sharding, Type type, MeshAttr mesh, EmitError emitError,
                                     boolean checkDivisibility, Map<String, Operation> alreadyManual) {
        if (mesh == null) throw emitError.emit("unknown mesh: @" + sharding.meshName());
        if (isMaximal(mesh) || (type == null && isFullyReplicated(sharding))) {
            if (!sharding.dimShardings().isEmpty() || !sharding.replicatedAxes().isEmpty()
                    || !sharding.unreducedAxes().isEmpty()) {
                throw emitError.emit("a maximal sharding can only have a sharding with rank 0 and no replicated or "
                        + "unreduced axes.");
            }
            return;
        }
        Type t = type;
        if (type instanceof TupleType tuple) {
            if (tuple.types().size() != 1) {
                throw emitError.emit("ops can only have a sharding for a tuple of size 1: "
                        + q(type));
            }
            t = tuple.types().get(0);
        }
        if (!(t instanceof ShapedType shaped)) {
            if (!sharding.dimShardings().isEmpty() || !sharding.replicatedAxes().isEmpty()
                    || !sharding.unreducedAxes().isEmpty()) {
                throw emitError.emit("non-shaped tensors can only have a sharding with rank 0 and no replicated or "
                        + "unreduced axes. type: " + (type == null ? "<<NULL TYPE>>" : q(type))
                        + ", sharding: #sdy.sharding" + sharding.stripped());
            }
            return;
        }
        if (!shaped.hasRank() || !(t instanceof RankedTensorType ranked)) {
            throw emitError.emit("only ranked tensors can have a sharding. type: " + q(type));
        }
        int rank = ranked.rank();
        if (sharding.dimShardings().size() != rank) {
            throw emitError.emit("sharding doesn't match tensor rank: " + sharding.dimShardings().size() + " != "
                    + rank);
        }
        Map<String, Long> sizes = axisNameToSize(mesh);
        Set<AxisRefAttr> seen = new HashSet<>();
        Map<String, List<AxisRefAttr>> subAxes = new LinkedHashMap<>();
        for (int dim = 0; dim < rank; dim++) {
            DimensionShardingAttr d = sharding.dimShardings().get(dim);
            if (d.priority() != null) {
                if (d.priority() < 0) throw emitError.emit("dim " + dim + " has a negative priority");
                if (d.isClosed() && d.axes().isEmpty()) {
                    throw emitError.emit("dim " + dim + " is empty and closed but has a priority");
                }
            }
            verifyAxisRefList(d.axes(), sizes, seen, subAxes, emitError);
            long dimSize = ranked.dim(dim);
            if (dimSize == ShapedType.DYNAMIC) continue;
            if (checkDivisibility) {
                long sharded = shardedSize(d, mesh);
                if (dimSize % sharded != 0) {
                    throw emitError.emit("dim " + dim + " with size " + dimSize
                            + " is not divisible by its sharded size " + sharded);
                }
            }
        }
        verifySortedAxisRefList(sharding.replicatedAxes(), sizes, seen, subAxes, emitError, mesh, "replicated");
        verifySortedAxisRefList(sharding.unreducedAxes(), sizes, seen, subAxes, emitError, mesh, "unreduced");
        for (Map.Entry<String, List<AxisRefAttr>> e : subAxes.entrySet()) {
            List<AxisRefAttr> subs = new ArrayList<>(e.getValue());
            subs.sort(meshComparator(mesh));
            verifySubAxes(subs, e.getKey(), sizes.get(e.getKey()), seen, emitError);
        }
        if (!alreadyManual.isEmpty()) {
            List<AxisRefAttr> all = new ArrayList<>();
            for (DimensionShardingAttr d : sharding.dimShardings()) all.addAll(d.axes());
            all.addAll(sharding.replicatedAxes());
            all.addAll(sharding.unreducedAxes());
            for (AxisRefAttr a : all) {
                Operation parent = alreadyManual.get(a.name());
                if (parent != null) throw boundAxisError(emitError, a.name(), parent);
            }
        }
    }

    /** The overload that looks the mesh up from {@code op} and collects its enclosing manual axes. */
    static void verifyTensorSharding(TensorShardingAttr sharding, Type type, Operation op, EmitError emitError) {
        verifyTensorSharding(sharding, type, meshOf(sharding, op), emitError, false, parentManualComputations(op));
    }

    /** {@code verifyTensorShardingPerValueAttr}. */
    static void verifyShardingPerValue(TensorShardingPerValueAttr perValue, List<Type> types, Operation op,
                                       EmitError emitError) {
        List<TensorShardingAttr> shardings = perValue.shardings();
        if (types.isEmpty() && shardings.size() == 1) {
            TensorShardingAttr first = shardings.get(0);
            MeshAttr mesh = meshOf(first, op);
            if ((mesh != null && isMaximal(mesh)) || isFullyReplicated(first)) {
                verifyTensorSharding(first, null, mesh, valueInRange(emitError, 0, 0), false,
                        parentManualComputations(op));
                return;
            }
        }
        if (shardings.size() != types.size()) {
            throw emitError.emit("shardings don't match number of values: " + shardings.size() + " shardings vs "
                    + types.size() + " values");
        }
        for (int i = 0; i < shardings.size(); i++) {
            verifyTensorSharding(shardings.get(i), types.get(i), op, valueInRange(emitError, types.size(), i));
        }
    }

    static List<Type> types(List<? extends Value> values) {
        List<Type> out = new ArrayList<>(values.size());
        for (Value v : values) out.add(v.type());
        return out;
    }

    // ---- the sharding of a value (utils.cc getSharding)

    /** The sharding the program gives {@code value}, or null. */
    static TensorShardingAttr shardingOf(Value value) {
        if (value instanceof BlockArgument arg) {
            Operation owner = arg.owner().parentOp();
            if (owner == null) return null;
            if (FuncOp.is(owner)) {
                if (owner.attr("arg_attrs") instanceof ArrayAttr all && arg.index() < all.elements().size()
                        && all.elements().get(arg.index()) instanceof DictionaryAttr d
                        && d.get(SHARDING) instanceof TensorShardingAttr s) {
                    return s;
                }
                return null;
            }
            if (ManualComputationOp.is(owner) || NamedComputationOp.is(owner)) {
                // Block-argument edge owners: the in_shardings (local view for manual computations).
                if (owner.attr("in_shardings") instanceof TensorShardingPerValueAttr in
                        && arg.index() < in.shardings().size()) {
                    return in.shardings().get(arg.index());
                }
            }
            return null;
        }
        OpResult r = (OpResult) value;
        Operation op = r.owner();
        if (DataFlowEdgeOp.is(op) || ShardingConstraintOp.is(op) || ReshardOp.is(op)) {
            return op.attr("sharding") instanceof TensorShardingAttr s ? s : null;
        }
        if (ManualComputationOp.is(op) || NamedComputationOp.is(op)) {
            return op.attr("out_shardings") instanceof TensorShardingPerValueAttr out
                    && r.index() < out.shardings().size() ? out.shardings().get(r.index()) : null;
        }
        if (isCollective(op)) {
            return op.attr("out_sharding") instanceof TensorShardingAttr s ? s : null;
        }
        if (op.attr(SHARDING) instanceof TensorShardingPerValueAttr pv && r.index() < pv.shardings().size()) {
            return pv.shardings().get(r.index());
        }
        return null;
    }

    static TensorShardingAttr shardingBypassingBarriers(Value value) {
        while (value.definingOp() != null && PropagationBarrierOp.is(value.definingOp())) {
            value = value.definingOp().operand(0);
        }
        return shardingOf(value);
    }

    // ---- unreduced axes transitions (utils.cc verifyUnreducedAxesTransition)

    /** The parts of {@code a}'s axes not covered by {@code b}'s (whole axis refs; enough to decide overlap). */
    private static List<AxisRefAttr> axisSetDiff(List<AxisRefAttr> a, List<AxisRefAttr> b) {
        List<AxisRefAttr> out = new ArrayList<>();
        for (AxisRefAttr x : a) {
            boolean covered = false;
            for (AxisRefAttr y : b) {
                if (contains(y, x)) covered = true;
            }
            if (!covered) out.add(x);
        }
        return out;
    }


    /** {@code expectedIntroduced}/{@code expectedRemoved}: a reduction op, or -1 when not allowed. */
    static void verifyUnreducedAxesTransition(Operation op, List<TensorShardingAttr> operands,
                                              List<TensorShardingAttr> results, int expectedIntroduced,
                                              int expectedRemoved) {
        List<AxisRefAttr> in = new ArrayList<>();
        for (TensorShardingAttr s : operands) if (s != null) in.addAll(s.unreducedAxes());
        List<AxisRefAttr> out = new ArrayList<>();
        for (TensorShardingAttr s : results) if (s != null) out.addAll(s.unreducedAxes());
        MeshAttr mesh = null;
        List<TensorShardingAttr> all = new ArrayList<>(operands);
        all.addAll(results);
        for (TensorShardingAttr s : all) {
            if (s == null) continue;
            MeshAttr m = meshOf(s, op);
            if (m == null) continue;
            if (mesh == null) mesh = m;
            else if (!mesh.equals(m)) return;
        }
        List<AxisRefAttr> introduced = axisSetDiff(out, in);
        List<AxisRefAttr> removed = axisSetDiff(in, out);
        if (!introduced.isEmpty()) {
            if (expectedIntroduced < 0) {
                throw VerificationError.op(op, "cannot add new unreduced axis '" + introduced.get(0).name() + "'.");
            }
            verifyRedOp(op, results, introduced, expectedIntroduced, "cannot introduce '");
        }
        if (!removed.isEmpty()) {
            if (expectedRemoved < 0) {
                throw VerificationError.op(op, "dropped unreduced axis '" + removed.get(0).name()
                        + "' without a blessed operation (e.g., sdy.reshard). This is an invalid transition from "
                        + "unreduced to reduced.");
            }
            verifyRedOp(op, operands, removed, expectedRemoved, "cannot reduce '");
        }
        for (TensorShardingAttr r : results) {
            if (r == null) continue;
            for (AxisRefAttr ra : r.unreducedAxes()) {
                for (TensorShardingAttr o : operands) {
                    if (o == null) continue;
                    for (AxisRefAttr oa : o.unreducedAxes()) {
                        if (overlaps(oa, ra) && o.reductionOp() != r.reductionOp()) {
                            throw VerificationError.op(op, "cannot change the reduction operator of kept unreduced "
                                    + "axes from " + reductionName(o.reductionOp()) + " to "
                                    + reductionName(r.reductionOp()) + ".");
                        }
                    }
                }
            }
        }
    }

    private static void verifyRedOp(Operation op, List<TensorShardingAttr> shardings, List<AxisRefAttr> diff,
                                    int expected, String prefix) {
        for (TensorShardingAttr s : shardings) {
            if (s == null) continue;
            boolean hasDiff = false;
            for (AxisRefAttr a : s.unreducedAxes()) for (AxisRefAttr d : diff) hasDiff |= overlaps(a, d);
            if (hasDiff && s.reductionOp() != expected) {
                throw VerificationError.op(op, prefix + reductionName(s.reductionOp())
                        + "' unreduced axes. Expected '" + reductionName(expected) + "'.");
            }
        }
    }

    // ---- the dialect's discardable attributes

    /** {@code SdyDialect::verifyOperationAttribute} / {@code verifyRegionArgAttribute} / {@code ...Result...}. */
    static final DialectAttributeVerifier ATTRIBUTES = new DialectAttributeVerifier() {
        @Override
        public void verifyOperationAttribute(Operation op, NamedAttribute attr) {
            // A portable artifact's VHLO ops carry sdy attributes through (de)serialization; their types are
            // versioned, so the rules apply once the ops are StableHLO again.
            if (op.dialect().equals("vhlo")) return;
            if (attr.name().equals(SHARDING)) {
                if (!(attr.value() instanceof TensorShardingPerValueAttr pv)) {
                    throw VerificationError.op(op, "should have a sharding attribute of type "
                            + "TensorShardingPerValueAttr");
                }
                verifyShardingPerValue(pv, types(op.results()), op, m -> VerificationError.op(op, "result " + m));
            } else if (attr.name().equals(SHARDING_RULE)) {
                if (!(attr.value() instanceof OpShardingRuleAttr rule)) {
                    throw VerificationError.op(op, "should have a sharding rule attribute of type OpShardingRuleAttr "
                            + "for attr named '" + SHARDING_RULE + "'");
                }
                verifyShardingRule(rule, op);
            } else {
                SdyPropagationEdges.verifyOperationAttribute(op, attr);
            }
        }

        @Override
        public void verifyRegionArgAttribute(Operation op, int regionIndex, int argIndex, NamedAttribute attr) {
            funcAttribute(op, attr, argIndex, true);
        }

        @Override
        public void verifyRegionResultAttribute(Operation op, int regionIndex, int resultIndex, NamedAttribute attr) {
            funcAttribute(op, attr, resultIndex, false);
        }
    };

    /** {@code verifyFuncAttribute}: the {@code sdy.sharding} of a function argument or result. */
    static void funcAttribute(Operation func, NamedAttribute attr, int index, boolean arg) {
        if (!FuncOp.is(func) || !attr.name().equals(SHARDING)) return;
        EmitError emitError = m -> VerificationError.op(func, (arg ? "arg" : "result") + " " + index + " - " + m);
        if (!(attr.value() instanceof TensorShardingAttr sharding)) {
            throw emitError.emit("should have a sharding attribute of type TensorShardingAttr");
        }
        Type type = null;
        if (func.attr("function_type") instanceof org.stablehlo4j.ir.TypeAttr ta
                && ta.value() instanceof org.stablehlo4j.ir.FunctionType ft) {
            List<Type> list = arg ? ft.inputs() : ft.results();
            if (index < list.size()) type = list.get(index);
        }
        verifyTensorSharding(sharding, type, func, emitError);
    }

    /**
     * Whether {@code op} is one of the collectives (ops of Sdy_CollectiveOpInterface).
     *
     * @param op an op
     * @return whether it is a collective
     */
    static boolean isCollective(Operation op) {
        return AllGatherOp.is(op) || AllSliceOp.is(op) || AllToAllOp.is(op) || CollectivePermuteOp.is(op)
                || AllReduceOp.is(op) || ReduceScatterOp.is(op) || ShardedToUnreducedOp.is(op)
                || ReplicatedToUnreducedOp.is(op);
    }
}
