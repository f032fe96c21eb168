package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class FloatFormatsTest {
    private static long bits(FloatKind k, String lit) {
        return FloatFormats.parseDecimal(k, lit).longValue();
    }

    @Test
    void widthsAndKeywords() {
        // MLIR's widths, in declaration order: the sign bit (all but f8E8M0FNU), exponent and mantissa
        int[] expected = {16, 16, 19, 32, 64, 80, 128, 4, 6, 6, 8, 8, 8, 8, 8, 8, 8, 8};
        assertEquals(expected.length, FloatKind.values().length);
        for (FloatKind k : FloatKind.values()) {
            assertEquals(expected[k.ordinal()], k.width, k.keyword);
            assertEquals(k, FloatKind.fromKeyword(k.keyword));
        }
        assertEquals(null, FloatKind.fromKeyword("f12"));
        assertEquals(null, FloatKind.fromKeyword(null));
    }

    @Test
    void f32AndF64MatchJava() {
        for (String s : new String[] {"1.5", "0.1", "-3.4028235e38", "1e-45", "1.17549435e-38", "123456.789"}) {
            assertEquals(Float.floatToRawIntBits(Float.parseFloat(s)) & 0xFFFFFFFFL, bits(FloatKind.F32, s), s);
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(s)), bits(FloatKind.F64, s), s);
        }
    }

    @Test
    void halfAndBfloat() {
        assertEquals(0x3C00, bits(FloatKind.F16, "1.0"));
        assertEquals(0x7BFF, bits(FloatKind.F16, "65504"));
        assertEquals(0x7C00, bits(FloatKind.F16, "65520")); // rounds to infinity
        assertEquals(0x0001, bits(FloatKind.F16, "5.9604645e-8")); // smallest subnormal
        assertEquals(0x3F80, bits(FloatKind.BF16, "1.0"));
        assertEquals(0x3DCD, bits(FloatKind.BF16, "0.1"));
        assertEquals(0x8000, bits(FloatKind.F16, "-0.0"));
        assertEquals(1.0, FloatFormats.toDouble(FloatKind.F16, BigInteger.valueOf(0x3C00)));
        assertEquals(-2.0, FloatFormats.toDouble(FloatKind.BF16, BigInteger.valueOf(0xC000)));
        assertTrue(FloatFormats.isNaN(FloatKind.F16, BigInteger.valueOf(0x7E00)));
    }

    @Test
    void eightBitFormats() {
        assertEquals(448.0, FloatFormats.toDouble(FloatKind.F8E4M3FN, BigInteger.valueOf(0x7E)));
        assertTrue(FloatFormats.isNaN(FloatKind.F8E4M3FN, BigInteger.valueOf(0x7F)));
        assertEquals(0x7F, bits(FloatKind.F8E4M3FN, "1000")); // overflow -> NaN (no infinity)
        assertEquals(57344.0, FloatFormats.toDouble(FloatKind.F8E5M2, BigInteger.valueOf(0x7B)));
        assertTrue(FloatFormats.isNaN(FloatKind.F8E4M3FNUZ, BigInteger.valueOf(0x80)));
        assertEquals(0x00, bits(FloatKind.F8E4M3FNUZ, "-0.0")); // no negative zero
        assertEquals(1.0, FloatFormats.toDouble(FloatKind.F8E8M0FNU, BigInteger.valueOf(127)));
        assertEquals(127, bits(FloatKind.F8E8M0FNU, "1.0"));
        assertEquals(6.0, FloatFormats.toDouble(FloatKind.F4E2M1FN, BigInteger.valueOf(0x7)));
        assertEquals(0x7, bits(FloatKind.F4E2M1FN, "100")); // saturates: no inf, no NaN
        assertEquals(0x3, bits(FloatKind.F4E2M1FN, "1.5"));
        assertEquals(0x2, bits(FloatKind.F4E2M1FN, "1.25")); // tie to even
    }

    @Test
    void fromDoubleRoundsToNearestEven() {
        for (FloatKind k : new FloatKind[] {FloatKind.F16, FloatKind.BF16, FloatKind.F8E5M2, FloatKind.F8E4M3FN}) {
            for (int b = 0; b < (1 << Math.min(k.width, 16)); b += 7) {
                BigInteger bi = BigInteger.valueOf(b);
                if (FloatFormats.isNaN(k, bi)) continue;
                double d = FloatFormats.toDouble(k, bi);
                BigInteger back = FloatFormats.fromDouble(k, d);
                assertEquals(d, FloatFormats.toDouble(k, back), k + " " + b);
            }
        }
    }
}
