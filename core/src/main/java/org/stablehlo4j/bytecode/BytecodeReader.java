package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads MLIR bytecode (magic {@code ML\xEFR}, format versions 0 through 6) into an {@link ModuleOp}.
 *
 * <p>All sections are read: strings, dialects (with op names, registration flags and dialect version
 * entries), attributes/types (lazily, through their offset table), resources, properties and the IR with
 * nested regions, isolated-region sub-sections and use-list orders (parsed and validated; the IR does not model
 * use-list order). Dense element data and resource blobs stay slices of the input array.
 *
 * <p>Every malformed input ends in a {@link BytecodeException} that names the section and byte offset.
 */
public final class BytecodeReader {
    /** The newest bytecode format version this reader understands (what LLVM 22 writes). */
    public static final long MAX_VERSION = 6;

    static final int V_DIALECT_VERSIONING = 1;
    static final int V_LAZY_LOADING = 2;
    static final int V_USE_LIST_ORDERING = 3;
    static final int V_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4;
    static final int V_NATIVE_PROPERTIES = 5;

    private static final int NUM_SECTIONS = 9;
    private static final String[] SECTION_NAMES = {
        "String", "Dialect", "AttrType", "AttrTypeOffset", "IR", "Resource", "ResourceOffset", "DialectVersions",
        "Properties"};
    private static final int S_STRING = 0, S_DIALECT = 1, S_ATTR_TYPE = 2, S_ATTR_TYPE_OFFSET = 3, S_IR = 4,
            S_RESOURCE = 5, S_RESOURCE_OFFSET = 6, S_DIALECT_VERSIONS = 7, S_PROPERTIES = 8;

    private static final int HAS_ATTRS = 0x01, HAS_RESULTS = 0x02, HAS_OPERANDS = 0x04, HAS_SUCCESSORS = 0x08,
            HAS_INLINE_REGIONS = 0x10, HAS_USE_LIST_ORDERS = 0x20, HAS_PROPERTIES = 0x40;

    /** Region nesting deeper than this is rejected: the limit text shares ({@link org.stablehlo4j.ir.Limits}). */
    static final int MAX_REGION_DEPTH = org.stablehlo4j.ir.Limits.MAX_NESTING;

    /**
     * The codec of dialect {@code name}: builtin's is the format's own; any other dialect contributes its
     * {@link DialectBytecode} as an interface in the context (null when it has none or is not registered).
     */
    public static DialectBytecode codec(Context context, String name) {
        if (name.equals("builtin")) return BuiltinBytecode.INSTANCE;
        return context == null ? null : context.dialectInterface(name, DialectBytecode.class);
    }

    /** The file header: format version and producer string. */
    public record Header(long version, String producer) {}

    private BytecodeReader() {}

    /** True if {@code data} starts with the bytecode magic number. */
    public static boolean isBytecode(byte[] data) {
        return data.length >= 4 && data[0] == 'M' && data[1] == 'L' && (data[2] & 0xFF) == 0xEF && data[3] == 'R';
    }

    /** Reads a file; ops of dialects that are not registered are accepted (as unregistered ops). */
    public static ModuleOp read(Context context, byte[] data, String bufferName) throws BytecodeException {
        return read(context, data, bufferName, true);
    }

    /**
     * Reads a file. Unless {@code allowUnregisteredDialect}, an op of a dialect that is neither registered
     * (in {@code context}) nor has a bytecode codec is an error, as in MLIR.
     */
    public static ModuleOp read(Context context, byte[] data, String bufferName, boolean allowUnregisteredDialect)
            throws BytecodeException {
        Impl impl = new Impl(context, data, bufferName);
        impl.allowUnregisteredDialect = allowUnregisteredDialect;
        return impl.read();
    }

    public static ModuleOp read(Context context, ByteBuffer buffer, String bufferName) throws BytecodeException {
        return read(context, toArray(buffer), bufferName);
    }

    public static ModuleOp read(Context context, InputStream in, String bufferName)
            throws BytecodeException, IOException {
        return read(context, in.readAllBytes(), bufferName);
    }

    /** Reads a file through a read-only memory mapping. */
    public static ModuleOp read(Context context, Path path) throws BytecodeException, IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            if (ch.size() > Integer.MAX_VALUE - 16) throw new IOException("file too large: " + path);
            return read(context, ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()), path.toString());
        }
    }

    /** The bytes of the buffer's remaining content, without copying when it is a whole heap array. */
    private static byte[] toArray(ByteBuffer buffer) {
        if (buffer.hasArray() && buffer.arrayOffset() == 0 && buffer.position() == 0
                && buffer.remaining() == buffer.array().length) {
            return buffer.array();
        }
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    /**
     * What the header and dialect section declare: format version, producer, each dialect with its raw version
     * entry (null when it has none), and the op names in the order of the op name table.
     */
    public record FileInfo(long version, String producer, Map<String, byte[]> dialectVersions, List<String> opNames) {}

    /** Reads the header, string and dialect sections only. */
    public static FileInfo describe(byte[] data, String bufferName) throws BytecodeException {
        Impl impl = new Impl(null, data, bufferName);
        impl.headerOnly = true;
        impl.read();
        Map<String, byte[]> versions = new LinkedHashMap<>();
        for (AttrTypeTable.DialectEntry d : impl.dialects) {
            ByteCursor.Slice v = d.version();
            versions.put(d.name(), v == null ? null : java.util.Arrays.copyOfRange(data, v.offset(), v.end()));
        }
        List<String> ops = new ArrayList<>();
        for (Impl.OpName n : impl.opNames) ops.add(n.fullName());
        return new FileInfo(impl.version, impl.producer, versions, List.copyOf(ops));
    }

    /** Reads only the magic number, version and producer. */
    public static Header readHeader(byte[] data, String bufferName) throws BytecodeException {
        ByteCursor c = new ByteCursor(data, 0, data.length, "header", bufferName);
        if (!isBytecode(data)) throw c.error("input buffer is not an MLIR bytecode file");
        c.skip(4);
        long version = c.readVarInt();
        return new Header(version, c.readNullTerminatedString());
    }

    /**
     * The StableHLO version of a portable artifact, taken from its producer string {@code StableHLO_vX.Y.Z}, or
     * null if the data is not bytecode or the producer is not StableHLO.
     */
    public static String getPortableArtifactVersion(byte[] data) {
        try {
            String producer = readHeader(data, "artifact").producer();
            String prefix = "StableHLO_v";
            if (!producer.startsWith(prefix)) return null;
            String v = producer.substring(prefix.length());
            return v.matches("\\d+\\.\\d+\\.\\d+") ? v : null;
        } catch (BytecodeException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    private static final class Impl {
        private final byte[] data;
        private final String bufferName;
        /** Stop after the dialect section (see {@link #describe}). */
        boolean headerOnly;
        boolean allowUnregisteredDialect = true;
        private long version;
        private String producer = "";
        private StringTable strings;
        private final List<AttrTypeTable.DialectEntry> dialects = new ArrayList<>();
        private final List<OpName> opNames = new ArrayList<>();
        private AttrTypeTable attrTypes;
        private List<ByteCursor.Slice> properties = List.of();
        private final List<String> resourceHandles = new ArrayList<>();
        private final Map<String, Map<String, ResourceBlob>> dialectResources = new LinkedHashMap<>();
        private final Map<String, Map<String, String>> externalResources = new LinkedHashMap<>();

        private record OpName(AttrTypeTable.DialectEntry dialect, String name, Boolean wasRegistered) {
            String fullName() { return name.isEmpty() ? dialect.name() : dialect.name() + "." + name; }
        }

        /**
         * Objects (values slots, blocks, regions) that may still be created: every one needs at least one byte of
         * its own in the file, so more than the file size can only come from a corrupt count.
         */
        private long allocationBudget;

        /** Where dialect codecs come from; null for header-only reads. */
        private final Context context;

        Impl(Context context, byte[] data, String bufferName) {
            this.context = context;
            this.data = data;
            this.bufferName = bufferName;
            this.allocationBudget = 2L * data.length + 16;
        }

        private void spend(ByteCursor c, long n, String what) throws BytecodeException {
            if (n > allocationBudget) {
                throw c.error(what + " " + n + " is more than the file can hold");
            }
            allocationBudget -= n;
        }

        private ByteCursor cursor(ByteCursor.Slice s, int section) {
            return new ByteCursor(data, s, SECTION_NAMES[section], bufferName);
        }

        ModuleOp read() throws BytecodeException {
            ByteCursor c = new ByteCursor(data, 0, data.length, "header", bufferName);
            if (!isBytecode(data)) throw c.error("input buffer is not an MLIR bytecode file");
            c.skip(4);
            int at = c.position();
            version = c.readVarInt();
            if (version < 0 || version > MAX_VERSION) {
                throw c.error(at, "bytecode version " + Long.toUnsignedString(version)
                        + " is newer than the current version " + MAX_VERSION);
            }
            producer = c.readNullTerminatedString();
            try {
                return readSections(c);
            } catch (BytecodeException e) {
                throw e.withNote("in bytecode version " + version + " produced by: " + producer);
            }
        }

        private ModuleOp readSections(ByteCursor c) throws BytecodeException {
            ByteCursor.Slice[] sections = new ByteCursor.Slice[NUM_SECTIONS];
            while (!c.atEnd()) {
                ByteCursor.Section s = c.readSection(NUM_SECTIONS);
                if (sections[s.id()] != null) {
                    throw c.error(s.headerOffset(), "duplicate top-level section: " + SECTION_NAMES[s.id()] + " ("
                            + s.id() + ")");
                }
                sections[s.id()] = s.data();
            }
            for (int i = 0; i < NUM_SECTIONS; i++) {
                boolean optional = i == S_RESOURCE || i == S_RESOURCE_OFFSET || i == S_DIALECT_VERSIONS
                        || (i == S_PROPERTIES && version < V_NATIVE_PROPERTIES);
                if (sections[i] == null && !optional) {
                    throw c.error("missing data for top-level section: " + SECTION_NAMES[i] + " (" + i + ")");
                }
            }
            strings = StringTable.read(cursor(sections[S_STRING], S_STRING));
            if (sections[S_PROPERTIES] != null) readProperties(cursor(sections[S_PROPERTIES], S_PROPERTIES));
            readDialects(cursor(sections[S_DIALECT], S_DIALECT));
            if (headerOnly) return null;
            attrTypes = new AttrTypeTable(context, data, strings, version, bufferName);
            if ((sections[S_RESOURCE] == null) != (sections[S_RESOURCE_OFFSET] == null)) {
                throw c.error(sections[S_RESOURCE] == null
                        ? "unexpected resource offset section when resource section is not present"
                        : "expected resource offset section when resource section is present");
            }
            if (sections[S_RESOURCE] != null) {
                readResources(cursor(sections[S_RESOURCE], S_RESOURCE),
                        cursor(sections[S_RESOURCE_OFFSET], S_RESOURCE_OFFSET));
            }
            attrTypes.setResourceHandles(resourceHandles);
            attrTypes.initialize(cursor(sections[S_ATTR_TYPE_OFFSET], S_ATTR_TYPE_OFFSET), sections[S_ATTR_TYPE],
                    dialects);
            ModuleOp m = readIR(cursor(sections[S_IR], S_IR));
            m.dialectResources().putAll(dialectResources);
            m.externalResources().putAll(externalResources);
            return m;
        }

        // ---- Properties section ----

        private void readProperties(ByteCursor c) throws BytecodeException {
            if (c.atEnd()) return;
            int count = c.readCount("properties count");
            List<ByteCursor.Slice> list = new ArrayList<>(count);
            for (int i = 0; i < count; i++) list.add(c.readBlob());
            if (!c.atEnd()) throw c.error("Broken properties section: didn't exhaust the offsets table");
            properties = list;
        }

        // ---- Dialect section ----

        private void readDialects(ByteCursor c) throws BytecodeException {
            int n = c.readCount("dialect count");
            for (int i = 0; i < n; i++) {
                String name;
                ByteCursor.Slice versionData = null;
                if (version < V_DIALECT_VERSIONING) {
                    name = strings.get(c, c.readVarInt());
                } else {
                    long v = c.readVarInt();
                    name = strings.get(c, v >>> 1);
                    if ((v & 1) != 0) {
                        ByteCursor.Section s = c.readSection(NUM_SECTIONS);
                        if (s.id() != S_DIALECT_VERSIONS) throw c.error(s.headerOffset(),
                                "expected dialect version section");
                        versionData = s.data();
                    }
                }
                dialects.add(new AttrTypeTable.DialectEntry(name, codec(context, name), versionData));
            }
            if (version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) c.readVarInt(); // number of op names (a size hint)
            while (!c.atEnd()) {
                AttrTypeTable.DialectEntry d = dialect(c);
                long count = c.readVarInt();
                if (count < 0 || count > c.remaining()) throw c.error("invalid operation name count: " + count);
                for (long k = 0; k < count; k++) {
                    if (version < V_NATIVE_PROPERTIES) {
                        opNames.add(new OpName(d, strings.get(c, c.readVarInt()), null));
                    } else {
                        long v = c.readVarInt();
                        opNames.add(new OpName(d, strings.get(c, v >>> 1), (v & 1) != 0));
                    }
                }
            }
        }

        private AttrTypeTable.DialectEntry dialect(ByteCursor c) throws BytecodeException {
            int at = c.position();
            long idx = c.readVarInt();
            if (idx < 0 || idx >= dialects.size()) throw c.error(at, "invalid dialect index: " + idx);
            return dialects.get((int) idx);
        }

        // ---- Resource sections ----

        private void readResources(ByteCursor res, ByteCursor offsets) throws BytecodeException {
            int numExternal = offsets.readCount("external resource group count");
            for (int i = 0; i < numExternal; i++) {
                String group = strings.get(offsets, offsets.readVarInt());
                Map<String, String> entries = externalResources.computeIfAbsent(group, k -> new LinkedHashMap<>());
                readResourceGroup(res, offsets, group, false, entries);
            }
            while (!offsets.atEnd()) {
                String dialect = dialect(offsets).name();
                readResourceGroup(res, offsets, dialect, true, null);
            }
        }

        private void readResourceGroup(ByteCursor res, ByteCursor offsets, String group, boolean isDialect,
                                       Map<String, String> external) throws BytecodeException {
            int n = offsets.readCount("resource count");
            for (int i = 0; i < n; i++) {
                String key = strings.get(offsets, offsets.readVarInt());
                long size = offsets.readVarInt();
                int kind = offsets.readByte();
                ByteCursor.Slice slice = res.readBytes(size);
                if (isDialect) resourceHandles.add(key);
                if (isDialect && slice.length() == 0) continue; // a declaration only
                ByteCursor entry = res.sub(slice, "Resource");
                String text;
                switch (kind) {
                    case 0 -> {
                        long[] align = new long[1];
                        ByteCursor.Slice blob = entry.readAlignedBlob(align);
                        if (isDialect) {
                            dialectResources.computeIfAbsent(group, k -> new LinkedHashMap<>())
                                    .put(key, new ResourceBlob(align[0], data, blob.offset(), blob.length()));
                        }
                        text = blobText(align[0], blob);
                    }
                    case 1 -> text = entry.readByte() != 0 ? "true" : "false";
                    case 2 -> text = "\"" + strings.get(entry, entry.readVarInt()).replace("\\", "\\\\")
                            .replace("\"", "\\\"") + "\"";
                    default -> throw entry.error("unknown resource entry kind: " + kind);
                }
                if (!entry.atEnd()) throw entry.error("unexpected trailing bytes in resource entry '" + key + "'");
                if (external != null) external.put(key, text);
            }
        }

        /** A blob in the textual resource form: "0x" + alignment (4 bytes little-endian) + data, in hex. */
        private String blobText(long alignment, ByteCursor.Slice blob) {
            StringBuilder sb = new StringBuilder(blob.length() * 2 + 12).append("\"0x");
            for (int i = 0; i < 4; i++) sb.append(String.format("%02X", (alignment >>> (8 * i)) & 0xFF));
            for (int i = blob.offset(); i < blob.end(); i++) sb.append(String.format("%02X", data[i] & 0xFF));
            return sb.append('"').toString();
        }

        // ---- IR section ----

        /** The values visible in one isolated-from-above scope. */
        private static final class ValueScope {
            final ArrayList<Value> values = new ArrayList<>();
            final ArrayDeque<int[]> nextIds = new ArrayDeque<>(); // top = current region's next id

            void push(int numValues) {
                nextIds.push(new int[] {values.size()});
                values.ensureCapacity(values.size() + numValues);
                for (int i = 0; i < numValues; i++) values.add(null);
            }

            void pop(int numValues) {
                for (int i = 0; i < numValues; i++) values.remove(values.size() - 1);
                nextIds.pop();
            }
        }

        /** Reading state of the regions of one operation. */
        private static final class RegionState {
            final List<Region> regions;
            int curRegion;
            final ByteCursor reader;
            final boolean isolated;
            int numValues;
            List<Block> blocks = List.of();
            int curBlock = -1;
            long opsRemaining;

            RegionState(List<Region> regions, ByteCursor reader, boolean isolated) {
                this.regions = regions;
                this.reader = reader;
                this.isolated = isolated;
            }
        }

        private final ArrayDeque<ValueScope> scopes = new ArrayDeque<>();
        private final java.util.Set<Value> forwardRefs =
                java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

        private ModuleOp readIR(ByteCursor c) throws BytecodeException {
            Block top = new Block();
            Region holder = new Region();
            holder.append(top);
            RegionState state = new RegionState(List.of(holder), c, true);
            state.blocks = List.of(top);
            state.curBlock = 0;
            scopes.push(new ValueScope());
            scopes.peek().push(0);
            readBlockHeader(c, state);
            ArrayDeque<RegionState> stack = new ArrayDeque<>();
            stack.push(state);
            while (!stack.isEmpty()) readRegions(stack, stack.peek());
            if (!forwardRefs.isEmpty()) throw c.error("not all forward unresolved forward operand references");
            if (!c.atEnd()) throw c.error("unexpected trailing data in the IR section");
            List<Operation> ops = new ArrayList<>(top.operations());
            for (Operation op : ops) top.remove(op);
            ModuleOp m;
            if (ops.size() == 1 && ops.get(0).name().equals("builtin.module")) {
                m = new ModuleOp(ops.get(0));
            } else {
                m = ModuleOp.empty(Location.FileLineCol.point(bufferName, 0, 0));
                for (Operation op : ops) m.body().append(op);
            }
            applyUseOrders(m.op(), c);
            return m;
        }

        private void readRegions(ArrayDeque<RegionState> stack, RegionState st) throws BytecodeException {
            for (; st.curRegion < st.regions.size(); st.curRegion++) {
                if (st.curBlock < 0) {
                    readRegion(st);
                    if (st.regions.get(st.curRegion).isEmpty()) continue;
                }
                ByteCursor reader = st.reader;
                while (true) {
                    while (st.opsRemaining > 0) {
                        st.opsRemaining--;
                        boolean[] isolated = new boolean[1];
                        Operation op = readOp(reader, st, isolated);
                        if (op.numRegions() > 0) {
                            ByteCursor childReader = reader;
                            if (version >= V_LAZY_LOADING && isolated[0]) {
                                ByteCursor.Section s = reader.readSection(NUM_SECTIONS);
                                if (s.id() != S_IR) throw reader.error(s.headerOffset(),
                                        "expected IR section for region");
                                childReader = reader.sub(s.data(), "IR");
                            }
                            if (stack.size() >= MAX_REGION_DEPTH) {
                                throw reader.error("region nesting exceeds the limit of " + MAX_REGION_DEPTH);
                            }
                            stack.push(new RegionState(op.regions(), childReader, isolated[0]));
                            if (isolated[0]) scopes.push(new ValueScope());
                            return;
                        }
                    }
                    if (++st.curBlock == st.blocks.size()) break;
                    readBlockHeader(reader, st);
                }
                st.curBlock = -1;
                scopes.peek().pop(st.numValues);
            }
            if (st.isolated) scopes.pop();
            stack.pop();
        }

        private void readRegion(RegionState st) throws BytecodeException {
            ByteCursor c = st.reader;
            int numBlocks = c.readCount("block count");
            st.numValues = 0;
            if (numBlocks == 0) return;
            st.numValues = c.readCount("value count");
            spend(c, (long) numBlocks + st.numValues, "block and value count");
            List<Block> blocks = new ArrayList<>(numBlocks);
            Region region = st.regions.get(st.curRegion);
            for (int i = 0; i < numBlocks; i++) {
                Block b = new Block();
                region.append(b);
                blocks.add(b);
            }
            st.blocks = blocks;
            scopes.peek().push(st.numValues);
            st.curBlock = 0;
            readBlockHeader(c, st);
        }

        private void readBlockHeader(ByteCursor c, RegionState st) throws BytecodeException {
            long v = c.readVarInt();
            st.opsRemaining = v >>> 1;
            boolean hasArgs = (v & 1) != 0;
            Block block = st.blocks.get(st.curBlock);
            if (hasArgs) readBlockArguments(c, block);
            if (version < V_USE_LIST_ORDERING) return;
            if (hasArgs && c.readByte() != 0) {
                recordUseOrders(readUseListOrders(c, block.numArguments()), block.arguments());
            }
        }

        private void readBlockArguments(ByteCursor c, Block block) throws BytecodeException {
            int n = c.readCount("block argument count");
            for (int i = 0; i < n; i++) {
                Type type;
                Location loc = Location.UNKNOWN;
                if (version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) {
                    long v = c.readVarInt();
                    type = attrTypes.type(c, v >>> 1, 0);
                    if ((v & 1) != 0) loc = location(c);
                } else {
                    type = attrTypes.type(c, c.readVarInt(), 0);
                    loc = location(c);
                }
                block.addArgument(type, loc);
            }
            defineValues(c, new ArrayList<>(block.arguments()));
        }

        /** A recorded use-list order: writer positions of the uses sorted by descending use id. */
        private record UseOrder(boolean pairs, int[] indices) {}

        /** Values with a recorded use-list order, applied once the whole IR is read. */
        private final Map<Value, UseOrder> useOrders = new java.util.IdentityHashMap<>();

        /** Parses the use-list orders of a range of {@code rangeSize} values: range index -> order. */
        private Map<Integer, UseOrder> readUseListOrders(ByteCursor c, int rangeSize) throws BytecodeException {
            long numValues = 1;
            if (rangeSize > 1) numValues = c.readVarInt();
            if (numValues < 0 || numValues > c.remaining()) throw c.error("invalid use-list order count");
            Map<Integer, UseOrder> out = new LinkedHashMap<>();
            for (long i = 0; i < numValues; i++) {
                long idx = 0;
                if (rangeSize > 1) idx = c.readVarInt();
                if (idx < 0 || idx >= rangeSize) throw c.error("invalid use-list value index: " + idx);
                long v = c.readVarInt();
                long count = v >>> 1;
                if (count > c.remaining()) throw c.error("invalid use-list order size: " + count);
                int[] indices = new int[(int) count];
                for (int k = 0; k < count; k++) indices[k] = (int) Math.min(Integer.MAX_VALUE, c.readVarInt());
                out.putIfAbsent((int) idx, new UseOrder((v & 1) != 0, indices));
            }
            return out;
        }

        private void recordUseOrders(Map<Integer, UseOrder> orders, List<? extends Value> values) {
            for (var e : orders.entrySet()) useOrders.put(values.get(e.getKey()), e.getValue());
        }

        /**
         * Puts every value's uses in the order the writer had: MLIR keeps the newest use first and, without a
         * recorded order, a reader rebuilds uses by descending use id (pre-order op id, then operand number);
         * this IR keeps the reverse of MLIR's order.
         */
        private void applyUseOrders(Operation root, ByteCursor c) throws BytecodeException {
            Map<Operation, Long> ids = new java.util.IdentityHashMap<>();
            List<Value> values = new ArrayList<>();
            ArrayDeque<Operation> stack = new ArrayDeque<>();
            stack.push(root);
            while (!stack.isEmpty()) {
                Operation op = stack.pop();
                ids.put(op, (long) ids.size());
                values.addAll(op.results());
                List<Operation> children = new ArrayList<>();
                for (Region r : op.regions()) {
                    for (Block b : r.blocks()) {
                        values.addAll(b.arguments());
                        children.addAll(b.operations());
                    }
                }
                for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i));
            }
            java.util.Comparator<Value.Use> byId = java.util.Comparator.comparingLong(
                    u -> (ids.get(u.user()) << 32) | u.index());
            for (Value v : values) {
                if (v.uses().size() < 2) continue;
                List<Value.Use> sorted = new ArrayList<>(v.uses());
                sorted.sort(byId.reversed());
                UseOrder order = useOrders.get(v);
                List<Value.Use> mlirOrder = order == null ? sorted : customOrder(order, sorted);
                if (mlirOrder == null) throw c.error("parsed use-list orders were invalid and could not be applied");
                List<Value.Use> ours = new ArrayList<>(mlirOrder);
                Collections.reverse(ours);
                if (!ours.equals(v.uses())) v.setUseOrder(ours);
            }
        }

        /** The writer's use list rebuilt from a recorded order, or null if the order is not a permutation. */
        private static List<Value.Use> customOrder(UseOrder order, List<Value.Use> sorted) {
            int n = sorted.size();
            int[] pos = new int[n]; // writer position -> sorted position
            if (order.pairs()) {
                int[] idx = order.indices();
                if (idx.length % 2 != 0) return null;
                for (int i = 0; i < n; i++) pos[i] = i;
                for (int k = 0; k < idx.length; k += 2) {
                    if (idx[k] >= n || idx[k + 1] >= n) return null;
                    pos[idx[k]] = idx[k + 1];
                }
            } else {
                if (order.indices().length != n) return null;
                for (int k = 0; k < n; k++) {
                    if (order.indices()[k] >= n) return null;
                    pos[order.indices()[k]] = k;
                }
            }
            boolean[] seen = new boolean[n];
            List<Value.Use> out = new ArrayList<>(n);
            for (int w = 0; w < n; w++) {
                if (seen[pos[w]]) return null;
                seen[pos[w]] = true;
                out.add(sorted.get(pos[w]));
            }
            if (!order.pairs()) {
                boolean[] used = new boolean[n];
                for (int k : order.indices()) {
                    if (used[k]) return null;
                    used[k] = true;
                }
            }
            return out;
        }

        private Location location(ByteCursor c) throws BytecodeException {
            int at = c.position();
            Attribute a = attrTypes.attribute(c, c.readVarInt(), 0);
            if (!(a instanceof Location l)) throw c.error(at, "expected a location attribute, but got " + a);
            return l;
        }

        private Operation readOp(ByteCursor c, RegionState st, boolean[] isolated) throws BytecodeException {
            int at = c.position();
            long nameIdx = c.readVarInt();
            if (nameIdx < 0 || nameIdx >= opNames.size()) throw c.error(at, "invalid operation name index: " + nameIdx);
            OpName opName = opNames.get((int) nameIdx);
            String fullName = opName.fullName();
            DialectBytecode codec = opName.dialect().codec();
            List<DialectBytecode.Property> schema = codec == null ? null : codec.properties(fullName);
            if (schema == null && codec != null && codec.rejectsUnknownOps()) {
                throw c.error(at, "unregistered operation '" + fullName + "' found in dialect ('"
                        + opName.dialect().name() + "') that does not allow unknown operations");
            }
            String dialect = opName.dialect().name();
            if (!allowUnregisteredDialect && codec == null
                    && (context == null || !context.isDialectRegistered(dialect))) {
                throw c.error(at, "dialect '" + dialect + "' is unknown. If this is intended, please call "
                        + "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with "
                        + "the MLIR tool used.");
            }
            int mask = c.readByte();
            Location loc = location(c);
            DictionaryAttr attrs = DictionaryAttr.EMPTY;
            DictionaryAttr props = null;
            if ((mask & HAS_ATTRS) != 0) {
                int aat = c.position();
                Attribute a = attrTypes.attribute(c, c.readVarInt(), 0);
                if (!(a instanceof DictionaryAttr d)) throw c.error(aat, "expected a dictionary attribute, got " + a);
                attrs = d;
            }
            if ((mask & HAS_PROPERTIES) != 0) {
                if (opName.wasRegistered() == null) {
                    throw c.error("Unexpected missing `wasRegistered` opname flag at bytecode version " + version
                            + " with properties.");
                }
                props = opName.wasRegistered() ? readNativeProperties(c, fullName, codec, schema)
                        : readPropertiesAttr(c, fullName);
            }
            List<Type> resultTypes = List.of();
            if ((mask & HAS_RESULTS) != 0) {
                int n = c.readCount("result count");
                resultTypes = new ArrayList<>(n);
                for (int i = 0; i < n; i++) resultTypes.add(attrTypes.type(c, c.readVarInt(), 0));
            }
            List<Value> operands = List.of();
            if ((mask & HAS_OPERANDS) != 0) {
                int n = c.readCount("operand count");
                operands = new ArrayList<>(n);
                for (int i = 0; i < n; i++) operands.add(operand(c));
            }
            List<Block> successors = List.of();
            if ((mask & HAS_SUCCESSORS) != 0) {
                int n = c.readCount("successor count");
                successors = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    long b = c.readVarInt();
                    if (b < 0 || b >= st.blocks.size()) throw c.error("invalid successor index: " + b);
                    successors.add(st.blocks.get((int) b));
                }
            }
            Map<Integer, UseOrder> resultOrders = Map.of();
            if (version >= V_USE_LIST_ORDERING && (mask & HAS_USE_LIST_ORDERS) != 0) {
                resultOrders = readUseListOrders(c, resultTypes.size());
            }
            int numRegions = 0;
            if ((mask & HAS_INLINE_REGIONS) != 0) {
                long v = c.readVarInt();
                isolated[0] = (v & 1) != 0;
                long n = v >>> 1;
                if (n > c.remaining() + 1L) throw c.error("invalid region count: " + n);
                spend(c, n, "region count");
                numRegions = (int) n;
            }
            if (props == null && schema != null && !schema.isEmpty() && !attrs.isEmpty()) {
                // Older bytecode keeps inherent attributes in the attribute dictionary; they are properties.
                List<NamedAttribute> inherent = new ArrayList<>();
                List<NamedAttribute> rest = new ArrayList<>();
                for (NamedAttribute na : attrs.entries()) {
                    boolean isInherent = schema.stream().anyMatch(p -> p.name().equals(na.name()));
                    (isInherent ? inherent : rest).add(na);
                }
                props = DictionaryAttr.of(inherent);
                attrs = DictionaryAttr.of(rest);
            }
            Operation op = Operation.create(fullName, operands, resultTypes, props, attrs, numRegions, successors,
                    loc);
            st.blocks.get(st.curBlock).append(op);
            if (st.numValues > 0 && op.numResults() > 0) defineValues(c, new ArrayList<>(op.results()));
            recordUseOrders(resultOrders, op.results());
            return op;
        }

        /** Unregistered ops store their properties as one attribute, in the properties section like any op. */
        private DictionaryAttr readPropertiesAttr(ByteCursor c, String opName) throws BytecodeException {
            int at = c.position();
            long idx = c.readVarInt();
            if (idx < 0 || idx >= properties.size()) throw c.error(at, "Properties idx out-of-bound for " + opName);
            ByteCursor pc = c.sub(properties.get((int) idx), "Properties");
            int aat = pc.position();
            Attribute a = attrTypes.attribute(pc, pc.readVarInt(), 0);
            if (!(a instanceof DictionaryAttr d)) throw pc.error(aat, "expected a dictionary of properties, got " + a);
            if (!pc.atEnd()) throw pc.error("unexpected trailing bytes in the properties of " + opName);
            return d;
        }

        private DictionaryAttr readNativeProperties(ByteCursor c, String opName, DialectBytecode codec,
                                                    List<DialectBytecode.Property> schema)
                throws BytecodeException {
            int at = c.position();
            long idx = c.readVarInt();
            if (idx < 0 || idx >= properties.size()) throw c.error(at, "Properties idx out-of-bound for " + opName);
            if (codec == null || schema == null) {
                throw c.error(at, "has properties but missing BytecodeOpInterface for " + opName);
            }
            ByteCursor pc = c.sub(properties.get((int) idx), "Properties");
            try {
                return codec.readProperties(opName, new DialectReader(pc, attrTypes, opName, 0));
            } catch (RuntimeException e) {
                throw pc.error("malformed properties of " + opName + ": " + e.getMessage());
            }
        }

        private Value operand(ByteCursor c) throws BytecodeException {
            ValueScope scope = scopes.peek();
            int at = c.position();
            long idx = c.readVarInt();
            if (idx < 0 || idx >= scope.values.size()) throw c.error(at, "invalid value index: " + idx);
            Value v = scope.values.get((int) idx);
            if (v == null) {
                Operation ref = Operation.create("builtin.unrealized_conversion_cast", List.of(),
                        List.of(NoneType.INSTANCE), null, null, 0, List.of(), Location.UNKNOWN);
                v = ref.result(0);
                forwardRefs.add(v);
                scope.values.set((int) idx, v);
            }
            return v;
        }

        private void defineValues(ByteCursor c, List<? extends Value> newValues) throws BytecodeException {
            ValueScope scope = scopes.peek();
            int[] next = scope.nextIds.peek();
            if (next == null) throw c.error("no value scope");
            int end = next[0] + newValues.size();
            if (end > scope.values.size()) {
                throw c.error("value index range was outside of the expected range for the parent region, got ["
                        + next[0] + ", " + end + "), but the maximum index was " + (scope.values.size() - 1));
            }
            for (Value nv : newValues) {
                Value old = scope.values.set(next[0]++, nv);
                if (old != null) {
                    if (!forwardRefs.remove(old)) throw c.error("value #" + (next[0] - 1) + " is defined twice");
                    old.replaceAllUsesWith(nv);
                }
            }
        }
    }
}
