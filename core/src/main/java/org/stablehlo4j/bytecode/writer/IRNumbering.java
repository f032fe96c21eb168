package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.bytecode.UnwritableIRException;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectWriter;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assigns the numbers the bytecode refers to, following MLIR's IRNumbering: dialects in order of first
 * use; attributes, types and op names in order of first use, then stably sorted by use count (most used
 * first), then within each varint-size band (128 entries, then 16256, ...) stably grouped by dialect; value ids
 * per region (isolated regions restart at zero) in MLIR's worklist order; op ids in pre-order for use-lists.
 */
final class IRNumbering {
    /** A dialect referenced by the IR. */
    static final class DialectNum {
        final String name;
        final int number;
        /** The dialect's custom encodings, or null (everything is then written as text). */
        final DialectBytecode codec;
        /** Referenced resource keys in order of first reference, with their numbers. */
        final LinkedHashMap<String, Integer> resources = new LinkedHashMap<>();

        DialectNum(DialectBytecode codec, String name, int number) {
            this.name = name;
            this.number = number;
            this.codec = codec;
        }
    }

    /** An attribute, type or op name entry. */
    static final class Entry {
        final Object value;
        final DialectNum dialect;
        int refCount = 1;
        int number;

        Entry(Object value, DialectNum dialect) {
            this.value = value;
            this.dialect = dialect;
        }
    }

    private final int version;
    private final Map<String, Map<String, ResourceBlob>> resourceData;
    final LinkedHashMap<String, DialectNum> dialects = new LinkedHashMap<>();
    private final Map<Object, Entry> attrs = new HashMap<>();
    private final Map<Object, Entry> types = new HashMap<>();
    private final Map<String, Entry> opNames = new HashMap<>();
    final List<Entry> orderedAttrs = new ArrayList<>();
    final List<Entry> orderedTypes = new ArrayList<>();
    final List<Entry> orderedOpNames = new ArrayList<>();
    private final IdentityHashMap<Value, Integer> valueIds = new IdentityHashMap<>();
    private final IdentityHashMap<Block, Integer> blockIds = new IdentityHashMap<>();
    private final IdentityHashMap<Region, int[]> regionCounts = new IdentityHashMap<>();
    private final IdentityHashMap<Operation, Integer> opIds = new IdentityHashMap<>();
    private final IdentityHashMap<Operation, Boolean> isolated = new IdentityHashMap<>();
    private int nextValueId;
    private final DialectWriter numberingWriter;

    /** Where dialect codecs come from. */
    private final org.stablehlo4j.ir.Context context;

    IRNumbering(org.stablehlo4j.ir.Context context, Operation root, int version,
                Map<String, Map<String, ResourceBlob>> resourceData) {
        this.context = context;
        this.version = version;
        this.numberingWriter = new DialectWriter(new NumberingSink(), version);
        findUnencodableOps(root);
        this.resourceData = resourceData;
        computeOpIdsAndIsolation(root);
        number(root);
        ArrayDeque<Object[]> work = new ArrayDeque<>();
        pushRegions(root, work);
        while (!work.isEmpty()) {
            Object[] item = work.pop();
            Region region = (Region) item[0];
            nextValueId = (Integer) item[1];
            number(region);
            for (Block b : region.blocks()) for (Operation op : b.operations()) pushRegions(op, work);
        }
        Comparator<Entry> byRefCount = (a, b) -> Integer.compare(b.refCount, a.refCount);
        for (List<Entry> list : List.of(orderedAttrs, orderedOpNames, orderedTypes)) {
            list.sort(byRefCount); // List.sort is stable
            groupByDialectPerByte(list);
        }
        finalizeResources();
    }

    private void pushRegions(Operation op, ArrayDeque<Object[]> work) {
        if (op.numRegions() == 0) return;
        int first = isIsolated(op) ? 0 : nextValueId;
        for (Region r : op.regions()) work.push(new Object[] {r, first});
    }

    // ---- Encoders and canonical forms -------------------------------------------------------------------

    /** The form under which MLIR uniques an attribute: BoolAttr is an i1 IntegerAttr, NameLoc has a child. */
    static Attribute canonical(Attribute a) {
        if (a instanceof BoolAttr b) return new IntegerAttr(IntegerType.I1, b.value() ? BigInteger.ONE : BigInteger.ZERO);
        if (a instanceof Location.Name n && n.child() == null) return new Location.Name(n.name(), Location.UNKNOWN);
        return a;
    }

    static String dialectOf(Object attrOrType) {
        if (attrOrType instanceof DialectPrintable dp) return dp.dialectNamespace();
        if (attrOrType instanceof DialectAttr da) return da.dialect();
        if (attrOrType instanceof DialectType dt) return dt.dialect();
        return "builtin";
    }

    /** The properties layout of a registered op, or null for an op the writer treats as unregistered. */
    List<DialectBytecode.Property> schema(String opName) {
        return demoted.contains(opName) ? null : registeredSchema(opName);
    }

    private List<DialectBytecode.Property> registeredSchema(String opName) {
        DialectBytecode codec = codecOf(opName);
        return codec == null ? null : codec.properties(opName);
    }

    /**
     * Registered op names written as unregistered ops (properties as one dictionary attribute), because some op
     * of that name cannot have its properties encoded natively, e.g. it lacks a required property. Such IR is
     * invalid (MLIR's verifier rejects it before anything is written); this keeps it writable and lossless.
     */
    private final java.util.Set<String> demoted = new java.util.HashSet<>();

    private void findUnencodableOps(Operation root) {
        DialectWriter probe = new DialectWriter(new NullSink(), version);
        ArrayDeque<Operation> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Operation op = stack.pop();
            if (version >= 5 && !demoted.contains(op.name())) {
                List<DialectBytecode.Property> s = registeredSchema(op.name());
                if (s != null && !s.isEmpty() && !codecOf(op.name()).strictProperties()) {
                    try {
                        writeProperties(op, s, probe);
                    } catch (UnwritableIRException e) {
                        demoted.add(op.name());
                    }
                }
            }
            for (Region r : op.regions()) for (Block b : r.blocks()) for (Operation o : b.operations()) stack.push(o);
        }
    }

    /** Discards everything (probing whether properties can be encoded). */
    private static final class NullSink implements DialectWriter.Sink {
        @Override public long attribute(Attribute a) { return 0; }
        @Override public long type(Type t) { return 0; }
        @Override public long string(byte[] s) { return 0; }
        @Override public long resourceHandle(String key) { return 0; }
        @Override public void varInt(long v) {}
        @Override public void rawByte(int b) {}
        @Override public void bytes(byte[] data, int offset, int length) {}

        @Override public void bytes(java.nio.ByteBuffer data) {}
    }

    /** True if the op keeps inherent attributes in properties storage (registered with properties, or unregistered). */
    boolean hasPropertiesStorage(String opName) {
        List<DialectBytecode.Property> s = schema(opName);
        return s == null || !s.isEmpty();
    }

    /** The attribute dictionary written with the op (version < 5 merges the properties in). */
    DictionaryAttr opAttributes(Operation op) {
        if (op.properties().isEmpty()) return op.attributes();
        List<NamedAttribute> all = new ArrayList<>();
        if (version >= 5 && hasPropertiesStorage(op.name())) {
            List<DialectBytecode.Property> schema = schema(op.name());
            if (schema == null) return op.attributes(); // unregistered: all properties travel as one attribute
            // Properties outside the op's layout cannot be encoded natively; keep them as attributes.
            for (NamedAttribute na : op.properties().entries()) {
                if (schema.stream().noneMatch(p -> p.name().equals(na.name()))) all.add(na);
            }
            if (all.isEmpty()) return op.attributes();
        } else {
            all.addAll(op.properties().entries());
        }
        for (NamedAttribute na : op.attributes().entries()) {
            if (op.properties().get(na.name()) == null) all.add(na);
        }
        return DictionaryAttr.of(all);
    }

    // ---- Numbering ---------------------------------------------------------------------------------------

    private DialectNum numberDialect(String name) {
        return dialects.computeIfAbsent(name, n -> new DialectNum(BytecodeReader.codec(context, n), n, dialects.size()));
    }

    void number(Attribute attr) {
        Attribute a = canonical(attr);
        Entry e = newEntry(attrs, orderedAttrs, a, dialectOf(a));
        if (e != null && e.dialect.codec != null) e.dialect.codec.writeAttribute(a, numberingWriter);
    }

    void number(Type t) {
        Entry e = newEntry(types, orderedTypes, t, dialectOf(t));
        if (e != null && e.dialect.codec != null) e.dialect.codec.writeType(t, numberingWriter);
    }

    /**
     * Counts one more reference to {@code key}; on its first reference adds an entry (in order of first use,
     * with its dialect numbered now, before anything it refers to) and returns it, otherwise returns null.
     */
    private <K> Entry newEntry(Map<K, Entry> table, List<Entry> ordered, K key, String dialect) {
        Entry e = table.get(key);
        if (e != null) {
            e.refCount++;
            return null;
        }
        e = new Entry(key, numberDialect(dialect));
        table.put(key, e);
        ordered.add(e);
        return e;
    }

    private void numberOpName(String name) {
        int dot = name.indexOf('.');
        newEntry(opNames, orderedOpNames, name, dot < 0 ? "" : name.substring(0, dot));
    }

    private void number(Region region) {
        if (region.isEmpty()) return;
        int first = nextValueId;
        List<Block> blocks = region.blocks();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            blockIds.put(b, i);
            for (BlockArgument arg : b.arguments()) {
                valueIds.put(arg, nextValueId++);
                number(argLocation(arg));
                number(arg.type());
            }
            for (Operation op : b.operations()) number(op);
        }
        regionCounts.put(region, new int[] {blocks.size(), nextValueId - first});
    }

    static Location argLocation(BlockArgument arg) {
        return arg.location() == null ? Location.UNKNOWN : arg.location();
    }

    private void number(Operation op) {
        numberOpName(op.name());
        for (OpResult r : op.results()) {
            valueIds.put(r, nextValueId++);
            number(r.type());
        }
        DictionaryAttr dict = opAttributes(op);
        if (!dict.isEmpty()) number(dict);
        if (version >= 5 && hasPropertiesStorage(op.name())) {
            List<DialectBytecode.Property> schema = schema(op.name());
            if (schema != null) {
                writeProperties(op, schema, numberingWriter);
            } else if (!op.properties().isEmpty()) {
                number(op.properties());
            }
        }
        number(op.location());
    }

    /** The native properties encoding of a registered op, as its dialect's bytecode interface writes it. */
    void writeProperties(Operation op, List<DialectBytecode.Property> schema, DialectWriter out) {
        codecOf(op.name()).writeProperties(op, out);
    }

    private DialectBytecode codecOf(String opName) {
        int dot = opName.indexOf('.');
        return dot < 0 ? null : BytecodeReader.codec(context, opName.substring(0, dot));
    }

    private void numberResource(String dialect, String key) {
        DialectNum d = numberDialect(dialect);
        d.resources.putIfAbsent(key, -1);
    }

    /** Resources with data first (in reference order), then declarations without data, dialect by dialect. */
    private void finalizeResources() {
        int next = 0;
        for (DialectNum d : dialects.values()) {
            if (!d.name.equals("builtin")) continue;
            Map<String, ResourceBlob> data = resourceData.getOrDefault(d.name, Map.of());
            for (Map.Entry<String, Integer> r : d.resources.entrySet()) {
                if (data.containsKey(r.getKey())) r.setValue(next++);
            }
            for (Map.Entry<String, Integer> r : d.resources.entrySet()) {
                if (r.getValue() < 0) r.setValue(next++);
            }
        }
    }

    /** Stable-sorts each varint-size band by dialect, starting each band with the previous band's last dialect. */
    private static void groupByDialectPerByte(List<Entry> list) {
        if (list.isEmpty()) return;
        int first = 0;
        long groupSize = 0;
        int start = 0;
        for (int i = 1; i < 9 && start < list.size(); i++) {
            groupSize = (1L << (7 * i)) - groupSize;
            int end = (int) Math.min(list.size(), start + groupSize);
            final int orderFirst = first;
            list.subList(start, end).sort((l, r) -> {
                int ln = l.dialect.number, rn = r.dialect.number;
                if (ln == orderFirst) return rn == orderFirst ? 0 : -1;
                if (rn == orderFirst) return 1;
                return Integer.compare(ln, rn);
            });
            first = list.get(end - 1).dialect.number;
            start = end;
        }
        for (int i = 0; i < list.size(); i++) list.get(i).number = i;
    }

    // ---- Global op ids and isolation ---------------------------------------------------------------------

    /**
     * Numbers ops in pre-order and marks each op with regions isolated unless an op nested in it uses a value
     * defined outside of it (MLIR's computed isolation, which also covers ops with the IsolatedFromAbove trait).
     */
    private void computeOpIdsAndIsolation(Operation root) {
        ArrayDeque<Operation> ancestors = new ArrayDeque<>();
        // Iterative pre-order walk: the stack holds (op, index of next region/block/op) frames.
        ArrayDeque<Object[]> stack = new ArrayDeque<>();
        visit(root, ancestors);
        if (root.numRegions() > 0) stack.push(new Object[] {root, opsOf(root), 0});
        while (!stack.isEmpty()) {
            Object[] frame = stack.peek();
            @SuppressWarnings("unchecked") List<Operation> ops = (List<Operation>) frame[1];
            int i = (Integer) frame[2];
            if (i == ops.size()) {
                stack.pop();
                ancestors.pop();
                continue;
            }
            frame[2] = i + 1;
            Operation op = ops.get(i);
            visit(op, ancestors);
            if (op.numRegions() > 0) stack.push(new Object[] {op, opsOf(op), 0});
        }
    }

    private static List<Operation> opsOf(Operation op) {
        List<Operation> out = new ArrayList<>();
        for (Region r : op.regions()) for (Block b : r.blocks()) out.addAll(b.operations());
        return out;
    }

    private void visit(Operation op, ArrayDeque<Operation> ancestors) {
        opIds.put(op, opIds.size());
        Region parentRegion = op.parent() == null ? null : op.parent().parent();
        for (Value v : op.operands()) {
            Region defRegion = definingRegion(v);
            if (defRegion == parentRegion) continue;
            Operation container = defRegion == null ? null : defRegion.parent();
            for (Operation anc : ancestors) { // innermost first
                if (anc == container) break;
                isolated.put(anc, Boolean.FALSE);
            }
        }
        if (op.numRegions() > 0) {
            isolated.putIfAbsent(op, Boolean.TRUE);
            ancestors.push(op);
        }
    }

    private static Region definingRegion(Value v) {
        Block b = v instanceof OpResult r ? r.owner().parent() : ((BlockArgument) v).owner();
        return b == null ? null : b.parent();
    }

    // ---- Queries -----------------------------------------------------------------------------------------

    int number(Object attrOrType, boolean isType) {
        Entry e = isType ? types.get(attrOrType) : attrs.get(canonical((Attribute) attrOrType));
        if (e == null) throw new IllegalStateException("not numbered: " + attrOrType);
        return e.number;
    }

    int attrNumber(Attribute a) { return number(a, false); }

    int typeNumber(Type t) { return number(t, true); }

    int opNameNumber(String name) { return opNames.get(name).number; }

    int valueId(Value v, Operation user) {
        Integer id = valueIds.get(v);
        if (id == null) {
            throw new UnwritableIRException(user.location(), "operand of '" + user.name()
                    + "' is defined outside the written IR");
        }
        return id;
    }

    int blockId(Block b) { return blockIds.get(b); }

    int[] regionCounts(Region r) { return regionCounts.get(r); }

    int opId(Operation op) {
        Integer id = opIds.get(op);
        if (id == null) throw new UnwritableIRException(op.location(), "use by an op outside the written IR: " + op.name());
        return id;
    }

    boolean isIsolated(Operation op) { return isolated.getOrDefault(op, Boolean.TRUE); }

    int resourceNumber(String dialect, String key) { return dialects.get(dialect).resources.get(key); }

    /** The sink that only records references. */
    private final class NumberingSink implements DialectWriter.Sink {
        @Override public long attribute(Attribute a) {
            number(a);
            return 0;
        }

        @Override public long type(Type t) {
            number(t);
            return 0;
        }

        @Override public long string(byte[] s) { return 0; }

        @Override public long resourceHandle(String key) {
            numberResource("builtin", key);
            return 0;
        }

        @Override public void varInt(long v) { }

        @Override public void rawByte(int b) { }

        @Override public void bytes(byte[] data, int offset, int length) { }

        @Override public void bytes(java.nio.ByteBuffer data) { }
    }
}
