package org.stablehlo4j.bytecode;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link Module} as MLIR bytecode (format version 6) that {@link BytecodeReader} (and MLIR) can read.
 * Builtin and VHLO attributes/types use their custom encodings; everything else is stored as assembly text.
 * Ops whose dialect describes their properties are written with native properties. No region is marked
 * isolated from above, so the file has no lazy-loading sub-sections. The output is not byte-identical to
 * MLIR's writer (entry order differs).
 */
public final class BytecodeWriter {
    private BytecodeWriter() {}

    public static byte[] write(Module module, String producer) {
        return new Impl().write(module, producer);
    }

    private static final class Entry {
        final String dialect;
        final boolean custom;
        final byte[] data;

        Entry(String dialect, boolean custom, byte[] data) {
            this.dialect = dialect;
            this.custom = custom;
            this.data = data;
        }
    }

    private static final class Impl implements DialectWriter.Refs {
        private final Map<ByteBuffer, Integer> strings = new LinkedHashMap<>();
        private final Map<String, Integer> dialects = new LinkedHashMap<>();
        private final Map<Attribute, Integer> attrIndex = new HashMap<>();
        private final Map<Type, Integer> typeIndex = new HashMap<>();
        private final List<Entry> attrs = new ArrayList<>();
        private final List<Entry> types = new ArrayList<>();
        /** Op names grouped by dialect: dialect -> (name -> registered). */
        private final Map<String, Map<String, Boolean>> opNames = new LinkedHashMap<>();
        private final Map<String, Integer> opIndex = new HashMap<>();
        private final List<byte[]> properties = new ArrayList<>();
        private final Map<String, Map<String, ResourceBlob>> resources = new LinkedHashMap<>();
        private final List<String> handles = new ArrayList<>();
        private final Map<Value, Long> valueIds = new IdentityHashMap<>();

        byte[] write(Module module, String producer) {
            for (var e : module.dialectResources().entrySet()) {
                if (!e.getKey().equals("builtin")) addResources(e.getKey(), e.getValue());
            }
            addResources("builtin", module.dialectResources().getOrDefault("builtin", Map.of()));
            dialect("builtin");
            collectOps(module.op());
            int i = 0;
            for (var d : opNames.entrySet()) {
                for (String n : d.getValue().keySet()) opIndex.put(d.getKey() + "\u0000" + n, i++);
            }
            ByteArrayOutputStream ir = new ByteArrayOutputStream();
            varint(ir, 1L << 1); // top-level block: one op, no arguments
            writeOp(ir, module.op(), 0);

            ByteArrayOutputStream file = new ByteArrayOutputStream();
            file.writeBytes(new byte[] {'M', 'L', (byte) 0xEF, 'R'});
            varint(file, BytecodeReader.MAX_VERSION);
            file.writeBytes(producer.getBytes(StandardCharsets.UTF_8));
            file.write(0);
            // Entries and properties are complete once the IR is written; the dialect and string sections last.
            byte[][] attrType = attrTypeSections();
            byte[] props = propertiesSection();
            writeResourceSections(file);
            byte[] dialectSection = dialectSection();
            section(file, 0, stringSection());
            section(file, 1, dialectSection);
            section(file, 2, attrType[0]);
            section(file, 3, attrType[1]);
            section(file, 4, ir.toByteArray());
            section(file, 8, props);
            return file.toByteArray();
        }

        private void addResources(String dialect, Map<String, ResourceBlob> blobs) {
            if (blobs.isEmpty() && !dialect.equals("builtin")) return;
            resources.put(dialect, new LinkedHashMap<>(blobs));
            dialect(dialect);
            handles.addAll(blobs.keySet());
        }

        // ---- collection ----

        private void collectOps(Operation op) {
            String name = op.name();
            int dot = name.indexOf('.');
            String d = dot < 0 ? name : name.substring(0, dot);
            String n = dot < 0 ? "" : name.substring(dot + 1);
            dialect(d);
            string(n.getBytes(StandardCharsets.UTF_8));
            opNames.computeIfAbsent(d, k -> new LinkedHashMap<>()).put(n, schema(op) != null);
            for (Region r : op.regions()) for (Block b : r.blocks()) for (Operation o : b.operations()) collectOps(o);
        }

        private static List<DialectBytecode.Property> schema(Operation op) {
            DialectBytecode codec = BytecodeReader.codec(op.dialect().isEmpty() ? op.name() : op.dialect());
            return codec == null ? null : codec.properties(op.name());
        }

        private int dialect(String name) {
            Integer i = dialects.get(name);
            if (i == null) {
                string(name.getBytes(StandardCharsets.UTF_8));
                i = dialects.size();
                dialects.put(name, i);
            }
            return i;
        }

        @Override
        public long string(byte[] s) {
            return strings.computeIfAbsent(ByteBuffer.wrap(s.clone()), k -> strings.size());
        }

        @Override
        public long resourceHandle(String key) {
            int i = handles.indexOf(key);
            if (i >= 0) return i;
            resources.get("builtin").put(key, null);
            handles.add(key);
            return handles.size() - 1;
        }

        @Override
        public long attribute(Attribute a) {
            Integer i = attrIndex.get(a);
            if (i != null) return i;
            i = attrs.size();
            attrIndex.put(a, i);
            attrs.add(null);
            attrs.set(i, encode(a, null));
            return i;
        }

        @Override
        public long type(Type t) {
            Integer i = typeIndex.get(t);
            if (i != null) return i;
            i = types.size();
            typeIndex.put(t, i);
            types.add(null);
            types.set(i, encode(null, t));
            return i;
        }

        /** Encodes one attribute or type: its dialect's custom encoding, else its assembly text. */
        private Entry encode(Attribute a, Type t) {
            Object value = a != null ? a : t;
            String d = dialectOf(value);
            DialectBytecode codec = BytecodeReader.codec(d);
            if (codec != null) {
                DialectWriter w = new DialectWriter(this);
                if (a != null ? codec.writeAttribute(a, w) : codec.writeType(t, w)) {
                    dialect(d);
                    return new Entry(d, true, w.bytes());
                }
            }
            String text = a != null ? AsmPrinter.printAttribute(a) : AsmPrinter.printType(t);
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            byte[] data = new byte[b.length + 1];
            System.arraycopy(b, 0, data, 0, b.length);
            dialect(d);
            return new Entry(d, false, data);
        }

        private static String dialectOf(Object v) {
            if (v instanceof DialectPrintable p) return p.dialectNamespace();
            if (v instanceof DialectAttr a) return a.dialect();
            if (v instanceof DialectType t) return t.dialect();
            return "builtin";
        }

        // ---- IR ----

        private void writeOp(ByteArrayOutputStream out, Operation op, long base) {
            List<DialectBytecode.Property> schema = schema(op);
            String name = op.name();
            int dot = name.indexOf('.');
            String key = (dot < 0 ? name : name.substring(0, dot)) + "\u0000" + (dot < 0 ? "" : name.substring(dot + 1));
            int mask = 0;
            boolean hasProps = !op.properties().isEmpty();
            if (!op.attributes().isEmpty()) mask |= 0x01;
            if (op.numResults() > 0) mask |= 0x02;
            if (op.numOperands() > 0) mask |= 0x04;
            if (!op.successors().isEmpty()) mask |= 0x08;
            if (op.numRegions() > 0) mask |= 0x10;
            if (hasProps) mask |= 0x40;
            varint(out, opIndex.get(key));
            out.write(mask);
            varint(out, attribute(op.location()));
            if (!op.attributes().isEmpty()) varint(out, attribute(op.attributes()));
            if (hasProps) {
                if (schema != null) varint(out, nativeProperties(op, schema));
                else varint(out, attribute(op.properties()));
            }
            if (op.numResults() > 0) {
                varint(out, op.numResults());
                for (Value v : op.results()) varint(out, type(v.type()));
            }
            if (op.numOperands() > 0) {
                varint(out, op.numOperands());
                for (Value v : op.operands()) {
                    Long id = valueIds.get(v);
                    if (id == null) throw new IllegalArgumentException("operand of " + name + " is not visible");
                    varint(out, id);
                }
            }
            if (!op.successors().isEmpty()) {
                varint(out, op.successors().size());
                List<Block> blocks = op.parent().parent().blocks();
                for (Block b : op.successors()) varint(out, blocks.indexOf(b));
            }
            if (op.numRegions() > 0) {
                varint(out, (long) op.numRegions() << 1);
                for (Region r : op.regions()) writeRegion(out, r, base);
            }
        }

        private void writeRegion(ByteArrayOutputStream out, Region r, long base) {
            varint(out, r.blocks().size());
            if (r.isEmpty()) return;
            long next = base;
            for (Block b : r.blocks()) {
                for (BlockArgument a : b.arguments()) valueIds.put(a, next++);
                for (Operation o : b.operations()) for (Value v : o.results()) valueIds.put(v, next++);
            }
            varint(out, next - base);
            for (Block b : r.blocks()) {
                varint(out, ((long) b.operations().size() << 1) | (b.numArguments() > 0 ? 1 : 0));
                if (b.numArguments() > 0) {
                    varint(out, b.numArguments());
                    for (BlockArgument a : b.arguments()) {
                        boolean hasLoc = a.location() != null && !(a.location() instanceof Location.Unknown);
                        varint(out, (type(a.type()) << 1) | (hasLoc ? 1 : 0));
                        if (hasLoc) varint(out, attribute(a.location()));
                    }
                    out.write(0); // no use-list orders
                }
                for (Operation o : b.operations()) writeOp(out, o, next);
            }
        }

        private long nativeProperties(Operation op, List<DialectBytecode.Property> schema) {
            DialectWriter w = new DialectWriter(this);
            for (DialectBytecode.Property p : schema) {
                Attribute a = op.properties().get(p.name());
                if (p.required()) {
                    if (a == null) throw new IllegalArgumentException(op.name() + " lacks property " + p.name());
                    w.writeAttribute(a);
                } else {
                    w.writeOptionalAttribute(a);
                }
            }
            for (NamedAttribute na : op.properties().entries()) {
                if (schema.stream().noneMatch(p -> p.name().equals(na.name()))) {
                    throw new IllegalArgumentException(op.name() + " has no property " + na.name());
                }
            }
            properties.add(w.bytes());
            return properties.size() - 1;
        }

        // ---- sections ----

        private byte[] stringSection() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            List<ByteBuffer> list = new ArrayList<>(strings.keySet());
            varint(out, list.size());
            for (int i = list.size() - 1; i >= 0; i--) varint(out, list.get(i).remaining() + 1L);
            for (ByteBuffer b : list) {
                out.write(b.array(), 0, b.remaining());
                out.write(0);
            }
            return out.toByteArray();
        }

        private byte[] dialectSection() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            varint(out, dialects.size());
            for (String d : dialects.keySet()) varint(out, string(d.getBytes(StandardCharsets.UTF_8)) << 1);
            varint(out, opIndex.size());
            for (var e : opNames.entrySet()) {
                varint(out, dialects.get(e.getKey()));
                varint(out, e.getValue().size());
                for (var n : e.getValue().entrySet()) {
                    varint(out, (string(n.getKey().getBytes(StandardCharsets.UTF_8)) << 1) | (n.getValue() ? 1 : 0));
                }
            }
            return out.toByteArray();
        }

        private byte[][] attrTypeSections() {
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            ByteArrayOutputStream offsets = new ByteArrayOutputStream();
            varint(offsets, attrs.size());
            varint(offsets, types.size());
            for (List<Entry> list : List.of(attrs, types)) {
                int i = 0;
                while (i < list.size()) {
                    int j = i;
                    while (j < list.size() && list.get(j).dialect.equals(list.get(i).dialect)) j++;
                    varint(offsets, dialects.get(list.get(i).dialect));
                    varint(offsets, j - i);
                    for (int k = i; k < j; k++) {
                        Entry e = list.get(k);
                        varint(offsets, ((long) e.data.length << 1) | (e.custom ? 1 : 0));
                        data.writeBytes(e.data);
                    }
                    i = j;
                }
            }
            return new byte[][] {data.toByteArray(), offsets.toByteArray()};
        }

        private byte[] propertiesSection() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            varint(out, properties.size());
            for (byte[] p : properties) {
                varint(out, p.length);
                out.writeBytes(p);
            }
            return out.toByteArray();
        }

        /** Resource blobs, aligned as declared: the section itself is aligned to the largest alignment. */
        private void writeResourceSections(ByteArrayOutputStream file) {
            if (handles.isEmpty()) return;
            long maxAlign = 1;
            for (var g : resources.values()) {
                for (ResourceBlob b : g.values()) if (b != null) maxAlign = Math.max(maxAlign, b.alignment());
            }
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            ByteArrayOutputStream offsets = new ByteArrayOutputStream();
            varint(offsets, 0); // no external resources
            for (var g : resources.entrySet()) {
                varint(offsets, dialects.get(g.getKey()));
                varint(offsets, g.getValue().size());
                for (var e : g.getValue().entrySet()) {
                    int start = data.size();
                    ResourceBlob b = e.getValue();
                    if (b != null) {
                        varint(data, b.alignment());
                        varint(data, b.length());
                        while (data.size() % b.alignment() != 0) data.write(0xCB);
                        data.write(b.rawArray(), b.offset(), b.length());
                    }
                    varint(offsets, string(e.getKey().getBytes(StandardCharsets.UTF_8)));
                    varint(offsets, data.size() - start);
                    offsets.write(0); // blob
                }
            }
            byte[] d = data.toByteArray();
            file.write(5 | 0x80);
            varint(file, d.length);
            varint(file, maxAlign);
            while (file.size() % maxAlign != 0) file.write(0xCB);
            file.writeBytes(d);
            section(file, 6, offsets.toByteArray());
        }

        private static void section(ByteArrayOutputStream file, int id, byte[] data) {
            file.write(id);
            varint(file, data.length);
            file.writeBytes(data);
        }

        private static void varint(ByteArrayOutputStream out, long v) {
            DialectWriter.writeVarInt(out, v);
        }
    }
}
