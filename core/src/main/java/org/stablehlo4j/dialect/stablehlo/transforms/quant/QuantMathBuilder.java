package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.dialect.chlo.BroadcastAddOp;
import org.stablehlo4j.dialect.chlo.BroadcastDivideOp;
import org.stablehlo4j.dialect.chlo.BroadcastMultiplyOp;
import org.stablehlo4j.dialect.chlo.BroadcastSubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestEvenOp;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

/**
 * Builds the math of the quantization lowering at a rewriter's insertion point and one location: constants,
 * conversions and CHLO's broadcasting arithmetic (result types given, or inferred when {@code type} is null).
 */
record QuantMathBuilder(PatternRewriter rewriter, Location loc) {
    /** Scales and zero points of a quantized type as constants, and the dimension they broadcast along. */
    record Params(Value scales, Value zeroPoints, DenseArrayAttr dims) {}

    // ---- constants

    /** {@return a constant of {@code values} (each {@code bytes} wide, little-endian) of {@code type}, a splat when all agree} */
    private Value constant(RankedTensorType type, long[] values, int bytes) {
        boolean splat = values.length > 0 && Arrays.stream(values).allMatch(v -> v == values[0]);
        int n = splat ? 1 : values.length;
        byte[] data = new byte[n * bytes];
        for (int i = 0; i < n; i++) for (int k = 0; k < bytes; k++) data[i * bytes + k] = (byte) (values[i] >>> (8 * k));
        return ConstantOp.createWithTypes(rewriter, loc, List.of(type), new DenseElementsAttr(type, data, 0, data.length, splat))
                .output();
    }

    /** {@return {@code tensor<f32>} (a scalar) or {@code tensor<Nxf32>} constant of {@code values}} */
    Value f32(boolean vector, double... values) {
        long[] bits = new long[values.length];
        for (int i = 0; i < bits.length; i++) bits[i] = Float.floatToRawIntBits((float) values[i]) & 0xFFFFFFFFL;
        return constant(tensor(vector, values.length, FloatType.F32), bits, 4);
    }

    /** {@return a constant of integers {@code values} (wrapped to the element type), a scalar or a vector} */
    Value ints(IntegerType element, boolean vector, long... values) {
        return constant(tensor(vector, values.length, element), values, DenseElementsAttr.elementStorageBytes(element));
    }

    /** {@return the {@code tensor<i32>} constant {@code value} (truncated to 32 bits, as a C++ cast)} */
    Value i32(long value) {
        return ints(IntegerType.I32, false, (int) value);
    }

    private static RankedTensorType tensor(boolean vector, int n, Type element) {
        return new RankedTensorType(vector ? new long[] {n} : new long[0], element);
    }

    /**
     * The scales and zero points of {@code q}: scalars for a per-tensor type, vectors along its quantized dimension
     * for a per-axis one; the zero points as f32 ({@code zeroPointsInFloat}) or i32.
     */
    Params params(UniformQuantizedType q, boolean zeroPointsInFloat) {
        boolean axis = q.isPerAxis();
        Value scales = f32(axis, q.scales());
        long[] zps = q.zeroPoints();
        Value zeroPoints;
        if (zeroPointsInFloat) {
            double[] f = new double[zps.length];
            for (int i = 0; i < f.length; i++) f[i] = zps[i];
            zeroPoints = f32(axis, f);
        } else {
            for (int i = 0; i < zps.length; i++) zps[i] = (int) zps[i];
            zeroPoints = ints(IntegerType.I32, axis, zps);
        }
        return new Params(scales, zeroPoints, axis ? DenseArrayAttr.ofLongs(q.quantizedDimension()) : null);
    }

    // ---- ops

    Value convert(Type type, Value v) {
        return ConvertOp.create(rewriter, loc, type, v).result();
    }

    Value clamp(Type type, Value min, Value v, Value max) {
        return type == null ? ClampOp.create(rewriter, loc, min, v, max).result()
                : ClampOp.createWithTypes(rewriter, loc, List.of(type), min, v, max).result();
    }

    Value roundNearestEven(Type type, Value v) {
        return RoundNearestEvenOp.createWithTypes(rewriter, loc, List.of(type), v).result();
    }

    Value add(Type type, Value a, Value b, DenseArrayAttr dims) {
        return type == null ? BroadcastAddOp.create(rewriter, loc, a, b, dims).result()
                : BroadcastAddOp.createWithTypes(rewriter, loc, List.of(type), a, b, dims).result();
    }

    Value sub(Type type, Value a, Value b, DenseArrayAttr dims) {
        return type == null ? BroadcastSubtractOp.create(rewriter, loc, a, b, dims).result()
                : BroadcastSubtractOp.createWithTypes(rewriter, loc, List.of(type), a, b, dims).result();
    }

    Value mul(Type type, Value a, Value b, DenseArrayAttr dims) {
        return type == null ? BroadcastMultiplyOp.create(rewriter, loc, a, b, dims).result()
                : BroadcastMultiplyOp.createWithTypes(rewriter, loc, List.of(type), a, b, dims).result();
    }

    Value div(Type type, Value a, Value b, DenseArrayAttr dims) {
        return BroadcastDivideOp.createWithTypes(rewriter, loc, List.of(type), a, b, dims).result();
    }
}
