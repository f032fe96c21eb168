package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.stablehlo4j.bytecode.BytecodeReader.*;

/**
 * The IR section of a bytecode file, read for {@link SectionReader}: nested regions and blocks (isolated-region
 * sub-sections included), ops with their attributes or native properties, operands with forward references,
 * locations and use-list orders (validated and applied).
 */
final class IrReader {
    private static final Type[] NO_TYPES = {};
    private static final Value[] NO_VALUES = {};
    private static final Block[] NO_BLOCKS = {};
    private static final int HAS_ATTRS = 0x01, HAS_RESULTS = 0x02, HAS_OPERANDS = 0x04, HAS_SUCCESSORS = 0x08,
            HAS_INLINE_REGIONS = 0x10, HAS_USE_LIST_ORDERS = 0x20, HAS_PROPERTIES = 0x40;

    private final SectionReader file;
    private final String bufferName;
    private final long version;
    private final Context context;
    private final AttrTypeTable attrTypes;
    private final List<ByteCursor.Slice> properties;
    private final List<SectionReader.OpName> opNames;
    private final boolean allowUnregisteredDialect;
    /** Applied to every op as it is built, or null. */
    private final ReadConversion conversion;
    /** Per op name index: the full name and the property layout of its dialect codec, resolved on first use. */
    private final String[] fullNames;
    /** The interned name of each op name entry, made on first use. */
    private final OperationName[] internedNames;
    /** Names made by a read conversion, interned once each. */
    private final java.util.Map<String, OperationName> convertedNames = new java.util.HashMap<>();
    private final List<?>[] schemas;
    /** Per op name index: what the conversion resolved for the name ({@link ReadConversion#opName}). */
    private final Object[] conversionNames;
    /**
     * Native properties decoded per properties-section entry (the writer shares one entry between ops with equal
     * properties, also ops of different names), for each op name index they were decoded for: a later op of the
     * same name reuses them.
     */
    private final DecodedProperties[] decodedProperties;

    /** One decoding of a properties entry, for op name {@code nameIndex}; the next one for another name. */
    private record DecodedProperties(int nameIndex, DictionaryAttr value, DecodedProperties next) {}

    IrReader(SectionReader file) {
        this.file = file;
        this.bufferName = file.bufferName;
        this.version = file.version;
        this.context = file.context;
        this.attrTypes = file.attrTypes;
        this.properties = file.properties;
        this.opNames = file.opNames;
        this.allowUnregisteredDialect = file.allowUnregisteredDialect;
        this.conversion = file.conversion;
        this.fullNames = new String[opNames.size()];
        this.internedNames = new OperationName[opNames.size()];
        this.schemas = new List<?>[opNames.size()];
        this.conversionNames = new Object[opNames.size()];
        this.decodedProperties = new DecodedProperties[properties.size()];
    }

    private void spend(ByteCursor c, long n, String what) throws BytecodeException {
        file.spend(c, n, what);
    }

    /** The values visible in one isolated-from-above scope. */
    private static final class ValueScope {
        /** The value slots of the open regions ({@code [0, size)}; null: not defined yet); null beyond. */
        Value[] values = new Value[16];
        int size;
        /** Per open region (innermost last): the id its next defined value gets. */
        int[] nextIds = new int[4];
        int depth;

        void push(int numValues) {
            if (depth == nextIds.length) nextIds = Arrays.copyOf(nextIds, depth * 2);
            nextIds[depth++] = size;
            if (size + numValues > values.length) {
                values = Arrays.copyOf(values, Math.max(size + numValues, values.length * 2));
            }
            size += numValues;
        }

        void pop(int numValues) {
            Arrays.fill(values, size - numValues, size, null);
            size -= numValues;
            depth--;
        }
    }

    /** Reading state of the regions of one operation. */
    private static final class RegionState {
        /** The op holding the regions (null for the top level). */
        final Operation owner;
        final List<Region> regions;
        int curRegion;
        final ByteCursor reader;
        final boolean isolated;
        int numValues;
        List<Block> blocks = List.of();
        int curBlock = -1;
        long opsRemaining;

        RegionState(Operation owner, List<Region> regions, ByteCursor reader, boolean isolated) {
            this.owner = owner;
            this.regions = regions;
            this.reader = reader;
            this.isolated = isolated;
        }
    }

    private final ArrayDeque<ValueScope> scopes = new ArrayDeque<>();
    private final java.util.Set<Value> forwardRefs =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    ModuleOp readIR(ByteCursor c) throws BytecodeException {
        Block top = new Block();
        Region holder = new Region();
        holder.append(top);
        RegionState state = new RegionState(null, List.of(holder), c, true);
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
        if (ops.size() == 1 && ModuleOp.isModule(ops.get(0))) {
            m = new ModuleOp(ops.get(0));
        } else {
            Location at = Location.FileLineCol.point(bufferName, 0, 0);
            m = context != null ? ModuleOp.empty(context, at) : ModuleOp.empty(at);
            for (Operation op : ops) m.body().append(op);
        }
        applyUseOrders(c, conversion == null);
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
                    Operation op = readOp(reader, st);
                    if (op.numRegions() > 0) {
                        boolean isolated = lastOpIsolated;
                        ByteCursor childReader = reader;
                        if (version >= V_LAZY_LOADING && isolated) {
                            ByteCursor.Section s = reader.readSection(SectionReader.NUM_SECTIONS);
                            if (s.id() != SectionReader.S_IR) throw reader.error(s.headerOffset(),
                                    "expected IR section for region");
                            childReader = reader.sub(s.data(), "IR");
                        }
                        if (stack.size() >= MAX_REGION_DEPTH) {
                            throw reader.error("region nesting exceeds the limit of " + MAX_REGION_DEPTH);
                        }
                        stack.push(new RegionState(op, op.regions(), childReader, isolated));
                        if (isolated) scopes.push(new ValueScope());
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
                type = attrTypes.valueType(c, v >>> 1);
                if ((v & 1) != 0) loc = location(c);
            } else {
                type = attrTypes.valueType(c, c.readVarInt());
                loc = location(c);
            }
            block.addArgument(type, loc);
        }
        defineValues(c, block.arguments());
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
     * Puts the uses of every value with a recorded order in the order the writer had. MLIR keeps the newest use
     * first and, without a recorded order, a reader rebuilds uses by descending use id (pre-order op id, then
     * operand number); this IR keeps the reverse of MLIR's order. Ops are built in pre-order and each adds its
     * uses in operand order (a forward reference's uses move, in order, to the value once it is defined, before
     * any later use), so every value's uses already stand in ascending use id: values without a recorded order
     * are as the writer had them, and the descending order a recorded one refers to is their reverse. With
     * {@code apply} false the recorded orders are only checked (a read conversion builds new ops, whose uses
     * stay in the order they were built, as if rebuilt after reading).
     */
    private void applyUseOrders(ByteCursor c, boolean apply) throws BytecodeException {
        for (Map.Entry<Value, UseOrder> e : useOrders.entrySet()) {
            Value v = e.getKey();
            if (v.numUses() < 2) continue;
            List<Value.Use> sorted = new ArrayList<>(v.uses());
            Collections.reverse(sorted);
            List<Value.Use> mlirOrder = customOrder(e.getValue(), sorted);
            if (mlirOrder == null) throw c.error("parsed use-list orders were invalid and could not be applied");
            if (!apply) continue;
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

    /** Whether the regions of the op {@link #readOp} read last are isolated from above. */
    private boolean lastOpIsolated;

    private Operation readOp(ByteCursor c, RegionState st) throws BytecodeException {
        int at = c.position();
        long nameIdx = c.readVarInt();
        if (nameIdx < 0 || nameIdx >= opNames.size()) throw c.error(at, "invalid operation name index: " + nameIdx);
        int nameIndex = (int) nameIdx;
        SectionReader.OpName opName = opNames.get(nameIndex);
        String fullName = fullNames[nameIndex];
        DialectBytecode codec = opName.dialect().codec();
        if (fullName == null) {
            fullName = fullNames[nameIndex] = opName.fullName();
            schemas[nameIndex] = codec == null ? null : codec.properties(fullName);
        }
        @SuppressWarnings("unchecked")
        List<DialectBytecode.Property> schema = (List<DialectBytecode.Property>) schemas[nameIndex];
        if (schema == null && codec != null && codec.rejectsUnknownOps()) {
            throw c.error(at, "unregistered operation '" + fullName + "' found in dialect ('"
                    + opName.dialect().name() + "') that does not allow unknown operations");
        }
        if (!allowUnregisteredDialect && codec == null
                && (context == null || !context.isDialectRegistered(opName.dialect().name()))) {
            throw c.error(at, "dialect '" + opName.dialect().name() + "' is unknown. If this is intended, please "
                    + "call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with "
                    + "the MLIR tool used.");
        }
        int mask = c.readByte();
        Location loc = location(c);
        DictionaryAttr attrs = DictionaryAttr.EMPTY;
        DictionaryAttr props = null;
        int attrsId = 0;
        int propsId = 0;
        if ((mask & HAS_ATTRS) != 0) {
            int aat = c.position();
            long attrIndex = c.readVarInt();
            Attribute a = attrTypes.attribute(c, attrIndex, 0);
            attrsId = (int) attrIndex + 1;
            if (!(a instanceof DictionaryAttr d)) throw c.error(aat, "expected a dictionary attribute, got " + a);
            attrs = d;
        }
        if ((mask & HAS_PROPERTIES) != 0) {
            if (opName.wasRegistered() == null) {
                throw c.error("Unexpected missing `wasRegistered` opname flag at bytecode version " + version
                        + " with properties.");
            }
            if (opName.wasRegistered()) {
                props = readNativeProperties(c, nameIndex, fullName, codec, schema);
                propsId = lastPropertiesEntry + 1;
            } else {
                props = readPropertiesAttr(c, fullName);
            }
        }
        Type[] resultTypes = NO_TYPES;
        if ((mask & HAS_RESULTS) != 0) {
            int n = c.readCount("result count");
            Type[] types = new Type[n];
            for (int i = 0; i < n; i++) types[i] = attrTypes.valueType(c, c.readVarInt());
            resultTypes = types;
        }
        Value[] operands = NO_VALUES;
        if ((mask & HAS_OPERANDS) != 0) {
            int n = c.readCount("operand count");
            Value[] values = new Value[n];
            for (int i = 0; i < n; i++) values[i] = operand(c);
            operands = values;
        }
        Block[] successors = NO_BLOCKS;
        if ((mask & HAS_SUCCESSORS) != 0) {
            int n = c.readCount("successor count");
            successors = new Block[n];
            for (int i = 0; i < n; i++) {
                long b = c.readVarInt();
                if (b < 0 || b >= st.blocks.size()) throw c.error("invalid successor index: " + b);
                successors[i] = st.blocks.get((int) b);
            }
        }
        Map<Integer, UseOrder> resultOrders = Map.of();
        if (version >= V_USE_LIST_ORDERING && (mask & HAS_USE_LIST_ORDERS) != 0) {
            resultOrders = readUseListOrders(c, resultTypes.length);
        }
        int numRegions = 0;
        boolean isolated = false;
        if ((mask & HAS_INLINE_REGIONS) != 0) {
            long v = c.readVarInt();
            isolated = (v & 1) != 0;
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
            propsId = 0;
            attrsId = 0;
        }
        OperationName name;
        if (conversion == null) {
            name = internedNames[nameIndex];
            if (name == null) name = internedNames[nameIndex] = intern(fullName);
        } else {
            Object convName = conversionNames[nameIndex];
            if (convName == null) conversionNames[nameIndex] = convName = conversion.opName(fullName);
            ReadConversion.Head head = conversion.op(convName, fullName,
                    props == null ? DictionaryAttr.EMPTY : props, propsId, attrs, attrsId, operands, resultTypes,
                    numRegions, st.owner, loc);
            String converted = head.name();
            name = convertedNames.get(converted);
            if (name == null) convertedNames.put(converted, name = intern(converted));
            props = head.properties();
            attrs = head.attributes();
        }
        Operation op = Operation.createOwning(name, operands, resultTypes, props, attrs, numRegions, successors, loc);
        st.blocks.get(st.curBlock).append(op);
        if (st.numValues > 0 && op.numResults() > 0) defineValues(c, op.results());
        if (!resultOrders.isEmpty()) recordUseOrders(resultOrders, op.results());
        lastOpIsolated = isolated;
        return op;
    }

    private OperationName intern(String fullName) {
        return context != null ? context.opName(fullName) : OperationName.detached(fullName);
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

    /** The properties entry {@link #readNativeProperties} read last. */
    private int lastPropertiesEntry;

    private DictionaryAttr readNativeProperties(ByteCursor c, int nameIndex, String opName, DialectBytecode codec,
                                                List<DialectBytecode.Property> schema)
            throws BytecodeException {
        int at = c.position();
        long idx = c.readVarInt();
        if (idx < 0 || idx >= properties.size()) throw c.error(at, "Properties idx out-of-bound for " + opName);
        if (codec == null || schema == null) {
            throw c.error(at, "has properties but missing BytecodeOpInterface for " + opName);
        }
        int entry = (int) idx;
        lastPropertiesEntry = entry;
        for (DecodedProperties d = decodedProperties[entry]; d != null; d = d.next()) {
            if (d.nameIndex() == nameIndex) return d.value();
        }
        ByteCursor pc = c.sub(properties.get(entry), "Properties");
        DictionaryAttr d;
        try {
            d = codec.readProperties(opName, new DialectReader(pc, attrTypes, opName, 0));
        } catch (RuntimeException e) {
            throw pc.error("malformed properties of " + opName + ": " + e.getMessage());
        }
        decodedProperties[entry] = new DecodedProperties(nameIndex, d, decodedProperties[entry]);
        return d;
    }

    private Value operand(ByteCursor c) throws BytecodeException {
        ValueScope scope = scopes.peek();
        int at = c.position();
        long idx = c.readVarInt();
        if (idx < 0 || idx >= scope.size) throw c.error(at, "invalid value index: " + idx);
        Value v = scope.values[(int) idx];
        if (v == null) {
            Operation ref = Operation.create(BuiltinOps.UNREALIZED_CONVERSION_CAST, List.of(),
                    List.of(NoneType.INSTANCE), null, null, 0, List.of(), Location.UNKNOWN);
            v = ref.result(0);
            forwardRefs.add(v);
            scope.values[(int) idx] = v;
        }
        return v;
    }

    private void defineValues(ByteCursor c, List<? extends Value> newValues) throws BytecodeException {
        ValueScope scope = scopes.peek();
        if (scope.depth == 0) throw c.error("no value scope");
        int next = scope.nextIds[scope.depth - 1];
        int end = next + newValues.size();
        if (end > scope.size) {
            throw c.error("value index range was outside of the expected range for the parent region, got ["
                    + next + ", " + end + "), but the maximum index was " + (scope.size - 1));
        }
        Value[] values = scope.values;
        for (int i = 0, n = newValues.size(); i < n; i++, next++) {
            Value nv = newValues.get(i);
            Value old = values[next];
            values[next] = nv;
            if (old != null) {
                if (!forwardRefs.remove(old)) throw c.error("value #" + next + " is defined twice");
                old.replaceAllUsesWith(nv);
            }
        }
        scope.nextIds[scope.depth - 1] = next;
    }
}
