package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.dialect.vhlo.ops.AttrDefault;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

/**
 * Materializes the {@link AttrDefault}s of the VHLO op table as VHLO attributes, and tells whether a VHLO
 * attribute holds its default (so it may be dropped when legalizing back to StableHLO, or when downgrading to an
 * op version without it).
 */
final class Defaults {
    private Defaults() {}

    /** The attributes of the op being built, by name, and its operand types (for computed defaults). */
    record Context(Map<String, Attribute> attrs, List<Type> operandTypes) {}

    static Attribute make(AttrDefault d, Context ctx) {
        if (d instanceof AttrDefault.Computed c) return computed(c.rule(), ctx);
        if (d == AttrDefault.FALSE) return VhloAttr.bool(false);
        if (d == AttrDefault.ZERO_I64) return AttrConverter.i64(0);
        if (d == AttrDefault.MINUS_ONE_I64) return AttrConverter.i64(-1);
        if (d == AttrDefault.EMPTY_STRING) return AttrConverter.string("");
        if (d == AttrDefault.EMPTY_ARRAY) return VhloAttr.array(List.of());
        if (d == AttrDefault.EMPTY_DICT) return VhloAttr.dict(List.of());
        if (d == AttrDefault.EMPTY_I64_TENSOR) return i64Tensor(new long[] {0}, 0);
        if (d == AttrDefault.NONE_TYPE) return VhloAttr.type(TypeConverter.toVhlo(NoneType.INSTANCE));
        if (d == AttrDefault.COMPARISON_NOTYPE) return VhloAttr.enumValue(VhloAttrKind.COMPARISON_TYPE, 0);
        if (d == AttrDefault.API_VERSION_ORIGINAL) return VhloAttr.enumValue(VhloAttrKind.CUSTOM_CALL_API_VERSION, 1);
        if (d == AttrDefault.PRECISION_DEFAULT_PAIR) {
            VhloAttr p = VhloAttr.enumValue(VhloAttrKind.PRECISION, 0);
            return VhloAttr.array(List.of(p, p));
        }
        if (d == AttrDefault.DEFAULT_RESULT_ACCURACY) {
            return VhloAttr.struct(VhloAttrKind.RESULT_ACCURACY, List.of(0L, 0L, 0L,
                    VhloAttr.enumValue(VhloAttrKind.RESULT_ACCURACY_MODE, 0)));
        }
        throw new LegalizeException("unknown default " + d);
    }

    private static Attribute computed(AttrDefault.Rule rule, Context ctx) {
        switch (rule) {
            case ONES_PER_SPATIAL_DIM:
                return i64Tensor(new long[] {count(ctx, "input_spatial_dimensions")}, 1);
            case ZERO_PADDING_PER_SPATIAL_DIM:
                return i64Tensor(new long[] {count(ctx, "input_spatial_dimensions"), 2}, 0);
            case FALSE_PER_SPATIAL_DIM:
                return boolTensor(count(ctx, "input_spatial_dimensions"));
            case ONES_PER_WINDOW_DIM:
                return i64Tensor(new long[] {count(ctx, "window_dimensions")}, 1);
            case ZERO_PADDING_PER_WINDOW_DIM:
                return i64Tensor(new long[] {count(ctx, "window_dimensions"), 2}, 0);
            case ZERO_PADDING_FROM_LHS_RANK: {
                Type lhs = ctx.operandTypes().isEmpty() ? null : ctx.operandTypes().get(0);
                Type b = TypeConverter.toStablehlo(lhs);
                if (!(b instanceof RankedTensorType rt)) throw new LegalizeException("lhs of unknown rank");
                return i64Tensor(new long[] {Math.max(0, rt.rank() - 2), 2}, 0);
            }
            default: {
                Attribute api = ctx.attrs().get("api_version");
                boolean ffi = api instanceof VhloAttr v && v.kind() == VhloAttrKind.CUSTOM_CALL_API_VERSION
                        && v.number().intValue() == 4;
                return ffi ? VhloAttr.dict(List.of()) : AttrConverter.string("");
            }
        }
    }

    private static long count(Context ctx, String attr) {
        Attribute a = ctx.attrs().get(attr);
        if (a instanceof VhloAttr v && v.kind() == VhloAttrKind.TENSOR
                && v.denseData().type() instanceof RankedTensorType t && t.rank() == 1) {
            return t.dim(0);
        }
        throw new LegalizeException("cannot size a default from missing attribute '" + attr + "'");
    }

    /** A splat tensor, as MLIR uniques a dense attribute whose elements are all equal. */
    private static VhloAttr i64Tensor(long[] shape, long fill) {
        byte[] b = new byte[8];
        for (int k = 0; k < 8; k++) b[k] = (byte) (fill >>> (8 * k));
        return splat(new RankedTensorType(shape, IntegerType.I64), b);
    }

    private static VhloAttr boolTensor(long n) {
        return splat(new RankedTensorType(new long[] {n}, IntegerType.I1), new byte[1]);
    }

    private static VhloAttr splat(RankedTensorType t, byte[] element) {
        if (t.numElements() == 0) {
            return VhloAttr.tensor((VhloType) TypeConverter.toVhlo(t), new DenseElementsAttr(t, new byte[0], 0, 0,
                    false));
        }
        return VhloAttr.tensor((VhloType) TypeConverter.toVhlo(t),
                new DenseElementsAttr(t, element, 0, element.length, true));
    }

    /**
     * Whether {@code value} holds the default {@code d} the way upstream tests it: tensors by every element
     * (splat), precision lists by every entry, backend_config as an empty string or dictionary. It depends on the
     * value alone (a computed default is matched by its form, not by the op's other attributes or operands).
     */
    static boolean matches(AttrDefault d, Attribute value) {
        if (!(value instanceof VhloAttr v)) return false;
        if (d instanceof AttrDefault.Computed c) {
            switch (c.rule()) {
                case ONES_PER_SPATIAL_DIM:
                case ONES_PER_WINDOW_DIM:
                    return allElements(v, 1);
                case ZERO_PADDING_PER_SPATIAL_DIM:
                case ZERO_PADDING_PER_WINDOW_DIM:
                case ZERO_PADDING_FROM_LHS_RANK:
                case FALSE_PER_SPATIAL_DIM:
                    return allElements(v, 0);
                default:
                    return v.kind() == VhloAttrKind.STRING && v.stringBytes().length == 0
                            || v.kind() == VhloAttrKind.DICT && v.attributes().isEmpty();
            }
        }
        if (d == AttrDefault.PRECISION_DEFAULT_PAIR) {
            if (v.kind() != VhloAttrKind.ARRAY) return false;
            VhloAttr p = VhloAttr.enumValue(VhloAttrKind.PRECISION, 0);
            for (Attribute e : v.attributes()) if (!p.equals(e)) return false;
            return true;
        }
        if (d == AttrDefault.EMPTY_I64_TENSOR) return v.kind() == VhloAttrKind.TENSOR && v.denseData().length() == 0;
        if (d == AttrDefault.DEFAULT_RESULT_ACCURACY && v.kind() == VhloAttrKind.RESULT_ACCURACY) {
            List<Object> p = v.params();
            return ((Long) p.get(0) << 1) == 0 && ((Long) p.get(1) << 1) == 0 && (Long) p.get(2) == 0
                    && VhloAttr.enumValue(VhloAttrKind.RESULT_ACCURACY_MODE, 0).equals(p.get(3));
        }
        return make(d, null).equals(v);
    }

    /** Whether a tensor attribute has at least one element and every element equals {@code expected}. */
    private static boolean allElements(VhloAttr v, long expected) {
        if (v.kind() != VhloAttrKind.TENSOR) return false;
        DenseElementsAttr d = v.denseData();
        ShapedType st = d.type();
        int eb = DenseElementsAttr.elementStorageBytes(st.elementType());
        if (eb <= 0 || d.length() == 0 || d.length() % eb != 0) return false;
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < d.length(); i += eb) {
            long x = 0;
            for (int k = eb - 1; k >= 0; k--) x = (x << 8) | (d.byteAt(i + k) & 0xFF);
            values.add(x);
        }
        for (long x : values) if (x != expected) return false;
        return true;
    }
}
