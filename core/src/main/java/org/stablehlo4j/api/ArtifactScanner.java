package org.stablehlo4j.api;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.compat.CompatibilityApi;

/**
 * Counts the operations of an MLIR bytecode file by walking the encoding of its IR section, without decoding
 * attributes, types, locations or properties and without building any IR (every one of those is an index the
 * scan skips). The header, string and dialect sections are read by {@link BytecodeReader#describe}.
 * The encoding followed is MLIR's ({@code mlir/lib/Bytecode/Reader/BytecodeReader.cpp}, format versions 0-6):
 * a block header is {@code numOps << 1 | hasArgs}, then the arguments (type/location indexes) and, from
 * version 3, their use-list orders; an op is its name index, a mask byte, a location index, then, as the
 * mask says, attribute dictionary, properties, results, operands, successors, use-list orders and
 * {@code numRegions << 1 | isolated}; from version 2 an isolated op's regions sit in a nested IR section.
 */
final class ArtifactScanner {
    private static final int NUM_SECTIONS = 9, S_IR = 4;
    private static final int HAS_ATTRS = 0x01, HAS_RESULTS = 0x02, HAS_OPERANDS = 0x04, HAS_SUCCESSORS = 0x08,
            HAS_INLINE_REGIONS = 0x10, HAS_USE_LIST_ORDERS = 0x20, HAS_PROPERTIES = 0x40;
    private static final int MAX_DEPTH = 4096;

    private final byte[] data;
    private final String name;
    private long version;
    private List<String> opNames;
    private long[] counts;

    private ArtifactScanner(byte[] data, String name) {
        this.data = data;
        this.name = name;
    }

    static ArtifactInfo scan(byte[] data, String name) throws StableHloException {
        BytecodeReader.FileInfo info;
        try {
            info = BytecodeReader.describe(data, name);
        } catch (BytecodeException e) {
            throw new StableHloException(e);
        }
        ArtifactScanner s = new ArtifactScanner(data, name);
        s.version = info.version();
        s.opNames = info.opNames();
        s.counts = new long[s.opNames.size()];
        s.scanFile();
        Map<String, Long> byName = new HashMap<>();
        for (int i = 0; i < s.counts.length; i++) {
            if (s.counts[i] > 0) byName.merge(s.opNames.get(i), s.counts[i], Long::sum);
        }
        String v = CompatibilityApi.getPortableArtifactVersion(data).map(Object::toString).orElse(null);
        return new ArtifactInfo(info.producer(), info.version(), java.util.Optional.ofNullable(v),
                List.copyOf(info.dialectVersions().keySet()), byName, data.length);
    }

    /** A window [pos, end) of the input. */
    private final class Cursor {
        int pos;
        final int end;
        final String section;

        Cursor(int pos, int end, String section) {
            this.pos = pos;
            this.end = end;
            this.section = section;
        }

        StableHloException error(int at, String message) {
            return new StableHloException(name + ": " + message + " (" + section + " section, byte offset " + at
                    + ")");
        }

        int readByte() throws StableHloException {
            if (pos >= end) throw error(pos, "unexpected end of data (truncated artifact?)");
            return data[pos++] & 0xFF;
        }

        long readVarInt() throws StableHloException {
            int at = pos;
            int first = readByte();
            if ((first & 1) != 0) return first >>> 1;
            int extra = first == 0 ? 8 : Integer.numberOfTrailingZeros(first);
            if (end - pos < extra) throw error(at, "truncated " + (extra + 1) + "-byte varint");
            long v = first == 0 ? 0 : first;
            for (int i = 0; i < extra; i++) v |= (long) (data[pos + i] & 0xFF) << (8 * (first == 0 ? i : i + 1));
            pos += extra;
            return first == 0 ? v : v >>> (extra + 1);
        }

        /** A count of items that each take at least one byte. */
        long readCount(String what) throws StableHloException {
            int at = pos;
            long n = readVarInt();
            if (n < 0 || n > end - pos) throw error(at, "invalid " + what + ": " + Long.toUnsignedString(n));
            return n;
        }

        void skipVarInts(long n) throws StableHloException {
            for (long i = 0; i < n; i++) readVarInt();
        }

        /** A section header; returns {id, dataStart, dataEnd}. */
        int[] readSection() throws StableHloException {
            int at = pos;
            int idAndAlign = readByte();
            long length = readVarInt();
            int id = idAndAlign & 0x7F;
            if (id >= NUM_SECTIONS) throw error(at, "invalid section ID: " + id);
            if ((idAndAlign & 0x80) != 0) {
                long alignment = readVarInt();
                if (alignment <= 0 || Long.bitCount(alignment) != 1 || alignment > (1 << 30)) {
                    throw error(at, "expected alignment to be a power-of-two");
                }
                while ((pos & (alignment - 1)) != 0) readByte();
            }
            if (length < 0 || length > end - pos) {
                throw error(at, "section of " + Long.toUnsignedString(length) + " bytes exceeds the "
                        + (end - pos) + " remaining bytes (truncated artifact?)");
            }
            int start = pos;
            pos += (int) length;
            return new int[] {id, start, pos};
        }
    }

    private void scanFile() throws StableHloException {
        Cursor c = new Cursor(4, data.length, "header");
        c.readVarInt();
        while (c.pos < c.end && data[c.pos] != 0) c.pos++;
        c.readByte();
        int[] ir = null;
        while (c.pos < c.end) {
            int[] s = c.readSection();
            if (s[0] == S_IR) ir = s;
        }
        if (ir == null) throw c.error(c.pos, "missing data for top-level section: IR (4)");
        Cursor irc = new Cursor(ir[1], ir[2], "IR");
        long ops = readBlockHeader(irc);
        for (long i = 0; i < ops; i++) scanOp(irc, 0);
        if (irc.pos != irc.end) throw irc.error(irc.pos, "unexpected trailing data in the IR section");
    }

    /** Reads a block header and its arguments; returns the number of ops of the block. */
    private long readBlockHeader(Cursor c) throws StableHloException {
        long v = c.readVarInt();
        boolean hasArgs = (v & 1) != 0;
        if (hasArgs) {
            long n = c.readCount("block argument count");
            for (long i = 0; i < n; i++) {
                if (version >= 4) {
                    long t = c.readVarInt();
                    if ((t & 1) != 0) c.readVarInt();
                } else {
                    c.readVarInt();
                    c.readVarInt();
                }
            }
            if (version >= 3 && c.readByte() != 0) skipUseListOrders(c, n);
        }
        long ops = v >>> 1;
        if (ops > c.end - c.pos) throw c.error(c.pos, "invalid operation count: " + ops);
        return ops;
    }

    private void skipUseListOrders(Cursor c, long rangeSize) throws StableHloException {
        long numValues = rangeSize > 1 ? c.readCount("use-list order count") : 1;
        for (long i = 0; i < numValues; i++) {
            if (rangeSize > 1) c.readVarInt();
            long count = c.readVarInt() >>> 1;
            if (count > c.end - c.pos) throw c.error(c.pos, "invalid use-list order size: " + count);
            c.skipVarInts(count);
        }
    }

    private void scanOp(Cursor c, int depth) throws StableHloException {
        int at = c.pos;
        long nameIdx = c.readVarInt();
        if (nameIdx < 0 || nameIdx >= counts.length) throw c.error(at, "invalid operation name index: " + nameIdx);
        counts[(int) nameIdx]++;
        int mask = c.readByte();
        c.readVarInt(); // location
        if ((mask & HAS_ATTRS) != 0) c.readVarInt();
        if ((mask & HAS_PROPERTIES) != 0) c.readVarInt();
        long results = 0;
        if ((mask & HAS_RESULTS) != 0) {
            results = c.readCount("result count");
            c.skipVarInts(results);
        }
        if ((mask & HAS_OPERANDS) != 0) c.skipVarInts(c.readCount("operand count"));
        if ((mask & HAS_SUCCESSORS) != 0) c.skipVarInts(c.readCount("successor count"));
        if (version >= 3 && (mask & HAS_USE_LIST_ORDERS) != 0) skipUseListOrders(c, results);
        if ((mask & HAS_INLINE_REGIONS) == 0) return;
        long v = c.readVarInt();
        boolean isolated = (v & 1) != 0;
        long numRegions = v >>> 1;
        if (numRegions > c.end - c.pos + 1L) throw c.error(c.pos, "invalid region count: " + numRegions);
        if (numRegions == 0) return;
        if (depth >= MAX_DEPTH) throw c.error(c.pos, "region nesting exceeds the limit of " + MAX_DEPTH);
        Cursor rc = c;
        if (version >= 2 && isolated) {
            int sat = c.pos;
            int[] s = c.readSection();
            if (s[0] != S_IR) throw c.error(sat, "expected IR section for region");
            rc = new Cursor(s[1], s[2], "IR");
        }
        for (long r = 0; r < numRegions; r++) {
            long blocks = rc.readCount("block count");
            if (blocks == 0) continue;
            rc.readVarInt(); // value count
            for (long b = 0; b < blocks; b++) {
                long ops = readBlockHeader(rc);
                for (long i = 0; i < ops; i++) scanOp(rc, depth + 1);
            }
        }
        if (rc != c && rc.pos != rc.end) throw rc.error(rc.pos, "unexpected trailing data in a region section");
    }
}
