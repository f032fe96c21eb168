package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.bytecode.UnwritableIRException;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectWriter;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link ModuleOp} as MLIR bytecode, producing the bytes MLIR's own writer produces for the same IR
 * and configuration: header, then the dialect, attribute/type offset, attribute/type, IR, resource offset,
 * resource, string and (format 5 and later) properties sections.
 */
public final class BytecodeWriter {
    /** The newest bytecode format version written (what LLVM 22 writes). */
    public static final int MAX_VERSION = 6;

    static final int V_DIALECT_VERSIONING = 1, V_LAZY_LOADING = 2, V_USE_LIST_ORDERING = 3,
            V_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4, V_NATIVE_PROPERTIES = 5;
    private static final int S_STRING = 0, S_DIALECT = 1, S_ATTR_TYPE = 2, S_ATTR_TYPE_OFFSET = 3, S_IR = 4,
            S_RESOURCE = 5, S_RESOURCE_OFFSET = 6, S_DIALECT_VERSIONS = 7, S_PROPERTIES = 8;
    private static final int HAS_ATTRS = 0x01, HAS_RESULTS = 0x02, HAS_OPERANDS = 0x04, HAS_SUCCESSORS = 0x08,
            HAS_INLINE_REGIONS = 0x10, HAS_USE_LIST_ORDERS = 0x20, HAS_PROPERTIES = 0x40;

    private BytecodeWriter() {}

    /** The newest format with the given producer and no dialect versions. */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp module, String producer) {
        return write(context, module, BytecodeWriterConfig.current(producer));
    }

    /**
     * Writes format {@code version} (0-6) with the given producer and no dialect versions.
     *
     * @throws IllegalArgumentException for an unsupported version or IR that cannot be written
     */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp module, String producer, long version) {
        if (version < 0 || version > MAX_VERSION) {
            throw new IllegalArgumentException("unsupported bytecode version " + version);
        }
        return write(context, module, new BytecodeWriterConfig((int) version, producer, Map.of(), false));
    }

    /**
     * The bytecode of {@code module}.
     *
     * @throws UnwritableIRException if the IR cannot be written (an operand defined outside the module, a
     *                                  registered op without a required property)
     */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp module, BytecodeWriterConfig config) {
        return encode(context, module, config).toByteArray();
    }

    /** Streams the bytecode of {@code module} to {@code out}. */
    public static void write(org.stablehlo4j.ir.Context context, ModuleOp module, BytecodeWriterConfig config,
                             OutputStream out) throws IOException {
        encode(context, module, config).writeTo(out);
    }

    /**
     * Encodes {@code module} completely (so every error is raised here) without joining the result into one
     * array: large blobs stay referenced where they are until {@link Encoded#writeTo} streams everything out.
     *
     * @throws UnwritableIRException if the IR cannot be written
     */
    public static Encoded encode(org.stablehlo4j.ir.Context context, ModuleOp module, BytecodeWriterConfig config) {
        return encode(context, module, config, null);
    }

    /**
     * Encodes {@code module} as {@code conversion} converts it, in one pass: each op is written with the name and
     * attributes the conversion gives and its values with converted types; no converted module is built. The
     * bytes are those of writing the module the conversion's rebuild would create (see {@link WriteConversion}).
     *
     * @param conversion the conversion, or null to write the module as it is
     * @throws UnwritableIRException if the IR cannot be written
     */
    public static Encoded encode(org.stablehlo4j.ir.Context context, ModuleOp module, BytecodeWriterConfig config,
                                 WriteConversion conversion) {
        return new Encoded(new Impl(context, module, config, conversion).write());
    }

    /** Bytecode encoded in full, held as the writer's chunks until written out. */
    public static final class Encoded {
        private final Emitter bytes;

        private Encoded(Emitter bytes) { this.bytes = bytes; }

        /** The number of bytes. */
        public long size() { return bytes.size(); }

        /** Writes the bytes to {@code out}. */
        public void writeTo(OutputStream out) throws IOException { bytes.writeTo(out); }

        /** The bytes as one array. */
        public byte[] toByteArray() { return bytes.toByteArray(); }
    }

    /** Insertion-ordered unique strings of the string section. */
    private static final class StringSection {
        private final LinkedHashMap<String, Integer> strings = new LinkedHashMap<>();

        /** Keys are the bytes as ISO-8859-1 chars, a lossless stand-in for arbitrary byte strings. */
        int insert(byte[] bytes) {
            return strings.computeIfAbsent(new String(bytes, StandardCharsets.ISO_8859_1), k -> strings.size());
        }

        int insert(String s) { return insert(s.getBytes(StandardCharsets.UTF_8)); }

        void write(Emitter e) {
            e.emitVarInt(strings.size());
            List<String> keys = new ArrayList<>(strings.keySet());
            for (int i = keys.size() - 1; i >= 0; i--) e.emitVarInt(keys.get(i).length() + 1L);
            for (String k : keys) e.emitNulTerminated(k.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    private static final class Impl {
        private final ModuleOp module;
        private final BytecodeWriterConfig config;
        private final int version;
        private final IRNumbering numbering;
        private final StringSection strings = new StringSection();
        private final List<byte[]> properties = new ArrayList<>();

        /** The pre-order id of the next op written (the numbering's ids, as ops are written in pre-order). */
        private int nextOp;

        Impl(org.stablehlo4j.ir.Context context, ModuleOp module, BytecodeWriterConfig config,
             WriteConversion conversion) {
            this.module = module;
            this.config = config;
            this.version = config.bytecodeVersion();
            this.numbering = IRNumbering.of(context, module.op(), version, module.dialectResources(), conversion);
        }

        Emitter write() {
            Emitter out = new Emitter();
            out.emitBytes(new byte[] {'M', 'L', (byte) 0xEF, 'R'}, 0, 4);
            out.emitVarInt(version);
            out.emitNulTerminated(config.producer().getBytes(StandardCharsets.UTF_8));
            writeDialectSection(out);
            writeAttrTypeSection(out);
            writeIRSection(out);
            writeResourceSection(out);
            Emitter s = new Emitter();
            strings.write(s);
            out.emitSection(S_STRING, s);
            if (version >= V_NATIVE_PROPERTIES) {
                Emitter p = new Emitter();
                p.emitVarInt(properties.size());
                for (byte[] b : properties) p.emitBytes(b, 0, b.length);
                out.emitSection(S_PROPERTIES, p);
            }
            return out;
        }

        // ---- Dialects ----

        private void writeDialectSection(Emitter out) {
            Emitter d = new Emitter();
            d.emitVarInt(numbering.dialects.size());
            for (IRNumbering.DialectNum dialect : numbering.dialects.values()) {
                int nameId = strings.insert(dialect.name);
                if (version < V_DIALECT_VERSIONING) {
                    d.emitVarInt(nameId);
                    continue;
                }
                byte[] payload = config.dialectVersions().get(dialect.name);
                boolean hasVersion = payload != null && payload.length > 0;
                d.emitVarIntWithFlag(nameId, hasVersion);
                if (hasVersion) {
                    Emitter v = new Emitter();
                    v.emitBytes(payload, 0, payload.length);
                    d.emitSection(S_DIALECT_VERSIONS, v);
                }
            }
            if (version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) d.emitVarInt(numbering.orderedOpNames.size());
            writeGroups(d, numbering.orderedOpNames, e -> {
                String name = (String) e.value;
                int dot = name.indexOf('.');
                int id = strings.insert(dot < 0 ? name : name.substring(dot + 1));
                if (version < V_NATIVE_PROPERTIES) d.emitVarInt(id);
                else d.emitVarIntWithFlag(id, numbering.schema(name) != null);
            });
            out.emitSection(S_DIALECT, d);
        }

        /** Writes entries in runs of the same dialect: dialect number, run length, then each entry. */
        private static void writeGroups(Emitter out, List<IRNumbering.Entry> entries,
                                        java.util.function.Consumer<IRNumbering.Entry> each) {
            for (int i = 0; i < entries.size(); ) {
                IRNumbering.DialectNum dialect = entries.get(i).dialect;
                int end = i + 1;
                while (end < entries.size() && entries.get(end).dialect == dialect) end++;
                out.emitVarInt(dialect.number);
                out.emitVarInt(end - i);
                for (int k = i; k < end; k++) each.accept(entries.get(k));
                i = end;
            }
        }

        // ---- Attributes and types ----

        private void writeAttrTypeSection(Emitter out) {
            Emitter data = new Emitter();
            Emitter offsets = new Emitter();
            offsets.emitVarInt(numbering.orderedAttrs.size());
            offsets.emitVarInt(numbering.orderedTypes.size());
            DialectWriter sink = new DialectWriter(new EmittingSink(data), version);
            long[] prev = {0};
            for (boolean isType : new boolean[] {false, true}) {
                writeGroups(offsets, isType ? numbering.orderedTypes : numbering.orderedAttrs, e -> {
                    DialectBytecode codec = e.dialect.codec;
                    boolean custom = codec != null && (isType ? codec.writeType((Type) e.value, sink)
                            : codec.writeAttribute((Attribute) e.value, sink));
                    if (!custom) {
                        String text = isType ? AsmPrinter.printType((Type) e.value)
                                : AsmPrinter.printAttribute((Attribute) e.value);
                        data.emitNulTerminated(text.getBytes(StandardCharsets.UTF_8));
                    }
                    long cur = data.size();
                    offsets.emitVarIntWithFlag(cur - prev[0], custom);
                    prev[0] = cur;
                });
            }
            out.emitSection(S_ATTR_TYPE_OFFSET, offsets);
            out.emitSection(S_ATTR_TYPE, data);
        }

        /** Writes references as their numbers and owned strings as string-section indices. */
        private final class EmittingSink implements DialectWriter.Sink {
            private final Emitter e;

            EmittingSink(Emitter e) { this.e = e; }

            @Override public long attribute(Attribute a) { return numbering.attrNumber(a); }

            @Override public long type(Type t) { return numbering.typeNumber(t); }

            @Override public long string(byte[] s) { return strings.insert(s); }

            @Override public long resourceHandle(String key) { return numbering.resourceNumber("builtin", key); }

            @Override public void varInt(long v) { e.emitVarInt(v); }

            @Override public void rawByte(int b) { e.emitByte(b); }

            @Override public void bytes(byte[] data, int offset, int length) { e.emitOwnedBlob(data, offset, length); }

            @Override public void bytes(java.nio.ByteBuffer data) { e.emitOwnedBlob(data); }
        }

        // ---- IR ----

        private void writeIRSection(Emitter out) {
            Emitter ir = new Emitter();
            ir.emitVarIntWithFlag(1, false);
            writeOp(ir, module.op());
            out.emitSection(S_IR, ir);
        }

        private void writeOp(Emitter e, Operation op) {
            int id = nextOp++;
            e.emitVarInt(numbering.opNameNumber(id));
            long maskOffset = e.size();
            int mask = 0;
            e.emitByte(0);
            e.emitVarInt(numbering.locationNumber(id));
            int dict = numbering.dictNumber(id);
            if (dict >= 0) {
                mask |= HAS_ATTRS;
                e.emitVarInt(dict);
            }
            if (version >= V_NATIVE_PROPERTIES) {
                int props = emitProperties(id);
                if (props >= 0) {
                    mask |= HAS_PROPERTIES;
                    e.emitVarInt(props);
                }
            }
            int numResults = numbering.numResults(id);
            if (numResults > 0) {
                mask |= HAS_RESULTS;
                e.emitVarInt(numResults);
                for (int i = 0; i < numResults; i++) e.emitVarInt(numbering.resultTypeNumber(id, i));
            }
            int numOperands = op.numOperands();
            if (numOperands > 0) {
                mask |= HAS_OPERANDS;
                e.emitVarInt(numOperands);
                for (int i = 0; i < numOperands; i++) e.emitVarInt(numbering.valueId(op.operand(i), op));
            }
            List<Block> successors = op.successors();
            if (!successors.isEmpty()) {
                mask |= HAS_SUCCESSORS;
                e.emitVarInt(successors.size());
                for (Block b : successors) e.emitVarInt(numbering.blockId(b));
            }
            if (version >= V_USE_LIST_ORDERING && numResults > 0 && numbering.writesUseListOrders()
                    && UseListOrders.write(e, op.results(), numbering)) {
                mask |= HAS_USE_LIST_ORDERS;
            }
            int numRegions = op.numRegions();
            if (numRegions > 0) mask |= HAS_INLINE_REGIONS;
            e.patchByte(maskOffset, mask);
            if (numRegions == 0) return;
            boolean isolated = numbering.isIsolated(id);
            e.emitVarIntWithFlag(numRegions, isolated);
            if (isolated && version >= V_LAZY_LOADING) {
                Emitter sub = new Emitter();
                for (int r = 0; r < numRegions; r++) writeRegion(sub, op.region(r), numbering.regionValueCount(id, r));
                e.emitSection(S_IR, sub);
            } else {
                for (int r = 0; r < numRegions; r++) writeRegion(e, op.region(r), numbering.regionValueCount(id, r));
            }
        }

        private void writeRegion(Emitter e, Region region, int numValues) {
            if (region.isEmpty()) {
                e.emitVarInt(0);
                return;
            }
            List<Block> blocks = region.blocks();
            e.emitVarInt(blocks.size());
            e.emitVarInt(numValues);
            for (int i = 0; i < blocks.size(); i++) writeBlock(e, blocks.get(i));
        }

        private void writeBlock(Emitter e, Block block) {
            List<BlockArgument> args = block.arguments();
            e.emitVarIntWithFlag(block.numOperations(), !args.isEmpty());
            if (!args.isEmpty()) {
                e.emitVarInt(args.size());
                for (BlockArgument arg : args) {
                    Location loc = IRNumbering.argLocation(arg);
                    int type = numbering.typeNumber(numbering.argType(arg));
                    if (version >= V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) {
                        boolean known = !(loc instanceof Location.Unknown);
                        e.emitVarIntWithFlag(type, known);
                        if (known) e.emitVarInt(numbering.attrNumber(loc));
                    } else {
                        e.emitVarInt(type);
                        e.emitVarInt(numbering.attrNumber(loc));
                    }
                }
                if (version >= V_USE_LIST_ORDERING) {
                    long at = e.size();
                    e.emitByte(0);
                    if (numbering.writesUseListOrders() && UseListOrders.write(e, args, numbering)) {
                        e.patchByte(at, HAS_USE_LIST_ORDERS);
                    }
                }
            }
            for (Operation op = block.first(); op != null; op = op.next()) writeOp(e, op);
        }

        // ---- Properties ----

        /** A properties entry's bytes as a hash key. */
        private record Bytes(byte[] b, int hash) {
            Bytes(byte[] b) { this(b, java.util.Arrays.hashCode(b)); }

            @Override public boolean equals(Object o) { return o instanceof Bytes x && hash == x.hash && java.util.Arrays.equals(b, x.b); }

            @Override public int hashCode() { return hash; }
        }

        private final Map<Bytes, Integer> propertiesByBytes = new HashMap<>();
        /** Entries by op name and properties object: equal ops share their properties object. */
        private final Map<IRNumbering.PropsKey, Integer> propertiesByObject = new HashMap<>();
        private final Emitter scratch = new Emitter();

        /** Adds op {@code id}'s encoded properties to the (deduplicated) properties table; -1 if it has none. */
        private int emitProperties(int id) {
            String name = numbering.names[id];
            List<DialectBytecode.Property> schema = numbering.schema(name);
            if (schema != null && schema.isEmpty()) return -1;
            IRNumbering.PropsKey key = new IRNumbering.PropsKey(name, numbering.properties[id]);
            Integer known = propertiesByObject.get(key);
            if (known != null) return known;
            int index = encodeProperties(id, schema);
            if (index >= 0) propertiesByObject.put(key, index);
            return index;
        }

        /** Encodes op {@code id}'s properties into the (deduplicated) table; -1 if it has none. */
        private int encodeProperties(int id, List<DialectBytecode.Property> schema) {
            Emitter raw = scratch;
            raw.reset();
            if (schema == null) {
                if (numbering.properties[id].isEmpty()) return -1;
                raw.emitVarInt(numbering.attrNumber(numbering.properties[id]));
            } else {
                numbering.writeProperties(id, new DialectWriter(new EmittingSink(raw), version));
            }
            byte[] body = raw.toByteArray();
            Emitter framed = new Emitter();
            framed.emitVarInt(body.length);
            framed.emitBytes(body, 0, body.length);
            Bytes key = new Bytes(framed.toByteArray());
            Integer existing = propertiesByBytes.get(key);
            if (existing != null) return existing;
            propertiesByBytes.put(key, properties.size());
            properties.add(key.b());
            return properties.size() - 1;
        }

        // ---- Resources ----

        private void writeResourceSection(Emitter out) {
            Emitter data = new Emitter();
            Emitter offsets = new Emitter();
            offsets.emitVarInt(0); // no external resource printers
            long prev = 0;
            for (IRNumbering.DialectNum d : numbering.dialects.values()) {
                if (!d.name.equals("builtin") || d.resources.isEmpty()) continue;
                Map<String, ResourceBlob> blobs = module.dialectResources().getOrDefault(d.name, Map.of());
                List<Object[]> entries = new ArrayList<>();
                for (String key : d.resources.keySet()) {
                    ResourceBlob b = blobs.get(key);
                    if (b == null) continue;
                    if (!config.elideResourceData()) {
                        int align = (int) Math.max(1, b.alignment());
                        if (Integer.bitCount(align) != 1 || align != Math.max(1, b.alignment())) {
                            throw new UnwritableIRException(module.op().location(), "resource '" + key
                                    + "' has an invalid alignment "
                                    + b.alignment());
                        }
                        data.emitVarInt(align);
                        data.emitVarInt(b.length());
                        data.alignTo(align);
                        data.emitOwnedBlob(b.rawArray(), b.offset(), b.length());
                    }
                    entries.add(new Object[] {key, data.size() - prev});
                    prev = data.size();
                }
                for (String key : d.resources.keySet()) {
                    if (blobs.get(key) != null) continue;
                    entries.add(new Object[] {key, data.size() - prev});
                    prev = data.size();
                }
                offsets.emitVarInt(d.number);
                offsets.emitVarInt(entries.size());
                for (Object[] en : entries) {
                    offsets.emitVarInt(strings.insert((String) en[0]));
                    offsets.emitVarInt((Long) en[1]);
                    offsets.emitByte(0); // blob
                }
            }
            out.emitSection(S_RESOURCE_OFFSET, offsets);
            out.emitSection(S_RESOURCE, data);
        }
    }
}
