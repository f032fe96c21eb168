package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/**
 * Integer and index constants as the folders and shape computations read and make them: scalars
 * ({@link IntegerAttr}) and dense elements of integer or index type, with values held as two's-complement longs
 * wrapped to the element type's width (index is 64 bits wide, as MLIR's {@code IndexType::kInternalStorageBitWidth}).
 */
public final class IntElements {
    /** Elements read or made at most: shape computations are small, and bad input must not allocate much. */
    public static final int MAX_ELEMENTS = 1 << 16;

    private IntElements() {}

    /**
     * The bit width values of {@code t} wrap at: an integer type's width, 64 for index, or -1 for other types.
     *
     * @param t a type
     * @return the width, or -1
     */
    public static int width(Type t) {
        if (t instanceof IntegerType it) return it.width();
        return t instanceof IndexType ? 64 : -1;
    }

    /**
     * {@code v} wrapped to {@code width} bits, sign-extended (or zero-extended for an unsigned integer type).
     *
     * @param v the value
     * @param t the integer or index type
     * @return the wrapped value
     */
    public static long wrap(long v, Type t) {
        int w = width(t);
        if (w <= 0 || w >= 64) return v;
        if (t instanceof IntegerType it && it.isUnsigned()) return v & ((1L << w) - 1);
        return (v << (64 - w)) >> (64 - w);
    }

    /**
     * The value of an integer or index scalar attribute ({@code 1 : index}, {@code true}), or null.
     *
     * @param a an attribute
     * @return its value, or null
     */
    public static Long scalar(Attribute a) {
        if (a instanceof IntegerAttr i && width(i.type()) > 0) return wrap(i.value().longValue(), i.type());
        if (a instanceof org.stablehlo4j.ir.BoolAttr b) return b.value() ? 1L : 0L;
        return null;
    }

    /**
     * The elements of dense integer or index elements {@code d} as longs (a splat expanded), or null when the
     * element type is no integer or index type, or there are more than {@link #MAX_ELEMENTS} elements.
     *
     * @param d the elements
     * @return the values in row-major order, or null
     */
    public static long[] values(DenseElementsAttr d) {
        Type et = d.type().elementType();
        int w = width(et);
        if (w <= 0 || !(d.type() instanceof RankedTensorType t)) return null;
        long n = t.numElements();
        if (n < 0 || n > MAX_ELEMENTS) return null;
        int eb = DenseElementsAttr.elementStorageBytes(et);
        int stored = d.length() / eb;
        if (stored != 1 && stored != n) return null;
        long[] out = new long[(int) n];
        for (int i = 0; i < n; i++) {
            int base = (stored == 1 ? 0 : i) * eb;
            long v = 0;
            for (int k = eb - 1; k >= 0; k--) v = (v << 8) | (d.byteAt(base + k) & 0xFF);
            out[i] = wrap(v, et);
        }
        return out;
    }

    /**
     * Dense elements of {@code type} (integer or index elements) holding {@code values}, each wrapped to the
     * element type.
     *
     * @param type the tensor type, with as many elements as {@code values}
     * @param values the values in row-major order
     * @return the attribute
     * @throws IllegalArgumentException when the element type is no integer or index type or the count differs
     */
    public static DenseElementsAttr of(RankedTensorType type, long... values) {
        Type et = type.elementType();
        if (width(et) <= 0) throw new IllegalArgumentException("not an integer or index element type: " + et);
        if (type.numElements() != values.length) {
            throw new IllegalArgumentException(values.length + " values for " + type);
        }
        int eb = DenseElementsAttr.elementStorageBytes(et);
        byte[] data = new byte[values.length * eb];
        for (int i = 0; i < values.length; i++) {
            long v = wrap(values[i], et);
            if (et instanceof IntegerType it && it.width() == 1) v &= 1;
            for (int k = 0; k < eb; k++) data[i * eb + k] = (byte) (v >>> (8 * k));
        }
        return new DenseElementsAttr(type, data, 0, data.length, false);
    }

    /**
     * A scalar constant of {@code type}: an {@link IntegerAttr} (also for {@code i1}, as MLIR's
     * {@code IntegerAttr} of {@code i1}).
     *
     * @param type an integer or index type
     * @param value the value
     * @return the attribute
     */
    public static IntegerAttr scalar(Type type, long value) {
        long v = wrap(value, type);
        if (type instanceof IntegerType it && it.width() == 1) v &= 1;
        return IntegerAttr.of(type, v);
    }
}
