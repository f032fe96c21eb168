package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.interpreter.RunParallelOp;
import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AllGatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllToAllOp;
import org.stablehlo4j.dialect.stablehlo.ops.CollectiveBroadcastOp;
import org.stablehlo4j.dialect.stablehlo.ops.CollectivePermuteOp;
import org.stablehlo4j.dialect.stablehlo.ops.CollectiveReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.InfeedOp;
import org.stablehlo4j.dialect.stablehlo.ops.OutfeedOp;
import org.stablehlo4j.dialect.stablehlo.ops.PartitionIdOp;
import org.stablehlo4j.dialect.stablehlo.ops.RecvOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReplicaIdOp;
import org.stablehlo4j.dialect.stablehlo.ops.SendOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.interpreter.ProcessGrid.ProcessId;
import org.stablehlo4j.dialect.interpreter.RunParallelRules;
import org.stablehlo4j.ir.VerificationError;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code interpreter.run_parallel} and the ops that only make sense inside it: the collectives (all_gather,
 * all_reduce, all_to_all, reduce_scatter, collective_broadcast, collective_reduce, collective_permute), send/recv,
 * infeed/outfeed, replica_id and partition_id. Process groups follow the spec: which of cross_replica,
 * cross_partition, cross_replica_and_partition or flattened_ids applies depends on the channel id and
 * {@code use_global_device_ids}.
 */
final class Collectives {
    private Collectives() {}

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(RunParallelOp.DEFINITION, Collectives::runParallel);
        ops.put(ReplicaIdOp.DEFINITION, (in, op, a, sc, rt) -> id(op, rt, process(in, "replica_id").id().replica()));
        ops.put(PartitionIdOp.DEFINITION, (in, op, a, sc, rt) -> id(op, rt, process(in, "partition_id").id().partition()));
        ops.put(AllGatherOp.DEFINITION, Collectives::allGather);
        ops.put(AllReduceOp.DEFINITION, (in, op, a, sc, rt) -> {
            ProcessGrid.Process p = process(in, "all_reduce");
            List<ProcessId> group = requiredGroup(p, groups(p, op, true));
            Map<ProcessId, List<Tensor>> all = p.grid().rendezvous(group, channel(op), p.id(), tensors(a, a.length));
            List<Object> out = new ArrayList<>();
            for (int k = 0; k < op.numResults(); k++) out.add(reduceAcross(in, op, all, k, sc));
            return out;
        });
        ops.put(ReduceScatterOp.DEFINITION, Collectives::reduceScatter);
        ops.put(AllToAllOp.DEFINITION, Collectives::allToAll);
        ops.put(CollectiveBroadcastOp.DEFINITION, Collectives::collectiveBroadcast);
        ops.put(CollectiveReduceOp.DEFINITION, Collectives::collectiveReduce);
        ops.put(CollectivePermuteOp.DEFINITION, Collectives::collectivePermute);
        ops.put(SendOp.DEFINITION, (in, op, a, sc, rt) -> {
            ProcessGrid.Process p = process(in, "send");
            p.grid().send(channel(op), tensors(a, a.length - 1));
            return Interpreter.one(Interpreter.TOKEN);
        });
        ops.put(RecvOp.DEFINITION, (in, op, a, sc, rt) -> {
            ProcessGrid.Process p = process(in, "recv");
            List<Object> out = new ArrayList<>(p.grid().recv(channel(op)));
            out.add(Interpreter.TOKEN);
            return out;
        });
        ops.put(InfeedOp.DEFINITION, (in, op, a, sc, rt) -> {
            ProcessGrid.Process p = process(in, "infeed");
            List<Object> out = new ArrayList<>(in.call(in.function(p.grid().infeed()), List.of()));
            out.add(Interpreter.TOKEN);
            return out;
        });
        ops.put(OutfeedOp.DEFINITION, (in, op, a, sc, rt) -> {
            process(in, "outfeed").grid().outfeed(tensors(a, a.length - 1));
            return Interpreter.one(Interpreter.TOKEN);
        });
    }

    // ---------------------------------------------------------------------------------------------------------
    // run_parallel

    private static List<Object> runParallel(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        List<Operation> funcs = checkRunParallel(op);
        ArrayAttr rows = (ArrayAttr) op.attr("programs");
        int numReplicas = rows.elements().size();
        int numPartitions = funcs.size() / numReplicas;
        ProcessGrid grid = new ProcessGrid(numReplicas, numPartitions,
                RunParallelRules.infeed(op));
        int n = funcs.size();
        List<ProcessId> ids = new ArrayList<>();
        List<List<Object>> args = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < n; i++) {
            int numArgs = numArguments(funcs.get(i));
            args.add(Arrays.asList(a).subList(next, next + numArgs));
            next += numArgs;
            ids.add(new ProcessId(i / numPartitions, i % numPartitions));
        }
        List<List<Object>> results = grid.runAll(ids, RunParallelOp.NAME,
                (slot, p) -> in.forProcess(p).call(funcs.get(slot), args.get(slot)));
        List<Object> out = new ArrayList<>();
        for (List<Object> r : results) out.addAll(r);
        return out;
    }

    /** The run_parallel op's functions in process order, checked by the verifier's rules (same messages). */
    private static List<Operation> checkRunParallel(Operation op) {
        try {
            RunParallelRules.infeed(op);
            return RunParallelRules.programs(op);
        } catch (VerificationError e) {
            throw new InterpreterException(e.getMessage());
        }
    }

    private static int numArguments(Operation f) {
        return f.region(0).entry() == null ? 0 : f.region(0).entry().numArguments();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Helpers

    private static ProcessGrid.Process process(Interpreter in, String opName) {
        if (in.process == null) {
            throw new InterpreterException(opName + " is only supported when run via interpreter.run_parallel");
        }
        return in.process;
    }

    private static List<Object> id(Operation op, RankedTensorType[] rt, int value) {
        Tensor t = Tensor.zeros(Interpreter.resultType(op, rt, 0));
        t.ints[0] = t.normalize(value);
        return Interpreter.one(t);
    }

    private static long channel(Operation op) {
        return Interpreter.attr(op, "channel_handle") instanceof ChannelHandleAttr c ? c.handle() : 0;
    }

    private static List<Tensor> tensors(Object[] a, int count) {
        List<Tensor> out = new ArrayList<>();
        for (int i = 0; i < count; i++) out.add(Interpreter.tensor(a[i]));
        return out;
    }

    /** The rows of a 2-D integer attribute such as {@code replica_groups}, without the -1 padding. */
    private static List<long[]> rows(Operation op, String name) {
        Attribute a = Interpreter.attr(op, name);
        if (!(a instanceof DenseElementsAttr d)) throw new InterpreterException(op.name() + ": unsupported '" + name + "': " + a);
        Tensor t = Tensor.fromAttr(d);
        int cols = t.rank() == 2 ? t.dim(1) : t.size;
        List<long[]> out = new ArrayList<>();
        for (int r = 0; cols > 0 && r < t.size / cols; r++) {
            out.add(Arrays.stream(t.ints, r * cols, (r + 1) * cols).filter(v -> v != -1).toArray());
        }
        return out;
    }

    /** The process groups of a collective (ops with {@code use_global_device_ids} pass {@code reductionLike}). */
    private static List<List<ProcessId>> groups(ProcessGrid.Process p, Operation op, boolean reductionLike) {
        List<long[]> g = rows(op, "replica_groups");
        boolean channel = channel(op) > 0;
        if (!reductionLike) return channel ? p.grid().crossPartition(g) : p.grid().crossReplica(g);
        boolean global = Interpreter.attr(op, "use_global_device_ids") != null;
        if (!channel) return global ? List.of() : p.grid().crossReplica(g);
        return global ? p.grid().flattenedIds(g) : p.grid().crossReplicaAndPartition(g);
    }

    private static List<ProcessId> findGroup(ProcessGrid.Process p, List<List<ProcessId>> groups) {
        for (List<ProcessId> g : groups) if (g.contains(p.id())) return g;
        return null;
    }

    private static List<ProcessId> requiredGroup(ProcessGrid.Process p, List<List<ProcessId>> groups) {
        List<ProcessId> g = findGroup(p, groups);
        if (g == null) {
            throw new InterpreterException("Failed to find process group with process_id: (" + p.id().replica() + ", "
                    + p.id().partition() + ")");
        }
        return g;
    }

    /** Folds operand {@code k} of every process (in process-id order) element by element with the op's body. */
    private static Tensor reduceAcross(Interpreter in, Operation op, Map<ProcessId, List<Tensor>> all, int k,
                                       Map<Value, Object> sc) {
        List<Tensor> values = new ArrayList<>();
        for (List<Tensor> v : all.values()) values.add(v.get(k));
        Tensor first = values.get(0);
        Tensor out = Tensor.zeros(first.type);
        Tensor[] args = new Tensor[2];
        for (int i = 0; i < out.size; i++) {
            Tensor acc = Interpreter.scalar(first, i);
            for (int j = 1; j < values.size(); j++) {
                args[0] = acc;
                args[1] = Interpreter.scalar(values.get(j), i);
                acc = Structured.body(in, op.region(0), args, sc)[0];
            }
            out.copyElement(i, acc, 0);
        }
        return out;
    }

    /** Part {@code index} of {@code count} equal parts of {@code t} along {@code dim}. */
    private static Tensor part(Tensor t, int dim, int count, int index) {
        int[] shape = t.shape.clone();
        shape[dim] /= count;
        long[] start = new long[t.rank()];
        start[dim] = (long) index * shape[dim];
        long[] strides = new long[t.rank()];
        Arrays.fill(strides, 1);
        return ShapeOps.slice(t, start, strides, Tensor.withShape(t.type, shape));
    }

    // ---------------------------------------------------------------------------------------------------------
    // The collectives

    private static List<Object> allGather(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        ProcessGrid.Process p = process(in, "all_gather");
        List<ProcessId> group = requiredGroup(p, groups(p, op, true));
        Map<ProcessId, List<Tensor>> all = p.grid().rendezvous(group, channel(op), p.id(), tensors(a, a.length));
        int dim = (int) Interpreter.intAttr(op, "all_gather_dim", 0);
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < op.numResults(); k++) {
            Tensor[] parts = new Tensor[group.size()];
            for (int i = 0; i < parts.length; i++) parts[i] = all.get(group.get(i)).get(k);
            out.add(ShapeOps.concatenate(parts, dim, Interpreter.resultType(op, rt, k)));
        }
        return out;
    }

    private static List<Object> reduceScatter(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        ProcessGrid.Process p = process(in, "reduce_scatter");
        List<List<ProcessId>> groups = groups(p, op, true);
        List<ProcessId> group = requiredGroup(p, groups);
        Map<ProcessId, List<Tensor>> all = p.grid().rendezvous(group, channel(op), p.id(), tensors(a, 1));
        Tensor reduced = reduceAcross(in, op, all, 0, sc);
        int dim = (int) Interpreter.intAttr(op, "scatter_dimension", 0);
        return Interpreter.one(part(reduced, dim, groups.get(0).size(), group.indexOf(p.id())));
    }

    private static List<Object> allToAll(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        ProcessGrid.Process p = process(in, "all_to_all");
        List<ProcessId> group = requiredGroup(p, groups(p, op, false));
        Map<ProcessId, List<Tensor>> all = p.grid().rendezvous(group, channel(op), p.id(), tensors(a, a.length));
        int splitDim = (int) Interpreter.intAttr(op, "split_dimension", 0);
        int concatDim = (int) Interpreter.intAttr(op, "concat_dimension", 0);
        int count = (int) Interpreter.intAttr(op, "split_count", 1);
        int receiver = group.indexOf(p.id());
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < op.numResults(); k++) {
            Tensor[] parts = new Tensor[group.size()];
            for (int i = 0; i < parts.length; i++) parts[i] = part(all.get(group.get(i)).get(k), splitDim, count, receiver);
            out.add(ShapeOps.concatenate(parts, concatDim, Interpreter.resultType(op, rt, k)));
        }
        return out;
    }

    /** The root's position in the group for data operand {@code k}: the dynamic root operand or 0. */
    private static int root(Operation op, Object[] a, int k, int groupSize) {
        if (Interpreter.attr(op, "has_dynamic_root") == null) return 0;
        long r = Interpreter.tensor(a[a.length - 1]).ints[k];
        if (r < 0 || r >= groupSize) throw new InterpreterException(op.name() + " dynamic root index out of bounds");
        return (int) r;
    }

    private static int dataCount(Operation op, Object[] a) {
        return Interpreter.attr(op, "has_dynamic_root") == null ? a.length : a.length - 1;
    }

    private static List<Object> collectiveBroadcast(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        ProcessGrid.Process p = process(in, "collective_broadcast");
        List<ProcessId> group = findGroup(p, groups(p, op, false));
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < dataCount(op, a); k++) {
            Tensor data = Interpreter.tensor(a[k]);
            if (group == null) {
                out.add(Tensor.zeros(data.type));
                continue;
            }
            ProcessId root = group.get(root(op, a, k, group.size()));
            out.add(p.grid().rendezvous(group, channel(op), p.id(), List.of(data)).get(root).get(0));
        }
        return out;
    }

    private static List<Object> collectiveReduce(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        ProcessGrid.Process p = process(in, "collective_reduce");
        List<ProcessId> group = findGroup(p, groups(p, op, true));
        List<Object> out = new ArrayList<>();
        Map<ProcessId, List<Tensor>> all = group == null ? null
                : p.grid().rendezvous(group, channel(op), p.id(), tensors(a, dataCount(op, a)));
        for (int k = 0; k < op.numResults(); k++) {
            boolean isRoot = group != null && group.get(root(op, a, k, group.size())).equals(p.id());
            out.add(isRoot ? reduceAcross(in, op, all, k, sc) : Tensor.zeros(Interpreter.resultType(op, rt, k)));
        }
        return out;
    }

    private static List<Object> collectivePermute(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        ProcessGrid.Process p = process(in, "collective_permute");
        List<long[]> pairs = rows(op, "source_target_pairs");
        List<List<ProcessId>> groups = channel(op) > 0 ? p.grid().crossPartition(pairs) : p.grid().crossReplica(pairs);
        Tensor operand = Interpreter.tensor(a[0]);
        Tensor result = null;
        for (List<ProcessId> g : groups) {
            ProcessId from = g.get(0);
            ProcessId to = g.get(1);
            if (!from.equals(p.id()) && !to.equals(p.id())) continue;
            if (from.equals(to)) {
                result = operand;
                continue;
            }
            Map<ProcessId, List<Tensor>> all = p.grid().rendezvous(g, channel(op), p.id(), List.of(operand));
            if (to.equals(p.id())) result = all.get(from).get(0);
        }
        return Interpreter.one(result != null ? result : Tensor.zeros(operand.type));
    }
}
