package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/**
 * The bulk (tiled, possibly parallel) conversions between tensors and the dense attribute layout agree with the
 * element-by-element little-endian decoding and encoding, bit for bit, for sizes around a tile's and for NaN
 * payloads, signed and unsigned integers at the extremes.
 */
class TensorConversionTest {
    private static final int[] SIZES = {0, 1, 7, 65_535, 65_536, 65_537, 300_001};

    private static RankedTensorType type(Type e, int n) {
        return new RankedTensorType(new long[] {n}, e);
    }

    /** Random bytes with every element's extremes mixed in. */
    private static byte[] bytes(int n, int width, long seed) {
        byte[] b = new byte[n * width];
        new Random(seed).nextBytes(b);
        for (int i = 0; i + width <= Math.min(b.length, 4 * width); i++) b[i] = (byte) (i < width ? 0xFF : 0x80);
        return b;
    }

    private static void roundTrip(Type e, int width) {
        for (int n : SIZES) {
            byte[] data = bytes(n, width, n * 31L + width);
            RankedTensorType t = type(e, n);
            Tensor fast = Tensor.fromBytes(t, data);
            for (int i = 0; i < n; i++) {
                long raw = Tensor.readLE(data, i * width, width);
                if (fast.ints != null) {
                    assertEquals(fast.normalize(raw), fast.ints[i], e + " element " + i);
                } else {
                    double want = Tensor.bitsToDouble(fast.floatKind, raw, 8 * width);
                    assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(fast.reals[i]),
                            e + " element " + i);
                }
            }
            assertArrayEquals(data, expand(fast.toAttr(), n, width), e + " of " + n + " elements");
        }
    }

    /** The attribute's bytes, a splat written out. */
    private static byte[] expand(DenseElementsAttr a, int n, int width) {
        byte[] out = new byte[n * width];
        if (!a.isSplat()) {
            System.arraycopy(a.rawArray(), a.offset(), out, 0, out.length);
        } else {
            for (int i = 0; i < n; i++) System.arraycopy(a.rawArray(), a.offset(), out, i * width, width);
        }
        return out;
    }

    @Test
    void f32KeepsEveryBitPatternThatIsNotASignallingNaN() {
        for (int n : SIZES) {
            float[] v = new float[n];
            Random r = new Random(n);
            for (int i = 0; i < n; i++) {
                v[i] = Float.intBitsToFloat(r.nextInt());
                if (Float.isNaN(v[i])) v[i] = Float.intBitsToFloat(Float.floatToRawIntBits(v[i]) | 0x0040_0000);
            }
            byte[] data = new byte[4 * n];
            java.nio.ByteBuffer.wrap(data).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(v);
            Tensor t = Tensor.fromBytes(type(FloatType.F32, n), data);
            for (int i = 0; i < n; i++) {
                assertEquals(Float.floatToRawIntBits(v[i]), Float.floatToRawIntBits((float) t.reals[i]));
            }
            assertArrayEquals(data, expand(t.toAttr(), n, 4));
        }
    }

    @Test
    void f64() {
        roundTrip(FloatType.F64, 8);
    }

    @Test
    void signedAndUnsignedIntegers() {
        roundTrip(IntegerType.signless(32), 4);
        roundTrip(IntegerType.signless(64), 8);
        roundTrip(new IntegerType(32, IntegerType.Signedness.UNSIGNED), 4);
        roundTrip(new IntegerType(64, IntegerType.Signedness.UNSIGNED), 8);
    }

    @Test
    void otherTypesTakeTheElementPath() {
        roundTrip(IntegerType.signless(16), 2);
    }

    @Test
    void sameResultWithOneAndManyThreads() {
        byte[] data = bytes(300_001, 4, 5);
        RankedTensorType t = type(new IntegerType(32, IntegerType.Signedness.UNSIGNED), 300_001);
        String old = System.getProperty("stablehlo4j.interpreter.threads");
        try {
            System.setProperty("stablehlo4j.interpreter.threads", "1");
            long[] one = Tensor.fromBytes(t, data).ints;
            System.setProperty("stablehlo4j.interpreter.threads", "3");
            Tensor many = Tensor.fromBytes(t, data);
            assertArrayEquals(one, many.ints);
            assertArrayEquals(data, expand(many.toAttr(), 300_001, 4));
        } finally {
            if (old == null) System.clearProperty("stablehlo4j.interpreter.threads");
            else System.setProperty("stablehlo4j.interpreter.threads", old);
        }
    }
}
