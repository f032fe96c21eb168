package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;

import java.util.Objects;

/**
 * {@code #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>}: replica
 * groups given as a mesh (a symbol reference or an inline {@link MeshAttr}) and the axes to group over.
 */
public record ReplicaGroupMeshAxesAttr(Attribute mesh, ArrayAttr axes) implements StablehloAttribute {
    private static final String[] NAMES = {"mesh", "axes"};

    @Override
    public void printBody(AsmSink sink) {
        sink.append("replica_group_mesh_axes<mesh = ").attribute(mesh).append(", axes = ").attribute(axes)
                .append(">");
    }

    static ReplicaGroupMeshAxesAttr parseParams(DialectAsmParser r) {
        Attribute[] v = new Attribute[2];
        Structs.parse(r, "replica_group_mesh_axes", NAMES, null, (i, rr) -> {
            int at = rr.offset();
            v[i] = NestedValues.attribute(rr);
            if (i == 1 && !(v[i] instanceof ArrayAttr)) throw rr.errorAt(at, "expected an array of axes");
        });
        return new ReplicaGroupMeshAxesAttr(v[0], (ArrayAttr) v[1]);
    }

    public static ReplicaGroupMeshAxesAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, ReplicaGroupMeshAxesAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof ReplicaGroupMeshAxesAttr r
            && Objects.equals(mesh, r.mesh) && Objects.equals(axes, r.axes); }

    @Override public int hashCode() { int h = Objects.hashCode(mesh); h = 31 * h + Objects.hashCode(axes); return h; }
}
