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
 *
 * <p>Everything per op, region and block is kept in arrays indexed by pre-order numbers (one identity map finds
 * an op's number, one a block's), filled by one walk that also asks the {@link WriteConversion}, if any, for each
 * op's written name and attributes. (Over 700 lines: the walk, the numbering and the writer's queries share these
 * arrays, which is what keeps them free of per-value maps.)
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
    /**
     * Every attribute and type object met so far (as given, before {@link #canonical}) to its entry: the writer
     * looks up the very objects the numbering saw, so most lookups need no deep {@code equals}.
     */
    private IdentityHashMap<Object, Entry> seenAttrs;
    private IdentityHashMap<Object, Entry> seenTypes;
    private final Map<String, Entry> opNames = new HashMap<>();
    final List<Entry> orderedAttrs = new ArrayList<>();
    final List<Entry> orderedTypes = new ArrayList<>();
    final List<Entry> orderedOpNames = new ArrayList<>();
    private int nextValueId;
    private final DialectWriter numberingWriter;
    /** Where dialect codecs come from. */
    private final org.stablehlo4j.ir.Context context;
    /** The conversion applied while writing, or null. */
    private final WriteConversion conversion;

    // ---- Per op, indexed by its pre-order id (the order the writer emits ops in) ----

    /** The ops in pre-order; an op's id is its index. */
    final Operation[] ops;
    /** Pre-order op ids, looked up by operand owners and use-list users. */
    private final IdentityIntMap opIds;
    /** The id one past the op's last nested op. */
    private final int[] subtreeEnd;
    /** What the writer needs about the op's name. */
    private final OpInfo[] infos;
    /** The op's name, inherent and discardable attributes as written (converted). */
    final String[] names;
    final DictionaryAttr[] properties;
    private final DictionaryAttr[] attributes;
    /** The entry of the attribute dictionary written with the op, or null; the entry of its location. */
    private final Entry[] dictEntries;
    private final Entry[] locEntries;
    /** The op's first result in {@link #resultTypes} / {@link #resultTypeEntries}. */
    private final int[] resultStart;
    /** Result types as written, of all ops in pre-order, and their entries. */
    private final Type[] resultTypes;
    private final Entry[] resultTypeEntries;
    /** The value id of the op's first result. */
    private final int[] resultValueBase;
    /** True for an op with regions that some nested op reaches out of (MLIR's computed isolation). */
    private final boolean[] notIsolated;
    /** The region number of the op's first region; regions are numbered in pre-order too. */
    private final int[] firstRegion;

    // ---- Per region and block ----

    /** The id of the first op of the region (of the next op if it has none), one past its last op, its owner. */
    private final int[] regionFirstOp;
    private final int[] regionEndOp;
    private final int[] regionOwner;
    /** The number of values the region defines (block arguments and results, nested non-isolated regions not counted). */
    private final int[] regionValues;
    private final IdentityIntMap blockIds;
    /** A block's index in its region and the value id of its first argument, by block number. */
    private final int[] blockIndex;
    private final int[] blockArgBase;

    /**
     * Numbers the IR under {@code root}. An op whose properties cannot be encoded natively has its name
     * demoted (see {@link #demoted}) and the numbering starts over; valid IR is numbered once.
     */
    static IRNumbering of(org.stablehlo4j.ir.Context context, Operation root, int version,
                          Map<String, Map<String, ResourceBlob>> resourceData) {
        return of(context, root, version, resourceData, null);
    }

    /** Numbers the IR under {@code root} as {@code conversion} (or null) converts it. */
    static IRNumbering of(org.stablehlo4j.ir.Context context, Operation root, int version,
                          Map<String, Map<String, ResourceBlob>> resourceData, WriteConversion conversion) {
        java.util.Set<String> demoted = new java.util.HashSet<>();
        while (true) {
            try {
                return new IRNumbering(context, root, version, resourceData, demoted, conversion);
            } catch (Demoted d) {
                demoted.add(d.opName);
            }
        }
    }

    /** An op of this name cannot have its properties encoded natively: number again with the name demoted. */
    private static final class Demoted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String opName;

        Demoted(String opName) {
            super(opName, null, false, false);
            this.opName = opName;
        }
    }

    private IRNumbering(org.stablehlo4j.ir.Context context, Operation root, int version,
                        Map<String, Map<String, ResourceBlob>> resourceData, java.util.Set<String> demoted,
                        WriteConversion conversion) {
        this.context = context;
        this.version = version;
        this.demoted = demoted;
        this.conversion = conversion;
        this.numberingWriter = new DialectWriter(new NumberingSink(), version);
        this.resourceData = resourceData;
        Walk w = Walk.of(root);
        int n = w.numOps;
        ops = new Operation[n];
        ops[0] = root;
        opIds = new IdentityIntMap(n);
        subtreeEnd = new int[n];
        infos = new OpInfo[n];
        names = new String[n];
        properties = new DictionaryAttr[n];
        attributes = new DictionaryAttr[n];
        dictEntries = new Entry[n];
        locEntries = new Entry[n];
        resultStart = new int[n + 1];
        resultValueBase = new int[n];
        notIsolated = new boolean[n];
        firstRegion = new int[n];
        resultTypes = new Type[w.numResults];
        resultTypeEntries = new Entry[w.numResults];
        regionFirstOp = new int[w.numRegions];
        regionEndOp = new int[w.numRegions];
        regionOwner = new int[w.numRegions];
        regionValues = new int[w.numRegions];
        blockIds = new IdentityIntMap(w.numBlocks);
        blockIndex = new int[w.numBlocks];
        blockArgBase = new int[w.numBlocks];
        describeOps();
        computeIsolation();
        seenTypes = new IdentityHashMap<>(w.numResults + w.numBlocks);
        seenAttrs = new IdentityHashMap<>(4 * n);
        number(0);
        int[] work = new int[16];
        int top = 0;
        top = pushRegions(0, work, top);
        while (top > 0) {
            top -= 2;
            int region = work[top];
            nextValueId = work[top + 1];
            numberRegion(region);
            for (int k = regionFirstOp[region], end = regionEndOp[region]; k < end; k = subtreeEnd[k]) {
                if (work.length < top + 2 * ops[k].numRegions()) {
                    work = java.util.Arrays.copyOf(work, Math.max(work.length * 2, top + 2 * ops[k].numRegions()));
                }
                top = pushRegions(k, work, top);
            }
        }
        Comparator<Entry> byRefCount = (a, b) -> Integer.compare(b.refCount, a.refCount);
        for (List<Entry> list : List.of(orderedAttrs, orderedOpNames, orderedTypes)) {
            list.sort(byRefCount); // List.sort is stable
            groupByDialectPerByte(list);
        }
        finalizeResources();
    }

    /** The ops, results, regions and blocks under a root, counted (to size every table once). */
    private static final class Walk {
        int numOps;
        int numResults;
        int numRegions;
        int numBlocks;

        static Walk of(Operation root) {
            Walk w = new Walk();
            // Iterative pre-order walk (deep nesting must not overflow the stack): a stack of next ops to visit.
            ArrayDeque<Operation> next = new ArrayDeque<>();
            w.visit(root, next);
            while (!next.isEmpty()) {
                Operation op = next.pop();
                if (op.next() != null) next.push(op.next());
                w.visit(op, next);
            }
            return w;
        }

        private void visit(Operation op, ArrayDeque<Operation> next) {
            numOps++;
            numResults += op.numResults();
            int regions = op.numRegions();
            numRegions += regions;
            // Push the first op of each block, last block of the last region first, so they pop in order.
            for (int r = regions - 1; r >= 0; r--) {
                List<Block> blocks = op.region(r).blocks();
                numBlocks += blocks.size();
                for (int b = blocks.size() - 1; b >= 0; b--) {
                    Operation first = blocks.get(b).first();
                    if (first != null) next.push(first);
                }
            }
        }
    }

    /**
     * Fills the per-op tables in pre-order: ids, names and attributes (through the conversion), result types,
     * region and block numbers, the extent of each subtree and region (an iterative walk over frames of
     * (op, region, block, next op), so deep nesting cannot overflow the stack).
     */
    private void describeOps() {
        int nextId = 0;
        int results = 0;
        int regionNo = 0;
        int blockNo = 0;
        int[] fOp = new int[16], fRegion = new int[16], fBlock = new int[16];
        Operation[] fNext = new Operation[16];
        int depth = -1;
        Operation op = ops[0];
        while (true) {
            if (op != null) {
                // Visit op.
                int id = nextId++;
                ops[id] = op;
                opIds.put(op, id);
                String name;
                DictionaryAttr props;
                DictionaryAttr attrs;
                if (conversion == null) {
                    name = op.name();
                    props = op.properties();
                    attrs = op.attributes();
                } else {
                    org.stablehlo4j.bytecode.ReadConversion.Head h = conversion.op(op);
                    name = h.name();
                    props = h.properties();
                    attrs = h.attributes();
                }
                names[id] = name;
                properties[id] = props;
                attributes[id] = attrs;
                infos[id] = opInfo(name);
                resultStart[id] = results;
                for (int i = 0, r = op.numResults(); i < r; i++) {
                    Type t = op.result(i).type();
                    resultTypes[results++] = conversion == null ? t : conversion.valueType(t);
                }
                int regions = op.numRegions();
                firstRegion[id] = regionNo;
                for (int r = 0; r < regions; r++) {
                    regionOwner[regionNo + r] = id;
                    List<Block> blocks = op.region(r).blocks();
                    for (int b = 0; b < blocks.size(); b++) {
                        blockIds.put(blocks.get(b), blockNo);
                        blockIndex[blockNo++] = b;
                    }
                }
                regionNo += regions;
                if (depth >= 0) fNext[depth] = op.next();
                if (regions == 0) {
                    subtreeEnd[id] = id + 1;
                } else {
                    if (++depth == fOp.length) {
                        int len = fOp.length * 2;
                        fOp = java.util.Arrays.copyOf(fOp, len);
                        fRegion = java.util.Arrays.copyOf(fRegion, len);
                        fBlock = java.util.Arrays.copyOf(fBlock, len);
                        fNext = java.util.Arrays.copyOf(fNext, len);
                    }
                    fOp[depth] = id;
                    fRegion[depth] = -1;
                    fBlock[depth] = 0;
                    fNext[depth] = null;
                }
            } else if (depth < 0) {
                break;
            }
            // Find the next op to visit: the next one of the current block, else the first of a later block or
            // region of the innermost open op, else close that op.
            while (depth >= 0 && fNext[depth] == null) {
                Operation owner = ops[fOp[depth]];
                int r = fRegion[depth];
                if (r >= 0 && fBlock[depth] + 1 < owner.region(r).blocks().size()) {
                    fBlock[depth]++;
                    fNext[depth] = owner.region(r).blocks().get(fBlock[depth]).first();
                    continue;
                }
                if (r >= 0) regionEndOp[firstRegion[fOp[depth]] + r] = nextId;
                if (r + 1 < owner.numRegions()) {
                    fRegion[depth] = ++r;
                    fBlock[depth] = 0;
                    regionFirstOp[firstRegion[fOp[depth]] + r] = nextId;
                    List<Block> blocks = owner.region(r).blocks();
                    fNext[depth] = blocks.isEmpty() ? null : blocks.get(0).first();
                    if (blocks.isEmpty()) fBlock[depth] = -1; // no blocks: the loop moves to the next region
                    continue;
                }
                subtreeEnd[fOp[depth]] = nextId;
                depth--;
            }
            if (depth < 0) break;
            op = fNext[depth];
        }
        resultStart[ops.length] = results;
        if (nextId != ops.length) throw new IllegalStateException("walks disagree: " + nextId + " vs " + ops.length);
    }

    private int pushRegions(int id, int[] work, int top) {
        Operation op = ops[id];
        if (op.numRegions() == 0) return top;
        int first = isIsolated(id) ? 0 : nextValueId;
        for (int r = 0; r < op.numRegions(); r++) {
            work[top++] = firstRegion[id] + r;
            work[top++] = first;
        }
        return top;
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
        return opInfo(opName).schema;
    }

    /** What the writer needs about an op name, looked up once per name. */
    private static final class OpInfo {
        final DialectBytecode codec;
        /** The properties layout, or null for an op written as unregistered. */
        final List<DialectBytecode.Property> schema;
        /** The names in {@link #schema}. */
        final java.util.Set<String> schemaNames = new java.util.HashSet<>();
        Entry entry;

        OpInfo(DialectBytecode codec, List<DialectBytecode.Property> schema) {
            this.codec = codec;
            this.schema = schema;
            if (schema != null) for (DialectBytecode.Property p : schema) schemaNames.add(p.name());
        }

        /** True if the op keeps inherent attributes in properties storage (registered with some, or unregistered). */
        boolean hasPropertiesStorage() { return schema == null || !schema.isEmpty(); }
    }

    private final Map<String, OpInfo> opInfos = new HashMap<>();

    private OpInfo opInfo(String opName) {
        OpInfo info = opInfos.get(opName);
        if (info == null) {
            DialectBytecode codec = codecOf(opName);
            List<DialectBytecode.Property> schema = codec == null || demoted.contains(opName) ? null
                    : codec.properties(opName);
            info = new OpInfo(codec, schema);
            opInfos.put(opName, info);
        }
        return info;
    }

    /**
     * Registered op names written as unregistered ops (properties as one dictionary attribute), because some op
     * of that name cannot have its properties encoded natively, e.g. it lacks a required property. Such IR is
     * invalid (MLIR's verifier rejects it before anything is written); this keeps it writable and lossless.
     */
    private final java.util.Set<String> demoted;


    /** The attribute dictionary written with op {@code id} (version < 5 merges the properties in). */
    private DictionaryAttr opAttributes(int id) {
        DictionaryAttr props = properties[id];
        DictionaryAttr attrs = attributes[id];
        if (props.isEmpty()) return attrs;
        List<NamedAttribute> all = new ArrayList<>();
        OpInfo info = version >= 5 ? infos[id] : null;
        if (info != null && info.hasPropertiesStorage()) {
            if (info.schema == null) return attrs; // unregistered: all properties travel as one attribute
            // Properties outside the op's layout cannot be encoded natively; keep them as attributes.
            for (NamedAttribute na : props.entries()) {
                if (!info.schemaNames.contains(na.name())) all.add(na);
            }
            if (all.isEmpty()) return attrs;
        } else {
            all.addAll(props.entries());
        }
        for (NamedAttribute na : attrs.entries()) {
            if (props.get(na.name()) == null) all.add(na);
        }
        return DictionaryAttr.of(all);
    }

    // ---- Numbering ---------------------------------------------------------------------------------------

    private DialectNum numberDialect(String name) {
        return dialects.computeIfAbsent(name, n -> new DialectNum(BytecodeReader.codec(context, n), n, dialects.size()));
    }

    Entry number(Attribute attr) {
        return numberAttr(attr, true);
    }

    /**
     * Numbers one reference to {@code attr}; with {@code remember} false the object itself is not remembered
     * (an op's location: the writer keeps its entry, never looks it up, and locations are rarely shared).
     */
    private Entry numberAttr(Attribute attr, boolean remember) {
        Entry seen = remember ? seenAttrs.get(attr) : null;
        if (seen != null) {
            seen.refCount++;
            return seen;
        }
        Attribute a = canonical(attr);
        Entry e = attrs.get(a);
        if (e != null) {
            e.refCount++;
            if (remember) seenAttrs.put(attr, e);
            return e;
        }
        e = newEntry(attrs, orderedAttrs, a, dialectOf(a));
        if (remember) seenAttrs.put(attr, e);
        if (e.dialect.codec != null) e.dialect.codec.writeAttribute(a, numberingWriter);
        return e;
    }

    Entry number(Type t) {
        Entry e = seenTypes.get(t);
        if (e != null) {
            e.refCount++;
            return e;
        }
        e = types.get(t);
        if (e != null) {
            e.refCount++;
            seenTypes.put(t, e);
            return e;
        }
        e = newEntry(types, orderedTypes, t, dialectOf(t));
        seenTypes.put(t, e);
        if (e.dialect.codec != null) e.dialect.codec.writeType(t, numberingWriter);
        return e;
    }

    /**
     * Adds the entry of {@code key}'s first reference, in order of first use, with its dialect numbered now
     * (before anything it refers to).
     */
    private <K> Entry newEntry(Map<K, Entry> table, List<Entry> ordered, K key, String dialect) {
        Entry e = new Entry(key, numberDialect(dialect));
        table.put(key, e);
        ordered.add(e);
        return e;
    }

    private Entry numberOpName(String name, OpInfo info) {
        Entry e = info.entry;
        if (e != null) {
            e.refCount++;
            return e;
        }
        int dot = name.indexOf('.');
        return info.entry = newEntry(opNames, orderedOpNames, name, dot < 0 ? "" : name.substring(0, dot));
    }

    /** Numbers the block arguments and ops of region number {@code region}; nested regions come later. */
    private void numberRegion(int region) {
        Region r = ops[regionOwner[region]].region(region - firstRegion[regionOwner[region]]);
        if (r.isEmpty()) return;
        int first = nextValueId;
        List<Block> blocks = r.blocks();
        int id = regionFirstOp[region];
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            int n = b.numArguments();
            if (n > 0) {
                blockArgBase[blockIds.get(b)] = nextValueId;
                nextValueId += n;
                for (int k = 0; k < n; k++) {
                    BlockArgument arg = b.argument(k);
                    number(argLocation(arg));
                    number(argType(arg));
                }
            }
            for (Operation op = b.first(); op != null; op = op.next()) {
                number(id);
                id = subtreeEnd[id];
            }
        }
        regionValues[region] = nextValueId - first;
    }

    static Location argLocation(BlockArgument arg) {
        return arg.location() == null ? Location.UNKNOWN : arg.location();
    }

    /** The type written for a block argument. */
    Type argType(BlockArgument arg) {
        return conversion == null ? arg.type() : conversion.valueType(arg.type());
    }

    private void number(int id) {
        Operation op = ops[id];
        OpInfo info = infos[id];
        numberOpName(names[id], info);
        resultValueBase[id] = nextValueId;
        nextValueId += op.numResults();
        for (int i = resultStart[id], end = resultStart[id + 1]; i < end; i++) {
            resultTypeEntries[i] = number(resultTypes[i]);
        }
        DictionaryAttr dict = opAttributes(id);
        if (!dict.isEmpty()) dictEntries[id] = number(dict);
        if (version >= 5 && info.hasPropertiesStorage()) {
            if (info.schema != null) {
                PropsKey key = new PropsKey(names[id], properties[id]);
                Entry[] refs = propsRefs.get(key);
                if (refs != null) {
                    // Equal ops share their properties object: count the references the first one recorded.
                    for (Entry e : refs) e.refCount++;
                } else {
                    List<Entry> refs0 = new ArrayList<>();
                    recording = refs0;
                    replayable = true;
                    try {
                        writeProperties(id, numberingWriter);
                    } catch (UnwritableIRException e) {
                        if (info.codec.strictProperties()) throw e;
                        throw new Demoted(names[id]);
                    } finally {
                        recording = null;
                    }
                    if (replayable) propsRefs.put(key, refs0.toArray(new Entry[0]));
                }
            } else if (!properties[id].isEmpty()) {
                number(properties[id]);
            }
        }
        locEntries[id] = numberAttr(op.location(), false);
    }

    /** The native properties encoding of a registered op, as its dialect's bytecode interface writes it. */
    void writeProperties(int id, DialectWriter out) {
        infos[id].codec.writeProperties(names[id], properties[id], ops[id].location(), out);
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

    // ---- Isolation ---------------------------------------------------------------------------------------

    /**
     * Marks each op with regions isolated unless an op nested in it uses a value defined outside of it (MLIR's
     * computed isolation, which also covers ops with the IsolatedFromAbove trait). Ops are visited in pre-order
     * with the chain of their ancestors that have regions, innermost last.
     */
    private void computeIsolation() {
        int[] ancestors = new int[16];
        int depth = 0;
        for (int id = 0; id < ops.length; id++) {
            while (depth > 0 && subtreeEnd[ancestors[depth - 1]] <= id) depth--;
            Operation op = ops[id];
            Block pb = op.parent();
            Region parentRegion = pb == null ? null : pb.parent();
            for (int i = 0, n = op.numOperands(); i < n; i++) {
                Region defRegion = definingRegion(op.operand(i));
                if (defRegion == parentRegion) continue;
                Operation container = defRegion == null ? null : defRegion.parent();
                for (int k = depth - 1; k >= 0; k--) { // innermost first
                    if (ops[ancestors[k]] == container) break;
                    notIsolated[ancestors[k]] = true;
                }
            }
            if (op.numRegions() > 0) {
                if (depth == ancestors.length) ancestors = java.util.Arrays.copyOf(ancestors, depth * 2);
                ancestors[depth++] = id;
            }
        }
    }

    private static Region definingRegion(Value v) {
        Block b = v instanceof OpResult r ? r.owner().parent() : ((BlockArgument) v).owner();
        return b == null ? null : b.parent();
    }

    // ---- Queries -----------------------------------------------------------------------------------------

    int number(Object attrOrType, boolean isType) {
        Entry e = isType ? seenTypes.get(attrOrType) : seenAttrs.get(attrOrType);
        if (e == null) e = isType ? types.get(attrOrType) : attrs.get(canonical((Attribute) attrOrType));
        if (e == null) throw new IllegalStateException("not numbered: " + attrOrType);
        return e.number;
    }

    int attrNumber(Attribute a) { return number(a, false); }

    int typeNumber(Type t) { return number(t, true); }

    int opNameNumber(int id) { return infos[id].entry.number; }

    /** The number of the attribute dictionary written with op {@code id}, or -1 if it has none. */
    int dictNumber(int id) { return dictEntries[id] == null ? -1 : dictEntries[id].number; }

    int locationNumber(int id) { return locEntries[id].number; }

    int numResults(int id) { return resultStart[id + 1] - resultStart[id]; }

    int resultTypeNumber(int id, int i) { return resultTypeEntries[resultStart[id] + i].number; }

    int valueId(Value v, Operation user) {
        int id = -1;
        if (v instanceof OpResult r) {
            int owner = opIds.get(r.owner());
            if (owner >= 0) id = resultValueBase[owner] + r.index();
        } else {
            BlockArgument a = (BlockArgument) v;
            int block = blockIds.get(a.owner());
            if (block >= 0) id = blockArgBase[block] + a.index();
        }
        if (id < 0) {
            throw new UnwritableIRException(user.location(), "operand of '" + user.name()
                    + "' is defined outside the written IR");
        }
        return id;
    }

    int blockId(Block b) { return blockIndex[blockIds.get(b)]; }

    /** The number of values region {@code r} of op {@code id} defines. */
    int regionValueCount(int id, int r) { return regionValues[firstRegion[id] + r]; }

    int opId(Operation op) {
        int id = opIds.get(op);
        if (id < 0) throw new UnwritableIRException(op.location(), "use by an op outside the written IR: " + op.name());
        return id;
    }

    boolean isIsolated(int id) { return !notIsolated[id]; }

    /** True if use-list orders are written (not when a conversion's rebuild has every use in creation order). */
    boolean writesUseListOrders() { return conversion == null; }

    int resourceNumber(String dialect, String key) { return dialects.get(dialect).resources.get(key); }

    /**
     * An op name and a properties object (by identity): ops that share both encode the same properties, so
     * their numbering and encoding are done once.
     */
    record PropsKey(String name, DictionaryAttr props) {
        @Override public boolean equals(Object o) { return o instanceof PropsKey k && props == k.props && name.equals(k.name); }

        @Override public int hashCode() { return name.hashCode() * 31 + System.identityHashCode(props); }
    }

    /** The top-level references the properties of each (name, properties object) make, as first numbered. */
    private final Map<PropsKey, Entry[]> propsRefs = new HashMap<>();
    /**
     * The top-level references made by the properties being numbered (not those of attributes they refer to,
     * which only a first reference numbers), or null; {@link #replayable} is false if they make any other kind.
     */
    private List<Entry> recording;
    private boolean replayable;

    /** The sink that only records references. */
    private final class NumberingSink implements DialectWriter.Sink {
        @Override public long attribute(Attribute a) {
            List<Entry> top = recording;
            recording = null; // what a new entry's encoding refers to is not a reference of the properties
            Entry e = number(a);
            recording = top;
            if (top != null) top.add(e);
            return 0;
        }

        @Override public long type(Type t) {
            List<Entry> top = recording;
            recording = null;
            Entry e = number(t);
            recording = top;
            if (top != null) top.add(e);
            return 0;
        }

        @Override public long string(byte[] s) { return 0; }

        @Override public long resourceHandle(String key) {
            numberResource("builtin", key);
            replayable = false; // such properties are numbered each time
            return 0;
        }

        @Override public void varInt(long v) { }

        @Override public void rawByte(int b) { }

        @Override public void bytes(byte[] data, int offset, int length) { }

        @Override public void bytes(java.nio.ByteBuffer data) { }
    }
}
