package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.AsmSink;

import java.util.Objects;

/** {@code #stablehlo<sub_axis_info(1)2>}: a sub-axis of size {@code size} after {@code preSize} elements. */
public record SubAxisInfoAttr(long preSize, long size) implements StablehloAttribute {
    @Override
    public void printBody(AsmSink sink) {
        sink.append("sub_axis_info");
        printStripped(sink);
    }

    /** The body without the mnemonic, {@code (1)2}, as it appears nested in an axis_ref. */
    void printStripped(AsmSink sink) {
        sink.append("(" + preSize + ")" + size);
    }

    static SubAxisInfoAttr parseParams(DialectAsmParser r) {
        r.expect("(");
        long pre = r.parseInteger();
        r.expect(")");
        long size = r.parseInteger();
        return new SubAxisInfoAttr(pre, size);
    }

    public static SubAxisInfoAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, SubAxisInfoAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof SubAxisInfoAttr r
            && preSize == r.preSize && size == r.size; }

    @Override public int hashCode() { int h = Long.hashCode(preSize); h = 31 * h + Long.hashCode(size); return h; }
}
