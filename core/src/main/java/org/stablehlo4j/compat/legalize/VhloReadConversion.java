package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.bytecode.ReadConversion;
import org.stablehlo4j.compat.CompatibilityApi;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.dialect.vhlo.ops.AttrDefault;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.dialect.vhlo.ops.VersionConstraint;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;

/**
 * Deserialization in one pass: the bytecode reader hands every VHLO op to this conversion before it builds it,
 * and builds the StableHLO op instead: the op is upgraded to its current version ({@link VhloToVersion#convertOp})
 * and legalized ({@link OpLegalizer#toStablehlo}), the same per-op rules the {@code vhlo-to-version} and
 * {@code vhlo-legalize-to-stablehlo} passes apply when they rebuild a module; value types are converted once per
 * type entry of the file. The reader builds ops in pre-order, the order the passes visit them, so the errors are
 * theirs: the first op that cannot be upgraded (then {@code failed to convert VHLO to v...}), or else the first
 * op that cannot be legalized. An op that fails is built as it was read (so reading can go on and report a
 * malformed file first); {@link #finish} reports the failure.
 *
 * <p>Ops with the same name, properties and attributes (the reader shares one object for equal entries of the
 * file) convert alike, so each distinct one is converted once. Upgrading to the current version needs nothing
 * but an op's name and attributes: every VHLO attribute and type kind and every version constraint is legal at
 * the current version, and no newer op version drops a region ({@code VhloReadConversionTest} checks both); an
 * op's regions are read after it is built.
 */
final class VhloReadConversion implements ReadConversion, OpLegalizer.Values {
    private static final Version TARGET = Version.current().opset();
    /**
     * Whether every VHLO attribute and type kind and every version constraint is legal at the target, so that an
     * op already at a version valid there needs no upgrade (only the drop of properties outside its version's
     * attributes, which the reader never produces for a VHLO op it knows; checked per distinct properties).
     */
    private static final boolean ALL_KINDS_LEGAL = allKindsLegal();
    /** The expected size of the memos: a file's distinct values number hundreds to thousands (grown from 21). */
    private static final int MEMO_SIZE = 256;

    /** The op being converted, when it must be looked at in full (not converted before). */
    private final Record record = new Record();
    /** Converted discardable attribute dictionaries, by identity (the reader shares one per entry of the file). */
    private final Map<DictionaryAttr, DictionaryAttr> convertedAttributes = new IdentityHashMap<>();
    /** The same, by the reader's attributes id (see {@link ReadConversion#op}). */
    private final IntKeyMap<DictionaryAttr> convertedAttributesById = new IntKeyMap<>();
    /** Converted attribute values (of properties and discardable attributes), by identity. */
    private final Map<Attribute, Attribute> convertedValues = new IdentityHashMap<>(MEMO_SIZE);
    /** Per default: the values known to hold it or not, by identity. */
    private final Map<AttrDefault, Map<Attribute, Boolean>> matchedDefaults = new HashMap<>();
    /** How many ops were converted so far (an op's pre-order index when it is converted). */
    private int ops;
    private Diagnostic upgradeError;
    private Diagnostic legalizeError;
    private int legalizeErrorIndex = -1;
    /** Types that have no StableHLO counterpart (kept as read), or null when there are none. */
    private Map<Type, Boolean> failedTypes;
    private boolean sawCasts;

    /**
     * One op name of the file: its VHLO row and the heads converted so far, by properties (identity); a
     * {@code return} converts differently inside a function, so it keeps those apart.
     */
    private static final class OpName {
        final String name;
        /** The VHLO row of the name, or null when it is not a VHLO op. */
        final VhloOpDef def;
        /** Whether ops of this name need no upgrade: a VHLO op already at a version valid at the target. */
        final boolean current;
        /** Whether the converted name depends on where the op stands ({@code func.return} in a function). */
        final boolean dependsOnParent;
        final Map<DictionaryAttr, Head> heads = new IdentityHashMap<>();
        Map<DictionaryAttr, Head> headsInFunction;
        /** The heads by the reader's properties id (see {@link ReadConversion#op}), outside/inside a function. */
        final IntKeyMap<Head> headsById = new IntKeyMap<>();
        IntKeyMap<Head> headsByIdInFunction;
        /** The heads of ops without properties (most ops), outside and inside a function: kept out of the maps. */
        Head emptyHead;
        Head emptyHeadInFunction;

        OpName(String name) {
            this.name = name;
            def = name.startsWith("vhlo.") ? VhloOpTable.byName(name).orElse(null) : null;
            this.current = ALL_KINDS_LEGAL && def != null && def.isValidAt(TARGET);
            this.dependsOnParent = def != null && def.stablehloName().equals(org.stablehlo4j.dialect.stablehlo.ops.ReturnOp.NAME);
        }

        IntKeyMap<Head> headsById(boolean inFunction) {
            if (!inFunction) return headsById;
            if (headsByIdInFunction == null) headsByIdInFunction = new IntKeyMap<>();
            return headsByIdInFunction;
        }

        Map<DictionaryAttr, Head> heads(boolean inFunction) {
            if (!inFunction) return heads;
            if (headsInFunction == null) headsInFunction = new IdentityHashMap<>();
            return headsInFunction;
        }
    }

    @Override
    public Type valueType(Type read) {
        try {
            return TypeConverter.toStablehlo(read);
        } catch (LegalizeException e) {
            if (failedTypes == null) failedTypes = new IdentityHashMap<>();
            failedTypes.put(read, Boolean.TRUE);
            return read;
        }
    }

    @Override
    public Object opName(String name) {
        return new OpName(name);
    }

    /** The row of {@code vhlo.func_v1}, which every context's VHLO dialect registers. */
    private static final OpDefinition FUNC_V1_ROW = VhloOpTable.opDefinitions().stream()
            .filter(d -> d.name().equals(VhloOpTable.FUNC_V1)).findFirst().orElseThrow();

    /**
     * Whether {@code op} is a function ({@code vhlo.func_v1} or {@code func.func}, the one FunctionOpInterface
     * op): by its row (by name only for an op without a row, e.g. of a detached name).
     */
    private static boolean isFunction(Operation op) {
        OperationName n = op.opName();
        OpDefinition def = n.definition();
        if (def != null) return def == FUNC_V1_ROW || def.hasTrait(OpTrait.FUNCTION_LIKE);
        String s = n.name();
        return s.equals(VhloOpTable.FUNC_FUNC) || s.equals(VhloOpTable.FUNC_V1);
    }

    @Override
    public Head op(Object opName, String name, DictionaryAttr properties, int propertiesId,
                   DictionaryAttr attributes, int attributesId, Value[] operands, Type[] resultTypes, int numRegions, Operation parent,
                   Location location) {
        int index = ops++;
        OpName on = (OpName) opName;
        boolean inFunction = on.dependsOnParent && parent != null
                && isFunction(parent);
        boolean empty = properties == DictionaryAttr.EMPTY;
        Map<DictionaryAttr, Head> heads = empty || propertiesId > 0 ? null : on.heads(inFunction);
        IntKeyMap<Head> headsById = !empty && propertiesId > 0 ? on.headsById(inFunction) : null;
        Head head = empty ? (inFunction ? on.emptyHeadInFunction : on.emptyHead)
                : headsById != null ? headsById.get(propertiesId) : heads.get(properties);
        Record r = null;
        if (head == null) {
            r = record.reset(name, properties, attributes, operands, resultTypes, numRegions, parent);
            boolean sameVersion = true;
            if (!on.current || !hasOnlyItsAttributes(on.def, properties)) {
                OpLegalizer.Converted upgraded;
                try {
                    upgraded = VhloToVersion.convertOp(r, TARGET);
                } catch (LegalizeException e) {
                    if (upgradeError == null) upgradeError = failure(name, location);
                    return new Head(name, properties, attributes);
                }
                sameVersion = upgraded.name().equals(name);
                r.name = upgraded.name();
                r.properties = upgraded.properties();
                r.attributes = upgraded.attributes();
            }
            try {
                OpLegalizer.Converted c = OpLegalizer.toStablehloHead(r, this);
                head = new Head(c.name(), c.properties(), DictionaryAttr.EMPTY);
            } catch (LegalizeException e) {
                return legalizeFailure(r, index, location);
            }
            if (BuiltinOps.UNREALIZED_CONVERSION_CAST.equals(head.name())) sawCasts = true;
            // An op that needed an upgrade step may depend on its operands (computed defaults), one that found an
            // inherent attribute among the discardable ones on those: not shared.
            if (sameVersion && !r.usedAttributes) {
                if (headsById != null) {
                    headsById.put(propertiesId, head);
                } else if (!empty) {
                    heads.put(properties, head);
                } else if (inFunction) {
                    on.emptyHeadInFunction = head;
                } else {
                    on.emptyHead = head;
                }
            }
        }
        if (attributes.isEmpty()) return head;
        DictionaryAttr converted;
        try {
            converted = attributes(attributes, attributesId);
        } catch (LegalizeException e) {
            // A head converted before is of an op that needed no upgrade: the op is named as read.
            if (r == null) r = record.reset(name, properties, attributes, operands, resultTypes, numRegions, parent);
            return legalizeFailure(r, index, location);
        }
        return new Head(head.name(), head.properties(), converted);
    }

    private Head legalizeFailure(Record r, int index, Location location) {
        if (legalizeError == null) {
            legalizeError = failure(r.name, location);
            legalizeErrorIndex = index;
        }
        return new Head(r.name, r.properties, r.attributes);
    }

    /** Whether the properties of an op at a current version name only attributes of that version. */
    private static boolean hasOnlyItsAttributes(VhloOpDef def, DictionaryAttr properties) {
        List<NamedAttribute> entries = properties.entries();
        for (int i = 0, n = entries.size(); i < n; i++) {
            if (def.attribute(entries.get(i).name()).isEmpty()) return false;
        }
        return true;
    }

    /** The StableHLO form of discardable attributes, converted once per dictionary and per value. */
    private DictionaryAttr attributes(DictionaryAttr read, int id) {
        if (read.isEmpty()) return read;
        DictionaryAttr out = id > 0 ? convertedAttributesById.get(id) : convertedAttributes.get(read);
        if (out != null) return out;
        List<NamedAttribute> entries = new ArrayList<>(read.size());
        for (NamedAttribute n : read.entries()) entries.add(new NamedAttribute(n.name(), toStablehlo(n.value())));
        out = DictionaryAttr.of(entries);
        if (id > 0) {
            convertedAttributesById.put(id, out);
        } else {
            convertedAttributes.put(read, out);
        }
        return out;
    }

    @Override
    public Attribute toStablehlo(Attribute v) {
        // Not memoized: a value that converts to itself, and a string (one small object, cheaper to make again
        // than to look up).
        if (!(v instanceof VhloAttr va)) return v;
        if (va.kind() == VhloAttrKind.STRING) return va.toStringAttr();
        Attribute s = convertedValues.get(v);
        if (s == null) {
            s = AttrConverter.toStablehlo(v);
            convertedValues.put(v, s);
        }
        return s;
    }

    @Override
    public boolean matches(AttrDefault d, Attribute v) {
        Map<Attribute, Boolean> known = matchedDefaults.computeIfAbsent(d, k -> new IdentityHashMap<>());
        Boolean m = known.get(v);
        if (m == null) {
            m = Defaults.matches(d, v);
            known.put(v, m);
        }
        return m;
    }

    private static boolean allKindsLegal() {
        for (VhloTypeKind k : VhloTypeKind.values()) if (!k.isValidAt(TARGET)) return false;
        for (VhloAttrKind k : VhloAttrKind.values()) if (!k.isValidAt(TARGET)) return false;
        for (VersionConstraint c : VersionConstraint.values()) if (!c.allowsAt(TARGET)) return false;
        return true;
    }

    private static Diagnostic failure(String opName, Location location) {
        return new Diagnostic(Diagnostic.Severity.ERROR, location, IrRewriter.failureMessage(opName), List.of());
    }

    /**
     * Reports what could not be converted, as the passes would have, and removes the casts that became no-ops
     * (see {@link Legalize#reconcileUnrealizedCasts}).
     *
     * @param m the module the reader built with this conversion
     * @throws DiagnosticException if an op or type could not be converted
     */
    void finish(ModuleOp m) throws DiagnosticException {
        if (upgradeError != null) {
            throw new DiagnosticException(List.of(upgradeError, new Diagnostic(Diagnostic.Severity.ERROR,
                    m.op().location(), CompatibilityApi.conversionFailureMessage(Version.current()), List.of())));
        }
        Diagnostic first = failedTypes == null ? legalizeError : firstFailure(m);
        if (first != null) throw new DiagnosticException(List.of(first));
        if (sawCasts) Legalize.reconcileUnrealizedCasts(m);
    }

    /**
     * The first op in pre-order that could not be legalized, or whose results or block arguments have a type
     * without StableHLO counterpart (where the rebuilding pass reports it).
     */
    private Diagnostic firstFailure(ModuleOp m) {
        // The reader wraps top-level ops in a module of its own when the file has no single module op.
        int visited = m.op().collect(op -> true).size();
        int[] index = {visited == ops ? 0 : -1};
        Diagnostic[] found = {null};
        m.op().walk(WalkOrder.PRE_ORDER, op -> {
            int at = index[0]++;
            if (at == legalizeErrorIndex) {
                found[0] = legalizeError;
            } else if (hasFailedType(op)) {
                // The pass names the VHLO op (at the current version) it was converting.
                String vhloName = VhloOpTable.forStablehlo(op.name()).map(VhloOpDef::name).orElse(op.name());
                found[0] = failure(vhloName, op.location());
            }
            return found[0] != null ? WalkResult.INTERRUPT : WalkResult.ADVANCE;
        });
        return found[0] != null ? found[0] : legalizeError;
    }

    private boolean hasFailedType(Operation op) {
        for (Value v : op.results()) if (failedTypes.containsKey(v.type())) return true;
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (BlockArgument a : b.arguments()) if (failedTypes.containsKey(a.type())) return true;
            }
        }
        return false;
    }

    /** The op being converted, as the reader describes it before building it; reused from op to op. */
    private static final class Record implements OpView {
        String name;
        DictionaryAttr properties;
        DictionaryAttr attributes;
        Value[] operands;
        Type[] resultTypes;
        int numRegions;
        Operation parent;
        /** Whether {@link #attr} found an attribute among the discardable ones (not in the properties). */
        boolean usedAttributes;

        Record reset(String name, DictionaryAttr properties, DictionaryAttr attributes, Value[] operands,
                     Type[] resultTypes, int numRegions, Operation parent) {
            this.name = name;
            this.properties = properties;
            this.attributes = attributes;
            this.operands = operands;
            this.resultTypes = resultTypes;
            this.numRegions = numRegions;
            this.parent = parent;
            this.usedAttributes = false;
            return this;
        }

        @Override
        public Attribute attr(String n) {
            Attribute a = properties.get(n);
            if (a != null) return a;
            a = attributes.get(n);
            if (a != null) usedAttributes = true;
            return a;
        }

        @Override public String name() { return name; }
        @Override public DictionaryAttr properties() { return properties; }
        @Override public DictionaryAttr attributes() { return attributes; }
        @Override public int numOperands() { return operands.length; }
        @Override public Type operandType(int i) { return operands[i].type(); }
        @Override public int numResults() { return resultTypes.length; }
        @Override public Type resultType(int i) { return resultTypes[i]; }
        @Override public int numRegions() { return numRegions; }
        @Override public Region region(int i) { return null; }
        @Override public String parentName() { return parent == null ? null : parent.name(); }
    }
}
