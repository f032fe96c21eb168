package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.AsmSink;

import java.util.Objects;

/** {@code #stablehlo.mesh_axis<name = "x", size = 2>}. */
public record MeshAxisAttr(String name, long size) implements StablehloAttribute {
    private static final String[] NAMES = {"name", "size"};

    @Override
    public void printBody(AsmSink sink) {
        sink.append("mesh_axis");
        printStripped(sink);
    }

    /** {@code <name = "x", size = 2>}, as it appears inside a mesh. */
    void printStripped(AsmSink sink) {
        sink.append("<name = " + Fields.quote(name) + ", size = " + size + ">");
    }

    static MeshAxisAttr parseParams(DialectAsmParser r) {
        Object[] v = new Object[2];
        Structs.parse(r, "mesh_axis", NAMES, null,
                (i, rr) -> v[i] = i == 0 ? rr.parseString("expected " + "axis name") : (Object) rr.parseInteger());
        return new MeshAxisAttr((String) v[0], (Long) v[1]);
    }

    public static MeshAxisAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, MeshAxisAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof MeshAxisAttr r && size == r.size
            && Objects.equals(name, r.name); }

    @Override public int hashCode() { int h = Objects.hashCode(name); h = 31 * h + Long.hashCode(size); return h; }
}
