package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.sdy.SdyAttrs.AxisRefAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.DimensionShardingAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.MeshAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.TensorShardingAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;

/**
 * Reads a sharded program's layout without going through text: its meshes ({@code sdy.mesh} symbols) and the
 * {@code sdy.sharding} of a function's arguments and results, resolved to which mesh axes shard each dimension.
 */
public final class SdyShardings {
    private SdyShardings() {}

    /** The module's meshes by symbol name, in program order. */
    public static Map<String, MeshAttr> meshes(ModuleOp module) {
        Map<String, MeshAttr> out = new LinkedHashMap<>();
        for (Operation op : module.body().operations()) {
            if (MeshOp.is(op) && op.attr("sym_name") instanceof StringAttr name
                    && op.attr("mesh") instanceof MeshAttr mesh) {
                out.put(name.value(), mesh);
            }
        }
        return out;
    }

    /**
     * The mesh of {@code sharding}: its inline mesh, or the {@code sdy.mesh} symbol it names in the module that
     * holds {@code context}; null if there is none.
     */
    public static MeshAttr mesh(TensorShardingAttr sharding, Operation context) {
        return SdyAxes.meshOf(sharding, context);
    }

    /** The sharding of one value: its mesh and, per dimension, the axes (outermost first) that shard it. */
    public record ValueSharding(String meshName, MeshAttr mesh, List<List<String>> dimensionAxes,
                                TensorShardingAttr attribute) {
        /** How many shards dimension {@code d} is split into (the product of its axes' sizes; 1 if none). */
        public long shards(int d) {
            long n = 1;
            for (AxisRefAttr a : attribute.dimShardings().get(d).axes()) {
                if (a.subAxisInfo() != null) n *= a.subAxisInfo().size();
                else if (mesh != null && mesh.axis(a.name()) != null) n *= mesh.axis(a.name()).size();
            }
            return n;
        }
    }

    /** The shardings of function {@code func}'s arguments (null entries for unsharded ones). */
    public static List<ValueSharding> argumentShardings(ModuleOp module, String func) {
        return shardings(module, func, "arg_attrs");
    }

    /** The shardings of function {@code func}'s results (null entries for unsharded ones). */
    public static List<ValueSharding> resultShardings(ModuleOp module, String func) {
        return shardings(module, func, "res_attrs");
    }

    private static List<ValueSharding> shardings(ModuleOp module, String func, String key) {
        Operation f = null;
        for (Operation op : module.body().operations()) {
            if (FuncOp.is(op) && op.attr("sym_name") instanceof StringAttr s
                    && s.value().equals(func)) {
                f = op;
            }
        }
        if (f == null) throw new IllegalArgumentException("no function @" + func);
        if (!(f.attr(key) instanceof ArrayAttr attrs)) return Collections.emptyList();
        Map<String, MeshAttr> meshes = meshes(module);
        List<ValueSharding> out = new ArrayList<>();
        for (Attribute a : attrs.elements()) {
            Attribute s = a instanceof DictionaryAttr d ? d.get("sdy.sharding") : null;
            if (!(s instanceof TensorShardingAttr t)) {
                out.add(null);
                continue;
            }
            String name = t.meshName();
            MeshAttr mesh = name == null ? (MeshAttr) t.meshOrRef() : meshes.get(name);
            List<List<String>> dims = new ArrayList<>();
            for (DimensionShardingAttr d : t.dimShardings()) {
                List<String> axes = new ArrayList<>();
                for (AxisRefAttr r : d.axes()) axes.add(r.name());
                dims.add(List.copyOf(axes));
            }
            out.add(new ValueSharding(name, mesh, List.copyOf(dims), t));
        }
        return out;
    }
}
