package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.stablehlo.AxisRefAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAxisAttr;
import org.stablehlo4j.dialect.stablehlo.ReplicaGroupMeshAxesAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.SymbolTable;

/**
 * Replica groups given as mesh axes ({@code #stablehlo.replica_group_mesh_axes}, StableHLO 1.16.0) turned into
 * the explicit {@code dense<[[...], ...]> : tensor<GxNxi64>} groups older versions know (upstream's
 * {@code flattenReplicaGroupMeshAxes} with the mesh lookup of its compatibility expander).
 *
 * <p>The mesh is laid out row-major over its axes; a group holds the devices that differ only in the
 * communication axes. Equivalently: transpose the device grid so the other axes come first (in mesh order) and the
 * communication axes last (in the order given), then cut the flattened grid into groups of the product of the
 * communication axes' sizes. Each position maps to its device id ({@code device_ids}, or the position itself).
 */
final class MeshAxesReplicaGroups {
    /** The most devices a mesh may have here (a larger grid is refused, not allocated). */
    static final long MAX_DEVICES = 1L << 22;

    private MeshAxesReplicaGroups() {}

    /** The outcome: the groups attribute, or why there is none. */
    record Result(DenseElementsAttr groups, String error) {}

    /**
     * Flattens {@code groups}, the mesh-axes replica groups of {@code op}.
     *
     * @param op the collective (its module holds a mesh symbol, if the groups name one)
     * @param groups the groups
     * @return the explicit groups, or the error
     */
    static Result flatten(Operation op, ReplicaGroupMeshAxesAttr groups) {
        Attribute meshSpec = groups.mesh();
        MeshAttr mesh = meshSpec instanceof MeshAttr m ? m : null;
        if (mesh == null) {
            if (!(meshSpec instanceof SymbolRefAttr ref)) return error("expected stablehlo.mesh for mesh attribute");
            Operation symbol = SymbolTable.lookupSymbol(op, ref.root());
            if (symbol == null) return error("Failed to find mesh symbol");
            mesh = meshOf(symbol);
            if (mesh == null) return error("Failed to find mesh attribute on symbol");
        }
        return flatten(mesh, groups.axes());
    }

    /** The mesh a symbol carries: a {@code mesh} or {@code stablehlo.mesh} attribute, or a dictionary of it. */
    private static MeshAttr meshOf(Operation symbol) {
        for (String name : List.of("mesh", "stablehlo.mesh")) {
            if (symbol.attr(name) instanceof MeshAttr m) return m;
        }
        return symbol.attr("stablehlo.mesh") instanceof DictionaryAttr d ? fromDictionary(d) : null;
    }

    /** {@code {axes = [{name = "x", size = 2 : i64}, ...], device_ids = dense<...>}} as a mesh, or null. */
    private static MeshAttr fromDictionary(DictionaryAttr dict) {
        if (!(dict.get("axes") instanceof ArrayAttr axesAttr)) return null;
        List<MeshAxisAttr> axes = new ArrayList<>();
        for (Attribute a : axesAttr.elements()) {
            if (!(a instanceof DictionaryAttr axis) || !(axis.get("name") instanceof StringAttr name)
                    || !(axis.get("size") instanceof IntegerAttr size)) {
                return null;
            }
            axes.add(new MeshAxisAttr(name.value(), size.value().longValue()));
        }
        Attribute ids = dict.get("device_ids") instanceof DenseElementsAttr d ? d : null;
        return new MeshAttr(axes, ids);
    }

    /** The groups of {@code mesh} communicating over {@code commAxes}. */
    static Result flatten(MeshAttr mesh, ArrayAttr commAxes) {
        int rank = mesh.axes().size();
        long[] sizes = new long[rank];
        List<String> names = new ArrayList<>();
        long total = 1;
        for (int i = 0; i < rank; i++) {
            MeshAxisAttr axis = mesh.axes().get(i);
            if (axis.size() <= 0) return error("mesh axis \"" + axis.name() + "\" must have a positive size");
            sizes[i] = axis.size();
            names.add(axis.name());
            total = Math.multiplyExact(total, Math.min(axis.size(), MAX_DEVICES + 1));
            if (total > MAX_DEVICES) return error("mesh has more than " + MAX_DEVICES + " devices");
        }
        // the communication axes, by their position in the mesh
        List<Integer> comm = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Attribute a : commAxes.elements()) {
            if (!(a instanceof AxisRefAttr ref)) return error("expected AxisRefAttr in comm_axes");
            if (ref.subAxisInfo() != null) return error("Subaxes are not supported in flattenReplicaGroupMeshAxes");
            int at = names.indexOf(ref.name());
            if (at < 0) return error("axis \"" + ref.name() + "\" is not an axis of the mesh");
            if (!seen.add(ref.name())) return error("axis \"" + ref.name() + "\" appears more than once");
            comm.add(at);
        }
        long[] ids = deviceIds(mesh, total);
        if (ids == null) return error("mesh device_ids must be " + total + " integers, one per device");
        // the transposed grid: other axes in mesh order, then the communication axes in the given order
        int[] perm = new int[rank];
        int k = 0;
        for (int i = 0; i < rank; i++) if (!comm.contains(i)) perm[k++] = i;
        for (int c : comm) perm[k++] = c;
        long[] stride = new long[rank];
        for (int i = rank - 1, s = 1; i >= 0; i--) {
            stride[i] = s;
            s *= (int) sizes[i];
        }
        long groupSize = 1;
        for (int c : comm) groupSize *= sizes[c];
        long[] out = new long[(int) total];
        int[] coord = new int[rank];
        for (int n = 0; n < total; n++) {
            long original = 0;
            for (int d = 0; d < rank; d++) original += coord[d] * stride[perm[d]];
            out[n] = ids[(int) original];
            for (int d = rank - 1; d >= 0 && ++coord[d] == sizes[perm[d]]; d--) coord[d] = 0;
        }
        RankedTensorType type = new RankedTensorType(new long[] {total / groupSize, groupSize}, IntegerType.I64);
        return new Result(Constants.ofInts(type, out), null);
    }

    /** The mesh's device ids ({@code 0..total-1} without {@code device_ids}), or null if they do not fit. */
    private static long[] deviceIds(MeshAttr mesh, long total) {
        if (!(mesh.deviceIds() instanceof DenseElementsAttr d) || d.type() instanceof RankedTensorType t && t.numElements() == 0) {
            long[] ids = new long[(int) total];
            for (int i = 0; i < total; i++) ids[i] = i;
            return ids;
        }
        long[] ids = Constants.ints(d);
        return ids != null && ids.length == total ? ids : null;
    }

    private static Result error(String message) {
        return new Result(null, message);
    }
}
