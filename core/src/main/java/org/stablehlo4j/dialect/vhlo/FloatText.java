package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Formats a float value the way MLIR prints float parameters: scientific notation with six fractional digits
 * ({@code 1.000000e-03}) when that reads back to the same bits, otherwise the shortest round-tripping decimal,
 * and non-finite values as their hexadecimal bit pattern ({@code 0x7FC00000}).
 */
public final class FloatText {
    private FloatText() {}

    public static String format(FloatKind kind, BigInteger bits) {
        if (kind.width > 64 || FloatFormats.isNaN(kind, bits) || FloatFormats.isInf(kind, bits)) return hex(kind, bits);
        double v = FloatFormats.toDouble(kind, bits);
        String sci = scientific(v, 7);
        if (roundTrips(kind, sci, bits)) return sci;
        for (int digits = 8; digits <= 17; digits++) {
            String s = scientific(v, digits);
            if (roundTrips(kind, s, bits)) return s;
        }
        return hex(kind, bits);
    }

    private static boolean roundTrips(FloatKind kind, String text, BigInteger bits) {
        try {
            return FloatFormats.parseDecimal(kind, text).equals(bits);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** {@code d.ddd...e[+-]XX} with {@code significant} significant digits. */
    static String scientific(double v, int significant) {
        boolean neg = v < 0 || (v == 0 && 1 / v < 0);
        BigDecimal d = new BigDecimal(Math.abs(v));
        int exp = 0;
        String digits;
        if (d.signum() == 0) {
            digits = "0".repeat(significant);
        } else {
            BigDecimal r = d.round(new MathContext(significant, RoundingMode.HALF_EVEN));
            exp = r.precision() - r.scale() - 1;
            digits = r.unscaledValue().toString();
            while (digits.length() < significant) digits += "0";
            digits = digits.substring(0, significant);
        }
        StringBuilder sb = new StringBuilder();
        if (neg) sb.append('-');
        sb.append(digits.charAt(0)).append('.').append(digits, 1, digits.length()).append('e');
        sb.append(exp < 0 ? '-' : '+');
        int a = Math.abs(exp);
        if (a < 10) sb.append('0');
        return sb.append(a).toString();
    }

    static String hex(FloatKind kind, BigInteger bits) {
        return "0x" + bits.toString(16).toUpperCase();
    }
}
