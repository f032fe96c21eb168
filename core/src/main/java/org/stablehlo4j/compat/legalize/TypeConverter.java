package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.quant.QuantUniformType;
import org.stablehlo4j.dialect.stablehlo.FutureType;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.TokenType;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * Converts types between VHLO ({@code !vhlo.tensor_v1<2x!vhlo.f32_v1>}) and builtin/StableHLO
 * ({@code tensor<2xf32>}). Tensor encodings go through {@link AttrConverter}. A type without a counterpart
 * raises {@link LegalizeException}.
 */
final class TypeConverter {
    private TypeConverter() {}

    /** Bit 0 of VHLO's quantization flags: the storage type is signed. */
    private static final long QUANT_SIGNED = 1;

    private static final DialectType WITNESS_TYPE = new DialectType("shape", "witness", true);

    /** Parameterless builtin types and the VHLO kind standing for each. */
    private static final Map<Type, VhloTypeKind> SIMPLE = new HashMap<>();

    static {
        for (VhloTypeKind k : VhloTypeKind.values()) {
            if (k.form == VhloTypeKind.Form.SIMPLE && k.builtin != null) SIMPLE.put(k.builtin, k);
        }
        SIMPLE.put(TokenType.INSTANCE, VhloTypeKind.TOKEN);
        SIMPLE.put(NoneType.INSTANCE, VhloTypeKind.NONE);
        SIMPLE.put(WITNESS_TYPE, VhloTypeKind.WITNESS);
    }

    /** VHLO to builtin/StableHLO; types that are not VHLO are returned unchanged. */
    static Type toStablehlo(Type t) {
        if (!(t instanceof VhloType v)) return t;
        VhloTypeKind k = v.kind();
        switch (k.form) {
            case SIMPLE:
                if (k == VhloTypeKind.TOKEN) return TokenType.INSTANCE;
                if (k == VhloTypeKind.NONE) return NoneType.INSTANCE;
                if (k == VhloTypeKind.WITNESS) return WITNESS_TYPE;
                return k.builtin;
            case ELEMENT:
                Type e = toStablehlo(v.elementType());
                if (k == VhloTypeKind.COMPLEX) return new ComplexType(e);
                return new UnrankedTensorType(checked(UnrankedTensorType.verifyInvariants(e), e));
            case TYPES:
                List<Type> ts = allToStablehlo(v.types());
                return k == VhloTypeKind.TUPLE ? new TupleType(ts) : new FutureType(ts);
            case FUNCTION:
                return new FunctionType(allToStablehlo(v.types()), allToStablehlo(v.results()));
            case RANKED: {
                Type elem = toStablehlo(v.elementType());
                if (k == VhloTypeKind.RANKED_BUFFER) return new MemRefType(v.shape(), elem, null, null);
                Attribute enc = v.encoding() == null ? null : AttrConverter.toStablehlo(v.encoding());
                long[] shape = v.shape();
                checked(RankedTensorType.verifyInvariants(shape, elem, enc), elem);
                return new RankedTensorType(shape, elem, enc);
            }
            default:
                return quantToStablehlo(v.quantization());
        }
    }

    static List<Type> allToStablehlo(List<Type> types) {
        List<Type> out = new ArrayList<>(types.size());
        for (Type t : types) out.add(toStablehlo(t));
        return out;
    }

    private static Type quantToStablehlo(VhloType.Quant q) {
        Type storage = toStablehlo(q.storageType());
        if (!(storage instanceof IntegerType it)) {
            throw new LegalizeException("unsupported quantized storage type " + storage);
        }
        boolean signed = (q.flags() & QUANT_SIGNED) != 0;
        double[] scales = new double[q.scaleBits().length];
        for (int i = 0; i < scales.length; i++) scales[i] = Double.longBitsToDouble(q.scaleBits()[i]);
        Type expressed = toStablehlo(q.expressedType());
        checked(UniformQuantizedType.verifyInvariants(signed, it, q.storageMin(), q.storageMax(), expressed,
                q.quantizedDimension(), scales, q.zeroPoints()), it);
        long[] range = defaultRange(it.width(), signed);
        boolean explicit = q.storageMin() != range[0] || q.storageMax() != range[1];
        return new QuantUniformType(signed, it, q.storageMin(), q.storageMax(), explicit,
                expressed, (int) q.quantizedDimension(), scales, q.zeroPoints());
    }

    /** The checked constructions' verdict ({@code verifyInvariants}): a problem is a {@link LegalizeException}. */
    private static <T> T checked(String problem, T value) {
        if (problem != null) throw new LegalizeException(problem);
        return value;
    }

    private static long[] defaultRange(int width, boolean signed) {
        if (width >= 64) return signed ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE} : new long[] {0, -1};
        return signed ? new long[] {-(1L << (width - 1)), (1L << (width - 1)) - 1} : new long[] {0, (1L << width) - 1};
    }

    /** Builtin/StableHLO to VHLO; throws if the type has no VHLO counterpart. */
    static Type toVhlo(Type t) {
        if (t instanceof VhloType) return t;
        if (t instanceof DialectType d && d.dialect().equals("stablehlo")) t = resolve(d);
        VhloTypeKind simple = SIMPLE.get(t);
        if (simple != null) return VhloType.get(simple);
        if (t instanceof ComplexType c) return VhloType.element(VhloTypeKind.COMPLEX, toVhlo(c.elementType()));
        if (t instanceof UnrankedTensorType u) {
            return VhloType.element(VhloTypeKind.UNRANKED_TENSOR, toVhlo(u.elementType()));
        }
        if (t instanceof TupleType tt) return VhloType.types(VhloTypeKind.TUPLE, allToVhlo(tt.types()));
        if (t instanceof FutureType f) return VhloType.types(VhloTypeKind.FUTURE, allToVhlo(f.types()));
        if (t instanceof FunctionType f) return VhloType.function(allToVhlo(f.inputs()), allToVhlo(f.results()));
        if (t instanceof RankedTensorType r) {
            Attribute enc = r.encoding() == null ? null : AttrConverter.toVhlo(r.encoding());
            return VhloType.ranked(VhloTypeKind.RANKED_TENSOR, r.shape(), toVhlo(r.elementType()), enc);
        }
        if (t instanceof MemRefType m && m.hasRank() && m.layout() == null && m.memorySpace() == null) {
            return VhloType.ranked(VhloTypeKind.RANKED_BUFFER, m.shape(), toVhlo(m.elementType()), null);
        }
        if (t instanceof UniformQuantizedType q) {
            long[] bits = new long[q.numScales()];
            for (int i = 0; i < bits.length; i++) bits[i] = Double.doubleToRawLongBits(q.scale(i));
            return VhloType.quant(new VhloType.Quant(q.isSigned() ? QUANT_SIGNED : 0, toVhlo(q.storageType()),
                    toVhlo(q.expressedType()), q.quantizedDimension(), bits, q.zeroPoints(), q.storageMin(),
                    q.storageMax()));
        }
        throw new LegalizeException("type " + t + " has no VHLO counterpart");
    }

    private static Type resolve(DialectType d) {
        try {
            return StablehloAsm.parseType(d);
        } catch (RuntimeException e) {
            throw new LegalizeException("invalid StableHLO type " + d + ": " + e.getMessage());
        }
    }

    static List<Type> allToVhlo(List<Type> types) {
        List<Type> out = new ArrayList<>(types.size());
        for (Type t : types) out.add(toVhlo(t));
        return out;
    }
}
