package org.stablehlo4j.compat.legalize;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotAlgorithmAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloOps;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.ops.AttrDefault;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;

/**
 * Converts one op between VHLO and StableHLO/func, driven by the VHLO op table ({@link VhloOpDef}: which
 * attributes exist, where each comes from on the StableHLO side, their defaults) and the StableHLO op table
 * ({@link OpDefinition}: the StableHLO attribute kinds, e.g. {@code array<i64>} versus dense elements). Operands,
 * results and regions correspond one to one; only the name and the attributes change.
 */
final class OpLegalizer {
    private OpLegalizer() {}

    /** The converted op's name and attributes (inherent ones in {@code properties}). */
    record Converted(String name, DictionaryAttr properties, DictionaryAttr attributes) {}

    /** StableHLO struct attribute mnemonics and their records. */
    private static final Map<String, Class<? extends Record>> STRUCTS = new HashMap<>();

    static {
        STRUCTS.put("gather", GatherDimensionNumbersAttr.class);
        STRUCTS.put("scatter", ScatterDimensionNumbersAttr.class);
        STRUCTS.put("dot", DotDimensionNumbersAttr.class);
        STRUCTS.put("conv", ConvDimensionNumbersAttr.class);
        STRUCTS.put("dot_algorithm", DotAlgorithmAttr.class);
        STRUCTS.put("channel_handle", ChannelHandleAttr.class);
    }

    /** Attribute kinds of the func ops, which have no StableHLO op table row. */
    private static final Map<String, AttrKind> FUNC_ATTR_KINDS = Map.of("callee", AttrKind.FLAT_SYMBOL_REF);

    // ---------------------------------------------------------------- VHLO -> StableHLO

    static Converted toStablehlo(OpView op) {
        Converted head = toStablehloHead(op);
        return new Converted(head.name(), head.properties(), attributesToStablehlo(op.attributes()));
    }

    /** The StableHLO form of discardable attributes (converted alike for every op). */
    static DictionaryAttr attributesToStablehlo(DictionaryAttr attributes) {
        return convertAll(attributes, true, false);
    }

    /**
     * {@link #toStablehlo} without the discardable attributes (its {@code attributes} are null): the name and
     * inherent attributes, which depend on nothing else of the op than what {@link OpView#attr} finds (the
     * properties of a VHLO op), its operand types and where it stands ({@link OpView#parentName}).
     */
    static Converted toStablehloHead(OpView op) {
        return toStablehloHead(op, Values.DIRECT);
    }

    /**
     * How {@link #toStablehloHead} converts attribute values and tells defaults: directly, or through the memo of
     * a conversion that sees the same attribute objects again and again ({@link VhloReadConversion}). Both are
     * functions of the value alone (whether a value holds a default does not depend on the op).
     */
    interface Values {
        /** {@return {@link AttrConverter#toStablehlo} of {@code v}} */
        Attribute toStablehlo(Attribute v);

        /** {@return whether {@code v} holds the default {@code d} ({@link Defaults#matches})} */
        boolean matches(AttrDefault d, Attribute v);

        /** No memo. */
        Values DIRECT = new Values() {
            @Override public Attribute toStablehlo(Attribute v) { return AttrConverter.toStablehlo(v); }
            @Override public boolean matches(AttrDefault d, Attribute v) { return Defaults.matches(d, v); }
        };
    }

    /** {@link #toStablehloHead(OpView)} with attribute values converted through {@code values}. */
    static Converted toStablehloHead(OpView op, Values values) {
        if (!op.dialect().equals("vhlo")) {
            return new Converted(op.name(), convertAll(op.properties(), true, false), null);
        }
        VhloOpDef def = VhloOpTable.byName(op.name())
                .orElseThrow(() -> new LegalizeException("unknown VHLO operation"));
        String name = def.stablehloName();
        if (name.equals(org.stablehlo4j.dialect.stablehlo.ops.ReturnOp.NAME)
                && (VhloOpTable.FUNC_V1.equals(op.parentName()) || VhloOpTable.FUNC_FUNC.equals(op.parentName()))) {
            name = VhloOpTable.FUNC_RETURN;
        }
        OpDefinition spec = StablehloOps.spec(name);
        Map<String, Attribute> props = new LinkedHashMap<>();
        Map<String, Map<String, Attribute>> structs = new LinkedHashMap<>();
        for (VhloOpDef.Attr a : def.attributes()) {
            Attribute v = op.attr(a.name());
            if (v == null) throw new LegalizeException("missing attribute '" + a.name() + "'");
            if (isDroppable(def, a, v, op, values)) v = null;
            switch (a.stablehloForm()) {
                case STRUCT_FIELD -> {
                    String src = a.stablehloSource();
                    int dot = src.indexOf('.');
                    Map<String, Attribute> fields = structs.computeIfAbsent(src.substring(0, dot),
                            k -> new HashMap<>());
                    if (v != null) fields.put(src.substring(dot + 1), v);
                }
                case UNIT_FLAG -> {
                    if (v != null && values.toStablehlo(v) instanceof BoolAttr b && b.value()) {
                        props.put(a.stablehloSource(), UnitAttr.INSTANCE);
                    }
                }
                default -> {
                    if (v != null) {
                        props.put(a.stablehloSource(), fitStablehlo(spec, a.stablehloSource(), values.toStablehlo(v)));
                    }
                }
            }
        }
        for (Map.Entry<String, Map<String, Attribute>> s : structs.entrySet()) {
            if (s.getValue().isEmpty()) continue;
            props.put(s.getKey(), structToStablehlo(spec, s.getKey(), s.getValue(), values));
        }
        return new Converted(name, dict(props), null);
    }

    /**
     * Attributes upstream only drops together: custom_call's layouts stay unless both are empty (an op with
     * layouts for operands but none for results is different from one without layouts).
     */
    private static final Map<String, String> DROPPED_IN_PAIRS = Map.of("operand_layouts", "result_layouts",
            "result_layouts", "operand_layouts");

    /** Whether VHLO attribute {@code a} holds the value that stands for an absent StableHLO attribute. */
    private static boolean isDroppable(VhloOpDef def, VhloOpDef.Attr a, Attribute v, OpView op, Values values) {
        if (a.legalizeDefault() == null || !values.matches(a.legalizeDefault(), v)) return false;
        String partner = DROPPED_IN_PAIRS.get(a.name());
        if (partner == null) return true;
        VhloOpDef.Attr p = def.attribute(partner).orElse(null);
        Attribute pv = op.properties().get(partner);
        return p == null || pv == null || values.matches(p.legalizeDefault(), pv);
    }

    /** The StableHLO attribute {@code s} (converted from VHLO) as op attribute {@code name}'s kind calls for. */
    private static Attribute fitStablehlo(OpDefinition spec, String name, Attribute s) {
        AttrKind kind = attrKind(spec, name);
        if (kind == null) return s;
        switch (kind) {
            case DENSE_I64_ARRAY, DENSE_BOOL_ARRAY -> {
                if (s instanceof DenseElementsAttr d) return toDenseArray(d);
            }
            case FLAT_SYMBOL_REF -> {
                return AttrConverter.symbolRef(s);
            }
            case FLAT_SYMBOL_REF_ARRAY -> {
                if (s instanceof ArrayAttr arr) {
                    List<Attribute> refs = new ArrayList<>(arr.elements().size());
                    for (Attribute e : arr.elements()) refs.add(AttrConverter.symbolRef(e));
                    return new ArrayAttr(refs);
                }
            }
            default -> { }
        }
        return s;
    }

    private static AttrKind attrKind(OpDefinition spec, String name) {
        if (spec == null) return FUNC_ATTR_KINDS.get(name);
        OpDefinition.AttrSpec a = spec.attribute(name);
        return a == null ? null : a.kind();
    }

    /** A rank-1 dense elements attribute as a dense array (splats expanded). */
    private static DenseArrayAttr toDenseArray(DenseElementsAttr d) {
        if (!(d.type() instanceof RankedTensorType t) || t.rank() != 1) {
            throw new LegalizeException("expected a rank-1 tensor for a dense array");
        }
        long n = t.dim(0);
        byte[] raw = d.rawBytes();
        // The length comes from the artifact: a splat may claim any size, so bound it before expanding.
        if (n < 0 || (d.isSplat() ? n * raw.length > MAX_SPLAT_ARRAY_BYTES : raw.length != n * DenseElementsAttr
                .elementStorageBytes(t.elementType()))) {
            throw new LegalizeException("dense array of " + n + " elements does not match its data");
        }
        if (d.isSplat() && n != 1) {
            byte[] out = new byte[(int) (raw.length * n)];
            for (int i = 0; i < n; i++) System.arraycopy(raw, 0, out, i * raw.length, raw.length);
            raw = out;
        }
        return new DenseArrayAttr(t.elementType(), raw, (int) n);
    }

    /** The largest expanded splat a dense array attribute may become (far above any rank-sized list). */
    private static final long MAX_SPLAT_ARRAY_BYTES = 1L << 24;

    /** Builds a StableHLO struct attribute from its flattened VHLO fields (absent fields: zero / empty). */
    private static Attribute structToStablehlo(OpDefinition spec, String attrName, Map<String, Attribute> fields,
                                               Values values) {
        Class<? extends Record> cls = structClass(spec, attrName);
        RecordComponent[] comps = cls.getRecordComponents();
        Object[] args = new Object[comps.length];
        for (int i = 0; i < comps.length; i++) {
            Attribute v = fields.get(snake(comps[i].getName()));
            args[i] = fieldToComponent(v, comps[i].getType(), attrName + "." + snake(comps[i].getName()), values);
        }
        return (Attribute) AttrConverter.construct(cls, comps, args);
    }

    private static Class<? extends Record> structClass(OpDefinition spec, String attrName) {
        OpDefinition.AttrSpec a = spec == null ? null : spec.attribute(attrName);
        Class<? extends Record> cls = a == null ? null : STRUCTS.get(a.detail());
        if (cls == null) throw new LegalizeException("no struct attribute '" + attrName + "'");
        return cls;
    }

    /**
     * One field of a flattened VHLO struct as the record component it becomes; a field of the wrong kind (from a
     * hostile or corrupt artifact) is a {@link LegalizeException}, never a cast failure.
     */
    private static Object fieldToComponent(Attribute v, Class<?> type, String field, Values values) {
        if (v == null) {
            if (type == long.class) return 0L;
            if (type == boolean.class) return false;
            if (type == Type.class) return NoneType.INSTANCE;
            return List.of();
        }
        Attribute s = values.toStablehlo(v);
        if (type == long.class) {
            if (s instanceof IntegerAttr i && i.value().bitLength() < 64) return i.longValue();
            throw wrongField(field, "a 64-bit integer", s);
        }
        if (type == boolean.class) {
            if (s instanceof BoolAttr b) return b.value();
            throw wrongField(field, "a boolean", s);
        }
        if (type == Type.class) {
            if (s instanceof TypeAttr t) return t.value();
            throw wrongField(field, "a type", s);
        }
        if (!(s instanceof DenseElementsAttr d)) throw new LegalizeException("expected a dims tensor, got " + s);
        DenseArrayAttr arr = toDenseArray(d);
        List<Long> out = new ArrayList<>(arr.size());
        for (int i = 0; i < arr.size(); i++) out.add(arr.getLong(i));
        return out;
    }

    private static LegalizeException wrongField(String field, String expected, Attribute got) {
        return new LegalizeException("struct field '" + field + "' must be " + expected + ", got "
                + got.getClass().getSimpleName());
    }

    private static String snake(String camel) {
        StringBuilder sb = new StringBuilder(camel.length() + 4);
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) sb.append('_').append(Character.toLowerCase(c));
            else sb.append(c);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- StableHLO -> VHLO

    /**
     * The VHLO form of a StableHLO/func op; ops of other dialects are returned with converted attributes when
     * {@code allowOtherDialects}, else rejected.
     */
    static Converted toVhlo(Operation op, boolean allowOtherDialects) {
        return toVhlo(op, allowOtherDialects, a -> AttrConverter.toVhlo(a, allowOtherDialects));
    }

    /**
     * Like {@link #toVhlo(Operation, boolean)}, with whole attributes converted by {@code attrs} (e.g. a memo of
     * {@link AttrConverter#toVhlo}, so that equal attributes of different ops convert once).
     */
    static Converted toVhlo(Operation op, boolean allowOtherDialects, java.util.function.UnaryOperator<Attribute> attrs) {
        VhloOpDef def = VhloOpTable.forStablehlo(op.name()).orElse(null);
        if (def == null) {
            // Upstream's conversion only rewrites the StableHLO and func ops it owns: the module (and, with
            // allow-other-dialects, ops of other dialects) keep their attributes as they are, builtin ones
            // included (e.g. mhlo.num_partitions = 1 : i32, which XLA reads from the artifact).
            if (ModuleOp.isModule(op) || allowOtherDialects) {
                return new Converted(op.name(), op.properties(), op.attributes());
            }
            throw new LegalizeException("failed to legalize operation '" + op.name() + "'");
        }
        OpDefinition spec = StablehloOps.spec(op.name());
        Map<String, Attribute> props = new LinkedHashMap<>();
        List<VhloOpDef.Attr> missing = new ArrayList<>();
        for (VhloOpDef.Attr a : def.attributes()) {
            Attribute v = vhloValue(op, spec, a, attrs);
            if (v == null && a.legalizeDefault() == null) {
                throw new LegalizeException("missing required attribute '" + a.stablehloSource() + "'");
            }
            if (v == null) missing.add(a);
            props.put(a.name(), v);
        }
        List<Type> operandTypes = new ArrayList<>();
        for (int i = 0; i < op.numOperands(); i++) operandTypes.add(TypeConverter.toVhlo(op.operand(i).type()));
        Defaults.Context ctx = new Defaults.Context(props, operandTypes);
        for (VhloOpDef.Attr a : missing) props.put(a.name(), Defaults.make(a.legalizeDefault(), ctx));
        List<String> inherent = new ArrayList<>();
        for (VhloOpDef.Attr a : def.attributes()) inherent.add(a.stablehloSource().split("\\.")[0]);
        List<NamedAttribute> extra = new ArrayList<>();
        for (NamedAttribute n : op.properties().entries()) {
            if (!inherent.contains(n.name())) {
                extra.add(new NamedAttribute(n.name(), attrs.apply(n.value())));
            }
        }
        for (NamedAttribute n : op.attributes().entries()) {
            extra.add(new NamedAttribute(n.name(), attrs.apply(n.value())));
        }
        return new Converted(def.name(), dict(props), DictionaryAttr.of(extra));
    }

    private static Attribute vhloValue(Operation op, OpDefinition spec, VhloOpDef.Attr a,
                                       java.util.function.UnaryOperator<Attribute> attrs) {
        String src = a.stablehloSource();
        switch (a.stablehloForm()) {
            case STRUCT_FIELD: {
                int dot = src.indexOf('.');
                Attribute s = op.attr(src.substring(0, dot));
                if (s == null) return null;
                s = StablehloAsm.resolve(s);
                if (!(s instanceof Record r)) throw new LegalizeException("unexpected '" + src + "' attribute");
                String field = src.substring(dot + 1);
                for (RecordComponent c : r.getClass().getRecordComponents()) {
                    if (snake(c.getName()).equals(field)) return componentToVhlo(AttrConverter.component(r, c));
                }
                throw new LegalizeException("no field '" + field + "' in " + r.getClass().getSimpleName());
            }
            case UNIT_FLAG:
                return VhloAttr.bool(op.attr(src) != null);
            case I32_ENUM: {
                Attribute s = op.attr(src);
                if (s == null) return null;
                if (!(s instanceof IntegerAttr i)) throw new LegalizeException("expected an integer '" + src + "'");
                return AttrConverter.enumToVhlo(StablehloEnum.CUSTOM_CALL_API_VERSION, i.longValue());
            }
            default: {
                Attribute s = op.attr(src);
                return s == null ? null : attrs.apply(s);
            }
        }
    }

    private static Attribute componentToVhlo(Object v) {
        if (v instanceof Long l) return AttrConverter.i64(l);
        if (v instanceof Boolean b) return VhloAttr.bool(b);
        if (v instanceof Type t) return VhloAttr.type(TypeConverter.toVhlo(t));
        if (v instanceof List<?> l) {
            long[] values = new long[l.size()];
            for (int i = 0; i < values.length; i++) values[i] = (Long) l.get(i);
            return AttrConverter.denseArrayToVhlo(DenseArrayAttr.ofLongs(values));
        }
        throw new LegalizeException("unexpected struct field " + v);
    }

    // ---------------------------------------------------------------- shared

    private static DictionaryAttr convertAll(DictionaryAttr d, boolean toStablehlo, boolean keepOthers) {
        if (d.isEmpty()) return d;
        List<NamedAttribute> out = new ArrayList<>(d.size());
        for (NamedAttribute n : d.entries()) {
            out.add(new NamedAttribute(n.name(), toStablehlo ? AttrConverter.toStablehlo(n.value())
                    : AttrConverter.toVhlo(n.value(), keepOthers)));
        }
        return DictionaryAttr.of(out);
    }

    private static DictionaryAttr dict(Map<String, Attribute> m) {
        List<NamedAttribute> out = new ArrayList<>(m.size());
        m.forEach((k, v) -> {
            if (v != null) out.add(new NamedAttribute(k, v));
        });
        return DictionaryAttr.of(out);
    }
}
