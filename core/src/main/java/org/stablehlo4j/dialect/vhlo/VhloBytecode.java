package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.DenseData;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectReader;
import org.stablehlo4j.bytecode.DialectWriter;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.dialect.vhlo.ops.VersionedKind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoundedEncoding;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The VHLO dialect's bytecode: its type and attribute encodings (one kind code, then the parameters) and the
 * property layout of every VHLO op (all inherent attributes required, encoded in name order).
 */
public final class VhloBytecode implements DialectBytecode {
    public static final VhloBytecode INSTANCE = new VhloBytecode();

    /** Op name -> properties: every VHLO attribute is required; properties are encoded in name order. */
    private final Map<String, List<Property>> ops;

    private VhloBytecode() {
        Map<String, List<Property>> m = new HashMap<>();
        for (VhloOpDef def : VhloOpTable.all()) {
            List<String> names = new ArrayList<>();
            for (VhloOpDef.Attr a : def.attributes()) names.add(a.name());
            java.util.Collections.sort(names);
            List<Property> props = new ArrayList<>(names.size());
            for (String n : names) props.add(new Property(n, true));
            m.put(def.name(), List.copyOf(props));
        }
        ops = Map.copyOf(m);
    }

    /** Names of all VHLO ops ({@code vhlo.add_v1}, ...). */
    public java.util.Set<String> opNames() { return ops.keySet(); }

    @Override
    public List<Property> properties(String opName) {
        return ops.get(opName);
    }

    /** Portable artifacts: a VHLO op that cannot be encoded is an error, never written in another form. */
    @Override
    public boolean strictProperties() {
        return true;
    }

    @Override
    public boolean rejectsUnknownOps() {
        return true;
    }

    @Override
    public Type readType(DialectReader r) throws BytecodeException {
        int at = r.position();
        long code = r.readVarInt();
        VhloTypeKind kind = known(VhloTypeKind.fromCode(code), r, "type", code);
        return switch (kind.form) {
            case SIMPLE -> VhloType.get(kind);
            case ELEMENT -> VhloType.element(kind, tensorElement(r, at, kind == VhloTypeKind.UNRANKED_TENSOR));
            case TYPES -> VhloType.types(kind, r.readTypes());
            case FUNCTION -> VhloType.function(r.readTypes(), r.readTypes());
            case RANKED -> {
                Attribute encoding = code == VhloTypeKind.RANKED_TENSOR_WITH_ENCODING_CODE ? r.readAttribute() : null;
                VhloType t = VhloType.ranked(kind, r.readShape(),
                        tensorElement(r, at, kind == VhloTypeKind.RANKED_TENSOR), encoding);
                if (encoding instanceof VhloAttr a && a.kind() == VhloAttrKind.TYPE_EXTENSIONS) {
                    // the bounds encoding's check, as where the text parser builds the tensor type
                    @SuppressWarnings("unchecked")
                    List<Long> bounds = (List<Long>) a.params().get(0);
                    String problem = BoundedEncoding.boundsProblem(bounds, t.shape(),
                            () -> org.stablehlo4j.asm.AsmPrinter.printType(t));
                    if (problem != null) throw r.error(at, problem);
                }
                yield t;
            }
            case QUANT -> readQuant(r, at, false);
            case QUANT_PER_AXIS -> readQuant(r, at, true);
        };
    }

    /**
     * A tensor's element type, checked as the tensor types' checked construction checks it
     * ({@link org.stablehlo4j.ir.RankedTensorType#isValidElementType}) on the VHLO kinds that stand for a function,
     * shaped or none type.
     */
    private static Type tensorElement(DialectReader r, int at, boolean tensor) throws BytecodeException {
        Type e = r.readType();
        if (tensor && e instanceof VhloType v && switch (v.kind()) {
            case FUNCTION, RANKED_TENSOR, UNRANKED_TENSOR, RANKED_BUFFER, NONE -> true;
            default -> false;
        }) {
            throw r.error(at, "invalid tensor element type");
        }
        return e;
    }

    private static Type builtin(Type t) {
        return t instanceof VhloType v ? v.toBuiltin() : t;
    }

    /** Returns {@code kind}, the row {@code code} names; if there is none, throws {@code unknown vhlo WHAT code: N}. */
    private static <K extends VersionedKind> K known(K kind, DialectReader r, String what, long code)
            throws BytecodeException {
        if (kind == null) throw r.error("unknown vhlo " + what + " code: " + code);
        return kind;
    }

    private static VhloType readQuant(DialectReader r, int at, boolean perAxis) throws BytecodeException {
        long flags = r.readVarInt();
        Type storage = r.readType();
        Type expressed = r.readType();
        long[] scales;
        long[] zeroPoints;
        long dim = -1;
        long min;
        long max;
        if (perAxis) {
            dim = r.readVarInt();
            if (dim < 0) throw r.error("invalid quantized dimension");
            min = r.readSignedVarInt();
            max = r.readSignedVarInt();
            int n = r.readCount("scale count");
            scales = new long[n];
            for (int i = 0; i < n; i++) scales[i] = r.readAPInt(64).longValue();
            zeroPoints = r.readSignedVarInts();
        } else {
            scales = new long[] {r.readAPInt(64).longValue()};
            zeroPoints = new long[] {r.readSignedVarInt()};
            min = r.readSignedVarInt();
            max = r.readSignedVarInt();
        }
        // The quantized type's checked construction, on the builtin types the VHLO kinds stand for.
        double[] scaleValues = new double[scales.length];
        for (int i = 0; i < scales.length; i++) scaleValues[i] = Double.longBitsToDouble(scales[i]);
        String problem = UniformQuantizedType.verifyInvariants((flags & 1) != 0, builtin(storage), min, max,
                builtin(expressed), dim, scaleValues, zeroPoints);
        if (problem != null) throw r.error(at, problem);
        return VhloType.quant(new VhloType.Quant(flags, storage, expressed, dim, scales, zeroPoints, min, max));
    }

    @Override
    public Attribute readAttribute(DialectReader r) throws BytecodeException {
        long code = r.readVarInt();
        VhloAttrKind kind = known(VhloAttrKind.fromCode(code), r, "attribute", code);
        return switch (kind.form) {
            case ENUM -> {
                long v = r.readVarInt();
                if (kind.caseName(v) == null) throw r.error("invalid " + kind.mnemonic + " value: " + v);
                yield VhloAttr.enumValue(kind, (int) v);
            }
            case ARRAY -> VhloAttr.ownedList(VhloAttrKind.ARRAY, r.readAttributes());
            case BOOL -> {
                long v = r.readVarInt();
                if (v != 0 && v != 1) throw r.error("unsupported value: " + v);
                yield VhloAttr.bool(v == 1);
            }
            case DICT -> {
                int n = r.readCount("dictionary size");
                List<Attribute> kv = new ArrayList<>(2 * n);
                for (int i = 0; i < n; i++) {
                    kv.add(r.readAttribute());
                    kv.add(r.readAttribute());
                }
                yield VhloAttr.ownedList(VhloAttrKind.DICT, kv);
            }
            case FLOAT -> {
                VhloType t = vhloType(r);
                if (!(t.toBuiltin() instanceof FloatType ft)) throw r.error("expected a VHLO float type, got " + t);
                yield VhloAttr.floatValue(t, r.readAPInt(ft.width()));
            }
            case INTEGER -> readInteger(r);
            case STRING -> VhloAttr.ownedString(r.readStringBytes());
            case TENSOR -> readTensor(r);
            case TYPE -> VhloAttr.type(r.readType());
            case STRUCT -> readStruct(r, kind);
        };
    }

    @Override
    public boolean writeType(Type type, DialectWriter w) {
        if (!(type instanceof VhloType t)) return false;
        VhloTypeKind kind = t.kind();
        boolean encoded = kind == VhloTypeKind.RANKED_TENSOR && t.encoding() != null;
        w.writeVarInt(encoded ? VhloTypeKind.RANKED_TENSOR_WITH_ENCODING_CODE : kind.code);
        switch (kind.form) {
            case SIMPLE -> { }
            case ELEMENT -> w.writeType(t.elementType());
            case TYPES -> w.writeTypes(t.types());
            case FUNCTION -> w.writeTypes(t.types()).writeTypes(t.results());
            case RANKED -> {
                if (encoded) w.writeAttribute(t.encoding());
                w.writeSignedVarInts(t.shape()).writeType(t.elementType());
            }
            case QUANT, QUANT_PER_AXIS -> writeQuant(t.quantization(), kind == VhloTypeKind.QUANT_PER_AXIS, w);
        }
        return true;
    }

    private static void writeQuant(VhloType.Quant q, boolean perAxis, DialectWriter w) {
        w.writeVarInt(q.flags()).writeType(q.storageType()).writeType(q.expressedType());
        if (perAxis) {
            w.writeVarInt(q.quantizedDimension()).writeSignedVarInt(q.storageMin()).writeSignedVarInt(q.storageMax());
            w.writeVarInt(q.scaleBits().length);
            for (long s : q.scaleBits()) w.writeAPInt(BigInteger.valueOf(s), 64);
            w.writeSignedVarInts(q.zeroPoints());
        } else {
            w.writeAPInt(BigInteger.valueOf(q.scaleBits()[0]), 64).writeSignedVarInt(q.zeroPoints()[0])
                    .writeSignedVarInt(q.storageMin()).writeSignedVarInt(q.storageMax());
        }
    }

    @Override
    public boolean writeAttribute(Attribute attribute, DialectWriter w) {
        if (!(attribute instanceof VhloAttr a)) return false;
        VhloAttrKind kind = a.kind();
        w.writeVarInt(kind.code);
        switch (kind.form) {
            case ENUM, BOOL -> w.writeVarInt(a.number().longValue());
            case ARRAY, DICT -> {
                if (kind.form == VhloAttrKind.Form.DICT) w.writeVarInt(a.attributes().size() / 2);
                else w.writeVarInt(a.attributes().size());
                for (Attribute e : a.attributes()) w.writeAttribute(e);
            }
            case FLOAT -> {
                w.writeType(a.typeParam());
                FloatType ft = (FloatType) ((VhloType) a.typeParam()).toBuiltin();
                w.writeAPInt(a.number(), ft.width());
            }
            case INTEGER -> {
                w.writeType(a.typeParam());
                Type b = ((VhloType) a.typeParam()).toBuiltin();
                w.writeAPInt(a.number(), b instanceof IntegerType it ? it.width() : 64);
            }
            case STRING -> w.writeString(a.stringBytes());
            case TENSOR -> {
                w.writeType(a.typeParam());
                DenseData.write(w, a.denseData());
            }
            case TYPE -> w.writeType(a.typeParam());
            case STRUCT -> writeStruct(a, w);
        }
        return true;
    }

    private static void writeStruct(VhloAttr a, DialectWriter w) {
        for (int i = 0; i < a.params().size(); i++) {
            Object v = a.params().get(i);
            switch (a.kind().params.get(i).kind()) {
                case ATTR -> w.writeAttribute((Attribute) v);
                case ATTR_IF_FLAG -> {
                    w.writeVarInt(v == null ? 0 : 1);
                    if (v != null) w.writeAttribute((Attribute) v);
                }
                case OPTIONAL_ATTR -> w.writeOptionalAttribute((Attribute) v);
                case INT -> w.writeSignedVarInt((Long) v);
                case F64 -> w.writeAPInt(BigInteger.valueOf((Long) v), 64);
                case DIMS -> {
                    @SuppressWarnings("unchecked") List<Long> dims = (List<Long>) v;
                    w.writeVarInt(dims.size());
                    for (long d : dims) w.writeSignedVarInt(d);
                }
            }
        }
    }

    private static VhloType vhloType(DialectReader r) throws BytecodeException {
        Type t = r.readType();
        if (!(t instanceof VhloType v)) throw r.error("expected a VHLO type, got " + t);
        return v;
    }

    private static VhloAttr readInteger(DialectReader r) throws BytecodeException {
        VhloType t = vhloType(r);
        Type b = t.toBuiltin();
        int width;
        boolean signed;
        if (b instanceof IndexType) {
            width = 64;
            signed = true;
        } else if (b instanceof IntegerType it) {
            width = it.width();
            signed = !it.isUnsigned() && width > 1;
        } else {
            throw r.error("expected a VHLO integer type, got " + t);
        }
        BigInteger v = r.readAPInt(width);
        if (signed && v.testBit(width - 1)) v = v.subtract(BigInteger.ONE.shiftLeft(width));
        return VhloAttr.integer(t, v);
    }

    private static VhloAttr readTensor(DialectReader r) throws BytecodeException {
        VhloType t = vhloType(r);
        if (!(t.toBuiltin() instanceof ShapedType builtin)) {
            throw r.error("unsupported tensor attribute type " + t);
        }
        int[] blob = r.readBlob();
        return VhloAttr.tensor(t, DenseData.elements(r, builtin, builtin.elementType(), blob[0], blob[1]));
    }

    private static VhloAttr readStruct(DialectReader r, VhloAttrKind kind) throws BytecodeException {
        List<Object> values = new ArrayList<>(kind.params.size());
        for (VhloAttrKind.Param p : kind.params) {
            values.add(switch (p.kind()) {
                case ATTR -> r.readAttribute();
                case ATTR_IF_FLAG -> r.readVarInt() != 0 ? r.readAttribute() : null;
                case OPTIONAL_ATTR -> r.readOptionalAttribute();
                case INT -> r.readSignedVarInt();
                case F64 -> r.readAPInt(64).longValue();
                case DIMS -> {
                    List<Long> dims = new ArrayList<>();
                    for (long d : r.readSignedVarInts()) dims.add(d);
                    yield List.copyOf(dims);
                }
            });
        }
        return VhloAttr.struct(kind, values);
    }
}
