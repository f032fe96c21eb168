package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.ResourceBlob;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.stablehlo4j.bytecode.BytecodeReader.*;

/**
 * The reading of one bytecode file's sections for {@link BytecodeReader}: header, string, dialect (op names,
 * version entries), properties, resource and attribute/type sections; the IR section is read by {@link IrReader}.
 * Every malformed input ends in a {@link BytecodeException} that names the section and byte offset.
 */
final class SectionReader {
    static final int NUM_SECTIONS = 9;
    static final String[] SECTION_NAMES = {
        "String", "Dialect", "AttrType", "AttrTypeOffset", "IR", "Resource", "ResourceOffset", "DialectVersions",
        "Properties"};
    static final int S_STRING = 0, S_DIALECT = 1, S_ATTR_TYPE = 2, S_ATTR_TYPE_OFFSET = 3, S_IR = 4,
            S_RESOURCE = 5, S_RESOURCE_OFFSET = 6, S_DIALECT_VERSIONS = 7, S_PROPERTIES = 8;

    /** The input, or null when it is {@link #buffer}. */
    final byte[] data;
    /** The input when it is a buffer (a memory-mapped file), else null. */
    final java.nio.ByteBuffer buffer;
    final String bufferName;
    /** Stop after the dialect section (see {@link BytecodeReader#describe}). */
    boolean headerOnly;
    boolean allowUnregisteredDialect = true;
    /** Applied to every op as the IR is built, or null. */
    ReadConversion conversion;
    long version;
    String producer = "";
    private StringTable strings;
    final List<AttrTypeTable.DialectEntry> dialects = new ArrayList<>();
    final List<OpName> opNames = new ArrayList<>();
    AttrTypeTable attrTypes;
    List<ByteCursor.Slice> properties = List.of();
    private final List<String> resourceHandles = new ArrayList<>();
    private final Map<String, Map<String, ResourceBlob>> dialectResources = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> externalResources = new LinkedHashMap<>();

    record OpName(AttrTypeTable.DialectEntry dialect, String name, Boolean wasRegistered) {
        String fullName() { return name.isEmpty() ? dialect.name() : dialect.name() + "." + name; }
    }

    /**
     * Objects (values slots, blocks, regions) that may still be created: every one needs at least one byte of
     * its own in the file, so more than the file size can only come from a corrupt count.
     */
    long allocationBudget;

    /** Where dialect codecs come from; null for header-only reads. */
    final Context context;

    SectionReader(Context context, byte[] data, String bufferName) {
        this.context = context;
        this.data = data;
        this.buffer = null;
        this.bufferName = bufferName;
        this.allocationBudget = 2L * data.length + 16;
    }

    /** Reads {@code buffer}'s absolute positions {@code [0, limit)}, in place. */
    SectionReader(Context context, java.nio.ByteBuffer buffer, String bufferName) {
        this.context = context;
        this.data = null;
        this.buffer = buffer;
        this.bufferName = bufferName;
        this.allocationBudget = 2L * buffer.limit() + 16;
    }

    private int inputLength() { return data != null ? data.length : buffer.limit(); }

    /** A cursor over {@code [start, end)} of the input. */
    private ByteCursor cursor(int start, int end, String section) {
        return data != null ? new ByteCursor(data, start, end, section, bufferName)
                : new ByteCursor(buffer, start, end, section, bufferName);
    }

    void spend(ByteCursor c, long n, String what) throws BytecodeException {
        if (n > allocationBudget) {
            throw c.error(what + " " + n + " is more than the file can hold");
        }
        allocationBudget -= n;
    }

    ByteCursor cursor(ByteCursor.Slice s, int section) {
        return cursor(s.offset(), s.end(), SECTION_NAMES[section]);
    }

    ModuleOp read() throws BytecodeException {
        ByteCursor c = cursor(0, inputLength(), "header");
        if (inputLength() < 4 || c.byteAt(0) != 'M' || c.byteAt(1) != 'L' || (c.byteAt(2) & 0xFF) != 0xEF
                || c.byteAt(3) != 'R') {
            throw c.error("input buffer is not an MLIR bytecode file");
        }
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
        attrTypes = new AttrTypeTable(context, cursor(0, inputLength(), "AttrType"), strings, version, bufferName);
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
        attrTypes.setConversion(conversion);
        attrTypes.initialize(cursor(sections[S_ATTR_TYPE_OFFSET], S_ATTR_TYPE_OFFSET), sections[S_ATTR_TYPE],
                dialects);
        ModuleOp m = new IrReader(this).readIR(cursor(sections[S_IR], S_IR));
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
                                .put(key, resourceBlob(align[0], entry, blob));
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

    /** A resource blob over the input array, or a heap copy of it when the input is a mapped buffer. */
    private ResourceBlob resourceBlob(long alignment, ByteCursor c, ByteCursor.Slice blob) {
        byte[] copy = c.copyIfBuffered(blob);
        return copy == null ? new ResourceBlob(alignment, data, blob.offset(), blob.length())
                : new ResourceBlob(alignment, copy, 0, copy.length);
    }

    /** A blob in the textual resource form: "0x" + alignment (4 bytes little-endian) + data, in hex. */
    private byte byteAt(int i) { return data != null ? data[i] : buffer.get(i); }

    private String blobText(long alignment, ByteCursor.Slice blob) {
        StringBuilder sb = new StringBuilder(blob.length() * 2 + 12).append("\"0x");
        for (int i = 0; i < 4; i++) sb.append(String.format("%02X", (alignment >>> (8 * i)) & 0xFF));
        for (int i = blob.offset(); i < blob.end(); i++) sb.append(String.format("%02X", byteAt(i) & 0xFF));
        return sb.append('"').toString();
    }
}
