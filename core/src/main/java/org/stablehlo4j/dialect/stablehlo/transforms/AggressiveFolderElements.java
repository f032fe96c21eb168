package org.stablehlo4j.dialect.stablehlo.transforms;

import java.math.BigInteger;
import java.nio.ByteBuffer;

import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

/**
 * The values of constants as the folding patterns compute on them: primitive arrays, one element for a splat.
 * Integers are {@code long}s extended by their type's signedness ({@link Constants}); floats are {@code double}s,
 * which hold every value of the formats up to f64 exactly, and results are rounded to the element type once, to
 * nearest with ties to even (for +, -, *, / and sqrt computing in double and then rounding gives the correctly
 * rounded result of every narrower format). f80 and f128 are not folded.
 */
final class AggressiveFolderElements {
    private AggressiveFolderElements() {}

    /**
     * A constant's elements: {@code splat} (one element stands for all) or all of them in row-major order.
     *
     * @param type the constant's type
     * @param splat whether one element stands for all
     * @param ints the integer elements (null for floats)
     * @param floats the float elements (null for integers)
     */
    record Values(RankedTensorType type, boolean splat, long[] ints, double[] floats) {
        /** Integer element {@code i} (of the full tensor: a splat answers its one element). */
        long i(int i) { return ints[splat ? 0 : i]; }

        /** Float element {@code i} (of the full tensor). */
        double f(int i) { return floats[splat ? 0 : i]; }

        /** Whether the elements are integers. */
        boolean isInt() { return ints != null; }

        /** How many elements are held: 1 for a splat, else the tensor's count. */
        int stored() { return isInt() ? ints.length : floats.length; }
    }

    /** Whether {@code d} is a splat: one element stands for all, or the tensor has exactly one. */
    static boolean isSplat(DenseElementsAttr d) {
        return Constants.isSplat(d);
    }

    /** Whether {@code t}'s elements can be read as {@link Values}: integers up to 64 bits or floats up to f64. */
    static boolean supported(Type elementType) {
        if (elementType instanceof IntegerType it) return it.width() <= 64;
        return elementType instanceof FloatType ft && ft.kind().width <= 64 && ft.kind() != FloatKind.F80;
    }

    /**
     * The elements of {@code d}, or null when its element type is not {@link #supported}, it is not a static
     * tensor, or it is not a splat and has more than {@code cap} elements.
     *
     * @param d the constant
     * @param cap the most elements read when not a splat
     * @return the values, or null
     */
    static Values read(DenseElementsAttr d, long cap) {
        if (!(d.type() instanceof RankedTensorType t) || !t.hasStaticShape() || !supported(t.elementType())) {
            return null;
        }
        long n = t.numElements();
        boolean splat = isSplat(d) && n > 0;
        if (!splat && n > Math.min(cap, Constants.MAX_FOLD_ELEMENTS)) return null;
        int count = splat ? 1 : (int) n;
        if (t.elementType() instanceof IntegerType) {
            long[] ints = splat ? new long[] {Constants.first(d)} : Constants.ints(d);
            return ints == null ? null : new Values(t, splat, ints, null);
        }
        FloatKind k = ((FloatType) t.elementType()).kind();
        int eb = k.storageBytes();
        if ((long) count * eb > d.length()) return null;
        ByteBuffer b = d.buffer();
        double[] floats = new double[count];
        for (int i = 0; i < count; i++) floats[i] = decode(k, b, i * eb);
        return new Values(t, splat, null, floats);
    }

    /** The float of format {@code k} stored little-endian at {@code at}. */
    private static double decode(FloatKind k, ByteBuffer b, int at) {
        switch (k) {
            case F32: return Float.intBitsToFloat(b.getInt(at));
            case F64: return Double.longBitsToDouble(b.getLong(at));
            case BF16: return Float.intBitsToFloat((b.getShort(at) & 0xFFFF) << 16);
            default: break;
        }
        long bits = 0;
        for (int k2 = k.storageBytes() - 1; k2 >= 0; k2--) bits = (bits << 8) | (b.get(at + k2) & 0xFF);
        return FloatFormats.toDouble(k, BigInteger.valueOf(bits));
    }

    /**
     * The bits of {@code v} rounded to format {@code k} (to nearest, ties to even; overflow as the format has it).
     *
     * @param k the format
     * @param v the value
     * @return the encoding
     */
    static long encode(FloatKind k, double v) {
        return switch (k) {
            case F32 -> Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
            case F64 -> Double.doubleToRawLongBits(v);
            default -> FloatFormats.fromDouble(k, v).longValue();
        };
    }

    /**
     * Integer elements of {@code type}: {@code values} holds one element (a splat) or all of them.
     *
     * @param type the result type
     * @param values the elements, wrapped to the width as they are written
     * @return the attribute
     */
    static DenseElementsAttr ofInts(RankedTensorType type, long[] values) {
        return Constants.ofInts(type, values);
    }

    /**
     * Float elements of {@code type}, each rounded to the element type: {@code values} holds one element (a
     * splat) or all of them.
     *
     * @param type the result type (of floats)
     * @param values the elements
     * @return the attribute, or null when a value is NaN and the format has no NaN
     */
    static DenseElementsAttr ofFloats(RankedTensorType type, double[] values) {
        FloatKind k = ((FloatType) type.elementType()).kind();
        if (k.nanEncoding == FloatKind.NanEncoding.NONE) {
            for (double v : values) if (Double.isNaN(v)) return null;
        }
        int eb = k.storageBytes();
        boolean splat = values.length == 1 && type.numElements() != 1;
        byte[] out = new byte[values.length * eb];
        for (int i = 0; i < values.length; i++) {
            long bits = encode(k, values[i]);
            for (int b = 0; b < eb; b++) out[i * eb + b] = (byte) (bits >>> (8 * b));
        }
        return new DenseElementsAttr(type, out, 0, out.length, splat);
    }

    /**
     * Elements of {@code type} from {@code values} ({@link Values#isInt integers} or floats of the same kind as the
     * type's elements).
     *
     * @param type the result type
     * @param values the elements: one (a splat) or all
     * @return the attribute, or null (see {@link #ofFloats})
     */
    static DenseElementsAttr of(RankedTensorType type, Values values) {
        return values.isInt() ? ofInts(type, values.ints()) : ofFloats(type, values.floats());
    }

    /**
     * The splat {@code d} as a splat of {@code type} (MLIR's {@code resizeSplat}).
     *
     * @param d a splat
     * @param type the new type
     * @return the resized splat, or null when {@code type}'s element type is not {@code d}'s
     */
    static DenseElementsAttr resizeSplat(DenseElementsAttr d, ShapedType type) {
        if (!d.type().elementType().equals(type.elementType())) return null;
        return Constants.resizeSplat(d, type);
    }

    /**
     * {@code d}'s data under another type of as many elements (MLIR's {@code reshape}), without copying it.
     *
     * @param d the elements
     * @param type the new type
     * @return the same data as {@code type}
     */
    static DenseElementsAttr retype(DenseElementsAttr d, ShapedType type) {
        if (d.isMapped()) return new DenseElementsAttr(type, d.buffer(), d.isSplat());
        return new DenseElementsAttr(type, d.rawArray(), d.offset(), d.length(), d.isSplat());
    }

    /**
     * Row-major strides of {@code shape}: how many elements one step along each dimension skips.
     *
     * @param shape a static shape
     * @return the strides
     */
    static long[] strides(long[] shape) {
        long[] s = new long[shape.length];
        long acc = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            s[d] = acc;
            acc *= shape[d];
        }
        return s;
    }

    /**
     * Element {@code source[i]} of {@code d} for each element {@code i} of {@code type}: the data movement ops
     * (slice, transpose, reverse) as an index map over the bytes, for any element type.
     *
     * @param d the operand's elements (all of them, not a splat)
     * @param type the result type
     * @param source the operand element each result element copies
     * @return the result, or null when an index is out of range
     */
    static DenseElementsAttr gather(DenseElementsAttr d, RankedTensorType type, long[] source) {
        int eb = DenseElementsAttr.elementStorageBytes(type.elementType());
        if (eb <= 0) return null;
        byte[] out = new byte[source.length * eb];
        for (int i = 0; i < source.length; i++) {
            long from = source[i] * eb;
            if (source[i] < 0 || from + eb > d.length()) return null;
            d.copyTo((int) from, out, i * eb, eb);
        }
        return new DenseElementsAttr(type, out, 0, out.length, false);
    }
}
