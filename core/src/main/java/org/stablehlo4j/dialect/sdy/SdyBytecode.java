package org.stablehlo4j.dialect.sdy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectReader;
import org.stablehlo4j.bytecode.DialectWriter;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;

/**
 * sdy's bytecode encoding (shardy/dialect/sdy/ir/bytecode.td and bytecode.cc): each attribute is its index in
 * {@code SdyDialectTypes} followed by its fields in declaration order; nested attributes are references into the
 * attribute table, lists are a count and the elements, strings are string-table references. Tensor shardings
 * use V1 (index 6/7) without unreduced axes, V2 (15/16) with unreduced axes reduced by sum and V3 (17) with
 * another reduction. Op properties follow ODS (inherent attributes sorted by name).
 */
public final class SdyBytecode implements DialectBytecode {
    public static final SdyBytecode INSTANCE = new SdyBytecode();

    static final int MANUAL_AXES = 0, MESH_AXIS = 1, MESH = 2, SUB_AXIS_INFO = 3, AXIS_REF = 4,
            DIMENSION_SHARDING = 5, TENSOR_SHARDING_V1 = 6, PER_VALUE_V1 = 7, DIM_MAPPING = 8, TENSOR_MAPPING = 9,
            OP_SHARDING_RULE = 10, AXIS_REF_LIST = 11, LIST_OF_AXIS_REF_LISTS = 12, ALL_TO_ALL_PARAM = 13,
            ALL_TO_ALL_PARAM_LIST = 14, TENSOR_SHARDING_V2 = 15, PER_VALUE_V2 = 16, TENSOR_SHARDING_V3 = 17;

    private static final Map<String, List<Property>> LAYOUTS = new ConcurrentHashMap<>();

    private SdyBytecode() {}

    @Override
    public boolean rejectsUnknownOps() {
        return true;
    }

    @Override
    public List<Property> properties(String opName) {
        OpDefinition def = SdyOpHooks.TABLE.spec(opName);
        if (def == null) return null;
        return LAYOUTS.computeIfAbsent(opName, n -> {
            List<OpDefinition.AttrSpec> attrs = new ArrayList<>(def.attributes());
            attrs.sort(Comparator.comparing(OpDefinition.AttrSpec::name));
            List<Property> out = new ArrayList<>();
            for (OpDefinition.AttrSpec a : attrs) {
                out.add(new Property(a.name(), a.presence() == OpDefinition.Presence.REQUIRED));
            }
            return List.copyOf(out);
        });
    }

    // ---- reading

    @Override
    public Attribute readAttribute(DialectReader r) throws BytecodeException {
        int at = r.position();
        long code = r.readVarInt();
        return switch ((int) Math.min(code, Integer.MAX_VALUE)) {
            case MANUAL_AXES -> {
                List<String> names = new ArrayList<>();
                for (Attribute a : r.readAttributes()) names.add(string(r, a, at));
                yield new ManualAxesAttr(names);
            }
            case MESH_AXIS -> {
                String name = r.readString();
                long size = r.readSignedVarInt();
                // the checks the text parser makes (MeshAxisAttr and MeshAttr verifiers)
                String invalid = SdyAxes.meshAxis(size);
                if (invalid != null) throw r.error(at, invalid);
                yield new MeshAxisAttr(name, size);
            }
            case MESH -> {
                List<MeshAxisAttr> axes = list(r, MeshAxisAttr.class, "mesh axis");
                List<Long> ids = boxed(r.readSignedVarInts());
                String invalid = SdyAxes.mesh(axes, ids);
                if (invalid != null) throw r.error(at, invalid);
                yield new MeshAttr(axes, ids);
            }
            case SUB_AXIS_INFO -> new SubAxisInfoAttr(r.readSignedVarInt(), r.readSignedVarInt());
            case AXIS_REF -> {
                String name = r.readString();
                int subAt = r.position();
                Attribute sub = r.readOptionalAttribute();
                if (sub != null && !(sub instanceof SubAxisInfoAttr)) {
                    throw r.error(subAt, "expected sub-axis info, but got " + sub);
                }
                yield new AxisRefAttr(name, (SubAxisInfoAttr) sub);
            }
            case DIMENSION_SHARDING -> {
                List<AxisRefAttr> axes = list(r, AxisRefAttr.class, "axis ref");
                boolean closed = r.readBool();
                long v = r.readVarInt();
                yield new DimensionShardingAttr(axes, closed, (v & 1) != 0 ? Long.valueOf(v >>> 1) : null);
            }
            case TENSOR_SHARDING_V1, TENSOR_SHARDING_V2, TENSOR_SHARDING_V3 -> {
                int meshAt = r.position();
                Attribute meshOrRef = r.readAttribute();
                if (!(meshOrRef instanceof MeshAttr) && !(meshOrRef instanceof SymbolRefAttr)) {
                    throw r.error(meshAt, "expected a mesh or a symbol reference, but got " + meshOrRef);
                }
                List<DimensionShardingAttr> dims = list(r, DimensionShardingAttr.class, "dimension sharding");
                List<AxisRefAttr> replicated = list(r, AxisRefAttr.class, "axis ref");
                List<AxisRefAttr> unreduced = code == TENSOR_SHARDING_V1 ? List.of()
                        : list(r, AxisRefAttr.class, "axis ref");
                int op = 0;
                if (code == TENSOR_SHARDING_V3) {
                    int opAt = r.position();
                    long v = r.readSignedVarInt();
                    if (v < 0 || v > 2) throw r.error(opAt, "invalid sdy reduction op: " + v);
                    op = (int) v;
                }
                yield new TensorShardingAttr(meshOrRef, dims, replicated, unreduced, op);
            }
            case PER_VALUE_V1, PER_VALUE_V2 ->
                    new TensorShardingPerValueAttr(list(r, TensorShardingAttr.class, "tensor sharding"));
            case DIM_MAPPING -> new DimMappingAttr(boxed(r.readSignedVarInts()));
            case TENSOR_MAPPING -> new TensorMappingAttr(list(r, DimMappingAttr.class, "dim mapping"));
            case OP_SHARDING_RULE -> {
                List<Long> sizes = boxed(r.readSignedVarInts());
                List<TensorMappingAttr> ops = list(r, TensorMappingAttr.class, "tensor mapping");
                List<TensorMappingAttr> res = list(r, TensorMappingAttr.class, "tensor mapping");
                Map<FactorType, List<Long>> typed = new EnumMap<>(FactorType.class);
                for (FactorType type : FactorType.values()) typed.put(type, boxed(r.readSignedVarInts()));
                yield new OpShardingRuleAttr(sizes, ops, res, typed, r.readBool());
            }
            case AXIS_REF_LIST -> new AxisRefListAttr(list(r, AxisRefAttr.class, "axis ref"));
            case LIST_OF_AXIS_REF_LISTS -> new ListOfAxisRefListsAttr(list(r, AxisRefListAttr.class, "axis ref list"));
            case ALL_TO_ALL_PARAM -> new AllToAllParamAttr(list(r, AxisRefAttr.class, "axis ref"),
                    r.readSignedVarInt(), r.readSignedVarInt());
            case ALL_TO_ALL_PARAM_LIST ->
                    new AllToAllParamListAttr(list(r, AllToAllParamAttr.class, "all-to-all param"));
            default -> throw r.error(at, "unknown sdy attribute code: " + Long.toUnsignedString(code));
        };
    }

    private static String string(DialectReader r, Attribute a, int at) throws BytecodeException {
        if (!(a instanceof StringAttr s)) throw r.error(at, "expected a string attribute, but got " + a);
        return s.value();
    }

    private static <T extends Attribute> List<T> list(DialectReader r, Class<T> kind, String what)
            throws BytecodeException {
        int n = r.readCount("list size");
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(r.readAttribute(kind, "sdy " + what));
        return out;
    }

    private static List<Long> boxed(long[] values) {
        List<Long> out = new ArrayList<>(values.length);
        for (long v : values) out.add(v);
        return out;
    }

    // ---- writing

    @Override
    public boolean writeAttribute(Attribute attribute, DialectWriter w) {
        if (!(attribute instanceof SdyAttr a)) return false;
        if (a instanceof ManualAxesAttr m) {
            w.writeVarInt(MANUAL_AXES).writeVarInt(m.value().size());
            for (String s : m.value()) w.writeAttribute(StringAttr.of(s));
        } else if (a instanceof MeshAxisAttr m) {
            w.writeVarInt(MESH_AXIS).writeString(utf8(m.name())).writeSignedVarInt(m.size());
        } else if (a instanceof MeshAttr m) {
            w.writeVarInt(MESH).writeAttributes(m.axes());
            w.writeSignedVarInts(unboxed(m.deviceIds()));
        } else if (a instanceof SubAxisInfoAttr s) {
            w.writeVarInt(SUB_AXIS_INFO).writeSignedVarInt(s.preSize()).writeSignedVarInt(s.size());
        } else if (a instanceof AxisRefAttr x) {
            w.writeVarInt(AXIS_REF).writeString(utf8(x.name())).writeOptionalAttribute(x.subAxisInfo());
        } else if (a instanceof DimensionShardingAttr d) {
            w.writeVarInt(DIMENSION_SHARDING).writeAttributes(d.axes()).writeBool(d.isClosed());
            w.writeVarInt(d.priority() == null ? 0 : (d.priority() << 1) | 1);
        } else if (a instanceof TensorShardingAttr t) {
            int code = t.unreducedAxes().isEmpty() ? TENSOR_SHARDING_V1
                    : t.reductionOp() == 0 ? TENSOR_SHARDING_V2 : TENSOR_SHARDING_V3;
            w.writeVarInt(code).writeAttribute(t.meshOrRef()).writeAttributes(t.dimShardings())
                    .writeAttributes(t.replicatedAxes());
            if (code != TENSOR_SHARDING_V1) w.writeAttributes(t.unreducedAxes());
            if (code == TENSOR_SHARDING_V3) w.writeSignedVarInt(t.reductionOp());
        } else if (a instanceof TensorShardingPerValueAttr p) {
                w.writeVarInt(p.anyShardingHasUnreducedAxes() ? PER_VALUE_V2 : PER_VALUE_V1)
                        .writeAttributes(p.shardings());
        } else if (a instanceof DimMappingAttr d) {
            w.writeVarInt(DIM_MAPPING).writeSignedVarInts(unboxed(d.factorIndices()));
        } else if (a instanceof TensorMappingAttr t) {
            w.writeVarInt(TENSOR_MAPPING).writeAttributes(t.dimMappings());
        } else if (a instanceof OpShardingRuleAttr o) {
            w.writeVarInt(OP_SHARDING_RULE).writeSignedVarInts(unboxed(o.factorSizes()))
                    .writeAttributes(o.operandMappings()).writeAttributes(o.resultMappings());
            for (FactorType type : FactorType.values()) w.writeSignedVarInts(unboxed(o.factors(type)));
            w.writeBool(o.isCustomRule());
        } else if (a instanceof AxisRefListAttr l) {
            w.writeVarInt(AXIS_REF_LIST).writeAttributes(l.value());
        } else if (a instanceof ListOfAxisRefListsAttr l) {
            w.writeVarInt(LIST_OF_AXIS_REF_LISTS).writeAttributes(l.value());
        } else if (a instanceof AllToAllParamAttr p) {
            w.writeVarInt(ALL_TO_ALL_PARAM).writeAttributes(p.axes())
                .writeSignedVarInt(p.srcDim()).writeSignedVarInt(p.tgtDim());
        } else if (a instanceof AllToAllParamListAttr l) {
            w.writeVarInt(ALL_TO_ALL_PARAM_LIST).writeAttributes(l.value());
        }

        return true;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static long[] unboxed(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) out[i] = values.get(i);
        return out;
    }
}
