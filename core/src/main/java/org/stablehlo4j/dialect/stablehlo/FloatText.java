package org.stablehlo4j.dialect.stablehlo;

import java.math.BigInteger;

/**
 * A double printed the way MLIR's printer prints an f64 value: {@code 1.000000e-05} (six-digit scientific) when
 * that reads back to the same value, otherwise the shortest of APFloat's default renderings (17 significant
 * digits, trailing zeros dropped), otherwise the raw bits in hex.
 */
final class FloatText {
    private FloatText() {}

    static String format(double v) {
        if (!Double.isNaN(v) && !Double.isInfinite(v)) {
            String sci = render(v, 6, 0, false);
            if (Double.doubleToRawLongBits(Double.parseDouble(sci)) == Double.doubleToRawLongBits(v)) return sci;
            String plain = render(v, 0, 3, true);
            if (plain.indexOf('.') >= 0) return plain;
        }
        return "0x" + String.format("%016X", Double.doubleToRawLongBits(v));
    }

    /**
     * APFloat's decimal rendering of a finite double with the given precision (0 = enough to round-trip),
     * maximum zero padding before switching to scientific notation, and trailing-zero truncation.
     */
    static String render(double v, int precision, int maxPadding, boolean truncateZero) {
        StringBuilder out = new StringBuilder();
        long bits = Double.doubleToRawLongBits(v);
        if (bits < 0) out.append('-');
        int rawExp = (int) ((bits >>> 52) & 0x7FF);
        long mantissa = bits & ((1L << 52) - 1);
        if (rawExp == 0 && mantissa == 0) {
            if (maxPadding != 0) return out.append('0').toString();
            if (truncateZero) return out.append("0.0E+0").toString();
            out.append("0.0");
            for (int i = 1; i < precision; i++) out.append('0');
            return out.append("e+00").toString();
        }
        BigInteger sig = BigInteger.valueOf(rawExp == 0 ? mantissa : mantissa | (1L << 52));
        int exp = (rawExp == 0 ? -1022 : rawExp - 1023) - 52;
        if (precision == 0) precision = 2 + 53 * 59 / 196;
        int tz = sig.getLowestSetBit();
        exp += tz;
        sig = sig.shiftRight(tz);
        if (exp > 0) {
            sig = sig.shiftLeft(exp);
            exp = 0;
        } else if (exp < 0) {
            sig = sig.multiply(BigInteger.valueOf(5).pow(-exp));
        }
        // Drop decimal digits well beyond the requested precision (truncating, as APFloat does).
        int bitsRequired = (precision * 196 + 58) / 59;
        int have = sig.bitLength();
        if (have > bitsRequired) {
            int tens = (have - bitsRequired) * 59 / 196;
            if (tens > 0) {
                exp += tens;
                sig = sig.divide(BigInteger.TEN.pow(tens));
            }
        }
        String digits = sig.toString();
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') end--;
        exp += digits.length() - end;
        digits = digits.substring(0, end);
        // Round half up to the requested number of significant digits.
        if (digits.length() > precision) {
            int drop = digits.length() - precision;
            boolean up = digits.charAt(precision) >= '5';
            String kept = digits.substring(0, precision);
            exp += drop;
            if (up) {
                BigInteger k = new BigInteger(kept).add(BigInteger.ONE);
                kept = k.toString();
                if (kept.length() > precision) {
                    kept = kept.substring(0, precision);
                    exp++;
                }
            }
            int e2 = kept.length();
            while (e2 > 1 && kept.charAt(e2 - 1) == '0') e2--;
            exp += kept.length() - e2;
            digits = kept.substring(0, e2);
        }
        int n = digits.length();
        boolean scientific;
        if (maxPadding == 0) {
            scientific = true;
        } else if (exp >= 0) {
            scientific = exp > maxPadding || n + exp > precision;
        } else {
            int msd = exp + n - 1;
            scientific = msd < 0 && -msd > maxPadding;
        }
        if (scientific) {
            int e = exp + n - 1;
            out.append(digits.charAt(0)).append('.');
            if (n == 1 && truncateZero) out.append('0');
            else out.append(digits, 1, n);
            if (!truncateZero) for (int i = n - 1; i < precision; i++) out.append('0');
            out.append(truncateZero ? 'E' : 'e').append(e >= 0 ? '+' : '-');
            String es = Integer.toString(Math.abs(e));
            if (!truncateZero && es.length() < 2) out.append('0');
            return out.append(es).toString();
        }
        if (exp >= 0) {
            out.append(digits);
            for (int i = 0; i < exp; i++) out.append('0');
            return out.toString();
        }
        int whole = exp + n;
        if (whole > 0) {
            out.append(digits, 0, whole).append('.').append(digits, whole, n);
        } else {
            out.append("0.");
            for (int i = 0; i < -whole; i++) out.append('0');
            out.append(digits);
        }
        return out.toString();
    }
}
