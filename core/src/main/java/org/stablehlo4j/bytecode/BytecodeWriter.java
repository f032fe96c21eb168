package org.stablehlo4j.bytecode;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a {@link Module} as MLIR bytecode format version 6, laid out the way MLIR's writer lays it out:
 * attributes, types and op names numbered by reference count and grouped by dialect per varint width, strings
 * in first-emission order, regions that use no value from above written as isolated sub-sections, properties
 * deduplicated, use-list orders recorded when they differ from what a reader would rebuild, and the section
 * order dialect, attr/type offsets, attr/types, IR, resources, strings, properties.
 *
 * <p>Builtin and VHLO attributes/types use their custom encodings; everything else is stored as assembly text.
 */
public final class BytecodeWriter {
    private BytecodeWriter() {}

    /** Writes the newest format ({@link BytecodeReader#MAX_VERSION}). */
    public static byte[] write(Module module, String producer) {
        return write(module, producer, BytecodeReader.MAX_VERSION);
    }

    /**
     * Writes format {@code version} (0-6). Before version 5 there are no native properties: inherent
     * attributes are merged into the attribute dictionary, as MLIR does when targeting old versions.
     */
    public static byte[] write(Module module, String producer, long version) {
        if (version < 0 || version > BytecodeReader.MAX_VERSION) {
            throw new IllegalArgumentException("unsupported bytecode version " + version);
        }
        return new Impl(module, version).write(producer);
    }

    /** One numbered attribute, type or op name. */
    private static final class Num {
        final Object value;
        final String dialect;
        int refCount = 1;
        int number;

        Num(Object value, String dialect) {
            this.value = value;
            this.dialect = dialect;
        }
    }

    /** A byte buffer with the alignment its start needs (MLIR's EncodingEmitter). */
    private static final class Emitter {
        /** A byte buffer whose already written bytes can be patched in place. */
        static final class Buf extends ByteArrayOutputStream {
            void patch(int index, int value) { buf[index] = (byte) value; }

            void orAt(int index, int bits) { buf[index] |= (byte) bits; }
        }

        final Buf out = new Buf();
        long requiredAlignment = 1;

        int size() { return out.size(); }

        void varint(long v) { DialectWriter.writeVarInt(out, v); }

        void alignTo(long alignment) {
            if (alignment < 2) return;
            while (out.size() % alignment != 0) out.write(0xCB);
            requiredAlignment = Math.max(requiredAlignment, alignment);
        }

        void section(int id, Emitter child) {
            int codeAt = out.size();
            out.write(id);
            varint(child.size());
            if (child.requiredAlignment > 1) {
                if (out.size() % child.requiredAlignment != 0) {
                    varint(child.requiredAlignment);
                    alignTo(child.requiredAlignment);
                    out.orAt(codeAt, 0x80);
                } else {
                    requiredAlignment = Math.max(requiredAlignment, child.requiredAlignment);
                }
            }
            out.writeBytes(child.out.toByteArray());
        }
    }

    private static final class Impl {
        private final Module module;
        private final long version;
        private final Map<String, Integer> dialects = new LinkedHashMap<>();
        private final Map<Object, Num> attrs = new HashMap<>();
        private final Map<Object, Num> types = new HashMap<>();
        private final Map<String, Num> opNames = new HashMap<>();
        private final List<Num> orderedAttrs = new ArrayList<>();
        private final List<Num> orderedTypes = new ArrayList<>();
        private final List<Num> orderedOpNames = new ArrayList<>();
        private final Map<Value, Long> valueIds = new IdentityHashMap<>();
        private final Map<Operation, Long> operationIds = new IdentityHashMap<>();
        private final Set<Operation> isolated = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Map<Region, long[]> regionCounts = new IdentityHashMap<>();
        /** Builtin resource keys referenced by attributes, in numbering order. */
        private final List<String> resourceKeys = new ArrayList<>();
        private final Map<ByteBuffer, Integer> strings = new LinkedHashMap<>();
        private final List<byte[]> properties = new ArrayList<>();
        private final Map<ByteBuffer, Integer> propertiesIndex = new HashMap<>();
        private long nextValueId;

        Impl(Module module, long version) {
            this.module = module;
            this.version = version;
        }

        private boolean nativeProperties() { return version >= BytecodeReader.V_NATIVE_PROPERTIES; }

        /** The dictionary written for an op: discardable attributes, plus inherent ones before version 5. */
        private DictionaryAttr attrDictionary(Operation op) {
            if (nativeProperties() || op.properties().isEmpty()) return op.attributes();
            List<NamedAttribute> all = new ArrayList<>(op.attributes().entries());
            all.addAll(op.properties().entries());
            return DictionaryAttr.of(all);
        }

        // ---- numbering ----

        private final DialectWriter.Refs numberingRefs = new DialectWriter.Refs() {
            @Override public long attribute(Attribute a) { numberAttr(a); return 0; }
            @Override public long type(Type t) { numberType(t); return 0; }
            @Override public long string(byte[] s) { return 0; }
            @Override public long resourceHandle(String key) {
                if (!resourceKeys.contains(key)) resourceKeys.add(key);
                numberDialect("builtin");
                return 0;
            }
        };

        private final DialectWriter.Refs writingRefs = new DialectWriter.Refs() {
            @Override public long attribute(Attribute a) { return attrs.get(a).number; }
            @Override public long type(Type t) { return types.get(t).number; }
            @Override public long string(byte[] s) { return Impl.this.string(s); }
            @Override public long resourceHandle(String key) { return resourceKeys.indexOf(key); }
        };

        private int numberDialect(String name) {
            return dialects.computeIfAbsent(name, k -> dialects.size());
        }

        private static String dialectOf(Object v) {
            if (v instanceof DialectPrintable p) return p.dialectNamespace();
            if (v instanceof DialectAttr a) return a.dialect();
            if (v instanceof DialectType t) return t.dialect();
            return "builtin";
        }

        private void numberAttr(Attribute a) {
            numberEntry(a, attrs, orderedAttrs);
        }

        private void numberType(Type t) {
            numberEntry(t, types, orderedTypes);
        }

        private void numberEntry(Object v, Map<Object, Num> map, List<Num> ordered) {
            Num n = map.get(v);
            if (n != null) {
                n.refCount++;
                return;
            }
            String d = dialectOf(v);
            n = new Num(v, d);
            map.put(v, n);
            ordered.add(n);
            numberDialect(d);
            encode(v, new DialectWriter(numberingRefs)); // numbers nested entries of custom encodings
        }

        /** Writes the custom encoding of {@code v} to {@code w}; false if it has none (text fallback). */
        private static boolean encode(Object v, DialectWriter w) {
            DialectBytecode codec = BytecodeReader.codec(dialectOf(v));
            if (codec == null) return false;
            return v instanceof Attribute a ? codec.writeAttribute(a, w) : codec.writeType((Type) v, w);
        }

        private static String opDialect(Operation op) {
            int dot = op.name().indexOf('.');
            return dot < 0 ? op.name() : op.name().substring(0, dot);
        }

        private static List<DialectBytecode.Property> schema(Operation op) {
            DialectBytecode codec = BytecodeReader.codec(opDialect(op));
            return codec == null ? null : codec.properties(op.name());
        }

        private void numberOp(Operation op) {
            Num n = opNames.get(op.name());
            if (n != null) {
                n.refCount++;
            } else {
                n = new Num(op.name(), opDialect(op));
                opNames.put(op.name(), n);
                orderedOpNames.add(n);
                numberDialect(n.dialect);
            }
            for (OpResult r : op.results()) {
                valueIds.put(r, nextValueId++);
                numberType(r.type());
            }
            DictionaryAttr dict = attrDictionary(op);
            if (!dict.isEmpty()) numberAttr(dict);
            List<DialectBytecode.Property> schema = schema(op);
            if (!nativeProperties()) {
                // inherent attributes are part of the dictionary
            } else if (schema != null) {
                writeProperties(op, schema, new DialectWriter(numberingRefs));
            } else if (!op.properties().isEmpty()) {
                numberAttr(op.properties());
            }
            numberAttr(op.location());
        }

        private void numberRegion(Region r) {
            if (r.isEmpty()) return;
            long first = nextValueId;
            for (Block b : r.blocks()) {
                for (BlockArgument a : b.arguments()) {
                    valueIds.put(a, nextValueId++);
                    numberAttr(a.location() == null ? Location.UNKNOWN : a.location());
                    numberType(a.type());
                }
                for (Operation op : b.operations()) numberOp(op);
            }
            regionCounts.put(r, new long[] {r.blocks().size(), nextValueId - first});
        }

        private void number(Operation root) {
            computeIsolationAndIds(root);
            numberOp(root);
            ArrayDeque<Object[]> work = new ArrayDeque<>();
            pushRegions(root, work);
            while (!work.isEmpty()) {
                Object[] item = work.pop();
                nextValueId = (Long) item[1];
                Region r = (Region) item[0];
                numberRegion(r);
                for (Block b : r.blocks()) for (Operation op : b.operations()) pushRegions(op, work);
            }
            sortAndGroup(orderedAttrs);
            sortAndGroup(orderedOpNames);
            sortAndGroup(orderedTypes);
        }

        /** Pushes an op's regions so that they are numbered last-first, as MLIR's worklist does. */
        private void pushRegions(Operation op, ArrayDeque<Object[]> work) {
            long first = isolated.contains(op) ? 0 : nextValueId;
            for (Region r : op.regions()) work.push(new Object[] {r, first});
        }

        /** Pre-order op ids; an op with regions is isolated unless something inside uses a value from outside. */
        private void computeIsolationAndIds(Operation root) {
            List<Operation> preorder = new ArrayList<>();
            ArrayDeque<Operation> stack = new ArrayDeque<>();
            stack.push(root);
            while (!stack.isEmpty()) {
                Operation op = stack.pop();
                preorder.add(op);
                List<Operation> children = new ArrayList<>();
                for (Region r : op.regions()) for (Block b : r.blocks()) children.addAll(b.operations());
                for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i));
            }
            Set<Operation> notIsolated = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Operation op : preorder) {
                operationIds.put(op, (long) operationIds.size());
                for (Value v : op.operands()) {
                    Operation definer = definingParent(v);
                    for (Operation a = op.parentOp(); a != null && a != definer; a = a.parentOp()) {
                        if (!notIsolated.add(a)) break;
                    }
                }
            }
            for (Operation op : preorder) if (op.numRegions() > 0 && !notIsolated.contains(op)) isolated.add(op);
        }

        /** The op whose region holds the definition of {@code v}. */
        private static Operation definingParent(Value v) {
            if (v instanceof OpResult r) return r.owner().parentOp();
            Block b = ((BlockArgument) v).owner();
            return b.parent() == null ? null : b.parent().parent();
        }

        /** Stable sort by reference count, then group by dialect within each varint-width band. */
        private void sortAndGroup(List<Num> list) {
            list.sort(Comparator.comparingInt((Num n) -> n.refCount).reversed());
            int firstDialect = 0;
            int start = 0;
            long inGroup = 0;
            for (int i = 1; i < 9 && start < list.size(); i++) {
                inGroup = (1L << (7 * i)) - inGroup;
                int end = (int) Math.min(list.size(), start + inGroup);
                List<Num> band = list.subList(start, end);
                int first = firstDialect;
                band.sort((l, r) -> {
                    int dl = dialects.get(l.dialect);
                    int dr = dialects.get(r.dialect);
                    if (dl == dr) return 0;
                    if (dl == first) return -1;
                    if (dr == first) return 1;
                    return Integer.compare(dl, dr);
                });
                firstDialect = dialects.get(band.get(band.size() - 1).dialect);
                start = end;
            }
            for (int i = 0; i < list.size(); i++) list.get(i).number = i;
        }

        // ---- writing ----

        private int string(byte[] s) {
            return strings.computeIfAbsent(ByteBuffer.wrap(s.clone()), k -> strings.size());
        }

        private int string(String s) {
            return string(s.getBytes(StandardCharsets.UTF_8));
        }

        byte[] write(String producer) {
            number(module.op());
            Emitter file = new Emitter();
            file.out.writeBytes(new byte[] {'M', 'L', (byte) 0xEF, 'R'});
            file.varint(version);
            file.out.writeBytes(producer.getBytes(StandardCharsets.UTF_8));
            file.out.write(0);
            file.section(1, dialectSection());
            Emitter offsets = new Emitter();
            Emitter entries = new Emitter();
            attrTypeSections(offsets, entries);
            file.section(3, offsets);
            file.section(2, entries);
            Emitter ir = new Emitter();
            ir.varint(1L << 1);
            writeOp(ir, module.op());
            file.section(4, ir);
            writeResources(file);
            Emitter str = new Emitter();
            List<ByteBuffer> list = new ArrayList<>(strings.keySet());
            str.varint(list.size());
            for (int i = list.size() - 1; i >= 0; i--) str.varint(list.get(i).remaining() + 1L);
            for (ByteBuffer b : list) {
                str.out.write(b.array(), 0, b.remaining());
                str.out.write(0);
            }
            file.section(0, str);
            if (nativeProperties()) {
                Emitter props = new Emitter();
                props.varint(properties.size());
                for (byte[] p : properties) props.out.writeBytes(p);
                file.section(8, props);
            }
            return file.out.toByteArray();
        }

        private Emitter dialectSection() {
            Emitter e = new Emitter();
            e.varint(dialects.size());
            for (String d : dialects.keySet()) {
                e.varint(version >= BytecodeReader.V_DIALECT_VERSIONING ? (long) string(d) << 1 : string(d));
            }
            if (version >= BytecodeReader.V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) e.varint(orderedOpNames.size());
            writeGroups(e, orderedOpNames, n -> {
                String name = (String) n.value;
                int dot = name.indexOf('.');
                boolean registered = BytecodeReader.codec(n.dialect) != null
                        && BytecodeReader.codec(n.dialect).properties(name) != null;
                long id = string(dot < 0 ? "" : name.substring(dot + 1));
                e.varint(nativeProperties() ? (id << 1) | (registered ? 1 : 0) : id);
            });
            return e;
        }

        private void writeGroups(Emitter e, List<Num> list, java.util.function.Consumer<Num> each) {
            int i = 0;
            while (i < list.size()) {
                int j = i;
                while (j < list.size() && list.get(j).dialect.equals(list.get(i).dialect)) j++;
                e.varint(dialects.get(list.get(i).dialect));
                e.varint(j - i);
                for (int k = i; k < j; k++) each.accept(list.get(k));
                i = j;
            }
        }

        private void attrTypeSections(Emitter offsets, Emitter entries) {
            offsets.varint(orderedAttrs.size());
            offsets.varint(orderedTypes.size());
            long[] prev = {0};
            java.util.function.Consumer<Num> emit = n -> {
                DialectWriter w = new DialectWriter(writingRefs);
                boolean custom = encode(n.value, w);
                if (custom) {
                    entries.out.writeBytes(w.bytes());
                } else {
                    String text = n.value instanceof Attribute a ? AsmPrinter.printAttribute(a)
                            : AsmPrinter.printType((Type) n.value);
                    entries.out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
                    entries.out.write(0);
                }
                offsets.varint(((entries.size() - prev[0]) << 1) | (custom ? 1 : 0));
                prev[0] = entries.size();
            };
            writeGroups(offsets, orderedAttrs, emit);
            writeGroups(offsets, orderedTypes, emit);
        }

        private void writeProperties(Operation op, List<DialectBytecode.Property> schema, DialectWriter w) {
            for (DialectBytecode.Property p : schema) {
                Attribute a = op.properties().get(p.name());
                if (p.required()) {
                    if (a == null) throw new IllegalArgumentException(op.name() + " lacks property " + p.name());
                    w.writeAttribute(a);
                } else {
                    w.writeOptionalAttribute(a);
                }
            }
        }

        /** Index of the op's properties in the properties section, or -1 if it has none. */
        private long propertiesIndex(Operation op) {
            List<DialectBytecode.Property> schema = schema(op);
            byte[] raw;
            if (schema != null) {
                if (schema.isEmpty()) return -1;
                DialectWriter w = new DialectWriter(writingRefs);
                writeProperties(op, schema, w);
                raw = w.bytes();
            } else {
                throw new IllegalStateException("unregistered op properties are written inline");
            }
            Emitter entry = new Emitter();
            entry.varint(raw.length);
            entry.out.writeBytes(raw);
            byte[] bytes = entry.out.toByteArray();
            return propertiesIndex.computeIfAbsent(ByteBuffer.wrap(bytes), k -> {
                properties.add(bytes);
                return properties.size() - 1;
            });
        }

        private void writeOp(Emitter e, Operation op) {
            e.varint(opNames.get(op.name()).number);
            int maskAt = e.size();
            e.out.write(0);
            int mask = 0;
            e.varint(attrs.get(op.location()).number);
            DictionaryAttr dict = attrDictionary(op);
            if (!dict.isEmpty()) {
                mask |= 0x01;
                e.varint(attrs.get(dict).number);
            }
            if (!nativeProperties()) {
                // no properties before version 5
            } else if (schema(op) == null) {
                // Unregistered ops: the properties dictionary is referenced inline, as readers expect.
                if (!op.properties().isEmpty()) {
                    mask |= 0x40;
                    e.varint(attrs.get(op.properties()).number);
                }
            } else {
                long props = propertiesIndex(op);
                if (props >= 0) {
                    mask |= 0x40;
                    e.varint(props);
                }
            }
            if (op.numResults() > 0) {
                mask |= 0x02;
                e.varint(op.numResults());
                for (Value v : op.results()) e.varint(types.get(v.type()).number);
            }
            if (op.numOperands() > 0) {
                mask |= 0x04;
                e.varint(op.numOperands());
                for (Value v : op.operands()) {
                    Long id = valueIds.get(v);
                    if (id == null) throw new IllegalArgumentException("operand of " + op.name() + " is not visible");
                    e.varint(id);
                }
            }
            if (!op.successors().isEmpty()) {
                mask |= 0x08;
                e.varint(op.successors().size());
                List<Block> blocks = op.parent().parent().blocks();
                for (Block b : op.successors()) e.varint(blocks.indexOf(b));
            }
            if (version >= BytecodeReader.V_USE_LIST_ORDERING && writeUseListOrders(e, op.results())) mask |= 0x20;
            if (op.numRegions() > 0) mask |= 0x10;
            e.out.patch(maskAt, mask);
            if (op.numRegions() > 0) {
                boolean iso = isolated.contains(op);
                e.varint(((long) op.numRegions() << 1) | (iso ? 1 : 0));
                boolean section = iso && version >= BytecodeReader.V_LAZY_LOADING;
                Emitter target = section ? new Emitter() : e;
                for (Region r : op.regions()) writeRegion(target, r);
                if (section) e.section(4, target);
            }
        }

        private void writeRegion(Emitter e, Region r) {
            if (r.isEmpty()) {
                e.varint(0);
                return;
            }
            long[] counts = regionCounts.get(r);
            e.varint(counts[0]);
            e.varint(counts[1]);
            for (Block b : r.blocks()) {
                e.varint(((long) b.operations().size() << 1) | (b.numArguments() > 0 ? 1 : 0));
                if (b.numArguments() > 0) {
                    e.varint(b.numArguments());
                    for (BlockArgument a : b.arguments()) {
                        Location loc = a.location() == null ? Location.UNKNOWN : a.location();
                        long type = types.get(a.type()).number;
                        if (version >= BytecodeReader.V_ELIDE_UNKNOWN_BLOCK_ARG_LOC) {
                            boolean hasLoc = !(loc instanceof Location.Unknown);
                            e.varint((type << 1) | (hasLoc ? 1 : 0));
                            if (hasLoc) e.varint(attrs.get(loc).number);
                        } else {
                            e.varint(type);
                            e.varint(attrs.get(loc).number);
                        }
                    }
                    if (version < BytecodeReader.V_USE_LIST_ORDERING) {
                        for (Operation op : b.operations()) writeOp(e, op);
                        continue;
                    }
                    int at = e.size();
                    e.out.write(0);
                    Emitter orders = new Emitter();
                    if (writeUseListOrders(orders, b.arguments())) {
                        e.out.patch(at, 0x20);
                        e.out.writeBytes(orders.out.toByteArray());
                    }
                }
                for (Operation op : b.operations()) writeOp(e, op);
            }
        }

        /**
         * Records use-list orders of values whose uses a reader would rebuild in a different order. MLIR keeps
         * the newest use first; this IR keeps uses in creation order, so MLIR's order is the reverse.
         */
        private boolean writeUseListOrders(Emitter e, List<? extends Value> range) {
            Map<Integer, int[]> map = new LinkedHashMap<>();
            for (int idx = 0; idx < range.size(); idx++) {
                List<Value.Use> uses = new ArrayList<>(range.get(idx).uses());
                if (uses.size() < 2) continue;
                Collections.reverse(uses);
                long[][] pairs = new long[uses.size()][];
                boolean ordered = true;
                long prev = -1;
                for (int k = 0; k < uses.size(); k++) {
                    Value.Use u = uses.get(k);
                    long id = (operationIds.get(u.user()) << 32) | u.index();
                    if (k > 0) ordered &= prev > id;
                    pairs[k] = new long[] {k, id};
                    prev = id;
                }
                if (ordered) continue;
                Arrays.sort(pairs, (x, y) -> Long.compare(y[1], x[1]));
                int[] order = new int[pairs.length];
                for (int k = 0; k < pairs.length; k++) order[k] = (int) pairs[k][0];
                map.put(idx, order);
            }
            if (map.isEmpty()) return false;
            if (range.size() != 1) e.varint(map.size());
            for (var entry : map.entrySet()) {
                int[] order = entry.getValue();
                int shuffled = 0;
                for (int k = 0; k < order.length; k++) if (order[k] != k) shuffled++;
                boolean pairEncoding = shuffled < order.length / 2;
                if (range.size() != 1) e.varint(entry.getKey());
                if (pairEncoding) {
                    e.varint(((long) shuffled * 2 << 1) | 1);
                    for (int k = 0; k < order.length; k++) {
                        if (order[k] != k) {
                            e.varint(order[k]);
                            e.varint(k);
                        }
                    }
                } else {
                    e.varint((long) order.length << 1);
                    for (int k : order) e.varint(k);
                }
            }
            return true;
        }

        /** Resource sections (always present, as MLIR writes them): the builtin dialect's blobs. */
        private void writeResources(Emitter file) {
            Emitter data = new Emitter();
            Emitter offsets = new Emitter();
            offsets.varint(0); // external resource groups
            Map<String, ResourceBlob> blobs = module.dialectResources().getOrDefault("builtin", Map.of());
            if (!resourceKeys.isEmpty()) {
                long prev = 0;
                List<Object[]> entries = new ArrayList<>();
                for (String key : resourceKeys) {
                    ResourceBlob b = blobs.get(key);
                    if (b == null) continue;
                    data.varint(b.alignment());
                    data.varint(b.length());
                    data.alignTo(b.alignment());
                    data.out.write(b.rawArray(), b.offset(), b.length());
                    entries.add(new Object[] {key, data.size() - prev});
                    prev = data.size();
                }
                for (String key : resourceKeys) {
                    if (!blobs.containsKey(key)) entries.add(new Object[] {key, 0L});
                }
                offsets.varint(dialects.get("builtin"));
                offsets.varint(entries.size());
                for (Object[] en : entries) {
                    offsets.varint(string((String) en[0]));
                    offsets.varint((Long) en[1]);
                    offsets.out.write(0);
                }
            }
            file.section(6, offsets);
            file.section(5, data);
        }
    }
}
