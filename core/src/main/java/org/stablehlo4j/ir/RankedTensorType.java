package org.stablehlo4j.ir;

import java.util.Arrays;

/**
 * Builtin {@code tensor<AxBx...xelem[, encoding]>}. Dynamic dimensions are {@link ShapedType#DYNAMIC}.
 */
public final class RankedTensorType implements ShapedType {
    private final long[] shape;
    private final Type elementType;
    private final Attribute encoding;
    private final int hash;

    /**
     * A tensor type with an encoding ({@code null}: none); dynamic dimensions are negative.
     *
     * @param shape the dimension sizes
     * @param elementType the element type
     * @param encoding the encoding, or null
     */
    public RankedTensorType(long[] shape, Type elementType, Attribute encoding) {
        this.shape = shape.clone();
        this.elementType = elementType;
        this.encoding = encoding;
        this.hash = (Arrays.hashCode(this.shape) * 31 + elementType.hashCode()) * 31
                + (encoding == null ? 0 : encoding.hashCode());
    }

    /**
     * A tensor type without encoding; dynamic dimensions are negative.
     *
     * @param shape the dimension sizes
     * @param elementType the element type
     */
    public RankedTensorType(long[] shape, Type elementType) {
        this(shape, elementType, null);
    }

    /**
     * What a tensor type accepts as its element type (MLIR's {@code TensorType::isValidElementType}): anything but
     * a function, shaped or none type.
     *
     * @param t the candidate element type
     * @return whether {@code tensor<...xt>} is a valid type
     */
    public static boolean isValidElementType(Type t) {
        return !(t instanceof FunctionType) && !(t instanceof ShapedType) && !(t instanceof NoneType);
    }

    /**
     * The checked construction's invariants (MLIR's {@code RankedTensorType::verifyInvariants}), the one check the
     * text parser and every bytecode reader make: a valid element type and an encoding that fits the shape
     * ({@link VerifiableTensorEncoding}, e.g. {@code #stablehlo.bounds} only on dynamic dimensions).
     *
     * @param shape the dimension sizes
     * @param elementType the element type
     * @param encoding the encoding, or null
     * @return null when valid, else upstream's diagnostic text
     */
    public static String verifyInvariants(long[] shape, Type elementType, Attribute encoding) {
        if (!isValidElementType(elementType)) return "invalid tensor element type";
        if (encoding instanceof VerifiableTensorEncoding enc) return enc.verifyEncoding(shape, elementType);
        return null;
    }

    /** {@return the number of dimensions} */
    public int rank() { return shape.length; }

    /**
     * The size of dimension {@code i} (negative when dynamic).
     *
     * @param i the dimension
     * @return its size
     */
    public long dim(int i) { return shape[i]; }

    /** {@return a copy of the shape} */
    public long[] shape() { return shape.clone(); }

    @Override public Type elementType() { return elementType; }

    /** {@return the encoding attribute, or null} */
    public Attribute encoding() { return encoding; }

    @Override public boolean hasRank() { return true; }

    /** {@return whether every dimension is static} */
    public boolean hasStaticShape() {
        for (long d : shape) if (d == DYNAMIC) return false;
        return true;
    }

    /**
     * Number of elements, or -1 if the shape is dynamic or the count does not fit in a long.
     *
     * @return the element count, or -1
     */
    public long numElements() {
        long n = 1;
        for (long d : shape) {
            if (d == DYNAMIC || d < 0) return -1;
            try {
                n = Math.multiplyExact(n, d);
            } catch (ArithmeticException e) {
                return -1;
            }
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof RankedTensorType t)) return false;
        return hash == t.hash && Arrays.equals(shape, t.shape) && elementType.equals(t.elementType)
                && java.util.Objects.equals(encoding, t.encoding);
    }

    @Override public int hashCode() { return hash; }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("tensor<");
        for (long d : shape) sb.append(d == DYNAMIC ? "?" : Long.toString(d)).append('x');
        sb.append(elementType);
        if (encoding != null) sb.append(", ").append(encoding);
        return sb.append('>').toString();
    }
}
