package org.stablehlo4j.bytecode;

import java.util.ArrayList;
import java.util.List;

/**
 * Test utility: compares two MLIR bytecode files section by section and describes where they differ (the
 * section, the offset inside it, both bytes and the surrounding bytes), so that a byte-identity failure points at
 * its cause without a hex editor. Also usable from jshell / a scratch main when decoding artifacts by hand.
 */
public final class BytecodeDiff {
    private static final String[] NAMES = {"String", "Dialect", "AttrType", "AttrTypeOffset", "IR", "Resource",
        "ResourceOffset", "DialectVersions", "Properties"};

    private BytecodeDiff() {}

    /** A top-level section: its id, name and byte range {@code [start, end)} in the file. */
    public record Section(int id, String name, int start, int end) {
        public int length() {
            return end - start;
        }
    }

    /** The file's sections in file order; the header (magic, version, producer) is reported as id -1. */
    public static List<Section> sections(byte[] data) {
        List<Section> out = new ArrayList<>();
        int[] pos = {4};
        readVarInt(data, pos);
        while (data[pos[0]] != 0) pos[0]++;
        pos[0]++;
        out.add(new Section(-1, "header", 0, pos[0]));
        while (pos[0] < data.length) {
            int code = data[pos[0]++] & 0xFF;
            long len = readVarInt(data, pos);
            if ((code & 0x80) != 0) {
                long align = readVarInt(data, pos);
                while ((pos[0] & (align - 1)) != 0) pos[0]++;
            }
            int id = code & 0x7F;
            int start = pos[0];
            out.add(new Section(id, id < NAMES.length ? NAMES[id] : "section " + id, start, (int) (start + len)));
            pos[0] = (int) (start + len);
        }
        return out;
    }

    /** The section holding byte {@code offset}, or null. */
    public static Section sectionAt(byte[] data, int offset) {
        for (Section s : sections(data)) if (offset >= s.start() && offset < s.end()) return s;
        return null;
    }

    /** The offsets at which two files of equal length differ (empty if the lengths differ). */
    public static List<Integer> differingOffsets(byte[] a, byte[] b) {
        List<Integer> out = new ArrayList<>();
        if (a.length != b.length) return out;
        for (int i = 0; i < a.length; i++) if (a[i] != b[i]) out.add(i);
        return out;
    }

    /** Null if equal, else a description of the first difference per section (sizes included). */
    public static String describe(byte[] ours, byte[] theirs) {
        if (java.util.Arrays.equals(ours, theirs)) return null;
        StringBuilder sb = new StringBuilder();
        sb.append("sizes ").append(ours.length).append(" vs ").append(theirs.length).append('\n');
        List<Section> a, b;
        try {
            a = sections(ours);
            b = sections(theirs);
        } catch (RuntimeException e) {
            return sb.append("unparseable section layout: ").append(e).toString();
        }
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            Section sa = i < a.size() ? a.get(i) : null, sb2 = i < b.size() ? b.get(i) : null;
            if (sa == null || sb2 == null || sa.id() != sb2.id()) {
                sb.append("section layout differs at #").append(i).append(": ").append(sa).append(" vs ")
                        .append(sb2).append('\n');
                break;
            }
            int n = Math.min(sa.length(), sb2.length());
            int first = -1;
            for (int k = 0; k < n && first < 0; k++) {
                if (ours[sa.start() + k] != theirs[sb2.start() + k]) first = k;
            }
            if (first < 0 && sa.length() == sb2.length()) continue;
            if (first < 0) first = n;
            sb.append(sa.name()).append(": lengths ").append(sa.length()).append(" vs ").append(sb2.length())
                    .append(", first difference at +").append(first).append("\n  ours:   ")
                    .append(hex(ours, sa.start() + Math.max(0, first - 8), sa.start() + Math.min(sa.length(), first + 16)))
                    .append("\n  theirs: ")
                    .append(hex(theirs, sb2.start() + Math.max(0, first - 8),
                            sb2.start() + Math.min(sb2.length(), first + 16)))
                    .append('\n');
        }
        return sb.toString();
    }

    private static String hex(byte[] d, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) sb.append(String.format("%02x", d[i] & 0xFF));
        return sb.toString();
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
