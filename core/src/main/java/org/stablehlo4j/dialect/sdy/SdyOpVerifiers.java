package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;
import static org.stablehlo4j.dialect.sdy.SdyVerifiers.*;
import static org.stablehlo4j.dialect.sdy.SdyAxes.*;

/**
 * The sdy ops' own verifiers and symbol-use rules (shardy/dialect/sdy/ir/verifiers.cc): mesh, propagation barrier,
 * sharding constraint/reshard, data-flow edges, manual and named computations, and {@code verifyOpShardingRuleAttr}
 * for {@code sdy.sharding_rule}.
 */
final class SdyOpVerifiers {
    private SdyOpVerifiers() {}

    // ---- op verifiers

    /** {@code MeshOp::verify}: the mesh is a symbol of its symbol table. */
    static void meshOp(Operation op) {
        if (!(op.attr("sym_name") instanceof StringAttr name)) return;
        Operation m = op.parentOp();
        if (m == null) return;
        for (var r : m.regions()) {
            for (var b : r.blocks()) {
                for (Operation o : b.operations()) {
                    if (o.attr("sym_name") instanceof StringAttr s && s.value().equals(name.value())) return;
                }
            }
        }
        throw VerificationError.at(op.location(), "Mesh not in symbol table: @" + name.value());
    }

    /** {@code PropagationBarrierOp::verify}. */
    static void propagationBarrier(Operation op) {
        if (op.attr("allowed_direction") instanceof IntegerAttr i && i.value().intValue() == 3) {
            throw VerificationError.op(op, "cannot specify `BOTH` as the direction. Not blocking propagation "
                    + "direction makes the op redundant.");
        }
    }

    /** {@code ShardingConstraintOp::verifySymbolUses} and {@code ReshardOp::verifySymbolUses}. */
    static void shardingOnResultUses(Operation op) {
        if (!(op.attr("sharding") instanceof TensorShardingAttr sharding)) return;
        verifyTensorSharding(sharding, op.result(0).type(), op, opError(op));
        TensorShardingAttr source = shardingBypassingBarriers(op.operand(0));
        if (source == null) return;
        verifyUnreducedAxesTransition(op, List.of(source), List.of(sharding), 0, source.reductionOp());
    }

    /** A data-flow edge's checks that its result is static-shaped and its operand has no other user. */
    private static Value staticResultOfSingleUse(Operation op, String opName, String operandWord) {
        Type t = op.result(0).type();
        if (!(t instanceof RankedTensorType rt && rt.hasStaticShape())) {
            throw VerificationError.op(op, "expected " + opName + " to have a static-shaped result. type: " + q(t));
        }
        Value operand = op.operand(0);
        if (!operand.hasOneUse()) {
            throw VerificationError.op(op, "expected " + operandWord + " of " + opName + " to have a single user");
        }
        return operand;
    }

    /** {@code DataFlowEdgeOp::verifySymbolUses}. */
    static void dataFlowEdgeUses(Operation op) {
        Value input = staticResultOfSingleUse(op, DataFlowEdgeOp.NAME, "input");
        Operation dep = input.definingOp();
        if (dep != null && dep.dialect().equals(SdyOps.DIALECT) && !NamedComputationOp.is(dep)
                && !ManualComputationOp.is(dep)) {
            throw VerificationError.op(op, "expected input of sdy.data_flow_edge to not be defined by an SdyDialect "
                    + "op (other than an sdy.named_computation).")
                    .note(dep.location(), "sdy op defining the input of the sdy.data_flow_edge");
        }
        if (op.attr("sharding") instanceof TensorShardingAttr s) {
            verifyTensorSharding(s, op.result(0).type(), op, opError(op));
        }
    }

    /** {@code FuncDataFlowEdgeOp::verifySymbolUses}. */
    static void funcDataFlowEdgeUses(Operation op) {
        Value operand = staticResultOfSingleUse(op, FuncDataFlowEdgeOp.NAME, "operand");
        if (operand instanceof BlockArgument arg) {
            Operation owner = arg.owner().parentOp();
            if (owner == null || !FuncOp.is(owner)) {
                throw VerificationError.op(op, "expected operand of sdy.func_data_flow_edge to be a block argument "
                        + "of a func op.");
            }
        } else if (!CallOp.is(operand.definingOp())) {
            throw VerificationError.op(op, "expected operand of sdy.func_data_flow_edge to be a result of call op.");
        }
    }

    /** {@code ManualComputationOp::verify}: no manual axis is already manual in an enclosing one. */
    static void manualComputation(Operation op) {
        Map<String, Operation> already = parentManualComputations(op);
        for (String axis : manualAxes(op)) {
            Operation parent = already.get(axis);
            if (parent != null) throw boundAxisError(opError(op), axis, parent);
        }
    }

    /** {@code ManualComputationOp::verifySymbolUses}. */
    static void manualComputationUses(Operation op) {
        TensorShardingPerValueAttr in = op.attr("in_shardings") instanceof TensorShardingPerValueAttr a ? a
                : new TensorShardingPerValueAttr(List.of());
        TensorShardingPerValueAttr out = op.attr("out_shardings") instanceof TensorShardingPerValueAttr a ? a
                : new TensorShardingPerValueAttr(List.of());
        Set<String> manual = new HashSet<>(manualAxes(op));
        var body = op.region(0).blocks().isEmpty() ? null : op.region(0).blocks().get(0);
        List<Type> local = body == null ? List.of() : types(body.arguments());
        List<Type> localResults = body == null || body.terminator() == null ? List.of()
                : types(body.terminator().operands());
        manualComputationValue(op, types(op.operands()), local, in, manual, "operand");
        manualComputationValue(op, types(op.results()), localResults, out, manual, "result");
        if (in.shardings().isEmpty() && out.shardings().isEmpty()) return;
        List<TensorShardingAttr> all = new ArrayList<>(in.shardings());
        all.addAll(out.shardings());
        MeshAttr mesh = commonMesh(all, op);
        if (mesh == null && !manualAxes(op).isEmpty()) {
            throw VerificationError.op(op, "all in and out shardings must be bound to the same mesh or an empty "
                    + "mesh.");
        }
        for (String axis : manualAxes(op)) {
            if (mesh != null && !hasAxis(mesh, axis)) throw VerificationError.op(op, "unknown manual axis: \"" + axis + "\"");
        }
    }

    /** {@code getCommonMesh}: the mesh all shardings use (empty meshes ignored), or null. */
    static MeshAttr commonMesh(List<TensorShardingAttr> shardings, Operation op) {
        MeshAttr mesh = null;
        for (TensorShardingAttr s : shardings) {
            MeshAttr m = meshOf(s, op);
            if (m == null) return null;
            if (m.axes().isEmpty() && m.deviceIds().isEmpty()) continue;
            if (mesh == null) mesh = m;
            else if (!mesh.equals(m)) return null;
        }
        return mesh;
    }

    private static void manualComputationValue(Operation op, List<Type> global, List<Type> local,
                                               TensorShardingPerValueAttr perValue, Set<String> manual,
                                               String kind) {
        if (global.isEmpty() && local.isEmpty() && perValue.shardings().isEmpty()) return;
        verifyShardingPerValue(perValue, global, op, m -> VerificationError.op(op, kind + " " + m));
        if (global.size() != local.size()) {
            throw VerificationError.op(op, "number of op " + kind + "s and region " + kind + "s must match. Op has "
                    + global.size() + " op " + kind + "s and " + local.size() + " region " + kind + "s");
        }
        for (int i = 0; i < global.size(); i++) {
            TensorShardingAttr sharding = perValue.shardings().get(i);
            List<DimensionShardingAttr> dims = sharding.dimShardings();
            for (int dim = 0; dim < dims.size(); dim++) {
                List<AxisRefAttr> axes = dims.get(dim).axes();
                int firstFree = -1;
                for (int k = 0; k < axes.size(); k++) {
                    boolean isManual = manual.contains(axes.get(k).name());
                    if (!isManual && firstFree < 0) firstFree = k;
                    if (isManual && firstFree >= 0) {
                        throw VerificationError.op(op, kind + " sharding at index " + i
                                + " must have all manual axes come before free axes in its dimension sharding at "
                                + "index " + dim + ". Saw manual axis " + str(axes.get(k)) + " after free axis "
                                + str(axes.get(k - 1)));
                    }
                }
            }
            if (!(global.get(i) instanceof RankedTensorType g)) continue;
            MeshAttr mesh = meshOf(sharding, op);
            long[] shape = g.shape();
            for (int d = 0; d < shape.length; d++) {
                if (shape[d] == ShapedType.DYNAMIC) continue;
                long factor = 1;
                for (AxisRefAttr a : dims.get(d).axes()) if (manual.contains(a.name())) factor *= size(a, mesh);
                if (shape[d] % factor != 0) {
                    throw VerificationError.op(op, kind + " dimension size " + shape[d]
                            + " is not divisible by the manual axes size " + factor);
                }
                shape[d] /= factor;
            }
            RankedTensorType expected = new RankedTensorType(shape, g.elementType());
            Type actual = local.get(i);
            if (!expected.equals(actual)) {
                throw VerificationError.op(op, kind + " shape, corresponding sharding, and region " + kind
                        + " shape at index " + i + " must match. Expected local shape "
                        + q(expected) + ", actual local shape " + q(actual));
            }
        }
    }

    /** {@code NamedComputationOp::verifySymbolUses}. */
    static void namedComputationUses(Operation op) {
        var body = op.region(0).blocks().isEmpty() ? null : op.region(0).blocks().get(0);
        int numArgs = body == null ? 0 : body.numArguments();
        if (numArgs != op.numOperands()) {
            throw VerificationError.at(op.location(), "number of block arguments must match the number of operands: "
                    + numArgs + " != " + op.numOperands());
        }
        for (int i = 0; i < numArgs; i++) {
            Type inner = body.argument(i).type();
            Type outer = op.operand(i).type();
            if (!inner.equals(outer)) {
                throw VerificationError.at(op.location(), "expected the type of the " + i
                        + "'th block argument to match the type of the corresponding operand: "
                        + q(inner) + " vs " + q(outer));
            }
        }
        if (op.attr("in_shardings") instanceof TensorShardingPerValueAttr in) {
            verifyShardingPerValue(in, types(op.operands()), op, m -> VerificationError.op(op, "in_shardings " + m));
        }
        if (op.attr("out_shardings") instanceof TensorShardingPerValueAttr out) {
            verifyShardingPerValue(out, types(op.results()), op, m -> VerificationError.op(op, "out_shardings " + m));
        }
    }

    /** {@code NamedComputationOp::inferReturnTypes}: the types the body returns. */
    static List<Type> namedComputationTypes(Operation op) {
        if (op.numRegions() == 0 || op.region(0).blocks().isEmpty()) return null;
        Operation term = op.region(0).blocks().get(0).terminator();
        return term == null ? null : types(term.operands());
    }

    // ---- op sharding rules

    private static void shardingRuleMapping(Operation op, List<Type> types, List<TensorMappingAttr> mappings,
                                            List<Long> factorSizes, BitSet seen, String kind) {
        if (types.size() != mappings.size()) {
            throw VerificationError.op(op, "number of " + kind + "s and mappings must match: " + types.size()
                    + " != " + mappings.size());
        }
        if (mappings.isEmpty()) {
            throw VerificationError.op(op, "number of " + kind + "s mappings cannot be 0. Op sharding rules can only "
                    + "be defined on operations with at least one operand and result.");
        }
        for (int i = 0; i < types.size(); i++) {
            BitSet valueSeen = new BitSet();
            EmitError err = valueInRange(m -> VerificationError.op(op, kind + " " + m), types.size(), i);
            Type type = types.get(i);
            if (!(type instanceof RankedTensorType rt && rt.hasStaticShape())) {
                throw err.emit("expected a ranked tensor with a static shape. type: " + q(type));
            }
            TensorMappingAttr mapping = mappings.get(i);
            if (mapping.dimMappings().size() != rt.rank()) {
                throw err.emit("mapping rank must match: " + mapping.dimMappings().size() + " != " + rt.rank());
            }
            for (DimMappingAttr dm : mapping.dimMappings()) {
                List<Long> idx = dm.factorIndices();
                if (idx.isEmpty()) throw err.emit("dim mapping must have at least one factor");
                for (long f : idx) {
                    if (f < 0 || f >= factorSizes.size()) {
                        throw err.emit("expecting factor indices to be within 0<=...<num_factors; received: " + f
                                + ", num_factors: " + factorSizes.size());
                    }
                    if (valueSeen.get((int) f)) throw err.emit("cannot reuse factors for the same tensor value");
                    if (factorSizes.get((int) f) == 1 && idx.size() > 1) {
                        throw err.emit("dim mapping can't have a factor of size 1 if there are multiple factors");
                    }
                    valueSeen.set((int) f);
                    seen.set((int) f);
                }
            }
        }
    }

    private static void sortedUniqueInBound(Operation op, int numFactors, List<Long> indices) {
        if (indices.isEmpty()) return;
        for (int i = 1; i < indices.size(); i++) {
            if (indices.get(i) < indices.get(i - 1)) {
                throw VerificationError.op(op, "indices of special factors must be sorted");
            }
        }
        for (int i = 1; i < indices.size(); i++) {
            if (indices.get(i).equals(indices.get(i - 1))) {
                throw VerificationError.op(op, "indices of special factors must be unique");
            }
        }
        if (indices.get(0) < 0) throw VerificationError.op(op, "index must be non-negative");
        long last = indices.get(indices.size() - 1);
        if (last >= numFactors) {
            throw VerificationError.op(op, "index must be less than " + numFactors + ", got: " + last);
        }
    }

    /** {@code verifyOpShardingRuleAttr}. */
    static void verifyShardingRule(OpShardingRuleAttr rule, Operation op) {
        List<Long> sizes = rule.factorSizes();
        int n = sizes.size();
        BitSet inOperands = new BitSet();
        shardingRuleMapping(op, types(op.operands()), rule.operandMappings(), sizes, inOperands, "operand");
        BitSet inResults = new BitSet();
        shardingRuleMapping(op, types(op.results()), rule.resultMappings(), sizes, inResults, "result");
        BitSet inTensors = (BitSet) inOperands.clone();
        inTensors.or(inResults);
        int unset = inTensors.nextClearBit(0);
        if (unset < n) {
            throw VerificationError.op(op, "has factor " + SdyAttrs.factorSymbol(unset) + "=" + sizes.get(unset)
                    + " that isn't used in operand and result mappings");
        }
        // Reduction, need-replication and permutation factors are disjoint; blocked propagation may overlap them.
        Set<Long> special = new HashSet<>();
        int specialCount = 0;
        for (FactorType type : List.of(FactorType.REDUCTION, FactorType.NEED_REPLICATION, FactorType.PERMUTATION)) {
            sortedUniqueInBound(op, n, rule.factors(type));
            special.addAll(rule.factors(type));
            specialCount += rule.factors(type).size();
        }
        if (special.size() != specialCount) {
            throw VerificationError.op(op, "a factor can only be in one of the reduction, need replication, or "
                    + "permutation factor sets");
        }
        sortedUniqueInBound(op, n, rule.factors(FactorType.BLOCKED_PROPAGATION));
        for (long f : rule.factors(FactorType.REDUCTION)) {
            if (inResults.get((int) f)) throw VerificationError.op(op, "reduction factor cannot be in result mappings");
        }
    }

}
