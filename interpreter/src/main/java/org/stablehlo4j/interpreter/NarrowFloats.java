package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;

/**
 * Rounding, encoding and decoding of the narrow IEEE-style float formats (bf16, f16, tf32, f8E3M4, f8E4M3,
 * f8E5M2: infinities, NaN as an all-ones exponent) on doubles and longs, without {@link FloatFormats}' exact
 * {@code BigDecimal} arithmetic. Every step is exact in double: scaling by a power of two and {@link Math#rint}
 * (round half to even) of a value below 2^53, so the results are those of {@link FloatFormats#fromDouble} and
 * {@link FloatFormats#toDouble} bit for bit ({@code NarrowFloatsTest} compares them). Other formats return
 * {@code false} from {@link #handles}.
 */
final class NarrowFloats {
    private NarrowFloats() {}

    /**
     * Whether {@code k} is one of the formats handled here.
     *
     * @param k a float format (null: not a float)
     * @return whether the fast paths apply
     */
    static boolean handles(FloatKind k) {
        return k != null && k.width < 32 && k.hasInf && k.signed && k.nanEncoding == FloatKind.NanEncoding.IEEE;
    }

    /** The largest finite value of {@code k} (a handled format). */
    private static double maxFinite(FloatKind k) {
        int emax = (1 << k.exponentBits) - 2 - k.bias;
        return (2 - Math.scalb(1.0, -k.mantissaBits)) * Math.scalb(1.0, emax);
    }

    private static final double[] MAX = new double[FloatKind.values().length];

    static {
        for (FloatKind k : FloatKind.values()) if (handles(k)) MAX[k.ordinal()] = maxFinite(k);
    }

    /**
     * {@code v} rounded to the nearest value of {@code k} (ties to even), overflowing to infinity; NaN stays NaN.
     *
     * @param k a handled format
     * @param v the value
     * @return the rounded value
     */
    static double round(FloatKind k, double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) return v;
        double a = Math.abs(v);
        int m = k.mantissaBits;
        int te = Math.max(Math.getExponent(a), 1 - k.bias);
        double r = Math.scalb(Math.rint(Math.scalb(a, m - te)), te - m);
        if (r > MAX[k.ordinal()]) r = Double.POSITIVE_INFINITY;
        return Math.copySign(r, v);
    }

    /**
     * The encoding of {@code v} rounded to {@code k} (as {@link FloatFormats#fromDouble} gives it, NaN as the
     * format's canonical NaN).
     *
     * @param k a handled format
     * @param v the value
     * @return the bits, in the low {@code k.width} bits
     */
    static long bits(FloatKind k, double v) {
        int m = k.mantissaBits;
        long expAll = (1L << k.exponentBits) - 1;
        if (Double.isNaN(v)) return (expAll << m) | (1L << (m - 1));
        double r = round(k, v);
        long sign = (Double.doubleToRawLongBits(r) < 0 ? 1L : 0L) << (k.width - 1);
        double a = Math.abs(r);
        if (Double.isInfinite(a)) return sign | (expAll << m);
        if (a == 0) return sign;
        int emin = 1 - k.bias;
        int e = Math.getExponent(a);
        if (e < emin) return sign | (long) Math.scalb(a, m - emin);
        return sign | ((long) (e + k.bias) << m) | ((long) Math.scalb(a, m - e) - (1L << m));
    }

    /**
     * The value of encoding {@code raw} of {@code k} (bits above the width ignored).
     *
     * @param k a handled format
     * @param raw the bits
     * @return the value
     */
    static double value(FloatKind k, long raw) {
        int m = k.mantissaBits;
        long expAll = (1L << k.exponentBits) - 1;
        long exp = (raw >>> m) & expAll;
        long man = raw & ((1L << m) - 1);
        boolean neg = ((raw >>> (k.width - 1)) & 1) != 0;
        double v;
        if (exp == expAll) {
            if (man != 0) return Double.NaN;
            v = Double.POSITIVE_INFINITY;
        } else if (exp == 0) {
            v = Math.scalb((double) man, 1 - k.bias - m);
        } else {
            v = Math.scalb((double) ((1L << m) | man), (int) exp - k.bias - m);
        }
        return neg ? -v : v;
    }
}
