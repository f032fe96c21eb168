package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Properties of MLIR float literals: every non-hex literal reads back to the same bits. */
class FloatTextTest {
    private static void checkReadsBack(FloatKind k, BigInteger bits) {
        String s = FloatText.format(k, bits);
        if (s.startsWith("0x") || s.startsWith("-0x")) {
            assertEquals(bits, new BigInteger(s.substring(2), 16), s);
            return;
        }
        assertTrue(s.contains("."), s);
        assertEquals(bits, FloatFormats.parseDecimal(k, s), k + " " + s);
    }

    @Test
    void everySmallFormatValueReadsBack() {
        for (FloatKind k : FloatKind.values()) {
            if (k.width > 16) continue;
            int step = k.width > 8 ? 13 : 1; // 16-bit formats: a spread sample
            for (int b = 0; b < 1 << k.width; b += step) checkReadsBack(k, BigInteger.valueOf(b));
        }
    }

    @Test
    void randomWideValuesReadBack() {
        Random r = new Random(42);
        for (int i = 0; i < 2000; i++) {
            checkReadsBack(FloatKind.F32, BigInteger.valueOf(r.nextInt() & 0xFFFFFFFFL));
            checkReadsBack(FloatKind.F64, new BigInteger(64, r));
            checkReadsBack(FloatKind.TF32, new BigInteger(19, r));
        }
        // f80/f128: values of moderate magnitude (exact arithmetic on huge exponents is slow)
        for (int i = 0; i < 20; i++) {
            checkReadsBack(FloatKind.F80, BigInteger.valueOf(16383 + r.nextInt(200) - 100).shiftLeft(64)
                    .or(new BigInteger(63, r)).setBit(63));
            checkReadsBack(FloatKind.F128, BigInteger.valueOf(16383 + r.nextInt(200) - 100).shiftLeft(112)
                    .or(new BigInteger(112, r)));
        }
    }

    @Test
    void literalsOfFormats() {
        assertEquals("1.000000e-03", FloatText.format(FloatKind.F32, BigInteger.valueOf(Float.floatToIntBits(1e-3f))));
        assertEquals("0.000000e+00", FloatText.format(FloatKind.F64, BigInteger.ZERO));
        assertEquals("-2.500000e+00", FloatText.format(FloatKind.F64,
                BigInteger.valueOf(Double.doubleToLongBits(-2.5)).and(BigInteger.ONE.shiftLeft(64).subtract(
                        BigInteger.ONE))));
        assertEquals("1.2345678899999999", FloatText.format(FloatKind.F64,
                BigInteger.valueOf(Double.doubleToLongBits(1.23456789))));
        assertEquals("0x7FC00000", FloatText.format(FloatKind.F32, BigInteger.valueOf(0x7FC00000L)));
    }

    @Test
    void literalsOfDoubles() {
        assertEquals("1.000000e-05", FloatText.format(1e-5));
        assertEquals("0.000000e+00", FloatText.format(0.0));
        assertEquals("-2.500000e+00", FloatText.format(-2.5));
        assertEquals("1.000000e-01", FloatText.format(0.1));
        // values that do not survive six digits: APFloat's default rendering (17 significant digits, trimmed)
        assertEquals("0.1234567", FloatText.format(0.1234567));
        assertEquals("0.10000000000000002", FloatText.format(Math.nextUp(0.1)));
        assertEquals("1.2345678901234567E+20", FloatText.format(1.2345678901234567e20));
        assertEquals("0x7FF0000000000000", FloatText.format(Double.POSITIVE_INFINITY));
        assertEquals("0x7FF8000000000000", FloatText.format(Double.NaN));
    }
}
