package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

import java.util.List;

/**
 * The attribute and type entries of the file, resolved lazily on first reference. Entries are encoded either
 * with their dialect's custom encoding or as assembly text; see {@link TextualFallback}.
 */
final class AttrTypeTable {
    /** Nested attribute/type references deeper than this are rejected (guards the Java stack). */
    static final int MAX_DEPTH = org.stablehlo4j.ir.Limits.MAX_NESTING;

    /** One dialect of the dialect section. */
    record DialectEntry(String name, DialectBytecode codec, ByteCursor.Slice version) {}

    /**
     * The entries of one kind (attributes or types), as parallel arrays indexed by entry: where each entry's
     * bytes are (entries follow each other: entry {@code i} spans {@code [offsets[i], offsets[i + 1])}), whether
     * it uses the dialect's encoding (else assembly text), its dialect, its value once read.
     */
    private static final class Entries {
        final String kind;
        final int[] offsets;
        final boolean[] custom;
        /** Values read so far: an {@code Attribute[]} or a {@code Type[]} (see {@link #attrValues}). */
        final Object[] values;
        final DialectEntry[] dialects;

        Entries(String kind, int n, Object[] values) {
            this.kind = kind;
            offsets = new int[n + 1];
            custom = new boolean[n];
            dialects = new DialectEntry[n];
            this.values = values;
        }
    }

    private final StringTable strings;
    private final long version;
    private final String bufferName;
    /** A cursor over the whole input, from which each entry's cursor is cut. */
    private final ByteCursor input;
    private Entries attrs = new Entries("attribute", 0, new Attribute[0]);
    private Entries types = new Entries("type", 0, new Type[0]);
    /**
     * The values arrays of {@link #attrs} and {@link #types}, typed: a lookup of an entry read before is an array
     * load without a cast (a cast to an interface such as {@code Attribute} scans the class's interfaces when
     * its one-entry cache holds another interface, e.g. {@code Location} right after, on every op).
     */
    private Attribute[] attrValues = new Attribute[0];
    private Type[] typeValues = new Type[0];
    private List<String> resourceHandles = List.of();
    /** The conversion of value types ({@link ReadConversion#valueType}), or null; its answers per type entry. */
    private ReadConversion conversion;
    private Type[] valueTypes;
    /** The reader of the entry being read at each nesting depth (see {@link #resolve}). */
    private final DialectReader[] readers = new DialectReader[MAX_DEPTH + 2];
    /**
     * The entry being read at each nesting depth (its kind's entries and index; null entries: none), to find a
     * reference back to one of them (a cycle).
     */
    private final Entries[] resolvingKind = new Entries[MAX_DEPTH + 2];
    private final int[] resolvingIndex = new int[MAX_DEPTH + 2];

    /** For the textual fallback of entries without a dialect codec. */
    private final org.stablehlo4j.ir.Context context;

    AttrTypeTable(org.stablehlo4j.ir.Context context, ByteCursor input, StringTable strings, long version,
                  String bufferName) {
        this.context = context;
        this.input = input;
        this.strings = strings;
        this.version = version;
        this.bufferName = bufferName;
    }

    StringTable strings() { return strings; }
    long version() { return version; }

    void setResourceHandles(List<String> handles) { this.resourceHandles = handles; }

    void setConversion(ReadConversion conversion) { this.conversion = conversion; }

    String resourceHandle(ByteCursor c, long index) throws BytecodeException {
        if (index < 0 || index >= resourceHandles.size()) throw c.error("invalid resource handle index: " + index);
        return resourceHandles.get((int) index);
    }

    /** Reads the offset section, which splits the attr/type section into entries grouped by dialect. */
    void initialize(ByteCursor offsets, ByteCursor.Slice section, List<DialectEntry> dialects)
            throws BytecodeException {
        int numAttrs = offsets.readCount("attribute count");
        int numTypes = offsets.readCount("type count");
        attrValues = new Attribute[numAttrs];
        typeValues = new Type[numTypes];
        attrs = new Entries("attribute", numAttrs, attrValues);
        types = new Entries("type", numTypes, typeValues);
        long[] current = {section.offset()};
        fill(offsets, attrs, section, dialects, current);
        fill(offsets, types, section, dialects, current);
        if (!offsets.atEnd()) throw offsets.error("unexpected trailing data in the Attribute/Type offset section");
    }

    private static void fill(ByteCursor offsets, Entries entries, ByteCursor.Slice section,
                             List<DialectEntry> dialects, long[] current) throws BytecodeException {
        int i = 0;
        int count = entries.custom.length;
        long end = section.end();
        long pos = current[0];
        while (i < count) {
            int at = offsets.position();
            long d = offsets.readVarInt();
            if (d < 0 || d >= dialects.size()) throw offsets.error(at, "invalid dialect index: " + d);
            DialectEntry dialect = dialects.get((int) d);
            long n = offsets.readVarInt();
            if (n < 0 || n > count - i) throw offsets.error(at, "too many entries in dialect group: " + n);
            for (long k = 0; k < n; k++, i++) {
                int eat = offsets.position();
                long v = offsets.readVarInt();
                long size = v >>> 1;
                if (size > end - pos) {
                    throw offsets.error(eat, "Attribute or Type entry offset points past the end of section");
                }
                entries.custom[i] = (v & 1) != 0;
                entries.dialects[i] = dialect;
                entries.offsets[i] = (int) pos;
                pos += size;
            }
        }
        entries.offsets[count] = (int) pos;
        current[0] = pos;
    }

    Attribute attribute(ByteCursor from, long index, int depth) throws BytecodeException {
        return value(attrValues, attrs, from, index, depth);
    }

    Type type(ByteCursor from, long index, int depth) throws BytecodeException {
        return value(typeValues, types, from, index, depth);
    }

    /** Entry {@code index} of one table: its value if already read, else read now ({@link #resolve} checks it). */
    private <T> T value(T[] values, Entries entries, ByteCursor from, long index, int depth) throws BytecodeException {
        if (index >= 0 && index < values.length) {
            T v = values[(int) index];
            if (v != null) return v;
        }
        resolve(from, entries, index, depth);
        return values[(int) index];
    }

    /** The type of a value (op result, block argument): type entry {@code index} after the read conversion. */
    Type valueType(ByteCursor from, long index) throws BytecodeException {
        Type t = type(from, index, 0);
        if (conversion == null) return t;
        if (valueTypes == null) valueTypes = new Type[typeValues.length];
        Type converted = valueTypes[(int) index];
        if (converted == null) valueTypes[(int) index] = converted = conversion.valueType(t);
        return converted;
    }

    /** Reads entry {@code index} into its values array (a no-op when it was read before). */
    private void resolve(ByteCursor from, Entries entries, long index, int depth) throws BytecodeException {
        String kind = entries.kind;
        if (index < 0 || index >= entries.values.length) throw from.error("invalid " + kind + " index: " + index);
        int i = (int) index;
        if (entries.values[i] != null) return;
        if (depth > MAX_DEPTH) throw from.error(kind + " nesting exceeds the limit of " + MAX_DEPTH);
        for (int d = 0; d <= depth; d++) {
            if (resolvingKind[d] == entries && resolvingIndex[d] == i) {
                throw from.error(kind + " #" + index + " refers to itself");
            }
        }
        Entries outer = resolvingKind[depth];
        int outerIndex = resolvingIndex[depth];
        resolvingKind[depth] = entries;
        resolvingIndex[depth] = i;
        try {
            // One reader (and cursor) per nesting depth, reused from entry to entry: an entry's codec finishes
            // with it before another entry of the same depth is read (nested entries are one deeper).
            DialectReader r = readers[depth];
            if (r == null) {
                readers[depth] = r = new DialectReader(input.sub(0, 0, "AttrType"), this, "", depth);
            }
            DialectEntry dialect = entries.dialects[i];
            r.reset(dialect.name(), entries.offsets[i], entries.offsets[i + 1] - entries.offsets[i]);
            ByteCursor c = r.cursor();
            Object v;
            boolean isType = entries == types;
            if (entries.custom[i]) {
                DialectBytecode codec = dialect.codec();
                if (codec == null) {
                    throw c.error("dialect '" + dialect.name() + "' is unknown");
                }
                v = isType ? codec.readType(r) : codec.readAttribute(r);
                if (v == null) throw c.error("failed to read " + kind + " of dialect '" + dialect.name() + "'");
            } else {
                String text = c.readNullTerminatedString();
                v = isType ? TextualFallback.parseType(context, text, c)
                        : TextualFallback.parseAttribute(context, text, c);
            }
            if (!c.atEnd()) throw c.error("unexpected trailing bytes after " + kind + " entry");
            if (isType) {
                typeValues[i] = (Type) v;
            } else {
                attrValues[i] = (Attribute) v;
            }
        } finally {
            resolvingKind[depth] = outer;
            resolvingIndex[depth] = outerIndex;
        }
    }
}
