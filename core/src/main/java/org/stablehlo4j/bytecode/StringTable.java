package org.stablehlo4j.bytecode;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The string section: sizes (in reverse order) followed by the null-terminated string data. */
final class StringTable {
    private final byte[] data;
    private final int[] offsets;
    private final int[] lengths;
    private final String[] cache;

    private StringTable(byte[] data, int[] offsets, int[] lengths) {
        this.data = data;
        this.offsets = offsets;
        this.lengths = lengths;
        this.cache = new String[offsets.length];
    }

    static StringTable read(ByteCursor c) throws BytecodeException {
        int n = c.readCount("string count");
        int[] offsets = new int[n];
        int[] lengths = new int[n];
        int dataEnd = c.windowEnd();
        for (int i = n - 1; i >= 0; i--) {
            int at = c.position();
            long size = c.readVarInt();
            if (size < 1 || size > dataEnd - c.windowStart()) {
                throw c.error(at, "string size exceeds the available data size");
            }
            int start = dataEnd - (int) size;
            if (start < c.position()) throw c.error(at, "string size exceeds the available data size");
            if (c.byteAt(dataEnd - 1) != 0) throw c.error(dataEnd - 1, "string is not null-terminated");
            offsets[i] = start;
            lengths[i] = (int) size - 1;
            dataEnd = start;
        }
        if (c.position() != dataEnd) {
            throw c.error("unexpected trailing data between the offsets for strings and their data");
        }
        byte[] heap = c.copyIfBuffered(new ByteCursor.Slice(c.windowStart(), c.windowEnd() - c.windowStart()));
        if (heap == null) return new StringTable(c.data, offsets, lengths);
        // a mapped input: the (small) string section is copied, its offsets rebased onto the copy
        for (int i = 0; i < n; i++) offsets[i] -= c.windowStart();
        return new StringTable(heap, offsets, lengths);
    }

    int size() { return offsets.length; }

    private int check(ByteCursor c, long index) throws BytecodeException {
        if (index < 0 || index >= offsets.length) throw c.error("invalid string index: " + index);
        return (int) index;
    }

    String get(ByteCursor c, long index) throws BytecodeException {
        int i = check(c, index);
        String s = cache[i];
        if (s == null) {
            s = new String(data, offsets[i], lengths[i], StandardCharsets.UTF_8);
            cache[i] = s;
        }
        return s;
    }

    byte[] bytes(ByteCursor c, long index) throws BytecodeException {
        int i = check(c, index);
        return Arrays.copyOfRange(data, offsets[i], offsets[i] + lengths[i]);
    }
}
