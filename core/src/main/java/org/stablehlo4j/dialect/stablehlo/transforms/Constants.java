package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Reading and making the constant values shape computations fold: the constant behind a value (MLIR's
 * {@code m_Constant}), integer elements as {@code long}s ({@code hlo::matchInts}) and integer elements attributes
 * built from them. Integers are held extended to 64 bits by their type's signedness (signless and signed sign-,
 * unsigned zero-extended; {@code i1} is 0 or 1); arithmetic on them wraps at the type's width when written back.
 */
final class Constants {
    private Constants() {}

    /**
     * The most elements a fold materializes (splats excepted): folding bigger constants would only grow the
     * program, and shape computations are far smaller.
     */
    static final long MAX_FOLD_ELEMENTS = 1L << 22;

    /**
     * A {@code stablehlo.constant} of {@code value} (of the value's type) created by {@code builder}.
     *
     * @return the constant op
     */
    static org.stablehlo4j.dialect.stablehlo.ops.ConstantOp materialize(org.stablehlo4j.ir.OpBuilder builder,
            org.stablehlo4j.ir.Location loc, Attribute value) {
        Type type = value instanceof DenseElementsAttr d ? d.type() : null;
        return org.stablehlo4j.dialect.stablehlo.ops.ConstantOp.createWithTypes(builder, loc, List.of(type), value);
    }

    /** The constant value of {@code v}'s defining op, or null (a block argument, or not a constant). */
    static Attribute constant(Value v) {
        Operation def = v == null ? null : v.definingOp();
        return def == null ? null : Folder.constantValue(def);
    }

    /** The dense elements behind {@code v}, or null. */
    static DenseElementsAttr dense(Value v) {
        return constant(v) instanceof DenseElementsAttr d && d.type() instanceof RankedTensorType ? d : null;
    }

    /** The integer elements behind {@code v} ({@code hlo::matchInts}), or null when it is not an integer constant. */
    static long[] ints(Value v) {
        DenseElementsAttr d = dense(v);
        return d == null ? null : ints(d);
    }

    /** Whether {@code v} is an integer constant ({@code succeeded(hlo::matchInts(v))}). */
    static boolean isInts(Value v) {
        DenseElementsAttr d = dense(v);
        return d != null && d.type().elementType() instanceof IntegerType
                && ((RankedTensorType) d.type()).numElements() <= MAX_FOLD_ELEMENTS;
    }

    /**
     * The elements of an integer elements attribute (a splat repeated to the type's size), or null when the
     * element type is not an integer type, the type is not static or it has more than {@link #MAX_FOLD_ELEMENTS}.
     */
    static long[] ints(DenseElementsAttr d) {
        if (!(d.type().elementType() instanceof IntegerType it) || !(d.type() instanceof RankedTensorType t)) {
            return null;
        }
        long n = t.numElements();
        if (n < 0 || n > MAX_FOLD_ELEMENTS) return null;
        int eb = DenseElementsAttr.elementStorageBytes(it);
        long[] out = new long[(int) n];
        if (d.isSplat() || n == 0) {
            if (n == 0) return out;
            Arrays.fill(out, read(d, 0, eb, it));
            return out;
        }
        if ((long) d.length() < n * eb) return null;
        for (int i = 0; i < out.length; i++) out[i] = read(d, i * eb, eb, it);
        return out;
    }

    /** The first element of an integer elements attribute. */
    static long first(DenseElementsAttr d) {
        IntegerType it = (IntegerType) d.type().elementType();
        return read(d, 0, DenseElementsAttr.elementStorageBytes(it), it);
    }

    private static long read(DenseElementsAttr d, int base, int eb, IntegerType it) {
        long v = 0;
        for (int k = Math.min(eb, 8) - 1; k >= 0; k--) v = (v << 8) | (d.byteAt(base + k) & 0xFF);
        return normalize(v, it);
    }

    /** {@code v} wrapped to {@code it}'s width and extended back by its signedness ({@code i1}: 0 or 1). */
    static long normalize(long v, IntegerType it) {
        int w = it.width();
        if (w >= 64) return v;
        if (w == 1) return v & 1;
        long mask = (1L << w) - 1;
        v &= mask;
        if (!it.isUnsigned() && (v & (1L << (w - 1))) != 0) v |= ~mask;
        return v;
    }

    /** Integer elements of {@code type} holding {@code values} (wrapped to the width); all-equal ones a splat. */
    static DenseElementsAttr ofInts(RankedTensorType type, long[] values) {
        IntegerType it = (IntegerType) type.elementType();
        int eb = DenseElementsAttr.elementStorageBytes(it);
        boolean same = values.length > 0;
        for (int i = 1; same && i < values.length; i++) same = values[i] == values[0];
        int n = same ? 1 : values.length;
        byte[] b = new byte[n * eb];
        for (int i = 0; i < n; i++) {
            long v = it.width() == 1 ? (values[i] != 0 ? 1 : 0) : values[i];
            for (int k = 0; k < eb; k++) b[i * eb + k] = (byte) (k < 8 ? v >>> (8 * k) : (v < 0 && !it.isUnsigned() ? -1 : 0));
        }
        return new DenseElementsAttr(type, b, 0, b.length, same);
    }

    /** The splat {@code d} (one stored element) as a splat of {@code type} ({@code resizeSplat}). */
    static DenseElementsAttr resizeSplat(DenseElementsAttr d, ShapedType type) {
        int eb = DenseElementsAttr.elementStorageBytes(d.type().elementType());
        byte[] one = new byte[eb];
        d.copyTo(0, one, 0, eb);
        return new DenseElementsAttr(type, one, 0, eb, true);
    }

    /** Whether {@code d} is a splat (one element standing for all, or a single element). */
    static boolean isSplat(DenseElementsAttr d) {
        return d.isSplat() || d.type() instanceof RankedTensorType t && t.numElements() == 1;
    }

    /** {@code d}'s bytes with a splat expanded, or null if too many elements or not a static tensor. */
    static byte[] expandedBytes(DenseElementsAttr d) {
        int eb = DenseElementsAttr.elementStorageBytes(d.type().elementType());
        if (eb <= 0 || !(d.type() instanceof RankedTensorType t)) return null;
        long n = t.numElements();
        if (n < 0 || n > MAX_FOLD_ELEMENTS) return null;
        byte[] out = new byte[(int) (n * eb)];
        if (n == 0) return out;
        if (d.isSplat()) {
            for (int i = 0; i < n; i++) d.copyTo(0, out, i * eb, eb);
        } else {
            if (d.length() < out.length) return null;
            d.copyTo(0, out, 0, out.length);
        }
        return out;
    }

    /** Whether {@code t} is a ranked tensor with a static shape. */
    static boolean isStatic(Type t) {
        if (!(t instanceof RankedTensorType r)) return false;
        for (long d : r.shape()) if (d == ShapedType.DYNAMIC) return false;
        return true;
    }

    /** Whether {@code t} is a ranked tensor of integers. */
    static boolean isIntTensor(Type t) {
        return t instanceof RankedTensorType r && r.elementType() instanceof IntegerType;
    }

    /** Formats values as MLIR prints an {@code ArrayRef<int64_t>}: comma separated. */
    static String joined(long[] values) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) sb.append(i == 0 ? "" : ", ").append(values[i]);
        return sb.toString();
    }

    /** {@code values} as a list. */
    static List<Long> list(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }
}
