package org.stablehlo4j.compat.legalize;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.stablehlo.AxisRefAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAxisAttr;
import org.stablehlo4j.dialect.stablehlo.OutputOperandAliasAttr;
import org.stablehlo4j.dialect.stablehlo.ReplicaGroupMeshAxesAttr;
import org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.SubAxisInfoAttr;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;

/**
 * Converts attributes between VHLO and builtin/StableHLO without regard to the op holding them (the op-level
 * rules live in {@link OpLegalizer}). Struct-like attributes are converted through the components of the
 * StableHLO record, which follow the VHLO parameters one to one (snake_case names become camelCase). An
 * attribute without a counterpart raises {@link LegalizeException}.
 */
final class AttrConverter {
    private AttrConverter() {}

    /** VHLO struct kinds and the StableHLO record each stands for. */
    private static final Map<VhloAttrKind, Class<? extends Record>> STRUCTS = new EnumMap<>(VhloAttrKind.class);
    private static final Map<Class<?>, VhloAttrKind> STRUCT_KINDS = new HashMap<>();
    /** VHLO enum kinds and their StableHLO enums (custom_call's api version has no StableHLO attribute). */
    private static final Map<VhloAttrKind, StablehloEnum> ENUMS = new EnumMap<>(VhloAttrKind.class);
    private static final Map<StablehloEnum, VhloAttrKind> ENUM_KINDS = new EnumMap<>(StablehloEnum.class);

    static {
        STRUCTS.put(VhloAttrKind.OUTPUT_OPERAND_ALIAS, OutputOperandAliasAttr.class);
        STRUCTS.put(VhloAttrKind.TYPE_EXTENSIONS, TypeExtensionsAttr.class);
        STRUCTS.put(VhloAttrKind.RESULT_ACCURACY, ResultAccuracyAttr.class);
        STRUCTS.put(VhloAttrKind.SUB_AXIS_INFO, SubAxisInfoAttr.class);
        STRUCTS.put(VhloAttrKind.AXIS_REF, AxisRefAttr.class);
        STRUCTS.put(VhloAttrKind.REPLICA_GROUP_MESH_AXES, ReplicaGroupMeshAxesAttr.class);
        STRUCTS.put(VhloAttrKind.MESH_AXIS, MeshAxisAttr.class);
        STRUCTS.put(VhloAttrKind.MESH, MeshAttr.class);
        STRUCTS.forEach((k, c) -> STRUCT_KINDS.put(c, k));
        for (VhloAttrKind k : VhloAttrKind.values()) {
            if (k.form != VhloAttrKind.Form.ENUM) continue;
            String base = k.mnemonic.substring(0, k.mnemonic.length() - "_v1".length());
            StablehloEnum e = k == VhloAttrKind.CUSTOM_CALL_API_VERSION ? StablehloEnum.CUSTOM_CALL_API_VERSION
                    : StablehloEnum.byMnemonic(base);
            if (e == null) throw new IllegalStateException("no StableHLO enum for " + k.mnemonic);
            ENUMS.put(k, e);
            ENUM_KINDS.put(e, k);
        }
    }

    // ---------------------------------------------------------------- VHLO -> StableHLO

    static Attribute toStablehlo(Attribute a) {
        if (!(a instanceof VhloAttr v)) return a;
        switch (v.kind().form) {
            case ARRAY: {
                List<Attribute> out = new ArrayList<>(v.attributes().size());
                for (Attribute e : v.attributes()) out.add(toStablehlo(e));
                return new ArrayAttr(out);
            }
            case BOOL:
                return BoolAttr.of(v.number().signum() != 0);
            case DICT: {
                List<NamedAttribute> out = new ArrayList<>();
                for (int i = 0; i + 1 < v.attributes().size(); i += 2) {
                    out.add(new NamedAttribute(stringOf(v.attributes().get(i)), toStablehlo(v.attributes().get(i + 1))));
                }
                return DictionaryAttr.of(out);
            }
            case FLOAT: {
                Type t = TypeConverter.toStablehlo(v.typeParam());
                if (!(t instanceof FloatType ft)) throw new LegalizeException("float attribute of type " + t);
                return new FloatAttr(ft, v.number());
            }
            case INTEGER:
                return new IntegerAttr(TypeConverter.toStablehlo(v.typeParam()), v.number());
            case STRING:
                return v.toStringAttr();
            case TENSOR:
                return v.denseData();
            case TYPE:
                return new TypeAttr(TypeConverter.toStablehlo(v.typeParam()));
            case ENUM:
                return enumToStablehlo(v);
            default:
                return structToStablehlo(v);
        }
    }

    private static String stringOf(Attribute key) {
        if (key instanceof VhloAttr v && v.kind() == VhloAttrKind.STRING) return v.stringValue();
        Attribute s = toStablehlo(key);
        if (s instanceof StringAttr sa) return sa.value();
        throw new LegalizeException("dictionary key is not a string");
    }

    private static Attribute enumToStablehlo(VhloAttr v) {
        StablehloEnum e = ENUMS.get(v.kind());
        int index = e.indexOfValue(v.number().longValue());
        if (index < 0) throw new LegalizeException("no " + e.mnemonic() + " case with value " + v.number());
        if (!e.hasAttribute()) return IntegerAttr.of(IntegerType.I32, e.valueOf(index));
        return new EnumAttr(e, index);
    }

    private static Attribute structToStablehlo(VhloAttr v) {
        Class<? extends Record> cls = STRUCTS.get(v.kind());
        RecordComponent[] comps = cls.getRecordComponents();
        Object[] args = new Object[comps.length];
        for (int i = 0; i < comps.length; i++) {
            args[i] = paramToComponent(v.kind(), i, v.params().get(i), comps[i].getType());
        }
        return (Attribute) construct(cls, comps, args);
    }

    /** Struct parameters that hold a symbol reference in StableHLO and a string in VHLO. */
    private static final java.util.Set<String> SYMBOL_PARAMS = java.util.Set.of("replica_group_mesh_axes_v1.mesh");

    /** A string attribute as a flat symbol reference; other attributes unchanged. */
    static Attribute symbolRef(Attribute a) {
        return a instanceof StringAttr s ? SymbolRefAttr.flat(s.value()) : a;
    }

    private static Object paramToComponent(VhloAttrKind kind, int index, Object value, Class<?> target) {
        Object v = paramToComponent(kind.params.get(index).kind(), value, target);
        return SYMBOL_PARAMS.contains(kind.mnemonic + "." + kind.params.get(index).name())
                ? symbolRef((Attribute) v) : v;
    }

    private static Object paramToComponent(VhloAttrKind.ParamKind kind, Object value, Class<?> target) {
        if (value == null) return null;
        switch (kind) {
            case F64:
                return Double.longBitsToDouble((Long) value);
            case INT:
            case DIMS:
                return value;
            default:
                Attribute s = toStablehlo((Attribute) value);
                if (target == String.class && s instanceof StringAttr sa) return sa.value();
                if (target == List.class && s instanceof ArrayAttr aa) return aa.elements();
                if (!target.isInstance(s)) {
                    throw new LegalizeException("unexpected attribute " + s + " for a " + target.getSimpleName());
                }
                return s;
        }
    }

    /** Creates a record through its canonical constructor. */
    static Object construct(Class<? extends Record> cls, RecordComponent[] comps, Object[] args) {
        Class<?>[] types = new Class<?>[comps.length];
        for (int i = 0; i < comps.length; i++) types[i] = comps[i].getType();
        try {
            Constructor<? extends Record> c = cls.getDeclaredConstructor(types);
            return c.newInstance(args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new LegalizeException("invalid " + cls.getSimpleName() + ": " + e.getCause().getMessage());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new LegalizeException("cannot build " + cls.getSimpleName() + ": " + e);
        }
    }

    static Object component(Record r, RecordComponent c) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new LegalizeException("cannot read " + c.getName() + ": " + e);
        }
    }

    // ---------------------------------------------------------------- StableHLO -> VHLO

    static Attribute toVhlo(Attribute a) {
        return toVhlo(a, false);
    }

    /**
     * The VHLO form of {@code a}; with {@code keepOthers} (allow-other-dialects) attributes without a VHLO
     * counterpart stay as they are, also inside arrays and dictionaries.
     */
    static Attribute toVhlo(Attribute a, boolean keepOthers) {
        if (a instanceof VhloAttr) return a;
        if (a instanceof DialectAttr) {
            try {
                a = StablehloAsm.parseAttribute(a);
            } catch (RuntimeException e) {
                throw new LegalizeException("invalid attribute " + a + ": " + e.getMessage());
            }
        }
        if (a instanceof ArrayAttr arr) {
            List<Attribute> out = new ArrayList<>(arr.elements().size());
            for (Attribute e : arr.elements()) out.add(toVhlo(e, keepOthers));
            return VhloAttr.array(out);
        }
        if (a instanceof BoolAttr b) return VhloAttr.bool(b.value());
        if (a instanceof DictionaryAttr d) {
            List<Attribute> kv = new ArrayList<>(d.size() * 2);
            for (NamedAttribute n : d.entries()) {
                kv.add(string(n.name()));
                kv.add(toVhlo(n.value(), keepOthers));
            }
            return VhloAttr.dict(kv);
        }
        if (a instanceof FloatAttr f) return VhloAttr.floatValue((VhloType) TypeConverter.toVhlo(f.type()), f.bits());
        if (a instanceof IntegerAttr i) return VhloAttr.integer((VhloType) TypeConverter.toVhlo(i.type()), i.value());
        if (a instanceof StringAttr s) {
            if (s.type() != null) throw new LegalizeException("typed string attributes have no VHLO counterpart");
            return VhloAttr.string(s.bytes());
        }
        if (a instanceof DenseElementsAttr d) return VhloAttr.tensor((VhloType) TypeConverter.toVhlo(d.type()), d);
        if (a instanceof DenseArrayAttr d) return denseArrayToVhlo(d);
        if (a instanceof TypeAttr t) return VhloAttr.type(TypeConverter.toVhlo(t.value()));
        if (a instanceof SymbolRefAttr s && s.nested().isEmpty()) return string(s.root());
        if (a instanceof EnumAttr e) return enumToVhlo(e.kind(), e.value());
        if (a instanceof Record r && STRUCT_KINDS.containsKey(r.getClass())) return structToVhlo(r);
        if (keepOthers) return a;
        throw new LegalizeException("attribute " + a + " has no VHLO counterpart");
    }

    static VhloAttr string(String s) {
        return VhloAttr.string(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static VhloAttr enumToVhlo(StablehloEnum e, long value) {
        VhloAttrKind k = ENUM_KINDS.get(e);
        if (k.caseName(value) == null) throw new LegalizeException("no " + k.mnemonic + " case with value " + value);
        return VhloAttr.enumValue(k, (int) value);
    }

    /** {@code array<i64: 1, 2>} as {@code #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>}. */
    static VhloAttr denseArrayToVhlo(DenseArrayAttr d) {
        RankedTensorType t = new RankedTensorType(new long[] {d.size()}, d.elementType());
        byte[] raw = d.rawBytes();
        DenseElementsAttr data = new DenseElementsAttr(t, raw, 0, raw.length, false);
        return VhloAttr.tensor((VhloType) TypeConverter.toVhlo(t), data);
    }

    private static Attribute structToVhlo(Record r) {
        VhloAttrKind k = STRUCT_KINDS.get(r.getClass());
        RecordComponent[] comps = r.getClass().getRecordComponents();
        List<Object> params = new ArrayList<>(comps.length);
        for (int i = 0; i < comps.length; i++) {
            Object v = component(r, comps[i]);
            params.add(componentToParam(k.params.get(i).kind(), v));
        }
        return VhloAttr.struct(k, params);
    }

    private static Object componentToParam(VhloAttrKind.ParamKind kind, Object v) {
        if (v == null) return null;
        switch (kind) {
            case F64:
                return Double.doubleToRawLongBits((Double) v);
            case INT:
            case DIMS:
                return v;
            default:
                if (v instanceof String s) return string(s);
                if (v instanceof List<?> l) {
                    List<Attribute> out = new ArrayList<>(l.size());
                    for (Object o : l) out.add(toVhlo((Attribute) o));
                    return VhloAttr.array(out);
                }
                return toVhlo((Attribute) v);
        }
    }

    /** An i64 VHLO integer. */
    static VhloAttr i64(long value) {
        return VhloAttr.integer((VhloType) TypeConverter.toVhlo(IntegerType.I64), BigInteger.valueOf(value));
    }
}
