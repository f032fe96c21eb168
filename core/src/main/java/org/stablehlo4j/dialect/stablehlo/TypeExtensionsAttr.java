package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import java.util.List;
import java.util.Objects;
import org.stablehlo4j.ir.AsmSink;

/**
 * The tensor-type encoding that carries dimension bounds. Always printed in the short form
 * {@code #stablehlo.bounds<?, 3>} ({@code ?} = unbounded); parsed from that or from the long form
 * {@code #stablehlo.type_extensions<bounds = [?, 3]>}.
 */
public record TypeExtensionsAttr(List<Long> bounds) implements StablehloAttribute,
        org.stablehlo4j.ir.VerifiableTensorEncoding, org.stablehlo4j.ir.BoundedEncoding {

    @Override
    public String verifyEncoding(long[] shape, org.stablehlo4j.ir.Type elementType) {
        return org.stablehlo4j.ir.BoundedEncoding.boundsProblem(bounds, shape, () -> org.stablehlo4j.asm.AsmPrinter
                .printType(new org.stablehlo4j.ir.RankedTensorType(shape, elementType, this)));
    }

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
    static TypeExtensionsAttr parseParams(DialectAsmParser r) {
        r.expect("<");
        List<Long> b = Fields.sizesField(r, "bounds");
        r.expect(">");
        return new TypeExtensionsAttr(b);
    }

    /** The short form, after {@code bounds}. */
    static TypeExtensionsAttr parseShortParams(DialectAsmParser r) {
        return new TypeExtensionsAttr(Fields.parseDimList(r, "<", ">"));
    }

    public static TypeExtensionsAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, TypeExtensionsAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof TypeExtensionsAttr r
            && Objects.equals(bounds, r.bounds); }

    @Override public int hashCode() { return Objects.hashCode(bounds); }
}
