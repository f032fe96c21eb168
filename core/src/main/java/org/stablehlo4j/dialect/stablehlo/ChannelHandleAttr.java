package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.AsmSink;

import java.util.Objects;

/** {@code #stablehlo.channel_handle<handle = 1, type = 2>}. */
public record ChannelHandleAttr(long handle, long type) implements StablehloAttribute {
    private static final String[] NAMES = {"handle", "type"};

    @Override
    public void printBody(AsmSink sink) {
        sink.append("channel_handle<handle = " + handle + ", type = " + type + ">");
    }

    static ChannelHandleAttr parseParams(DialectAsmParser r) {
        long[] v = Structs.parseRequiredInts(r, "channel_handle", NAMES);
        return new ChannelHandleAttr(v[0], v[1]);
    }

    public static ChannelHandleAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, ChannelHandleAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof ChannelHandleAttr r
            && handle == r.handle && type == r.type; }

    @Override public int hashCode() { int h = Long.hashCode(handle); h = 31 * h + Long.hashCode(type); return h; }
}
