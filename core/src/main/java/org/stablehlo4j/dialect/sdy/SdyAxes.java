package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import static org.stablehlo4j.dialect.sdy.SdyVerifiers.*;

/**
 * Meshes and axis references for the sdy verifiers (shardy/dialect/sdy/ir/dialect.cc and verifiers.cc): the
 * attribute verifiers of {@code MeshAttr}/{@code MeshAxisAttr} (run when a mesh is parsed), axis sizes, order,
 * overlap and containment, mesh lookup, and the verification of axis-ref lists.
 */
final class SdyAxes {
    private SdyAxes() {}

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
        while (p != null && !ModuleOp.isModule(p)) p = p.parentOp();
        return p;
    }

    /** The mesh {@code sdy.mesh @name} of the module holding {@code op}, or null. */
    static MeshAttr lookupMesh(Operation op, String name) {
        Operation m = module(op);
        if (m == null) return null;
        for (var r : m.regions()) {
            for (var b : r.blocks()) {
                for (Operation o : b.operations()) {
                    if (MeshOp.is(o) && o.attr("sym_name") instanceof StringAttr s
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

    // ---- axis ref lists


    static void verifyAxisRefList(List<AxisRefAttr> axisRefs, Map<String, Long> axisNameToSize,
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

    static void verifySortedAxisRefList(List<AxisRefAttr> axisRefs, Map<String, Long> axisNameToSize,
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

    static void verifySubAxes(List<AxisRefAttr> subAxes, String axisName, long axisSize,
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

    // ---- axis containment

    static boolean contains(AxisRefAttr outer, AxisRefAttr inner) {
        if (!outer.name().equals(inner.name())) return false;
        if (outer.subAxisInfo() == null) return true;
        if (inner.subAxisInfo() == null) return false;
        return outer.subAxisInfo().preSize() <= inner.subAxisInfo().preSize()
                && nextPreSize(outer.subAxisInfo()) >= nextPreSize(inner.subAxisInfo());
    }

}
