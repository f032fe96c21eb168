package org.stablehlo4j.api.run;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.interpreter.Tensor;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.RankedTensorType;

/**
 * An immutable tensor value for the interpreter's inputs and outputs: a static shape, an {@link ElementType} and
 * the elements in row-major order. Factories copy the caller's array (and never modify it); accessors return
 * copies. Floats are rounded to the element type on the way in (an {@code f16} value holds exactly what an
 * {@code f16} can), integers must fit the element type. Complex tensors ({@link ElementType#COMPLEX64},
 * {@link ElementType#COMPLEX128}) are made with {@link #ofComplex} from interleaved real and imaginary parts and
 * read with {@link #getReal}, {@link #getImaginary} and {@link #toComplexArray}.
 *
 * <p>Values are read from and written to files by {@link TensorJson} (the {@code {"shape", "dtype", "data"}}
 * layout of the CLI's {@code --args-json}) and {@link Npy} (NumPy's {@code .npy} format).
 *
 * <p>{@link #toString()} is the value as an MLIR dense literal, e.g. {@code dense<[1.0, 2.0]> : tensor<2xf32>},
 * which {@code stablehlo-translate --interpret --args=[...]} accepts.
 */
public final class TensorValue {
    private final ElementType elementType;
    private final long[] shape;
    private final int size;
    /** The elements in MLIR's dense layout: little-endian, {@link ElementType#byteWidth()} bytes each. */
    private final byte[] data;

    private TensorValue(ElementType elementType, long[] shape, byte[] data) {
        this.elementType = elementType;
        this.shape = shape;
        this.size = (int) count(shape);
        this.data = data;
    }

    // ---- construction -------------------------------------------------------------------------------------------

    /**
     * An {@code f32} tensor.
     *
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return an {@code f32} tensor
     */
    public static TensorValue of(float[] values, long... shape) {
        double[] d = new double[values.length];
        for (int i = 0; i < d.length; i++) d[i] = values[i];
        return ofDoubles(ElementType.F32, d, shape, false);
    }

    /**
     * An {@code f64} tensor.
     *
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return an {@code f64} tensor
     */
    public static TensorValue of(double[] values, long... shape) {
        return ofDoubles(ElementType.F64, values, shape, true);
    }

    /**
     * An {@code i32} tensor.
     *
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return an {@code i32} tensor
     */
    public static TensorValue of(int[] values, long... shape) {
        long[] l = new long[values.length];
        for (int i = 0; i < l.length; i++) l[i] = values[i];
        return ofLongs(ElementType.I32, l, shape, false);
    }

    /**
     * An {@code i64} tensor.
     *
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return an {@code i64} tensor
     */
    public static TensorValue of(long[] values, long... shape) {
        return ofLongs(ElementType.I64, values, shape, true);
    }

    /**
     * An {@code i1} tensor.
     *
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return an {@code i1} tensor
     */
    public static TensorValue of(boolean[] values, long... shape) {
        long[] l = new long[values.length];
        for (int i = 0; i < l.length; i++) l[i] = values[i] ? 1 : 0;
        return ofLongs(ElementType.I1, l, shape, false);
    }

    /**
     * A float tensor of any float type (values rounded to it), or an integer tensor of integral values. Complex
     * tensors are made with {@link #ofComplex}.
     *
     * @param type the element type
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return a float tensor of any float type (values rounded to it), or an integer tensor of integral values
     * @throws IllegalArgumentException if an element does not fit an integer type, the shape does not match the
     *                                  values, or {@code type} is complex
     */
    public static TensorValue of(ElementType type, double[] values, long... shape) {
        requireNotComplex(type);
        if (!type.isFloat()) {
            long[] l = new long[values.length];
            for (int i = 0; i < l.length; i++) {
                if (values[i] != Math.rint(values[i]) || Double.isInfinite(values[i])) {
                    throw new IllegalArgumentException("element " + i + " (" + values[i] + ") is not an integer");
                }
                l[i] = (long) values[i];
            }
            return ofLongs(type, l, shape, false);
        }
        return ofDoubles(type, values, shape, true);
    }

    /**
     * An integer (or boolean: 0/1) tensor of any integer type, or a float tensor of these values. Complex
     * tensors are made with {@link #ofComplex}.
     *
     * @param type the element type
     * @param values the elements in row-major order
     * @param shape the dimensions
     * @return the tensor
     * @throws IllegalArgumentException if an element does not fit the type, the shape does not match the values,
     *                                  or {@code type} is complex
     */
    public static TensorValue of(ElementType type, long[] values, long... shape) {
        requireNotComplex(type);
        if (type.isFloat()) {
            double[] d = new double[values.length];
            for (int i = 0; i < d.length; i++) d[i] = values[i];
            return ofDoubles(type, d, shape, false);
        }
        return ofLongs(type, values, shape, true);
    }

    /**
     * A complex tensor ({@link ElementType#COMPLEX64} or {@link ElementType#COMPLEX128}; parts rounded to its
     * float type) from interleaved parts: {@code reIm[2 * i]} is the real part of element {@code i},
     * {@code reIm[2 * i + 1]} its imaginary part.
     *
     * @param type a complex element type
     * @param reIm the real and imaginary parts, twice as many as elements, row-major
     * @param shape the dimensions
     * @return the tensor
     * @throws IllegalArgumentException if {@code type} is not complex or the shape does not match the values
     */
    public static TensorValue ofComplex(ElementType type, double[] reIm, long... shape) {
        if (!type.isComplex()) {
            throw new IllegalArgumentException(type.mlirName() + " is not complex: use TensorValue.of");
        }
        long n = count(type, shape);
        if (2 * n != reIm.length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " has " + n + " elements, "
                    + 2 * n + " parts, the array has " + reIm.length);
        }
        RankedTensorType t = new RankedTensorType(shape.clone(), type.type());
        return fromTensor(Tensor.ofDoubles(t, reIm.clone())); // ofDoubles rounds every part in place
    }

    /**
     * A tensor from raw elements in MLIR's dense layout (little-endian, {@link ElementType#byteWidth()} bytes
     * per element, one byte 0/1 per {@code i1}, a complex number as its real then its imaginary part). Reads the
     * buffer's remaining bytes without moving its position.
     *
     * @param type the element type
     * @param bytes the raw little-endian bits
     * @param shape the dimensions
     * @return the tensor
     */
    public static TensorValue fromBytes(ElementType type, ByteBuffer bytes, long... shape) {
        long n = count(type, shape);
        long expected = n * type.byteWidth();
        if (bytes.remaining() != expected) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " of " + type.mlirName()
                    + " needs " + expected + " bytes, the buffer has " + bytes.remaining());
        }
        byte[] data = new byte[(int) expected];
        bytes.duplicate().get(data);
        return ofOwnedBytes(type, data, shape.clone());
    }

    /** A tensor over {@code data} (the dense layout, the right length; not copied) and {@code shape}. */
    static TensorValue ofOwnedBytes(ElementType type, byte[] data, long[] shape) {
        // normalize through the interpreter's tensor (i1 to 0/1, rounding checks) so equal values are equal bytes
        return fromTensor(new TensorValue(type, shape, data).toTensor());
    }

    /**
     * A scalar {@code f32}.
     *
     * @param value the value
     * @return a scalar {@code f32}
     */
    public static TensorValue scalar(float value) {
        return of(new float[] {value});
    }

    /**
     * A scalar {@code i32}.
     *
     * @param value the value
     * @return a scalar {@code i32}
     */
    public static TensorValue scalar(int value) {
        return of(new int[] {value});
    }

    private static TensorValue ofDoubles(ElementType type, double[] values, long[] shape, boolean copy) {
        checkCount(type, values.length, shape);
        RankedTensorType t = new RankedTensorType(shape.clone(), type.type());
        return fromTensor(Tensor.ofDoubles(t, copy ? values.clone() : values)); // ofDoubles rounds in place
    }

    private static TensorValue ofLongs(ElementType type, long[] values, long[] shape, boolean copy) {
        checkCount(type, values.length, shape);
        long[] v = copy ? values.clone() : values;
        int w = type.bitWidth();
        for (int i = 0; i < v.length; i++) {
            long x = v[i];
            boolean fits = type == ElementType.I1 ? x == 0 || x == 1
                    : w == 64 ? true
                    : type.isUnsigned() ? x >= 0 && x < (1L << w)
                    : x >= -(1L << (w - 1)) && x < (1L << (w - 1));
            if (!fits) {
                throw new IllegalArgumentException("element " + i + " (" + x + ") does not fit " + type.mlirName());
            }
        }
        RankedTensorType t = new RankedTensorType(shape.clone(), type.type());
        return fromTensor(Tensor.ofLongs(t, v));
    }

    private static void requireNotComplex(ElementType type) {
        if (type.isComplex()) {
            throw new IllegalArgumentException(type.mlirName() + " tensors are made with TensorValue.ofComplex");
        }
    }

    private static void checkCount(ElementType type, int length, long[] shape) {
        long n = count(type, shape);
        if (n != length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " has " + n
                    + " elements, the array has " + length);
        }
    }

    /** The largest number of bytes a tensor's elements may take. */
    static final int MAX_BYTES = Integer.MAX_VALUE - 8;

    private static long count(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d < 0) throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            n *= d;
            if (n > Integer.MAX_VALUE / 8) throw new IllegalArgumentException("tensor too large: " + Arrays.toString(shape));
        }
        return n;
    }

    /** The number of elements of {@code shape}, checking that their bytes fit an array. */
    static long count(ElementType type, long[] shape) {
        long n = count(shape);
        if (n * type.byteWidth() > MAX_BYTES) {
            throw new IllegalArgumentException("tensor too large: " + Arrays.toString(shape) + " of " + type.mlirName());
        }
        return n;
    }

    // ---- bridging to the interpreter ---------------------------------------------------------------------------

    /** The interpreter's tensor for this value. */
    Tensor toTensor() {
        return Tensor.fromBytes(type(), data);
    }

    /** The interpreter's tensor for this value as type {@code as} (of the same shape and storage layout). */
    Tensor toTensor(RankedTensorType as) {
        return Tensor.fromBytes(as, data);
    }

    /** The value of an interpreter tensor; null if its element type has no {@link ElementType}. */
    static TensorValue fromTensor(Tensor t) {
        ElementType et = ElementType.of(t.type().elementType());
        if (et == null) return null;
        DenseElementsAttr a = t.toAttr();
        int eb = et.byteWidth();
        long[] shape = t.type().shape();
        int n = t.size();
        if (!a.isSplat() && !a.isMapped() && a.offset() == 0 && a.rawArray().length == n * eb) {
            return new TensorValue(et, shape, a.rawArray()); // toAttr's fresh array, shared with no one
        }
        byte[] out = new byte[n * eb];
        if (a.isSplat()) {
            for (int i = 0; i < n; i++) System.arraycopy(a.rawArray(), a.offset(), out, i * eb, eb);
        } else {
            System.arraycopy(a.rawArray(), a.offset(), out, 0, out.length);
        }
        return new TensorValue(et, shape, out);
    }

    // ---- access -------------------------------------------------------------------------------------------------

    /**
     * The element type.
     *
     * @return the element type
     */
    public ElementType elementType() {
        return elementType;
    }

    /**
     * The shape (a copy).
     *
     * @return the shape (a copy)
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The number of dimensions.
     *
     * @return the rank
     */
    public int rank() {
        return shape.length;
    }

    /**
     * The number of elements.
     *
     * @return the number of elements
     */
    public int size() {
        return size;
    }

    /**
     * The MLIR type, e.g. {@code tensor<2x3xf32>}.
     *
     * @return the MLIR type
     */
    public RankedTensorType type() {
        return new RankedTensorType(shape.clone(), elementType.type());
    }

    /**
     * Element {@code i} (row-major flat index) as a double (integers by value, booleans 0/1).
     *
     * @param i the row-major flat index
     * @return the element as a double
     * @throws IllegalStateException if the tensor is complex (see {@link #getReal}, {@link #getImaginary})
     */
    public double getDouble(int i) {
        checkIndex(i);
        if (elementType.isComplex()) {
            throw new IllegalStateException("tensor of " + elementType.mlirName()
                    + " has complex elements: use getReal and getImaginary");
        }
        if (elementType.isFloat()) return floatAt(i);
        long v = longAt(i);
        return elementType == ElementType.UI64 && v < 0 ? Double.parseDouble(Long.toUnsignedString(v)) : v;
    }

    /**
     * Element {@code i} as a long (integer and boolean tensors; unsigned 64-bit values as their bit pattern).
     *
     * @param i the row-major flat index
     * @return the element as a long
     * @throws IllegalStateException if the tensor is not of an integer type or {@code i1}
     */
    public long getLong(int i) {
        checkIndex(i);
        if (elementType.isFloat() || elementType.isComplex()) throw new IllegalStateException("tensor of " + elementType.mlirName() + " has no integer elements");
        return longAt(i);
    }

    /**
     * The real part of element {@code i} of a complex tensor.
     *
     * @param i the row-major flat index
     * @return the real part
     * @throws IllegalStateException if the tensor is not complex
     */
    public double getReal(int i) {
        return part(i, 0);
    }

    /**
     * The imaginary part of element {@code i} of a complex tensor.
     *
     * @param i the row-major flat index
     * @return the imaginary part
     * @throws IllegalStateException if the tensor is not complex
     */
    public double getImaginary(int i) {
        return part(i, 1);
    }

    /**
     * The elements of a complex tensor as interleaved parts (real, imaginary, real, ...), row-major (a new array
     * of twice {@link #size()} doubles; the layout {@link #ofComplex} takes).
     *
     * @return the parts
     * @throws IllegalStateException if the tensor is not complex
     */
    public double[] toComplexArray() {
        double[] out = new double[2 * size];
        for (int i = 0; i < size; i++) {
            out[2 * i] = part(i, 0);
            out[2 * i + 1] = part(i, 1);
        }
        return out;
    }

    private double part(int i, int p) {
        checkIndex(i);
        if (!elementType.isComplex()) {
            throw new IllegalStateException("tensor of " + elementType.mlirName() + " is not complex");
        }
        int half = elementType.byteWidth() / 2;
        int at = i * 2 * half + p * half;
        long raw = 0;
        for (int b = half - 1; b >= 0; b--) raw = (raw << 8) | (data[at + b] & 0xFF);
        return half == 4 ? Float.intBitsToFloat((int) raw) : Double.longBitsToDouble(raw);
    }

    /**
     * Element {@code i} of an {@code i1} tensor.
     *
     * @param i the row-major flat index
     * @return the element
     */
    public boolean getBoolean(int i) {
        checkIndex(i);
        if (elementType != ElementType.I1) throw new IllegalStateException("tensor of " + elementType.mlirName() + " is not i1");
        return data[i] != 0;
    }

    /**
     * The element at a multi-dimensional index, as a double.
     *
     * @param index the element's indices
     * @return the element at a multi-dimensional index, as a double
     */
    public double getDouble(long... index) {
        return getDouble(flatIndex(index));
    }

    /**
     * The element at a multi-dimensional index, as a long.
     *
     * @param index the element's indices
     * @return the element at a multi-dimensional index, as a long
     */
    public long getLong(long... index) {
        return getLong(flatIndex(index));
    }

    /**
     * The row-major flat index of a multi-dimensional index.
     *
     * @param index the element's indices
     * @return the row-major flat index of a multi-dimensional index
     */
    public int flatIndex(long... index) {
        if (index.length != shape.length) {
            throw new IndexOutOfBoundsException("index of rank " + index.length + " into a tensor of rank " + shape.length);
        }
        long flat = 0;
        for (int d = 0; d < shape.length; d++) {
            if (index[d] < 0 || index[d] >= shape[d]) {
                throw new IndexOutOfBoundsException("index " + Arrays.toString(index) + " out of shape " + Arrays.toString(shape));
            }
            flat = flat * shape[d] + index[d];
        }
        return (int) flat;
    }

    /**
     * The elements as floats, row-major (a new array; not for complex tensors).
     *
     * @return the elements
     */
    public float[] toFloatArray() {
        float[] out = new float[size];
        for (int i = 0; i < size; i++) out[i] = (float) getDouble(i);
        return out;
    }

    /**
     * The elements as doubles, row-major (a new array; integers by value, booleans 0/1; not for complex tensors,
     * see {@link #toComplexArray}).
     *
     * @return the elements
     */
    public double[] toDoubleArray() {
        double[] out = new double[size];
        for (int i = 0; i < size; i++) out[i] = getDouble(i);
        return out;
    }

    /**
     * The elements as ints (integer tensors only; fails if one does not fit an int).
     *
     * @return the elements as ints
     */
    public int[] toIntArray() {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) out[i] = Math.toIntExact(getLong(i));
        return out;
    }

    /**
     * The elements of an integer or boolean tensor as longs, row-major (a new array).
     *
     * @return the elements
     */
    public long[] toLongArray() {
        long[] out = new long[size];
        for (int i = 0; i < size; i++) out[i] = getLong(i);
        return out;
    }

    /**
     * The elements of an {@code i1} tensor, row-major (a new array).
     *
     * @return the elements
     */
    public boolean[] toBooleanArray() {
        boolean[] out = new boolean[size];
        for (int i = 0; i < size; i++) out[i] = getBoolean(i);
        return out;
    }

    /**
     * The elements in MLIR's dense layout (a new read-only little-endian buffer over a copy), as
     * {@link #fromBytes} takes them.
     *
     * @return the elements in MLIR's dense layout
     */
    public ByteBuffer toByteBuffer() {
        return ByteBuffer.wrap(data.clone()).order(ByteOrder.LITTLE_ENDIAN).asReadOnlyBuffer();
    }

    /** The elements in the dense layout, not copied: callers must not modify the array. */
    byte[] rawData() {
        return data;
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException("element " + i + " of " + size);
    }

    private long rawAt(int i) {
        int eb = elementType.byteWidth();
        long v = 0;
        for (int b = eb - 1; b >= 0; b--) v = (v << 8) | (data[i * eb + b] & 0xFF);
        return v;
    }

    private long longAt(int i) {
        long raw = rawAt(i);
        int w = elementType.bitWidth();
        if (elementType == ElementType.I1) return raw & 1;
        if (w >= 64 || elementType.isUnsigned()) return raw;
        return (raw << (64 - w)) >> (64 - w);
    }

    private double floatAt(int i) {
        long raw = rawAt(i);
        return switch (elementType) {
            case F32 -> Float.intBitsToFloat((int) raw);
            case F64 -> Double.longBitsToDouble(raw);
            default -> FloatFormats.toDouble(((FloatType) elementType.type()).kind(), BigInteger.valueOf(raw));
        };
    }

    /** The value as an MLIR dense literal: {@code dense<[[1.0, 2.0]]> : tensor<1x2xf32>}. */
    @Override
    public String toString() {
        return AsmPrinter.printAttribute(new DenseElementsAttr(type(), data, 0, data.length, false));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TensorValue t && t.elementType == elementType && Arrays.equals(t.shape, shape)
                && Arrays.equals(t.data, data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(elementType, Arrays.hashCode(shape), Arrays.hashCode(data));
    }
}
