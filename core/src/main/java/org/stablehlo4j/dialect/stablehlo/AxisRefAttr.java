package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.AsmSink;

import java.util.Objects;

/**
 * {@code #stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>}: a full mesh axis, or a sub-axis of it when
 * {@code subAxisInfo} is non-null.
 */
public record AxisRefAttr(String name, SubAxisInfoAttr subAxisInfo) implements StablehloAttribute {
    private static final String[] NAMES = {"name", "sub_axis_info"};
    private static final boolean[] OPTIONAL = {false, true};

    @Override
    public void printBody(AsmSink sink) {
        sink.append("axis_ref<name = " + Fields.quote(name));
        if (subAxisInfo != null) {
            sink.append(", sub_axis_info = ");
            subAxisInfo.printStripped(sink);
        }
        sink.append(">");
    }

    static AxisRefAttr parseParams(DialectAsmParser r) {
        Object[] v = new Object[2];
        Structs.parse(r, "axis_ref", NAMES, OPTIONAL, (i, rr) -> v[i] = i == 0 ? rr.parseString("expected " + "axis name")
                : NestedValues.strippedOrFull(rr, "sub_axis_info", SubAxisInfoAttr.class,
                        SubAxisInfoAttr::parseParams));
        return new AxisRefAttr((String) v[0], (SubAxisInfoAttr) v[1]);
    }

    public static AxisRefAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, AxisRefAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof AxisRefAttr r
            && Objects.equals(name, r.name) && Objects.equals(subAxisInfo, r.subAxisInfo); }

    @Override public int hashCode() { int h = Objects.hashCode(name); h = 31 * h + Objects.hashCode(subAxisInfo);
            return h; }
}
