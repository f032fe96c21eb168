package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/** Element and tensor types for the builder. */
public final class Types {
    private Types() {}

    /** {@code f32}. */
    public static final Type F32 = FloatType.F32;
    /** {@code f64}. */
    public static final Type F64 = FloatType.F64;
    /** {@code f16}. */
    public static final Type F16 = FloatType.F16;
    /** {@code bf16}. */
    public static final Type BF16 = FloatType.BF16;
    /** {@code f8E4M3FN}. */
    public static final Type F8E4M3FN = new FloatType(FloatKind.F8E4M3FN);
    /** {@code f8E5M2}. */
    public static final Type F8E5M2 = new FloatType(FloatKind.F8E5M2);
    /** {@code i1} (boolean). */
    public static final Type I1 = IntegerType.I1;
    /** {@code i8}. */
    public static final Type I8 = IntegerType.I8;
    /** {@code i32}. */
    public static final Type I32 = IntegerType.I32;
    /** {@code i64}. */
    public static final Type I64 = IntegerType.I64;

    /**
     * A ranked tensor type.
     *
     * @param element the element type
     * @param shape   the dimensions (none: a scalar tensor)
     * @return {@code tensor<shape x element>}
     */
    public static RankedTensorType tensor(Type element, long... shape) {
        for (long d : shape) {
            if (d < 0) throw new BuildException("invalid tensor dimension size " + d);
        }
        return new RankedTensorType(shape.clone(), element);
    }

    /**
     * A ranked tensor type.
     *
     * @param element the element type
     * @param shape   the dimensions
     * @return {@code tensor<shape x element>}
     */
    public static RankedTensorType tensor(Type element, List<Long> shape) {
        return tensor(element, longs(shape));
    }

    static long[] longs(List<Long> values) {
        long[] a = new long[values.size()];
        for (int i = 0; i < a.length; i++) a[i] = values.get(i);
        return a;
    }
}
