package org.stablehlo4j.dialect.stablehlo;

import java.util.List;
import org.stablehlo4j.ir.AsmSink;

/**
 * The tensor-type encoding that carries dimension bounds. Always printed in the short form
 * {@code #stablehlo.bounds<?, 3>} ({@code ?} = unbounded); parsed from that or from the long form
 * {@code #stablehlo.type_extensions<bounds = [?, 3]>}.
 */
public record TypeExtensionsAttr(List<Long> bounds) implements StablehloAttribute {
    public TypeExtensionsAttr {
        bounds = List.copyOf(bounds);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("bounds<");
        Fields.printDimList(sink, bounds);
        sink.append(">");
    }

    /** The long form, after {@code type_extensions}. */
    static TypeExtensionsAttr parseParams(BodyReader r) {
        r.expect("<");
        r.expectKeyword("bounds");
        r.expect("=");
        List<Long> b = Fields.parseDims(r);
        r.expect(">");
        return new TypeExtensionsAttr(b);
    }

    /** The short form, after {@code bounds}. */
    static TypeExtensionsAttr parseShortParams(BodyReader r) {
        return new TypeExtensionsAttr(Fields.parseDimList(r, "<", ">"));
    }

    public static TypeExtensionsAttr parseBody(String body) {
        return StablehloDialect.parseAttributeBody(body, TypeExtensionsAttr.class);
    }
}
