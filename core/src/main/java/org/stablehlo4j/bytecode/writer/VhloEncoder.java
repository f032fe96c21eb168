package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.dialect.vhlo.VhloTypeKind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.Type;

import java.util.List;

/**
 * The VHLO dialect's attribute and type encodings (the writing side of {@code dialect.vhlo.VhloBytecode}):
 * a kind code followed by the parameters in the layout the kind's form calls for.
 */
final class VhloEncoder implements AttrTypeEncoder {
    static final VhloEncoder INSTANCE = new VhloEncoder();

    private VhloEncoder() {}

    @Override
    public boolean type(Type type, EncodingSink out) {
        if (!(type instanceof VhloType t)) return false;
        VhloTypeKind kind = t.kind();
        switch (kind.form) {
            case SIMPLE -> out.varInt(kind.code);
            case ELEMENT -> {
                out.varInt(kind.code);
                out.type(t.elementType());
            }
            case TYPES -> {
                out.varInt(kind.code);
                out.types(t.types());
            }
            case FUNCTION -> {
                out.varInt(kind.code);
                out.types(t.types());
                out.types(t.results());
            }
            case RANKED -> {
                if (t.encoding() != null) {
                    out.varInt(VhloTypeKind.RANKED_TENSOR_WITH_ENCODING_CODE);
                    out.attribute(t.encoding());
                } else {
                    out.varInt(kind.code);
                }
                out.signedVarInts(t.shape());
                out.type(t.elementType());
            }
            case QUANT, QUANT_PER_AXIS -> quant(kind, t.quantization(), out);
        }
        return true;
    }

    private static void quant(VhloTypeKind kind, VhloType.Quant q, EncodingSink out) {
        out.varInt(kind.code);
        out.varInt(q.flags());
        out.type(q.storageType());
        out.type(q.expressedType());
        if (kind == VhloTypeKind.QUANT_PER_AXIS) {
            out.varInt(q.quantizedDimension());
            out.signedVarInt(q.storageMin());
            out.signedVarInt(q.storageMax());
            long[] scales = q.scaleBits();
            out.varInt(scales.length);
            for (long s : scales) out.signedVarInt(s);
            out.signedVarInts(q.zeroPoints());
        } else {
            out.signedVarInt(q.scaleBits()[0]);
            out.signedVarInt(q.zeroPoints()[0]);
            out.signedVarInt(q.storageMin());
            out.signedVarInt(q.storageMax());
        }
    }

    @Override
    public boolean attribute(Attribute attribute, EncodingSink out) {
        if (!(attribute instanceof VhloAttr a)) return false;
        VhloAttrKind kind = a.kind();
        out.varInt(kind.code);
        switch (kind.form) {
            case ENUM, BOOL -> out.varInt(a.number().longValue());
            case ARRAY -> out.attributes(a.attributes());
            case DICT -> {
                List<Attribute> kv = a.attributes();
                out.varInt(kv.size() / 2);
                for (Attribute x : kv) out.attribute(x);
            }
            case FLOAT -> {
                out.type(a.typeParam());
                out.apInt(((FloatType) ((VhloType) a.typeParam()).toBuiltin()).width(), a.number());
            }
            case INTEGER -> {
                out.type(a.typeParam());
                int width = BuiltinEncoder.intWidth(((VhloType) a.typeParam()).toBuiltin());
                out.apInt(width, a.number());
            }
            case STRING -> out.string(a.stringBytes());
            case TENSOR -> {
                out.type(a.typeParam());
                DenseElementsAttr d = a.denseData();
                DenseBlobs.write(d, out);
            }
            case TYPE -> out.type(a.typeParam());
            case STRUCT -> struct(kind, a.params(), out);
        }
        return true;
    }

    private static void struct(VhloAttrKind kind, List<Object> values, EncodingSink out) {
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            switch (kind.params.get(i).kind()) {
                case ATTR -> out.attribute((Attribute) v);
                case ATTR_IF_FLAG -> {
                    out.varInt(v != null ? 1 : 0);
                    if (v != null) out.attribute((Attribute) v);
                }
                case OPTIONAL_ATTR -> out.optionalAttribute((Attribute) v);
                case INT, F64 -> out.signedVarInt((Long) v);
                case DIMS -> {
                    @SuppressWarnings("unchecked") List<Long> dims = (List<Long>) v;
                    out.varInt(dims.size());
                    for (long d : dims) out.signedVarInt(d);
                }
            }
        }
    }
}
