package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fast narrow-float paths give exactly what {@link FloatFormats}' exact arithmetic gives. */
class NarrowFloatsTest {
    private static List<FloatKind> handled() {
        List<FloatKind> out = new ArrayList<>();
        for (FloatKind k : FloatKind.values()) if (NarrowFloats.handles(k)) out.add(k);
        return out;
    }

    @Test
    void handlesTheIeeeNarrowFormatsOnly() {
        List<FloatKind> h = handled();
        assertTrue(h.contains(FloatKind.BF16) && h.contains(FloatKind.F16) && h.contains(FloatKind.F8E5M2), h::toString);
        assertFalse(NarrowFloats.handles(FloatKind.F32));
        assertFalse(NarrowFloats.handles(FloatKind.F8E4M3FN));
        assertFalse(NarrowFloats.handles(FloatKind.F8E4M3FNUZ));
        assertFalse(NarrowFloats.handles(null));
    }

    /** Values around every boundary: ties, overflow thresholds, subnormals, zeros, infinities, NaN. */
    private static List<Double> samples(FloatKind k) {
        List<Double> v = new ArrayList<>(List.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 1.0, -1.0, 1e-300));
        // every encoding of the format, and the midpoints between neighbours (ties) and just off them
        long n = 1L << Math.min(k.width, 16);
        for (long b = 0; b < n; b++) {
            long bits = k.width <= 16 ? b : b << (k.width - 16);
            double x = FloatFormats.toDouble(k, BigInteger.valueOf(bits));
            double y = FloatFormats.toDouble(k, BigInteger.valueOf(bits + 1));
            v.add(x);
            if (Double.isFinite(x) && Double.isFinite(y)) {
                double mid = x + (y - x) / 2;
                v.add(mid);
                v.add(Math.nextUp(mid));
                v.add(Math.nextDown(mid));
            }
        }
        SplittableRandom r = new SplittableRandom(31);
        for (int i = 0; i < 4000; i++) v.add(Double.longBitsToDouble(r.nextLong()));
        for (int i = 0; i < 4000; i++) v.add(r.nextGaussian() * Math.scalb(1.0, r.nextInt(-30, 30)));
        return v;
    }

    @Test
    void roundingAndEncodingMatchFloatFormats() {
        for (FloatKind k : handled()) {
            for (double x : samples(k)) {
                long expected = FloatFormats.fromDouble(k, x).longValue();
                assertEquals(expected, NarrowFloats.bits(k, x), () -> k + " bits of " + x);
                double rounded = FloatFormats.toDouble(k, BigInteger.valueOf(expected));
                if (Double.isNaN(x)) {
                    // NaN keeps its payload in a tensor (Tensor.roundTo never rounded it); its encoding is canonical
                    assertTrue(Double.isNaN(NarrowFloats.round(k, x)));
                    continue;
                }
                assertEquals(Double.doubleToRawLongBits(rounded), Double.doubleToRawLongBits(NarrowFloats.round(k, x)),
                        () -> k + " rounding of " + x);
                assertEquals(Double.doubleToRawLongBits(rounded),
                        Double.doubleToRawLongBits(NarrowFloats.value(k, expected)), () -> k + " decoding " + expected);
            }
        }
    }

    @Test
    void tensorsUseThem() {
        assertEquals(1.0078125, Tensor.roundTo(FloatKind.BF16, 1.00390625 + 1e-9));
        assertEquals(1.0, Tensor.roundTo(FloatKind.BF16, 1.00390625)); // a tie: to even
        assertEquals(Double.POSITIVE_INFINITY, Tensor.roundTo(FloatKind.F16, 65520.0));
        assertEquals(65504.0, Tensor.roundTo(FloatKind.F16, 65519.99));
        assertEquals(0x3F80L, Tensor.doubleToBits(FloatKind.BF16, 1.0));
        assertEquals(-2.0, Tensor.bitsToDouble(FloatKind.BF16, 0xC000L, 16));
    }
}
