package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.DenseData;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectReader;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The VHLO dialect's bytecode: its type and attribute encodings (one kind code, then the parameters) and the
 * property layout of every VHLO op (all inherent attributes required, encoded in name order).
 */
public final class VhloBytecode implements DialectBytecode {
    public static final VhloBytecode INSTANCE = new VhloBytecode();

    private final Map<String, List<Property>> ops;

    private VhloBytecode() {
        ops = loadOps();
    }

    private static Map<String, List<Property>> loadOps() {
        Map<String, List<Property>> m = new HashMap<>();
        try (InputStream in = VhloBytecode.class.getResourceAsStream("vhlo_ops.txt")) {
            if (in == null) throw new IllegalStateException("vhlo_ops.txt missing");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) continue;
                String[] parts = line.split("\\s+");
                List<Property> props = new ArrayList<>(parts.length - 1);
                for (String p : Arrays.asList(parts).subList(1, parts.length)) props.add(new Property(p, true));
                m.put("vhlo." + parts[0], List.copyOf(props));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(m);
    }

    /** Names of all VHLO ops ({@code vhlo.add_v1}, ...). */
    public java.util.Set<String> opNames() { return ops.keySet(); }

    @Override
    public List<Property> properties(String opName) {
        return ops.get(opName);
    }

    @Override
    public boolean rejectsUnknownOps() {
        return true;
    }

    @Override
    public Type readType(DialectReader r) throws BytecodeException {
        long code = r.readVarInt();
        VhloTypeKind kind = VhloTypeKind.fromCode(code);
        if (kind == null) throw r.error("unknown vhlo type code: " + code);
        return switch (kind.form) {
            case SIMPLE -> VhloType.get(kind);
            case ELEMENT -> VhloType.element(kind, r.readType());
            case TYPES -> VhloType.types(kind, r.readTypes());
            case FUNCTION -> VhloType.function(r.readTypes(), r.readTypes());
            case RANKED -> {
                Attribute encoding = code == VhloTypeKind.RANKED_TENSOR_WITH_ENCODING_CODE ? r.readAttribute() : null;
                yield VhloType.ranked(kind, r.readSignedVarInts(), r.readType(), encoding);
            }
            case QUANT -> readQuant(r, false);
            case QUANT_PER_AXIS -> readQuant(r, true);
        };
    }

    private static VhloType readQuant(DialectReader r, boolean perAxis) throws BytecodeException {
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
        return VhloType.quant(new VhloType.Quant(flags, storage, expressed, dim, scales, zeroPoints, min, max));
    }

    @Override
    public Attribute readAttribute(DialectReader r) throws BytecodeException {
        long code = r.readVarInt();
        VhloAttrKind kind = VhloAttrKind.fromCode(code);
        if (kind == null) throw r.error("unknown vhlo attribute code: " + code);
        return switch (kind.form) {
            case ENUM -> {
                long v = r.readVarInt();
                if (kind.caseName(v) == null) throw r.error("invalid " + kind.mnemonic + " value: " + v);
                yield VhloAttr.enumValue(kind, (int) v);
            }
            case ARRAY -> VhloAttr.array(r.readAttributes());
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
                yield VhloAttr.dict(kv);
            }
            case FLOAT -> {
                VhloType t = vhloType(r);
                if (!(t.toBuiltin() instanceof FloatType ft)) throw r.error("expected a VHLO float type, got " + t);
                yield VhloAttr.floatValue(t, r.readAPInt(ft.width()));
            }
            case INTEGER -> readInteger(r);
            case STRING -> VhloAttr.string(r.readStringBytes());
            case TENSOR -> readTensor(r);
            case TYPE -> VhloAttr.type(r.readType());
            case STRUCT -> readStruct(r, kind);
        };
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
