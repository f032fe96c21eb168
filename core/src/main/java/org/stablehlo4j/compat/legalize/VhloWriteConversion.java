package org.stablehlo4j.compat.legalize;

import java.util.HashMap;
import java.util.Map;

import org.stablehlo4j.bytecode.ReadConversion;
import org.stablehlo4j.bytecode.writer.WriteConversion;
import org.stablehlo4j.dialect.vhlo.ops.VersionConstraint;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;

/**
 * Serialization in one pass: the bytecode writer asks this conversion for the VHLO name, attributes and value
 * types of each StableHLO op as it numbers the module, and writes those; no VHLO module is built. Each op goes
 * through the per-op rules the {@code stablehlo-legalize-to-vhlo} and {@code vhlo-to-version} passes apply when
 * they rebuild a module ({@link OpLegalizer#toVhlo}, {@link VhloToVersion#convertOp}); value types are converted
 * once per distinct type. The version check is decided once per op name: an op whose VHLO version, every version
 * constraint and every attribute and type kind are legal at the target needs no look at its attributes.
 *
 * <p>What the one pass does not reproduce makes it give up ({@link NotOnePass}, also for any op that cannot be
 * converted), and the caller serializes the two-pass way, which reports errors exactly as the passes do: ops of
 * other dialects (the passes insert casts around them), ops renamed at the target (the in-place conversion leaves
 * use-list orders of its own), and version checks that need an op's regions.
 */
final class VhloWriteConversion implements WriteConversion {
    /** Thrown when the one-pass writer cannot reproduce the two-pass result; the caller falls back to it. */
    static final class NotOnePass extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotOnePass(String why) {
            super(why, null, false, false);
        }
    }

    private final boolean allowOtherDialects;
    private final Version opset;
    /** Whether every attribute and type kind is legal at the target. */
    private final boolean allKindsLegal;
    private final Map<Type, Type> types = new HashMap<>();
    /** Per VHLO op name: true if the op needs no version conversion or check at the target. */
    private final Map<String, Boolean> atTarget = new HashMap<>();

    VhloWriteConversion(Version target, boolean allowOtherDialects) {
        this.allowOtherDialects = allowOtherDialects;
        this.opset = target.opset();
        boolean legal = true;
        for (VhloTypeKind k : VhloTypeKind.values()) legal &= k.isValidAt(opset);
        for (VhloAttrKind k : VhloAttrKind.values()) legal &= k.isValidAt(opset);
        this.allKindsLegal = legal;
    }

    @Override
    public Type valueType(Type type) {
        Type v = types.get(type);
        if (v == null) {
            try {
                v = TypeConverter.toVhlo(type);
            } catch (LegalizeException e) {
                // A type without a VHLO form: kept for other dialects' ops, which the one pass does not write.
                throw new NotOnePass("type " + type + ": " + e.getMessage());
            }
            types.put(type, v);
        }
        return v;
    }

    /**
     * What an op's conversion depends on: its name, attributes and operand and result types (its regions and
     * operand values do not matter). Equal ops, e.g. the many {@code stablehlo.add} of one type, convert once and
     * share their converted attributes, which the writer then finds by identity.
     */
    private record Key(String name, DictionaryAttr properties, DictionaryAttr attributes, Type[] types, int hash) {
        static Key of(Operation op) {
            int n = op.numOperands();
            Type[] types = new Type[n + op.numResults()];
            int h = op.name().hashCode() * 31 + op.properties().hashCode();
            h = h * 31 + op.attributes().hashCode();
            for (int i = 0; i < n; i++) h = h * 31 + (types[i] = op.operand(i).type()).hashCode();
            for (int i = n; i < types.length; i++) h = h * 31 + (types[i] = op.result(i - n).type()).hashCode();
            return new Key(op.name(), op.properties(), op.attributes(), types, h);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && name.equals(k.name) && java.util.Arrays.equals(types, k.types)
                    && properties.equals(k.properties) && attributes.equals(k.attributes);
        }

        @Override
        public int hashCode() { return hash; }
    }

    private final Map<Key, ReadConversion.Head> memo = new HashMap<>();
    /** Converted attributes by value: equal attributes of different ops convert once, to one shared object. */
    private final Map<Attribute, Attribute> attributes = new HashMap<>();

    private Attribute attribute(Attribute a) {
        Attribute v = attributes.get(a);
        if (v == null) {
            v = AttrConverter.toVhlo(a, allowOtherDialects);
            attributes.put(a, v);
        }
        return v;
    }

    @Override
    public ReadConversion.Head op(Operation op) {
        String name = op.name();
        if (!ModuleOp.isModule(op) && VhloOpTable.forStablehlo(name).isEmpty()) {
            throw new NotOnePass("op '" + name + "' has no VHLO form");
        }
        Key key = Key.of(op);
        ReadConversion.Head head = memo.get(key);
        if (head == null) {
            head = convert(op);
            memo.put(key, head);
        }
        return head;
    }

    private ReadConversion.Head convert(Operation op) {
        OpLegalizer.Converted c;
        try {
            c = OpLegalizer.toVhlo(op, allowOtherDialects, this::attribute);
            if (!isAtTarget(c.name())) {
                OpLegalizer.Converted v = VhloToVersion.convertOp(view(op, c), opset);
                if (!v.name().equals(c.name())) throw new NotOnePass("op '" + c.name() + "' changes version");
                c = v;
            }
        } catch (LegalizeException e) {
            throw new NotOnePass(e.getMessage());
        }
        return new ReadConversion.Head(c.name(), c.properties(), c.attributes());
    }

    private boolean isAtTarget(String vhloName) {
        Boolean known = atTarget.get(vhloName);
        if (known != null) return known;
        boolean at = allKindsLegal;
        VhloOpDef def = VhloOpTable.byName(vhloName).orElse(null);
        if (def != null) {
            at &= def.isValidAt(opset);
            for (VersionConstraint c : def.constraints()) at &= c.allowsAt(opset);
        } else {
            at = !vhloName.startsWith("vhlo."); // the module: not a VHLO op, nothing to convert
        }
        atTarget.put(vhloName, at);
        return at;
    }

    /** The converted op as the version conversion reads it; its regions are not available (nor needed there). */
    private OpView view(Operation op, OpLegalizer.Converted c) {
        return new OpView() {
            @Override public String name() { return c.name(); }
            @Override public DictionaryAttr properties() { return c.properties(); }
            @Override public DictionaryAttr attributes() { return c.attributes(); }
            @Override public int numOperands() { return op.numOperands(); }
            @Override public Type operandType(int i) { return valueType(op.operand(i).type()); }
            @Override public int numResults() { return op.numResults(); }
            @Override public Type resultType(int i) { return valueType(op.result(i).type()); }
            @Override public int numRegions() { return op.numRegions(); }
            @Override public Region region(int i) { return null; }

            @Override
            public String parentName() {
                Operation p = op.parentOp();
                return p == null ? null : p.name();
            }

            @Override
            public Attribute attr(String name) {
                Attribute a = c.properties().get(name);
                return a != null ? a : c.attributes().get(name);
            }
        };
    }
}
