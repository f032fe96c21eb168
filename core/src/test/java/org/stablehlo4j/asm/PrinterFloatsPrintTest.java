package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;

/** Properties of MLIR float literals: every non-hex literal reads back to the same bits. */
class PrinterFloatsPrintTest {
    private static void checkReadsBack(FloatKind k, BigInteger bits) {
        String s = AsmPrinter.formatFloat(k, bits);
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
}
