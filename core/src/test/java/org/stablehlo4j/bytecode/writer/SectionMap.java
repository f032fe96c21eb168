package org.stablehlo4j.bytecode.writer;

/** Test helper: names the top-level section that contains a byte offset of a bytecode file. */
final class SectionMap {
    private static final String[] NAMES = {"String", "Dialect", "AttrType", "AttrTypeOffset", "IR", "Resource",
        "ResourceOffset", "DialectVersions", "Properties"};

    private SectionMap() {}

    static String describe(byte[] data, int offset) {
        int[] pos = {4};
        try {
            readVarInt(data, pos);
            while (data[pos[0]] != 0) pos[0]++;
            pos[0]++;
            if (offset < pos[0]) return "header";
            while (pos[0] < data.length) {
                int code = data[pos[0]++] & 0xFF;
                long len = readVarInt(data, pos);
                if ((code & 0x80) != 0) {
                    long align = readVarInt(data, pos);
                    while ((pos[0] & (align - 1)) != 0) pos[0]++;
                }
                int start = pos[0];
                if (offset < start + len) {
                    int id = code & 0x7F;
                    String name = id < NAMES.length ? NAMES[id] : "section " + id;
                    return name + " section +" + (offset - start);
                }
                pos[0] = (int) (start + len);
            }
        } catch (RuntimeException e) {
            return "unparseable position";
        }
        return "past the end";
    }

    private static long readVarInt(byte[] d, int[] pos) {
        int first = d[pos[0]] & 0xFF;
        if ((first & 1) != 0) {
            pos[0]++;
            return first >>> 1;
        }
        if (first == 0) {
            long v = 0;
            for (int i = 0; i < 8; i++) v |= (long) (d[pos[0] + 1 + i] & 0xFF) << (8 * i);
            pos[0] += 9;
            return v;
        }
        int extra = Integer.numberOfTrailingZeros(first);
        long v = 0;
        for (int i = 0; i <= extra; i++) v |= (long) (d[pos[0] + i] & 0xFF) << (8 * i);
        pos[0] += extra + 1;
        return v >>> (extra + 1);
    }
}
