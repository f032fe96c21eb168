package org.stablehlo4j.ir;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Conversions between values and the raw bit patterns of every {@link FloatKind}, with IEEE round-to-nearest-even.
 *
 * <p>Formats without infinity turn overflow into NaN when they have a NaN, and saturate otherwise. Bits are
 * unsigned, at most {@link FloatKind#width} wide.
 */
public final class FloatFormats {
    private FloatFormats() {}

    /** Decimal exponents beyond this magnitude are over/underflow for every supported format. */
    private static final int MAX_DECIMAL_EXPONENT = 6000;

    private static long expMask(FloatKind k) { return (1L << k.exponentBits) - 1; }

    private static boolean narrow(FloatKind k) { return k.width <= 64 && k != FloatKind.F64; }

    private static long signBit(FloatKind k) { return k.signed ? 1L << (k.exponentBits + k.mantissaBits) : 0; }

    /** The lowest exponent field value encoding a normal number (formats without a mantissa have no subnormals). */
    private static int minNormalField(FloatKind k) { return k.mantissaBits == 0 ? 0 : 1; }

    /**
     * Whether {@code bits} encode a NaN in format {@code k}.
     *
     * @param k the format
     * @param bits the encoding
     * @return whether it is a NaN
     */
    public static boolean isNaN(FloatKind k, BigInteger bits) {
        if (k == FloatKind.F64) return Double.isNaN(Double.longBitsToDouble(bits.longValue()));
        if (!narrow(k)) return wideIsSpecial(k, bits, true);
        long b = bits.longValue();
        long exp = (b >>> k.mantissaBits) & expMask(k);
        long man = b & ((1L << k.mantissaBits) - 1);
        return switch (k.nanEncoding) {
            case IEEE -> exp == expMask(k) && man != 0;
            case ALL_ONES -> exp == expMask(k) && man == (1L << k.mantissaBits) - 1;
            case NEG_ZERO -> b == signBit(k);
            case NONE -> false;
        };
    }

    /**
     * Whether {@code bits} encode an infinity in format {@code k}.
     *
     * @param k the format
     * @param bits the encoding
     * @return whether it is an infinity
     */
    public static boolean isInf(FloatKind k, BigInteger bits) {
        if (k == FloatKind.F64) return Double.isInfinite(Double.longBitsToDouble(bits.longValue()));
        if (!narrow(k)) return wideIsSpecial(k, bits, false);
        if (!k.hasInf) return false;
        long b = bits.longValue();
        long exp = (b >>> k.mantissaBits) & expMask(k);
        long man = b & ((1L << k.mantissaBits) - 1);
        return exp == expMask(k) && man == 0;
    }

    private static boolean wideIsSpecial(FloatKind k, BigInteger bits, boolean nan) {
        BigInteger exp = bits.shiftRight(k.mantissaBits).and(BigInteger.ONE.shiftLeft(k.exponentBits).subtract(BigInteger.ONE));
        if (!exp.equals(BigInteger.ONE.shiftLeft(k.exponentBits).subtract(BigInteger.ONE))) return false;
        BigInteger man = bits.and(BigInteger.ONE.shiftLeft(k.mantissaBits).subtract(BigInteger.ONE));
        if (k == FloatKind.F80) man = man.clearBit(63); // explicit integer bit
        return nan ? man.signum() != 0 : man.signum() == 0;
    }

    /**
     * Whether the sign bit is set.
     *
     * @param k the format
     * @param bits the encoding
     * @return whether it is negative
     */
    public static boolean isNegative(FloatKind k, BigInteger bits) {
        return k.signed && bits.testBit(k.width - 1);
    }

    /**
     * The value as a double (exact for every format up to f64; f80/f128 are rounded).
     *
     * @param k the format
     * @param bits the encoding
     * @return the value
     */
    public static double toDouble(FloatKind k, BigInteger bits) {
        switch (k) {
            case F64: return Double.longBitsToDouble(bits.longValue());
            case F32: return Float.intBitsToFloat(bits.intValue());
            default: break;
        }
        if (!narrow(k)) return wideToDouble(k, bits);
        if (isNaN(k, bits)) return Double.NaN;
        long b = bits.longValue();
        boolean neg = isNegative(k, bits);
        if (isInf(k, bits)) return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        long exp = (b >>> k.mantissaBits) & expMask(k);
        long man = b & ((1L << k.mantissaBits) - 1);
        double v;
        if (exp < minNormalField(k)) {
            v = Math.scalb((double) man, 1 - k.bias - k.mantissaBits);
        } else {
            v = Math.scalb((double) ((1L << k.mantissaBits) | man), (int) exp - k.bias - k.mantissaBits);
        }
        return neg ? -v : v;
    }

    private static double wideToDouble(FloatKind k, BigInteger bits) {
        boolean neg = bits.testBit(k.width - 1);
        if (isNaN(k, bits)) return Double.NaN;
        if (isInf(k, bits)) return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        int exp = bits.shiftRight(k.mantissaBits).and(BigInteger.ONE.shiftLeft(k.exponentBits).subtract(BigInteger.ONE)).intValue();
        BigInteger man = bits.and(BigInteger.ONE.shiftLeft(k.mantissaBits).subtract(BigInteger.ONE));
        boolean explicitInt = k == FloatKind.F80;
        BigInteger sig = explicitInt || exp == 0 ? man : man.setBit(k.mantissaBits);
        int e = (exp == 0 ? 1 : exp) - k.bias - (explicitInt ? 63 : k.mantissaBits);
        int shift = Math.max(0, sig.bitLength() - 60);
        double v = Math.scalb(sig.shiftRight(shift).doubleValue(), e + shift);
        return neg ? -v : v;
    }

    /**
     * The canonical quiet NaN of the format (as MLIR/APFloat produces it), or null if it has none.
     *
     * @param k the format
     * @return the NaN's bits, or null
     */
    public static BigInteger nan(FloatKind k) {
        return switch (k.nanEncoding) {
            case IEEE -> BigInteger.valueOf(expMask(k)).shiftLeft(k.mantissaBits)
                    .or(BigInteger.ONE.shiftLeft(k.mantissaBits - 1 - (k == FloatKind.F80 ? 0 : 0)))
                    .or(k == FloatKind.F80 ? BigInteger.ONE.shiftLeft(63) : BigInteger.ZERO);
            case ALL_ONES -> BigInteger.ONE.shiftLeft(k.exponentBits + k.mantissaBits).subtract(BigInteger.ONE);
            case NEG_ZERO -> BigInteger.valueOf(signBit(k));
            case NONE -> null;
        };
    }

    /**
     * Rounds a double to the format (round to nearest, ties to even).
     *
     * @param k the format
     * @param v the value
     * @return the bits of the rounded value
     */
    public static BigInteger fromDouble(FloatKind k, double v) {
        if (k == FloatKind.F64) return BigInteger.valueOf(Double.doubleToRawLongBits(v)).and(mask(64));
        if (k == FloatKind.F32) return BigInteger.valueOf(Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL);
        if (Double.isNaN(v)) {
            BigInteger n = nan(k);
            return n != null ? n : BigInteger.ZERO;
        }
        if (Double.isInfinite(v)) return overflow(k, v < 0);
        return round(k, v < 0 || (v == 0 && 1 / v < 0), new BigDecimal(Math.abs(v)));
    }

    /**
     * Parses a decimal floating-point literal ({@code 1.5}, {@code -2e-3}, {@code inf}, {@code nan}) and rounds it
     * exactly to the nearest value of the format.
     *
     * @throws NumberFormatException if the literal is malformed
     * @param k the format
     * @param literal the literal text
     * @return the bits of the rounded value
     */
    public static BigInteger parseDecimal(FloatKind k, String literal) {
        String s = literal.trim();
        boolean neg = false;
        if (s.startsWith("-")) { neg = true; s = s.substring(1); }
        else if (s.startsWith("+")) s = s.substring(1);
        if (s.equals("inf") || s.equals("infinity")) return overflow(k, neg);
        if (s.equals("nan")) {
            BigInteger n = nan(k);
            if (n == null) throw new NumberFormatException("format has no NaN");
            return n;
        }
        BigDecimal d = new BigDecimal(s);
        if (d.signum() == 0) return zero(k, neg);
        // precision - scale - 1 is the decimal exponent of the leading digit
        long decExp = (long) d.precision() - d.scale() - 1;
        if (decExp > MAX_DECIMAL_EXPONENT) return overflow(k, neg);
        if (decExp < -MAX_DECIMAL_EXPONENT) return zero(k, neg);
        return round(k, neg, d);
    }

    private static BigInteger mask(int bits) { return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE); }

    private static BigInteger zero(FloatKind k, boolean neg) {
        if (k.mantissaBits == 0) return BigInteger.ZERO; // no zero: smallest value
        boolean signedZero = neg && k.signed && k.nanEncoding != FloatKind.NanEncoding.NEG_ZERO;
        return signedZero ? BigInteger.ONE.shiftLeft(k.width - 1) : BigInteger.ZERO;
    }

    private static BigInteger overflow(FloatKind k, boolean neg) {
        BigInteger sign = neg && k.signed ? BigInteger.ONE.shiftLeft(k.width - 1) : BigInteger.ZERO;
        if (neg && !k.signed) return nanOrZero(k);
        if (k.hasInf) {
            BigInteger inf = BigInteger.valueOf(expMask(k)).shiftLeft(k.mantissaBits);
            if (k == FloatKind.F80) inf = inf.setBit(63);
            return inf.or(sign);
        }
        if (k.nanEncoding != FloatKind.NanEncoding.NONE) return nan(k);
        return maxFinite(k).or(sign);
    }

    private static BigInteger nanOrZero(FloatKind k) {
        BigInteger n = nan(k);
        return n != null ? n : BigInteger.ZERO;
    }

    /**
     * Bits of the largest finite value.
     *
     * @param k the format
     * @return the bits
     */
    public static BigInteger maxFinite(FloatKind k) {
        BigInteger all = mask(k.exponentBits + k.mantissaBits);
        return switch (k.nanEncoding) {
            case IEEE -> BigInteger.valueOf(expMask(k) - 1).shiftLeft(k.mantissaBits).or(mask(k.mantissaBits));
            case ALL_ONES -> all.subtract(BigInteger.ONE);
            case NEG_ZERO, NONE -> all;
        };
    }

    /** Rounds the magnitude {@code a > 0} exactly (ties to even). */
    private static BigInteger round(FloatKind k, boolean neg, BigDecimal a) {
        if (a.signum() == 0) return zero(k, neg);
        if (neg && !k.signed) return nanOrZero(k);
        int m = k.mantissaBits;
        if (k == FloatKind.F80) m = 63; // explicit integer bit: 63 fraction bits
        // floor(log2(a)) estimated from the double, then corrected exactly
        double approx = a.doubleValue();
        int e;
        if (Double.isInfinite(approx)) e = 1100;
        else if (approx == 0) e = -1100;
        else e = Math.getExponent(approx) < Double.MIN_EXPONENT ? (int) Math.floor(Math.log(approx) / Math.log(2))
                : Math.getExponent(approx);
        while (compare(a, e) < 0) e--;
        while (compare(a, e + 1) >= 0) e++;
        int minExp = minNormalField(k) - k.bias;
        int te = Math.max(e, minExp);
        BigInteger n = scaleToInteger(a, m - te);
        if (n.bitLength() > m + 1) { // rounding carried into a new binade
            te++;
            n = n.shiftRight(1);
        }
        long field;
        BigInteger man;
        if (n.bitLength() <= m) {
            if (k.mantissaBits == 0) return BigInteger.ZERO; // below the smallest value of an exponent-only format
            field = 0; // subnormal (or zero)
            man = n;
            if (n.signum() == 0) return zero(k, neg);
        } else {
            field = (long) te + k.bias;
            man = k == FloatKind.F80 ? n : n.clearBit(m);
        }
        if (field > maxField(k) || (field == maxField(k) && k.nanEncoding == FloatKind.NanEncoding.ALL_ONES
                && man.equals(mask(k.mantissaBits)))) {
            return overflow(k, neg);
        }
        BigInteger bits = BigInteger.valueOf(field).shiftLeft(k.mantissaBits).or(man);
        if (neg) bits = bits.setBit(k.width - 1);
        return bits;
    }

    private static long maxField(FloatKind k) {
        return k.nanEncoding == FloatKind.NanEncoding.IEEE ? expMask(k) - 1 : expMask(k);
    }

    /** Compares a with 2^e. */
    private static int compare(BigDecimal a, int e) {
        BigDecimal p = e >= 0 ? new BigDecimal(BigInteger.ONE.shiftLeft(e))
                : BigDecimal.ONE.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-e)));
        return a.compareTo(p);
    }

    /** round_half_even(a * 2^shift). */
    private static BigInteger scaleToInteger(BigDecimal a, int shift) {
        BigDecimal scaled = shift >= 0 ? a.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(shift)))
                : a.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-shift)));
        return scaled.setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
    }
}
