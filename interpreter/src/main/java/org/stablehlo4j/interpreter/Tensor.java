package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;

import java.math.BigInteger;

/**
 * A runtime tensor: a static-shaped {@link RankedTensorType} and unboxed row-major storage. Integers (and i1) are
 * kept in a {@code long[]} normalized to their width (sign-extended for signless/signed, zero-extended for
 * unsigned); real floats in a {@code double[]} holding values already rounded to the element format (every
 * format up to f64 is exactly representable as a double); complex numbers in a {@code double[]} of interleaved
 * real/imaginary parts.
 */
public final class Tensor {
    /** How elements are stored and computed. */
    public enum Kind { BOOL, SINT, UINT, FLOAT, COMPLEX }

    final RankedTensorType type;
    final Kind kind;
    final int width;
    final FloatKind floatKind;
    final long[] ints;
    final double[] reals;
    final int[] shape;
    final int size;

    private Tensor(RankedTensorType type, long[] ints, double[] reals) {
        Layout l = layout(type);
        this.type = type;
        this.kind = l.kind;
        this.width = l.width;
        this.floatKind = l.floatKind;
        this.shape = l.shape;
        this.size = l.size;
        this.ints = ints;
        this.reals = reals;
    }

    /** The per-type facts of a tensor (immutable; {@code shape} is never written). */
    private record Layout(RankedTensorType type, Kind kind, int width, FloatKind floatKind, int[] shape, int size) {}

    /**
     * Recently used layouts, by the type's identity hash: most programs use a few types many times, and working
     * the facts out again per tensor was a quarter of a small program's run. Entries are immutable records, so
     * racing threads at worst compute one again.
     */
    private static final Layout[] LAYOUTS = new Layout[1024];

    /**
     * The layout of {@code type}: two entries per hash (slots {@code h} and {@code h ^ 1}, the newer first), so two
     * types a loop alternates between do not evict each other when their hashes collide.
     */
    private static Layout layout(RankedTensorType type) {
        int h = System.identityHashCode(type) & (LAYOUTS.length - 1);
        Layout first = LAYOUTS[h];
        if (first != null && first.type == type) return first;
        Layout second = LAYOUTS[h ^ 1];
        if (second != null && second.type == type) return second;
        Type e = type.elementType();
        int[] shape = dims(type);
        Layout l = new Layout(type, kindOf(e), widthOf(e), floatKindOf(e), shape, product(shape));
        if (first != null) LAYOUTS[h ^ 1] = first;
        LAYOUTS[h] = l;
        return l;
    }

    /** A tensor of {@code type} without storage: its per-type facts, for {@link #zerosLike()} to copy. */
    static Tensor prototype(RankedTensorType type) {
        return new Tensor(type, null, null);
    }

    /** A zero-filled tensor of this tensor's type (its per-type facts copied, not looked up). */
    Tensor zerosLike() {
        return switch (kind) {
            case BOOL, SINT, UINT -> new Tensor(this, type, shape, size, new long[size], null);
            case FLOAT -> new Tensor(this, type, shape, size, null, new double[size]);
            case COMPLEX -> new Tensor(this, type, shape, size, null, new double[2 * size]);
        };
    }

    /** A tensor of this (prototype's) integer type holding {@code values} (already normalized; not copied). */
    Tensor withInts(long[] values) {
        return new Tensor(this, type, shape, size, values, null);
    }

    /** A tensor of this (prototype's) real type holding {@code values} (already rounded; not copied). */
    Tensor withReals(double[] values) {
        return new Tensor(this, type, shape, size, null, values);
    }

    /** A tensor of this (prototype's) type over {@code src}'s storage (a reshape: same element type and size). */
    Tensor sharing(Tensor src) {
        return new Tensor(this, type, shape, size, src.ints, src.reals);
    }

    private static final int[] NO_DIMS = new int[0];

    /**
     * A tensor of {@code like}'s element type with type {@code type} of {@code shape} and {@code size} (the
     * per-element-type facts copied, not recomputed).
     */
    private Tensor(Tensor like, RankedTensorType type, int[] shape, int size, long[] ints, double[] reals) {
        this.type = type;
        this.kind = like.kind;
        this.width = like.width;
        this.floatKind = like.floatKind;
        this.shape = shape;
        this.size = size;
        this.ints = ints;
        this.reals = reals;
    }

    /** The rank-0 type of this tensor's element type, made once per tensor (region bodies ask per element). */
    private RankedTensorType scalarType;

    /** Element {@code i} as a new rank-0 tensor. */
    Tensor elementAt(int i) {
        RankedTensorType st = scalarType;
        if (st == null) scalarType = st = withShape(type, NO_DIMS);
        if (ints != null) return new Tensor(this, st, NO_DIMS, 1, new long[] {ints[i]}, null);
        if (kind == Kind.COMPLEX) return new Tensor(this, st, NO_DIMS, 1, null, new double[] {reals[2 * i], reals[2 * i + 1]});
        return new Tensor(this, st, NO_DIMS, 1, null, new double[] {reals[i]});
    }

    /** A zero-filled tensor of {@code type}. */
    public static Tensor zeros(RankedTensorType type) {
        Layout l = layout(type);
        int n = l.size;
        return switch (l.kind) {
            case BOOL, SINT, UINT -> new Tensor(type, new long[n], null);
            case FLOAT -> new Tensor(type, null, new double[n]);
            case COMPLEX -> new Tensor(type, null, new double[2 * n]);
        };
    }

    public static Tensor ofLongs(RankedTensorType type, long[] values) {
        Tensor t = new Tensor(type, values, null);
        for (int i = 0; i < values.length; i++) values[i] = t.normalize(values[i]);
        return t;
    }

    public static Tensor ofDoubles(RankedTensorType type, double[] values) {
        Tensor t = new Tensor(type, null, values);
        for (int i = 0; i < values.length; i++) values[i] = t.round(values[i]);
        return t;
    }

    public static Kind kindOf(Type e) {
        if (e instanceof UniformQuantizedType q) return q.isSigned() ? Kind.SINT : Kind.UINT;
        if (e instanceof IntegerType it) {
            if (it.width() == 1) return Kind.BOOL;
            return it.isUnsigned() ? Kind.UINT : Kind.SINT;
        }
        if (e instanceof IndexType) return Kind.SINT;
        if (e instanceof FloatType) return Kind.FLOAT;
        if (e instanceof ComplexType) return Kind.COMPLEX;
        throw new InterpreterException("unsupported element type: " + e);
    }

    private static int widthOf(Type e) {
        if (e instanceof UniformQuantizedType q) return q.storageType().width();
        if (e instanceof IntegerType it) return it.width();
        if (e instanceof IndexType) return 64;
        if (e instanceof FloatType ft) return ft.kind().width;
        if (e instanceof ComplexType ct) return 2 * widthOf(ct.elementType());
        return 0;
    }

    private static FloatKind floatKindOf(Type e) {
        if (e instanceof FloatType ft) return ft.kind();
        if (e instanceof ComplexType ct && ct.elementType() instanceof FloatType ft) return ft.kind();
        return null;
    }

    static int[] dims(RankedTensorType t) {
        if (!t.hasStaticShape()) throw new InterpreterException("dynamic shapes are not supported: " + t);
        int[] d = new int[t.rank()];
        for (int i = 0; i < d.length; i++) d[i] = Math.toIntExact(t.dim(i));
        return d;
    }

    static int product(int[] shape) {
        long n = 1;
        for (int d : shape) n *= d;
        if (n > Integer.MAX_VALUE / 2) throw new InterpreterException("tensor too large: " + n + " elements");
        return (int) n;
    }

    public RankedTensorType type() { return type; }
    public Kind kind() { return kind; }
    public int size() { return size; }
    public int rank() { return shape.length; }
    public int dim(int i) { return shape[i]; }
    boolean isInt() { return ints != null; }

    /**
     * The elements as doubles (a copy): integers by value (unsigned ones as unsigned), booleans as 0/1, complex
     * numbers as interleaved real/imaginary parts.
     */
    public double[] toDoubles() {
        if (reals != null) return reals.clone();
        double[] out = new double[ints.length];
        for (int i = 0; i < out.length; i++) {
            long v = ints[i];
            out[i] = kind == Kind.UINT && v < 0 ? Double.parseDouble(Long.toUnsignedString(v)) : v;
        }
        return out;
    }

    /** A new tensor of the same element type with shape {@code newShape} (no data). */
    Tensor like(int[] newShape) {
        return zeros(withShape(type, newShape));
    }

    static RankedTensorType withShape(RankedTensorType t, int[] shape) {
        long[] s = new long[shape.length];
        for (int i = 0; i < s.length; i++) s[i] = shape[i];
        return new RankedTensorType(s, t.elementType());
    }

    /** Reinterprets the same storage with another type of equal element count (reshape). */
    Tensor reshaped(RankedTensorType t) {
        return new Tensor(t, ints, reals);
    }

    /** Sign- or zero-extends {@code v} from the element width. */
    long normalize(long v) {
        if (kind == Kind.BOOL) return v & 1;
        if (width >= 64) return v;
        return kind == Kind.UINT ? v & ((1L << width) - 1) : (v << (64 - width)) >> (64 - width);
    }

    /** Rounds {@code v} to the element's float format. */
    double round(double v) {
        return roundTo(floatKind, v);
    }

    static double roundTo(FloatKind k, double v) {
        if (k == null || k == FloatKind.F64 || Double.isNaN(v)) return v;
        if (k == FloatKind.F32) return (float) v;
        if (NarrowFloats.handles(k)) return NarrowFloats.round(k, v);
        return FloatFormats.toDouble(k, FloatFormats.fromDouble(k, v));
    }

    /** Copies element {@code from} of {@code src} (same element type) to element {@code to} of this tensor. */
    void copyElement(int to, Tensor src, int from) {
        if (ints != null) ints[to] = src.ints[from];
        else if (kind == Kind.COMPLEX) {
            reals[2 * to] = src.reals[2 * from];
            reals[2 * to + 1] = src.reals[2 * from + 1];
        } else reals[to] = src.reals[from];
    }

    /** Element {@code i} as a long index value (integer tensors). */
    long getLong(int i) { return ints[i]; }

    /** Row-major strides of {@code shape}. */
    static int[] strides(int[] shape) {
        int[] s = new int[shape.length];
        int acc = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = acc;
            acc *= shape[i];
        }
        return s;
    }

    /** Advances a multi-index in row-major order; returns false after the last index. */
    static boolean next(int[] index, int[] shape) {
        for (int d = shape.length - 1; d >= 0; d--) {
            if (++index[d] < shape[d]) return true;
            index[d] = 0;
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Conversion from and to dense attributes

    /** Decodes a dense elements attribute (splat or not) into a tensor. */
    public static Tensor fromAttr(DenseElementsAttr attr) {
        ShapedType st = attr.type();
        if (!(st instanceof RankedTensorType rt)) throw new InterpreterException("expected a ranked tensor: " + st);
        Tensor t = zeros(rt);
        int bytes = DenseElementsAttr.elementStorageBytes(rt.elementType());
        if (!attr.isMapped() && !attr.isSplat() && readBulk(t, attr.rawArray(), attr.offset(), bytes)) return t;
        // Buffer-backed (memory-mapped) data is read element by element, never copied whole onto the heap.
        java.nio.ByteBuffer mapped = attr.isMapped() ? attr.buffer() : null;
        byte[] data = mapped == null ? attr.rawArray() : new byte[bytes];
        int base = attr.offset();
        boolean splat = attr.isSplat();
        int parts = t.kind == Kind.COMPLEX ? 2 : 1;
        int partBytes = bytes / parts;
        int partWidth = t.kind == Kind.COMPLEX ? t.width / 2 : t.width;
        for (int i = 0; i < t.size; i++) {
            int off;
            if (mapped != null) {
                mapped.get(i * bytes, data, 0, bytes);
                off = 0;
            } else {
                off = base + (splat ? 0 : i * bytes);
            }
            for (int p = 0; p < parts; p++) {
                long raw = readLE(data, off + p * partBytes, partBytes);
                if (t.ints != null) t.ints[i] = t.normalize(raw);
                else t.reals[i * parts + p] = bitsToDouble(t.floatKind, raw, partWidth);
            }
        }
        return t;
    }

    /**
     * Decodes elements of {@code type} held in {@code data} in the dense attribute layout (all elements, not a
     * splat), in bulk where the element type allows, without making an attribute first.
     *
     * @param type the tensor type
     * @param data the elements, little-endian, {@link DenseElementsAttr#elementStorageBytes} bytes each
     * @return the tensor
     */
    public static Tensor fromBytes(RankedTensorType type, byte[] data) {
        Tensor t = zeros(type);
        int bytes = DenseElementsAttr.elementStorageBytes(type.elementType());
        if ((long) bytes * t.size == data.length && readBulk(t, data, 0, bytes)) return t;
        return fromAttr(new DenseElementsAttr(type, data, 0, data.length, false));
    }

    /** Elements per tile of a bulk conversion (tiles of large tensors run on the kernels' fork/join pool). */
    private static final int CONVERT_TILE = 1 << 16;

    /**
     * Reads f32, f64 and 32/64-bit integer elements through little-endian buffer views (a large constant's
     * decoding was a sixth of a small MLP's run element by element), tiles of a large tensor in parallel; false
     * for other element types.
     */
    private static boolean readBulk(Tensor t, byte[] data, int offset, int bytes) {
        int code = bulkCode(t, bytes);
        if (code < 0) return false;
        convertTiles(t.size, tile -> {
            int from = tile * CONVERT_TILE;
            int n = Math.min(CONVERT_TILE, t.size - from);
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(data, offset + from * bytes, n * bytes).slice()
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN);
            switch (code) {
                case BULK_F32 -> {
                    java.nio.FloatBuffer f = b.asFloatBuffer();
                    for (int i = 0; i < n; i++) t.reals[from + i] = f.get(i);
                }
                case BULK_F64 -> b.asDoubleBuffer().get(t.reals, from, n);
                case BULK_I32 -> {
                    java.nio.IntBuffer v = b.asIntBuffer();
                    for (int i = 0; i < n; i++) t.ints[from + i] = v.get(i);
                }
                case BULK_U32 -> {
                    java.nio.IntBuffer v = b.asIntBuffer();
                    for (int i = 0; i < n; i++) t.ints[from + i] = v.get(i) & 0xFFFFFFFFL;
                }
                default -> b.asLongBuffer().get(t.ints, from, n);
            }
        });
        return true;
    }

    private static final int BULK_F32 = 0;
    private static final int BULK_F64 = 1;
    private static final int BULK_I32 = 2;
    private static final int BULK_U32 = 3;
    private static final int BULK_I64 = 4;

    /** Which bulk conversion suits {@code t}'s element type stored in {@code bytes} bytes; -1 for none. */
    private static int bulkCode(Tensor t, int bytes) {
        if (t.kind == Kind.FLOAT && t.floatKind == FloatKind.F32 && bytes == 4) return BULK_F32;
        if (t.kind == Kind.FLOAT && t.floatKind == FloatKind.F64 && bytes == 8) return BULK_F64;
        if (t.kind == Kind.SINT && t.width == 32 && bytes == 4) return BULK_I32;
        if (t.kind == Kind.UINT && t.width == 32 && bytes == 4) return BULK_U32;
        if ((t.kind == Kind.SINT || t.kind == Kind.UINT) && t.width == 64 && bytes == 8) return BULK_I64;
        return -1;
    }

    /** Runs {@code tile} over the tiles of {@code size} elements, in parallel when there are many. */
    private static void convertTiles(int size, java.util.function.IntConsumer tile) {
        int tiles = (size + CONVERT_TILE - 1) / CONVERT_TILE;
        if (tiles <= 1) {
            if (tiles == 1) tile.accept(0); // small tensors: no look at the thread setting
            return;
        }
        org.stablehlo4j.interpreter.dense.Parallel.forTiles(tiles, 8L * size, tile);
    }

    /** Encodes this tensor in the dense attribute layout. */
    public DenseElementsAttr toAttr() {
        int bytes = DenseElementsAttr.elementStorageBytes(type.elementType());
        byte[] out = new byte[bytes * size];
        int code = bulkCode(this, bytes);
        if (code >= 0) {
            convertTiles(size, tile -> writeBulk(code, out, tile * CONVERT_TILE,
                    Math.min(CONVERT_TILE, size - tile * CONVERT_TILE), bytes));
            return new DenseElementsAttr(type, out, 0, out.length, false);
        }
        int parts = kind == Kind.COMPLEX ? 2 : 1;
        int partBytes = bytes / parts;
        for (int i = 0; i < size; i++) {
            for (int p = 0; p < parts; p++) {
                long raw = ints != null ? ints[i] : doubleToBits(floatKind, reals[i * parts + p]);
                writeLE(out, i * bytes + p * partBytes, partBytes, raw);
            }
        }
        return new DenseElementsAttr(type, out, 0, out.length, false);
    }

    /** Writes elements {@code from .. from + n - 1} into {@code out} through a little-endian buffer view. */
    private void writeBulk(int code, byte[] out, int from, int n, int bytes) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(out, from * bytes, n * bytes).slice()
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        switch (code) {
            case BULK_F32 -> {
                java.nio.FloatBuffer f = b.asFloatBuffer();
                for (int i = 0; i < n; i++) f.put(i, (float) reals[from + i]);
            }
            case BULK_F64 -> b.asDoubleBuffer().put(reals, from, n);
            case BULK_I32, BULK_U32 -> {
                java.nio.IntBuffer v = b.asIntBuffer();
                for (int i = 0; i < n; i++) v.put(i, (int) ints[from + i]);
            }
            default -> b.asLongBuffer().put(ints, from, n);
        }
    }

    static long readLE(byte[] data, int off, int n) {
        long v = 0;
        for (int b = n - 1; b >= 0; b--) v = (v << 8) | (data[off + b] & 0xFF);
        return v;
    }

    static void writeLE(byte[] data, int off, int n, long v) {
        for (int b = 0; b < n; b++) data[off + b] = (byte) (v >>> (8 * b));
    }

    static double bitsToDouble(FloatKind k, long raw, int width) {
        if (k == FloatKind.F64) return Double.longBitsToDouble(raw);
        if (k == FloatKind.F32) return Float.intBitsToFloat((int) raw);
        if (NarrowFloats.handles(k)) return NarrowFloats.value(k, raw);
        long masked = width >= 64 ? raw : raw & ((1L << width) - 1);
        return FloatFormats.toDouble(k, BigInteger.valueOf(masked));
    }

    static long doubleToBits(FloatKind k, double v) {
        if (k == FloatKind.F64) return Double.doubleToRawLongBits(v);
        if (k == FloatKind.F32) return Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
        if (NarrowFloats.handles(k)) return NarrowFloats.bits(k, v);
        if (Double.isNaN(v)) return FloatFormats.nan(k).longValue();
        return FloatFormats.fromDouble(k, v).longValue();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Printing

    /** One element as text, in the style of MLIR's attribute printer (complex numbers as {@code [re, im]}). */
    String elementText(int i) {
        return switch (kind) {
            case BOOL -> ints[i] != 0 ? "true" : "false";
            case SINT -> Long.toString(ints[i]);
            case UINT -> Long.toUnsignedString(ints[i]);
            case FLOAT -> floatText(reals[i]);
            case COMPLEX -> "[" + floatText(reals[2 * i]) + ", " + floatText(reals[2 * i + 1]) + "]";
        };
    }

    /** Appends {@link #elementText} of element {@code i} (real elements of formats up to 64 bits without a string). */
    private void appendElement(StringBuilder sb, int i) {
        if (kind != Kind.FLOAT || floatKind.width > 64) {
            sb.append(elementText(i));
            return;
        }
        long bits = doubleToBits(floatKind, reals[i]);
        int w = floatKind.width;
        org.stablehlo4j.ir.FloatText.append(sb, floatKind, w < 64 ? bits & ((1L << w) - 1) : bits);
    }

    private String floatText(double v) {
        long bits = doubleToBits(floatKind, v);
        int w = floatKind.width;
        BigInteger b = BigInteger.valueOf(bits);
        if (bits < 0) b = b.add(BigInteger.ONE.shiftLeft(64));
        if (w < 64) b = b.and(BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE));
        return org.stablehlo4j.ir.FloatText.format(floatKind, b);
    }

    /**
     * The tensor as the interpreter prints results: {@code tensor<ui8> {1}} for scalars, otherwise the type and
     * nested brackets, innermost dimension on one line.
     */
    public String print() {
        StringBuilder sb = new StringBuilder(org.stablehlo4j.asm.AsmPrinter.printType(type)).append(" {");
        if (shape.length == 0) return sb.append(elementText(0)).append('}').toString();
        sb.append("\n  ");
        printDim(sb, 0, 0, 2);
        return sb.append("\n}").toString();
    }

    private int printDim(StringBuilder sb, int dim, int offset, int indent) {
        sb.append('[');
        if (dim == shape.length - 1) {
            for (int i = 0; i < shape[dim]; i++) {
                if (i > 0) sb.append(", ");
                appendElement(sb, offset++);
            }
            sb.append(']');
            return offset;
        }
        if (shape[dim] == 0) {
            sb.append(']');
            return offset;
        }
        for (int i = 0; i < shape[dim]; i++) {
            sb.append(i > 0 ? ",\n" : "\n").append(" ".repeat(indent + 2));
            offset = printDim(sb, dim + 1, offset, indent + 2);
        }
        sb.append('\n').append(" ".repeat(indent)).append(']');
        return offset;
    }

    @Override
    public String toString() { return print(); }
}
