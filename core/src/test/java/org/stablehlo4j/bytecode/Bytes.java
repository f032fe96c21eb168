package org.stablehlo4j.bytecode;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Test helper: assembles MLIR bytecode by hand (prefix varints, sections, null-terminated strings). */
final class Bytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Bytes raw(int... bytes) {
        for (int b : bytes) out.write(b);
        return this;
    }

    Bytes raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    /** MLIR's prefix varint: the number of trailing zero bits in the first byte is the count of extra bytes. */
    Bytes varint(long v) {
        for (int extra = 0; extra < 8; extra++) {
            int bits = 7 * (extra + 1);
            if ((v >>> bits) == 0) {
                long enc = ((v << 1) | 1) << extra;
                for (int i = 0; i <= extra; i++) out.write((int) (enc >>> (8 * i)));
                return this;
            }
        }
        out.write(0);
        for (int i = 0; i < 8; i++) out.write((int) (v >>> (8 * i)));
        return this;
    }

    Bytes svarint(long v) {
        return varint((v << 1) ^ (v >> 63));
    }

    Bytes cstring(String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        out.write(0);
        return this;
    }

    Bytes section(int id, Bytes data) {
        byte[] d = data.bytes();
        raw(id).varint(d.length).raw(d);
        return this;
    }

    /** A section with the alignment flag: its data starts at a multiple of {@code align} of this buffer. */
    Bytes alignedSection(int id, int align, Bytes data) {
        byte[] d = data.bytes();
        raw(id | 0x80).varint(d.length).varint(align);
        while (out.size() % align != 0) out.write(0xCB);
        return raw(d);
    }

    int size() { return out.size(); }

    byte[] bytes() { return out.toByteArray(); }

    /** A string section holding {@code strings} (index = position). */
    static Bytes strings(String... strings) {
        Bytes b = new Bytes().varint(strings.length);
        for (int i = strings.length - 1; i >= 0; i--) {
            b.varint(strings[i].getBytes(StandardCharsets.UTF_8).length + 1);
        }
        for (String s : strings) b.cstring(s);
        return b;
    }

    /** Magic, version and producer. */
    static Bytes header(long version) {
        return new Bytes().raw('M', 'L', 0xEF, 'R').varint(version).cstring("test");
    }
}
