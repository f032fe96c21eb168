package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.sdy.AllGatherOp;
import org.stablehlo4j.dialect.sdy.AllReduceOp;
import org.stablehlo4j.dialect.sdy.AllSliceOp;
import org.stablehlo4j.dialect.sdy.AllToAllOp;
import org.stablehlo4j.dialect.sdy.CollectivePermuteOp;
import org.stablehlo4j.dialect.sdy.ConstantOp;
import org.stablehlo4j.dialect.sdy.DataFlowEdgeOp;
import org.stablehlo4j.dialect.sdy.FuncDataFlowEdgeOp;
import org.stablehlo4j.dialect.sdy.ManualComputationOp;
import org.stablehlo4j.dialect.sdy.NamedComputationOp;
import org.stablehlo4j.dialect.sdy.PropagationBarrierOp;
import org.stablehlo4j.dialect.sdy.ReduceScatterOp;
import org.stablehlo4j.dialect.sdy.ReshardOp;
import org.stablehlo4j.dialect.sdy.SdyAttrs.AxisRefAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.ManualAxesAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.MeshAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.MeshAxisAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.TensorShardingAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.TensorShardingPerValueAttr;
import org.stablehlo4j.dialect.sdy.SdyShardings;
import org.stablehlo4j.dialect.sdy.ShardingConstraintOp;
import org.stablehlo4j.dialect.sdy.ShardingGroupOp;
import org.stablehlo4j.interpreter.ProcessGrid.ProcessId;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Shardy ops that the interpreter runs. {@code sdy.manual_computation} (JAX's shard_map) runs its body once
 * per device of its mesh, each on its own thread as one process of a {@link ProcessGrid} whose partition id is the
 * device id (so the collectives inside the body, with {@code use_global_device_ids}, meet across devices), on that
 * device's shard of each operand along the manual axes, and assembles each result from the devices' shards.
 * {@code sdy.named_computation} runs its body in place; {@code sdy.constant} is a constant. The sharding
 * annotations and sdy's own collectives, which only change how a value is laid out over the devices, are
 * identities on the (logical, unsharded) values the interpreter holds.
 */
final class ShardMap {
    private ShardMap() {}

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(ManualComputationOp.DEFINITION, ShardMap::manualComputation);
        ops.put(NamedComputationOp.DEFINITION, (in, op, a, sc, rt) -> in.runRegion(op.region(0), List.of(a), new HashMap<>()));
        ops.put(ConstantOp.DEFINITION, (in, op, a, sc, rt) -> {
            Attribute v = op.attr("value");
            if (v instanceof DenseElementsAttr d) return Interpreter.one(Tensor.fromAttr(d));
            throw new InterpreterException("unsupported constant value " + v);
        });
        for (OpDefinition def : new OpDefinition[] {ShardingConstraintOp.DEFINITION, ReshardOp.DEFINITION, PropagationBarrierOp.DEFINITION,
                DataFlowEdgeOp.DEFINITION, FuncDataFlowEdgeOp.DEFINITION, AllGatherOp.DEFINITION, AllSliceOp.DEFINITION,
                AllToAllOp.DEFINITION, CollectivePermuteOp.DEFINITION, AllReduceOp.DEFINITION, ReduceScatterOp.DEFINITION}) {
            ops.put(def, (in, op, a, sc, rt) -> List.of(a));
        }
        ops.put(ShardingGroupOp.DEFINITION, (in, op, a, sc, rt) -> List.of());
    }

    /** The devices of a mesh: coordinates along each axis (row-major over the axes) and device ids. */
    private record Devices(MeshAttr mesh, int[][] coords, int[] ids) {
        static Devices of(MeshAttr mesh) {
            long total = mesh.totalSize();
            if (total > 4096) throw new InterpreterException("sdy.manual_computation: mesh of " + total + " devices is too large");
            int n = (int) total;
            List<MeshAxisAttr> axes = mesh.axes();
            int[][] coords = new int[n][axes.size()];
            int[] ids = new int[n];
            for (int i = 0; i < n; i++) {
                int rest = i;
                for (int j = axes.size() - 1; j >= 0; j--) {
                    int size = (int) axes.get(j).size();
                    coords[i][j] = rest % size;
                    rest /= size;
                }
                ids[i] = mesh.deviceIds().isEmpty() ? i : (int) (long) mesh.deviceIds().get(i);
            }
            return new Devices(mesh, coords, ids);
        }

        /** Device {@code i}'s coordinate along {@code ref} (a whole axis or a sub-axis) and the ref's size. */
        long[] coordinate(int i, AxisRefAttr ref) {
            for (int j = 0; j < mesh.axes().size(); j++) {
                if (!mesh.axes().get(j).name().equals(ref.name())) continue;
                long c = coords[i][j];
                if (ref.subAxisInfo() == null) return new long[] {c, mesh.axes().get(j).size()};
                return new long[] {(c / ref.subAxisInfo().preSize()) % ref.subAxisInfo().size(), ref.subAxisInfo().size()};
            }
            throw new InterpreterException("sdy.manual_computation: unknown mesh axis \"" + ref.name() + "\"");
        }
    }

    private static List<Object> manualComputation(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        if (in.process != null) {
            throw new InterpreterException("sdy.manual_computation nested in another sdy.manual_computation or in "
                    + "interpreter.run_parallel is not supported");
        }
        List<TensorShardingAttr> inShardings = shardings(op, "in_shardings");
        List<TensorShardingAttr> outShardings = shardings(op, "out_shardings");
        Set<String> manual = new HashSet<>(op.attr("manual_axes") instanceof ManualAxesAttr m ? m.value() : List.of());
        if (inShardings.size() != a.length || outShardings.size() != op.numResults()) {
            throw new InterpreterException("sdy.manual_computation: shardings do not match its operands and results");
        }
        MeshAttr mesh = null;
        List<TensorShardingAttr> all = new ArrayList<>(inShardings);
        all.addAll(outShardings);
        for (TensorShardingAttr s : all) if (mesh == null) mesh = SdyShardings.mesh(s, op);
        if (mesh == null) throw new InterpreterException("sdy.manual_computation: cannot find its mesh");
        Devices devices = Devices.of(mesh);
        int n = devices.ids().length;

        List<ProcessId> ids = new ArrayList<>();
        int maxId = 0;
        for (int id : devices.ids()) maxId = Math.max(maxId, id);
        for (int id : devices.ids()) ids.add(new ProcessId(0, id));
        if (op.region(0).entry() == null || op.region(0).entry().numArguments() != a.length) {
            throw new InterpreterException("sdy.manual_computation: body arguments do not match its operands");
        }
        List<Type> localTypes = new ArrayList<>();
        for (Value v : op.region(0).entry().arguments()) localTypes.add(v.type());
        List<List<Object>> localArgs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Object> args = new ArrayList<>();
            for (int k = 0; k < a.length; k++) {
                Tensor global = Interpreter.tensor(a[k]);
                long[] start = offsets(devices, i, inShardings.get(k), manual, global.shape, localShape(localTypes.get(k)));
                long[] strides = new long[global.rank()];
                java.util.Arrays.fill(strides, 1);
                args.add(ShapeOps.slice(global, start, strides, (RankedTensorType) localTypes.get(k)));
            }
            localArgs.add(args);
        }
        ProcessGrid grid = new ProcessGrid(1, maxId + 1, List.of());
        List<List<Object>> results = grid.runAll(ids, ManualComputationOp.NAME,
                (slot, p) -> in.forProcess(p).runRegion(op.region(0), localArgs.get(slot), new HashMap<>()));

        List<Object> out = new ArrayList<>();
        for (int k = 0; k < op.numResults(); k++) {
            Tensor global = Tensor.zeros(Interpreter.resultType(op, rt, k));
            for (int i = 0; i < n; i++) {
                if (!ownsShard(devices, i, outShardings.get(k), manual)) continue;
                Tensor local = Interpreter.tensor(results.get(i).get(k));
                place(global, local, offsets(devices, i, outShardings.get(k), manual, global.shape, local.shape));
            }
            out.add(global);
        }
        return out;
    }

    private static List<TensorShardingAttr> shardings(Operation op, String name) {
        if (op.attr(name) instanceof TensorShardingPerValueAttr v) return v.shardings();
        throw new InterpreterException("sdy.manual_computation: missing '" + name + "'");
    }

    private static int[] localShape(Type t) {
        if (!(t instanceof RankedTensorType r) || !r.hasStaticShape()) {
            throw new InterpreterException("sdy.manual_computation: body arguments need static shapes, got " + t);
        }
        int[] shape = new int[r.rank()];
        for (int d = 0; d < shape.length; d++) shape[d] = (int) r.dim(d);
        return shape;
    }

    /**
     * Where device {@code i}'s shard starts in the global tensor: along each dimension, its index among the
     * dimension's manual axes (major to minor) times the local size; checks that the shapes agree.
     */
    private static long[] offsets(Devices devices, int i, TensorShardingAttr sharding, Set<String> manual,
                                  int[] global, int[] local) {
        if (sharding.dimShardings().size() != global.length || local.length != global.length) {
            throw new InterpreterException("sdy.manual_computation: sharding rank does not match the tensor's");
        }
        long[] start = new long[global.length];
        for (int d = 0; d < global.length; d++) {
            long index = 0;
            long count = 1;
            for (AxisRefAttr ref : sharding.dimShardings().get(d).axes()) {
                if (!manual.contains(ref.name())) continue;
                long[] c = devices.coordinate(i, ref);
                index = index * c[1] + c[0];
                count *= c[1];
            }
            if ((long) local[d] * count != global[d]) {
                throw new InterpreterException("sdy.manual_computation: dimension " + d + " of size " + global[d]
                        + " split " + count + " ways does not give the local size " + local[d]);
            }
            start[d] = index * local[d];
        }
        return start;
    }

    /** Whether device {@code i} is the one (coordinate 0 on every manual axis the value is replicated over) whose
     * shard goes into the result. */
    private static boolean ownsShard(Devices devices, int i, TensorShardingAttr sharding, Set<String> manual) {
        Set<String> used = new HashSet<>();
        for (var d : sharding.dimShardings()) {
            for (AxisRefAttr ref : d.axes()) if (manual.contains(ref.name())) used.add(ref.name());
        }
        List<MeshAxisAttr> axes = devices.mesh().axes();
        for (int j = 0; j < axes.size(); j++) {
            String name = axes.get(j).name();
            if (!used.contains(name) && devices.coords()[i][j] != 0) return false;
        }
        return true;
    }

    /** Copies {@code local} into {@code global} at {@code start}. */
    private static void place(Tensor global, Tensor local, long[] start) {
        if (local.size == 0) return;
        int[] st = Tensor.strides(global.shape);
        int[] idx = new int[local.rank()];
        int i = 0;
        do {
            int f = 0;
            for (int d = 0; d < idx.length; d++) f += (int) (idx[d] + start[d]) * st[d];
            global.copyElement(f, local, i++);
        } while (Tensor.next(idx, local.shape));
    }
}
