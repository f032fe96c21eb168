package org.stablehlo4j.ir;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code !quant.uniform<storage[<min:max>]:expressed[:axis], scale[:zeroPoint]>} and its per-axis form
 * {@code {s0:z0, s1:z1, ...}}. {@code quantizedDimension} is -1 for per-tensor quantization.
 * {@code signed} tells whether the storage type was written with an {@code i} (signed) or {@code u} prefix.
 *
 * <p>This is the structural view the verifier and the interpreter read; the type itself, with its syntax, is the
 * quant dialect's ({@code dialect.quant.QuantUniformType}, which prints itself). It stays here until its readers
 * import the dialect's class (MLIR keeps {@code quant::UniformQuantizedType} in the quant dialect).
 */
public abstract class UniformQuantizedType implements Type {
    private final boolean signed;
    private final IntegerType storageType;
    private final long storageMin;
    private final long storageMax;
    private final boolean explicitRange;
    private final Type expressedType;
    private final int quantizedDimension;
    private final double[] scales;
    private final long[] zeroPoints;

    /**
     * A quantized type; per-tensor when {@code quantizedDimension} is -1.
     *
     * @param signed whether the storage type was written signed
     * @param storageType the integer storage type
     * @param storageMin the smallest storage value
     * @param storageMax the largest storage value
     * @param explicitRange whether the range was written out
     * @param expressedType the float type it stands for
     * @param quantizedDimension the per-axis dimension, or -1
     * @param scales one scale per axis slice (one for per-tensor)
     * @param zeroPoints one zero point per scale
     * @throws IllegalArgumentException if scales and zero points differ in number
     */
    protected UniformQuantizedType(boolean signed, IntegerType storageType, long storageMin, long storageMax,
                                   boolean explicitRange, Type expressedType, int quantizedDimension,
                                   double[] scales, long[] zeroPoints) {
        if (scales.length != zeroPoints.length) throw new IllegalArgumentException("scales/zero points");
        this.signed = signed;
        this.storageType = storageType;
        this.storageMin = storageMin;
        this.storageMax = storageMax;
        this.explicitRange = explicitRange;
        this.expressedType = expressedType;
        this.quantizedDimension = quantizedDimension;
        this.scales = scales.clone();
        this.zeroPoints = zeroPoints.clone();
    }

    /**
     * The checked construction's invariants (MLIR's {@code UniformQuantizedType::verifyInvariants} and its per-axis
     * form), made by the text parser and by every reader that builds the type from bytecode (VHLO, when it reads the type and when it legalizes it):
     * an integral storage type of 1 to 32 bits, a storage range inside it, a float expressed type, one zero point
     * per scale, every scale within the expressed type's positive range, and a quantized dimension of -1 (per
     * tensor, one scale) or more.
     *
     * @param signed whether the storage is signed
     * @param storageType the storage type
     * @param storageMin the smallest storage value
     * @param storageMax the largest storage value
     * @param expressedType the expressed type
     * @param quantizedDimension the per-axis dimension, or -1
     * @param scales the scales
     * @param zeroPoints the zero points
     * @return null when valid, else the diagnostic text of the text parser's check
     */
    public static String verifyInvariants(boolean signed, Type storageType, long storageMin, long storageMax,
                                          Type expressedType, long quantizedDimension, double[] scales,
                                          long[] zeroPoints) {
        if (!(storageType instanceof IntegerType it)) return "illegal storage type";
        int width = it.width();
        if (width == 0 || width > 32) return "illegal storage type size: " + width;
        long min = signed ? -(1L << (width - 1)) : 0;
        long max = signed ? (1L << (width - 1)) - 1 : (1L << width) - 1;
        if (storageMin < min || storageMax > max || storageMin > storageMax) {
            return "illegal storage min and storage max";
        }
        if (!(expressedType instanceof FloatType expressed)) return "illegal expressed type";
        if (quantizedDimension < -1 || quantizedDimension > Integer.MAX_VALUE) {
            return "illegal quantized dimension: " + quantizedDimension;
        }
        if (scales.length != zeroPoints.length || scales.length == 0
                || (quantizedDimension == -1 && scales.length != 1)) {
            return "illegal number of scales and zeroPoints: " + scales.length + ", " + zeroPoints.length;
        }
        for (double scale : scales) {
            String problem = scaleProblem(scale, expressed);
            if (problem != null) return problem;
        }
        return null;
    }

    /**
     * A scale must lie in the expressed type's positive range, as MLIR's quant parser requires.
     *
     * @param scale the scale
     * @param expressed the expressed type
     * @return null when it does, else the diagnostic text
     */
    public static String scaleProblem(double scale, FloatType expressed) {
        double smallest = FloatFormats.toDouble(expressed.kind(), BigInteger.ONE);
        double largest = FloatFormats.toDouble(expressed.kind(), FloatFormats.maxFinite(expressed.kind()));
        if (scale >= smallest && scale <= largest) return null;
        return "scale " + exponent(scale) + " out of expressed type range ["
                + String.format(Locale.ROOT, "%e", smallest) + ", " + String.format(Locale.ROOT, "%e", largest) + "]";
    }

    /** llvm::write_double in exponent style, as raw_ostream prints a double ({@code nan}, {@code INF}). */
    private static String exponent(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v < 0 ? "-INF" : "INF";
        return String.format(Locale.ROOT, "%e", v);
    }

    /** {@return whether the storage type is signed} */
    public boolean isSigned() { return signed; }
    /** {@return the integer storage type} */
    public IntegerType storageType() { return storageType; }
    /** {@return the smallest storage value} */
    public long storageMin() { return storageMin; }
    /** {@return the largest storage value} */
    public long storageMax() { return storageMax; }
    /** {@return true when the storage range was written explicitly ({@code i8<-127:127>})} */
    public boolean hasExplicitRange() { return explicitRange; }
    /** {@return the float type the values stand for} */
    public Type expressedType() { return expressedType; }
    /** {@return the quantized dimension, or -1 for per-tensor quantization} */
    public int quantizedDimension() { return quantizedDimension; }
    /** {@return whether it is quantized per axis} */
    public boolean isPerAxis() { return quantizedDimension >= 0; }
    /** {@return the number of scales} */
    public int numScales() { return scales.length; }
    /**
     * Scale {@code i}.
     *
     * @param i the index
     * @return the scale
     */
    public double scale(int i) { return scales[i]; }
    /**
     * Zero point {@code i}.
     *
     * @param i the index
     * @return the zero point
     */
    public long zeroPoint(int i) { return zeroPoints[i]; }
    /** {@return a copy of the scales} */
    public double[] scales() { return scales.clone(); }
    /** {@return a copy of the zero points} */
    public long[] zeroPoints() { return zeroPoints.clone(); }

    @Override
    public final boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof UniformQuantizedType q)) return false;
        return signed == q.signed && storageType.equals(q.storageType) && storageMin == q.storageMin
                && storageMax == q.storageMax && explicitRange == q.explicitRange
                && expressedType.equals(q.expressedType) && quantizedDimension == q.quantizedDimension
                && Arrays.equals(scales, q.scales) && Arrays.equals(zeroPoints, q.zeroPoints);
    }

    @Override
    public final int hashCode() {
        return ((storageType.hashCode() * 31 + expressedType.hashCode()) * 31 + quantizedDimension) * 31
                + Arrays.hashCode(scales) * 7 + Arrays.hashCode(zeroPoints);
    }
}
