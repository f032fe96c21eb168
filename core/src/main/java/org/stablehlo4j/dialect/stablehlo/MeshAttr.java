package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import java.util.List;
import java.util.Objects;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;

/**
 * {@code #stablehlo.mesh<axes=[<name = "x", size = 2>], device_ids=dense<[0, 1]> : tensor<2xi64>>}: named
 * mesh axes (printed without their {@code #stablehlo.mesh_axis} prefix, parsed with or without it) and optional
 * explicit device ids ({@code deviceIds} may be null).
 */
public record MeshAttr(List<MeshAxisAttr> axes, Attribute deviceIds) implements StablehloAttribute {
    public MeshAttr {
        axes = List.copyOf(axes);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("mesh<axes=[").commaSeparated(axes, (s, axis) -> axis.printStripped(s)).append("]");
        if (deviceIds != null) sink.append(", device_ids=").attribute(deviceIds);
        sink.append(">");
    }

    static MeshAttr parseParams(DialectAsmParser r) {
        r.expect("<");
        r.expectKeyword("axes");
        r.expect("=");
        List<MeshAxisAttr> axes = Fields.commaList(r, "[", "]",
                () -> NestedValues.strippedOrFull(r, "mesh_axis", MeshAxisAttr.class, MeshAxisAttr::parseParams));
        Attribute ids = null;
        if (r.consumeIf(",")) {
            r.expectKeyword("device_ids");
            r.expect("=");
            ids = NestedValues.attribute(r);
        }
        r.expect(">");
        return new MeshAttr(axes, ids);
    }

    public static MeshAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, MeshAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof MeshAttr r
            && Objects.equals(axes, r.axes) && Objects.equals(deviceIds, r.deviceIds); }

    @Override public int hashCode() { int h = Objects.hashCode(axes); h = 31 * h + Objects.hashCode(deviceIds); return h;
            }
}
