package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The long-arithmetic float printer ({@link FastDecimal} behind {@link FloatText#append(StringBuilder,
 * FloatKind, long)}) writes exactly what the BigInteger one ({@link FloatText#appendExact}) writes:
 * every bit pattern of the 8- and 16-bit formats, and many f32/f64/tf32 patterns, random and chosen near the
 * places where the two could differ (short decimals, halfway cases, subnormals, extreme exponents).
 */
class FastDecimalTest {
    private static void same(FloatKind k, long bits) {
        StringBuilder fast = new StringBuilder("x");
        boolean fastHex = FloatText.append(fast, k, bits);
        StringBuilder exact = new StringBuilder("x");
        BigInteger b = BigInteger.valueOf(bits);
        if (bits < 0) b = b.add(BigInteger.ONE.shiftLeft(64));
        boolean exactHex = FloatText.appendExact(exact, k, b);
        assertEquals(exact.toString(), fast.toString(), k + " 0x" + Long.toHexString(bits));
        assertEquals(exactHex, fastHex, k + " 0x" + Long.toHexString(bits));
    }

    /** A form derived from the other (one exact conversion per value) has the digits of one computed anew. */
    private static void derivedSame(FloatKind k, long bits) {
        for (int[] p : new int[][] {{0, 6}, {6, 0}}) {
            FastDecimal from = new FastDecimal(k, bits, p[0]);
            FastDecimal derived = new FastDecimal(from, p[1]);
            FastDecimal direct = new FastDecimal(k, bits, p[1]);
            assertEquals(direct.valid(), derived.valid(), k + " 0x" + Long.toHexString(bits));
            if (!direct.valid()) continue;
            for (int padding : new int[] {0, 3}) {
                StringBuilder a = new StringBuilder();
                StringBuilder b = new StringBuilder();
                direct.append(a, padding, padding != 0);
                derived.append(b, padding, padding != 0);
                assertEquals(a.toString(), b.toString(), k + " 0x" + Long.toHexString(bits) + " " + p[0] + "->" + p[1]);
            }
        }
    }

    @Test
    void derivedFormsMatchDirectOnes() {
        for (FloatKind k : FloatKind.values()) {
            if (k.width > 16) continue;
            for (long b = 0; b < 1L << k.width; b++) {
                if (!FastDecimal.isNaN(k, b) && !FastDecimal.isInf(k, b)) derivedSame(k, b);
            }
        }
        Random r = new Random(5);
        for (int i = 0; i < 40_000; i++) {
            long f = r.nextInt() & 0xFFFFFFFFL;
            if (!FastDecimal.isNaN(FloatKind.F32, f) && !FastDecimal.isInf(FloatKind.F32, f)) derivedSame(FloatKind.F32, f);
            long d = r.nextLong();
            if (!FastDecimal.isNaN(FloatKind.F64, d) && !FastDecimal.isInf(FloatKind.F64, d)) derivedSame(FloatKind.F64, d);
        }
    }

    @Test
    void everyPatternOfTheSmallFormats() {
        for (FloatKind k : FloatKind.values()) {
            if (k.width > 16) continue;
            for (long b = 0; b < 1L << k.width; b++) same(k, b);
        }
    }

    @Test
    void randomPatterns() {
        Random r = new Random(7);
        for (int i = 0; i < 40_000; i++) {
            same(FloatKind.F32, r.nextInt() & 0xFFFFFFFFL);
            same(FloatKind.F64, r.nextLong());
            same(FloatKind.TF32, r.nextInt() & ((1 << 19) - 1));
        }
    }

    @Test
    void everyExponentWithEdgeSignificands() {
        long[] f32Men = {0, 1, 2, 3, 0x7FFFFF, 0x400000, 0x3FFFFF, 0x555555, 0x2AAAAA};
        for (int e = 0; e < 256; e++) {
            for (long m : f32Men) {
                same(FloatKind.F32, ((long) e << 23) | m);
                same(FloatKind.F32, 0x80000000L | ((long) e << 23) | m);
            }
        }
        long[] f64Men = {0, 1, 2, 3, (1L << 52) - 1, 1L << 51, (1L << 51) - 1, 0x5555555555555L, 0xAAAAAAAAAAAAAL};
        for (int e = 0; e < 2048; e++) {
            for (long m : f64Men) {
                same(FloatKind.F64, ((long) e << 52) | m);
                same(FloatKind.F64, Long.MIN_VALUE | ((long) e << 52) | m);
            }
        }
    }

    @Test
    void shortDecimalsAndTheirNeighbours() {
        Random r = new Random(11);
        for (int i = 0; i < 25_000; i++) {
            // decimals of up to 7 digits across the exponent range: the six-digit form often reads back exactly
            long digits = r.nextInt(10_000_000);
            int exp = r.nextInt(90) - 50;
            BigDecimal v = new BigDecimal(BigInteger.valueOf(digits), -exp);
            float f = v.floatValue();
            int fb = Float.floatToRawIntBits(f);
            for (int d = -1; d <= 1; d++) same(FloatKind.F32, (fb + d) & 0xFFFFFFFFL);
            double g = v.doubleValue();
            long gb = Double.doubleToRawLongBits(g);
            for (int d = -1; d <= 1; d++) same(FloatKind.F64, gb + d);
        }
    }

    @Test
    void sixDigitTextsThatAreFloatMidpoints() {
        // m * 10^k exactly halfway between two floats (e.g. 500002000 between 500001984 and 500002016): the
        // double of the text is a float midpoint, where rounding through double could differ from the text's
        int midpoints = 0;
        for (int k = 1; k <= 8; k++) {
            long p = (long) Math.pow(10, k);
            for (long m = 100_000; m < 1_000_000; m += (k < 4 ? 1 : 7)) {
                long d = m * p;
                float f = (float) d;
                long fb = Float.floatToRawIntBits(f);
                double other = Math.nextUp(f);
                if (((double) f + other) / 2 != d && ((double) f + Math.nextDown(f)) / 2 != d) continue;
                midpoints++;
                for (int i = -1; i <= 1; i++) same(FloatKind.F32, fb + i);
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(midpoints > 100, "midpoint cases found: " + midpoints);
    }
}
