package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DialectAttributeVerifier;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * The sdy dialect's verification rules (shardy/dialect/sdy/ir/verifiers.cc, with the helpers of dialect.cc and
 * utils.cc they use), referenced from the rows of {@link SdyOps}: ops' own verifiers ({@code hasVerifier}),
 * symbol-use rules ({@code SymbolUserOpInterface::verifySymbolUses}), the collective interface's verifier, the
 * attribute verifiers of {@code MeshAttr}/{@code MeshAxisAttr} (run when a mesh is parsed) and the dialect's
 * verification of its discardable attributes ({@link #ATTRIBUTES}: {@code sdy.sharding},
 * {@code sdy.sharding_rule} on any op, {@code sdy.sharding} of function arguments and results).
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

    // ---- attribute verifiers (run by the parser, like MLIR's getChecked)

    /** {@code MeshAxisAttr::verify}: the message, or null when valid. */
    static String meshAxis(long size) {
        return size <= 0 ? "axis size must be at least 1, got: " + size : null;
    }

    /** {@code MeshAttr::verify}: the message, or null when valid. */
    static String mesh(List<MeshAxisAttr> axes, List<Long> deviceIds) {
        for (long id : deviceIds) {
            if (id < 0) return "device id must be non-negative, got: " + id;
        }
        if (axes.isEmpty()) {
            return deviceIds.size() > 1 ? "axes is empty and device_ids has more than one element" : null;
        }
        Set<String> seen = new HashSet<>();
        for (MeshAxisAttr a : axes) {
            if (!seen.add(a.name())) return "duplicate axis name: \"" + a.name() + "\"";
        }
        if (deviceIds.isEmpty()) return null;
        long product = 1;
        for (MeshAxisAttr a : axes) product *= a.size();
        if (product != deviceIds.size()) {
            return "total product of axis sizes must match total number of device ids, got: " + product + " != "
                    + deviceIds.size();
        }
        List<Long> sorted = new ArrayList<>(deviceIds);
        sorted.sort(null);
        for (int i = 0; i < sorted.size(); i++) {
            if (sorted.get(i) != i) {
                StringBuilder sb = new StringBuilder("sorted device ids must be iota(product(axes)), got: ");
                for (int j = 0; j < sorted.size(); j++) sb.append(j == 0 ? "" : ", ").append(sorted.get(j));
                return sb.toString();
            }
        }
        if (sorted.equals(deviceIds)) {
            return "if the ordered device ids are the same as iota(product(axes)), no need to specify them for "
                    + "simplicity";
        }
        return null;
    }

    // ---- mesh and axis helpers (dialect.cc)

    static boolean isMaximal(MeshAttr mesh) {
        return mesh.axes().isEmpty() && mesh.deviceIds().size() == 1;
    }

    static Map<String, Long> axisNameToSize(MeshAttr mesh) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (MeshAxisAttr a : mesh.axes()) out.put(a.name(), a.size());
        return out;
    }

    static boolean hasAxis(MeshAttr mesh, String name) {
        return mesh.axis(name) != null;
    }

    static long preSize(AxisRefAttr a) {
        return a.subAxisInfo() == null ? 1 : a.subAxisInfo().preSize();
    }

    static long nextPreSize(SubAxisInfoAttr s) {
        return s.preSize() * s.size();
    }

    static long size(AxisRefAttr a, MeshAttr mesh) {
        if (a.subAxisInfo() != null) return a.subAxisInfo().size();
        MeshAxisAttr axis = mesh.axis(a.name());
        return axis == null ? 1 : axis.size();
    }

    /** A type as MLIR streams it into a diagnostic: quoted. */
    static String q(Type t) {
        return "'" + AsmPrinter.printType(t) + "'";
    }

    static String str(AxisRefAttr a) {
        return a.stripped();
    }

    /** {@code AxisRefAttr::operator<}. */
    static int compare(AxisRefAttr l, AxisRefAttr r) {
        int c = l.name().compareTo(r.name());
        if (c != 0) return c;
        if (l.equals(r)) return 0;
        return less(l, r) ? -1 : less(r, l) ? 1 : 0;
    }

    private static boolean less(AxisRefAttr l, AxisRefAttr r) {
        if (l.subAxisInfo() == null) return preSize(r) > 1;
        if (r.subAxisInfo() == null) return preSize(l) == 1;
        SubAxisInfoAttr a = l.subAxisInfo();
        SubAxisInfoAttr b = r.subAxisInfo();
        return a.preSize() != b.preSize() ? a.preSize() < b.preSize() : a.size() < b.size();
    }

    /** {@code AxisRefAttr::getMeshComparator}: mesh axis order, then {@link #compare}. */
    static Comparator<AxisRefAttr> meshComparator(MeshAttr mesh) {
        List<String> order = new ArrayList<>();
        for (MeshAxisAttr a : mesh.axes()) order.add(a.name());
        return (l, r) -> {
            if (l.name().equals(r.name())) return compare(l, r);
            return Integer.compare(order.indexOf(l.name()), order.indexOf(r.name()));
        };
    }

    static boolean canMerge(AxisRefAttr prev, AxisRefAttr next) {
        if (prev.subAxisInfo() == null || next.subAxisInfo() == null || !prev.name().equals(next.name())) return false;
        return nextPreSize(prev.subAxisInfo()) == next.subAxisInfo().preSize();
    }

    static boolean overlaps(AxisRefAttr a, AxisRefAttr b) {
        if (!a.name().equals(b.name())) return false;
        SubAxisInfoAttr x = a.subAxisInfo();
        SubAxisInfoAttr y = b.subAxisInfo();
        if (x == null || y == null) return true;
        return x.preSize() < nextPreSize(y) && y.preSize() < nextPreSize(x);
    }

    static long shardedSize(DimensionShardingAttr d, MeshAttr mesh) {
        long n = 1;
        for (AxisRefAttr a : d.axes()) n *= size(a, mesh);
        return n;
    }

    static boolean isFullyReplicated(TensorShardingAttr s) {
        for (DimensionShardingAttr d : s.dimShardings()) if (!d.axes().isEmpty()) return false;
        return s.replicatedAxes().isEmpty() && s.unreducedAxes().isEmpty();
    }

    static String reductionName(int op) {
        return switch (op) {
            case 1 -> "max";
            case 2 -> "min";
            default -> "sum";
        };
    }

    /** The module that (transitively) holds {@code op}, or null. */
    static Operation module(Operation op) {
        Operation p = op.parentOp();
        while (p != null && !p.name().equals("builtin.module")) p = p.parentOp();
        return p;
    }

    /** The mesh {@code sdy.mesh @name} of the module holding {@code op}, or null. */
    static MeshAttr lookupMesh(Operation op, String name) {
        Operation m = module(op);
        if (m == null) return null;
        for (var r : m.regions()) {
            for (var b : r.blocks()) {
                for (Operation o : b.operations()) {
                    if (o.name().equals("sdy.mesh") && o.attr("sym_name") instanceof StringAttr s
                            && s.value().equals(name)) {
                        return o.attr("mesh") instanceof MeshAttr mesh ? mesh : null;
                    }
                }
            }
        }
        return null;
    }

    /** {@code getMeshSafe}: the inline mesh, or the module's mesh of that name. */
    static MeshAttr meshOf(TensorShardingAttr s, Operation op) {
        if (s.meshOrRef() instanceof MeshAttr m) return m;
        return s.meshName() == null ? null : lookupMesh(op, s.meshName());
    }

    // ---- TensorShardingAttr

    private static void verifyAxisRefList(List<AxisRefAttr> axisRefs, Map<String, Long> axisNameToSize,
                                          Set<AxisRefAttr> seen, Map<String, List<AxisRefAttr>> subAxes,
                                          EmitError emitError) {
        AxisRefAttr prevSub = null;
        for (AxisRefAttr ref : axisRefs) {
            if (!axisNameToSize.containsKey(ref.name())) {
                throw emitError.emit("unknown axis name: \"" + ref.name() + "\"");
            }
            if (!seen.add(ref)) throw emitError.emit("duplicate axis ref: " + str(ref));
            if (ref.subAxisInfo() == null) {
                prevSub = ref;
                continue;
            }
            subAxes.computeIfAbsent(ref.name(), k -> new ArrayList<>()).add(ref);
            if (prevSub != null && canMerge(prevSub, ref)) {
                throw emitError.emit("two consecutive sub-axes can be merged: " + str(prevSub) + ", " + str(ref));
            }
            prevSub = ref;
        }
    }

    private static void verifySortedAxisRefList(List<AxisRefAttr> axisRefs, Map<String, Long> axisNameToSize,
                                                Set<AxisRefAttr> seen, Map<String, List<AxisRefAttr>> subAxes,
                                                EmitError emitError, MeshAttr mesh, String what) {
        Comparator<AxisRefAttr> cmp = meshComparator(mesh);
        for (int i = 1; i < axisRefs.size(); i++) {
            if (axisNameToSize.containsKey(axisRefs.get(i).name())
                    && axisNameToSize.containsKey(axisRefs.get(i - 1).name())
                    && cmp.compare(axisRefs.get(i), axisRefs.get(i - 1)) < 0) {
                throw emitError.emit(what + " axes are not ordered w.r.t. mesh");
            }
        }
        verifyAxisRefList(axisRefs, axisNameToSize, seen, subAxes, emitError);
    }

    private static void verifySubAxes(List<AxisRefAttr> subAxes, String axisName, long axisSize,
                                      Set<AxisRefAttr> seen, EmitError emitError) {
        if (!subAxes.isEmpty() && seen.contains(new AxisRefAttr(axisName, null))) {
            throw emitError.emit("both sub-axis and full-axis are used for axis name: \"" + axisName + "\"");
        }
        AxisRefAttr prev = null;
        for (AxisRefAttr sub : subAxes) {
            SubAxisInfoAttr info = sub.subAxisInfo();
            if (info.preSize() < 1) throw emitError.emit("sub-axis pre-size must be at least 1: " + str(sub));
            if (info.size() <= 1) throw emitError.emit("sub-axis sizes must be greater than 1: " + str(sub));
            if (axisSize % nextPreSize(info) != 0) {
                throw emitError.emit("sub-axis next pre-size " + nextPreSize(info)
                        + " doesn't divide the size of the full axis " + axisSize + ": " + str(sub));
            }
            if (info.size() == axisSize) {
                throw emitError.emit("sub-axis size is equal to the full axis size: " + str(sub));
            }
            long prevNext = prev == null ? 1 : nextPreSize(prev.subAxisInfo());
            if (prevNext > info.preSize()) throw emitError.emit("overlapping sub-axes: " + str(prev) + ", " + str(sub));
            prev = sub;
        }
    }

    /** Manual axis name → the enclosing {@code sdy.manual_computation} that made it manual. */
    static Map<String, Operation> parentManualComputations(Operation op) {
        Map<String, Operation> out = new LinkedHashMap<>();
        for (Operation p = op.parentOp(); p != null; p = p.parentOp()) {
            if (!p.name().equals("sdy.manual_computation")) continue;
            for (String axis : manualAxes(p)) out.putIfAbsent(axis, p);
        }
        return out;
    }

    static List<String> manualAxes(Operation op) {
        return op.attr("manual_axes") instanceof ManualAxesAttr m ? m.value() : List.of();
    }

    private static VerificationError boundAxisError(EmitError emitError, String axis, Operation parent) {
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
            if (owner.name().equals("func.func")) {
                if (owner.attr("arg_attrs") instanceof ArrayAttr all && arg.index() < all.elements().size()
                        && all.elements().get(arg.index()) instanceof DictionaryAttr d
                        && d.get(SHARDING) instanceof TensorShardingAttr s) {
                    return s;
                }
                return null;
            }
            if (owner.name().equals("sdy.manual_computation") || owner.name().equals("sdy.named_computation")) {
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
        switch (op.name()) {
            case "sdy.data_flow_edge", "sdy.sharding_constraint", "sdy.reshard" -> {
                return op.attr("sharding") instanceof TensorShardingAttr s ? s : null;
            }
            case "sdy.manual_computation", "sdy.named_computation" -> {
                return op.attr("out_shardings") instanceof TensorShardingPerValueAttr out
                        && r.index() < out.shardings().size() ? out.shardings().get(r.index()) : null;
            }
            default -> {
                if (SdyOps.isCollective(op.name())) {
                    return op.attr("out_sharding") instanceof TensorShardingAttr s ? s : null;
                }
                if (op.attr(SHARDING) instanceof TensorShardingPerValueAttr pv && r.index() < pv.shardings().size()) {
                    return pv.shardings().get(r.index());
                }
                return null;
            }
        }
    }

    static TensorShardingAttr shardingBypassingBarriers(Value value) {
        while (value.definingOp() != null && value.definingOp().name().equals("sdy.propagation_barrier")) {
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

    static boolean contains(AxisRefAttr outer, AxisRefAttr inner) {
        if (!outer.name().equals(inner.name())) return false;
        if (outer.subAxisInfo() == null) return true;
        if (inner.subAxisInfo() == null) return false;
        return outer.subAxisInfo().preSize() <= inner.subAxisInfo().preSize()
                && nextPreSize(outer.subAxisInfo()) >= nextPreSize(inner.subAxisInfo());
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

    /** {@code DataFlowEdgeOp::verifySymbolUses}. */
    static void dataFlowEdgeUses(Operation op) {
        Type t = op.result(0).type();
        if (!(t instanceof RankedTensorType rt && rt.hasStaticShape())) {
            throw VerificationError.op(op, "expected sdy.data_flow_edge to have a static-shaped result. type: "
                    + q(t));
        }
        Value input = op.operand(0);
        if (!input.hasOneUse()) {
            throw VerificationError.op(op, "expected input of sdy.data_flow_edge to have a single user");
        }
        Operation dep = input.definingOp();
        if (dep != null && dep.dialect().equals(SdyOps.DIALECT) && !dep.name().equals("sdy.named_computation")
                && !dep.name().equals("sdy.manual_computation")) {
            throw VerificationError.op(op, "expected input of sdy.data_flow_edge to not be defined by an SdyDialect "
                    + "op (other than an sdy.named_computation).")
                    .note(dep.location(), "sdy op defining the input of the sdy.data_flow_edge");
        }
        if (op.attr("sharding") instanceof TensorShardingAttr s) verifyTensorSharding(s, t, op, opError(op));
    }

    /** {@code FuncDataFlowEdgeOp::verifySymbolUses}. */
    static void funcDataFlowEdgeUses(Operation op) {
        Type t = op.result(0).type();
        if (!(t instanceof RankedTensorType rt && rt.hasStaticShape())) {
            throw VerificationError.op(op, "expected sdy.func_data_flow_edge to have a static-shaped result. type: "
                    + q(t));
        }
        Value operand = op.operand(0);
        if (!operand.hasOneUse()) {
            throw VerificationError.op(op, "expected operand of sdy.func_data_flow_edge to have a single user");
        }
        if (operand instanceof BlockArgument arg) {
            Operation owner = arg.owner().parentOp();
            if (owner == null || !owner.name().equals("func.func")) {
                throw VerificationError.op(op, "expected operand of sdy.func_data_flow_edge to be a block argument "
                        + "of a func op.");
            }
        } else if (!operand.definingOp().name().equals("func.call")) {
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

    // ---- the collective interface (verifyCollectiveOp)

    /** {@code verifyCollectiveOp}: the Sdy_CollectiveOpInterface's verifier. */
    static void collective(Operation op) {
        boolean allowMissing = op.name().equals("sdy.all_slice") || op.name().equals("sdy.all_reduce")
                || op.name().equals("sdy.reduce_scatter");
        TensorShardingAttr operandSharding = shardingOf(op.operand(0));
        if (!allowMissing && operandSharding == null) {
            throw VerificationError.op(op, "collective on operand without sharding");
        }
        if (!(op.attr("out_sharding") instanceof TensorShardingAttr result)) return;
        MeshAttr resultMesh = meshOf(result, op);
        verifyTensorSharding(result, op.result(0).type(), resultMesh, opError(op), false,
                parentManualComputations(op));
        if (!op.name().equals("sdy.collective_permute")) {
            MeshAttr operandMesh = operandSharding == null ? null : meshOf(operandSharding, op);
            if (operandMesh != null && !operandMesh.equals(resultMesh)) {
                throw VerificationError.op(op, "result mesh does not match operand mesh")
                        .note(op.operand(0).location(), "operand mesh: #sdy.mesh" + operandMesh.stripped());
            }
        }
        if (operandSharding != null && result.dimShardings().size() != operandSharding.dimShardings().size()) {
            throw VerificationError.op(op, "result sharding has rank " + result.dimShardings().size()
                    + " but operand sharding has rank " + operandSharding.dimShardings().size());
        }
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
        sortedUniqueInBound(op, n, rule.reductionFactors());
        sortedUniqueInBound(op, n, rule.needReplicationFactors());
        sortedUniqueInBound(op, n, rule.permutationFactors());
        Set<Long> special = new HashSet<>(rule.reductionFactors());
        special.addAll(rule.needReplicationFactors());
        special.addAll(rule.permutationFactors());
        if (special.size() != rule.reductionFactors().size() + rule.needReplicationFactors().size()
                + rule.permutationFactors().size()) {
            throw VerificationError.op(op, "a factor can only be in one of the reduction, need replication, or "
                    + "permutation factor sets");
        }
        sortedUniqueInBound(op, n, rule.blockedPropagationFactors());
        for (long f : rule.reductionFactors()) {
            if (inResults.get((int) f)) throw VerificationError.op(op, "reduction factor cannot be in result mappings");
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
        if (!func.name().equals("func.func") || !attr.name().equals(SHARDING)) return;
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
}
