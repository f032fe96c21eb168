package org.stablehlo4j.ir;

import java.util.Arrays;

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

    public boolean isSigned() { return signed; }
    public IntegerType storageType() { return storageType; }
    public long storageMin() { return storageMin; }
    public long storageMax() { return storageMax; }
    /** True when the storage range was written explicitly ({@code i8<-127:127>}). */
    public boolean hasExplicitRange() { return explicitRange; }
    public Type expressedType() { return expressedType; }
    public int quantizedDimension() { return quantizedDimension; }
    public boolean isPerAxis() { return quantizedDimension >= 0; }
    public int numScales() { return scales.length; }
    public double scale(int i) { return scales[i]; }
    public long zeroPoint(int i) { return zeroPoints[i]; }
    public double[] scales() { return scales.clone(); }
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
