package org.stablehlo4j.ir;

import java.math.BigInteger;

/**
 * Float values as text, exactly as MLIR prints them ({@code printFloatValue}): in six-digit scientific notation
 * ({@code 1.000000e+00}) when that text reads back to the same bits, otherwise in the shortest "round-trip"
 * decimal form of LLVM's APFloat ({@code 1.537725862903607E-5}), and NaN, infinity or anything else that would
 * not survive as hexadecimal bits ({@code 0x7FC00000}). The one place that knows these rules: the printer writes
 * float attributes and dense elements with them, dialects the float parameters of their attributes and types.
 */
public final class FloatText {
    private FloatText() {}

    /**
     * The literal of a value of a float format.
     *
     * @param kind the float format
     * @param bits the value's encoding (unsigned, at most {@code kind.width} bits)
     * @return the literal, such as {@code 1.000000e+00}, {@code 0.33333333333333331} or {@code 0x7FC00000}
     */
    public static String format(FloatKind kind, BigInteger bits) {
        StringBuilder sb = new StringBuilder();
        append(sb, kind, bits);
        return sb.toString();
    }

    /**
     * The literal of a double as an f64 value (how MLIR prints f64 parameters such as quantization scales).
     *
     * @param value the value
     * @return the literal, such as {@code 1.000000e-05} or {@code 0x7FF8000000000000}
     */
    public static String format(double value) {
        StringBuilder sb = new StringBuilder();
        append(sb, FloatKind.F64, Double.doubleToRawLongBits(value));
        return sb.toString();
    }

    /** Number of significand bits including the leading one (APFloat's "precision"). */
    static int precision(FloatKind k) {
        return k == FloatKind.F80 ? 64 : k.mantissaBits + 1;
    }

    /**
     * Appends the literal of a value of a float format.
     *
     * @param out where the literal goes
     * @param k the float format
     * @param bits the value's encoding (unsigned, at most {@code k.width} bits)
     * @return true if it was written as hexadecimal bits
     */
    public static boolean append(StringBuilder out, FloatKind k, BigInteger bits) {
        if (k.width <= 64 && bits.signum() >= 0 && bits.bitLength() <= k.width) {
            return append(out, k, bits.longValue());
        }
        return appendExact(out, k, bits);
    }

    /**
     * Appends the literal of a value of a format of at most 64 bits given as a long: the same text as
     * {@link #append(StringBuilder, FloatKind, BigInteger)} without a BigInteger (the decimal digits are worked
     * out on longs), for printing many elements.
     *
     * @param out where the literal goes
     * @param k the float format, at most 64 bits wide
     * @param bits the value's encoding in the {@code k.width} low bits (the others zero)
     * @return true if it was written as hexadecimal bits
     */
    public static boolean append(StringBuilder out, FloatKind k, long bits) {
        if (!FastDecimal.isNaN(k, bits) && !FastDecimal.isInf(k, bits)) {
            // one exact conversion: the form with more digits first, the other one derived from it
            boolean roundTripFirst = FastDecimal.roundTripDigits(k) >= 6;
            FastDecimal first = new FastDecimal(k, bits, roundTripFirst ? 0 : 6);
            FastDecimal d = roundTripFirst ? new FastDecimal(first, 6) : first;
            if (!d.valid()) return appendExact(out, k, BigInteger.valueOf(bits).and(WIDTH64));
            int start = out.length();
            int quick = d.readsBackQuick(); // the six-digit text is only written when it may be the answer
            if (quick != 0) {
                d.append(out, 0, false);
                if (quick == 1 || d.readsBack(out, start)) return false;
                out.setLength(start);
            }
            d = roundTripFirst ? first : new FastDecimal(first, 0);
            if (!d.valid()) return appendExact(out, k, BigInteger.valueOf(bits).and(WIDTH64));
            d.append(out, 3, true);
            if (out.indexOf(".", start) >= 0) return false;
            out.setLength(start);
        }
        out.append("0x").append(Long.toHexString(bits).toUpperCase());
        return true;
    }

    /** {@link #append} on arbitrary-precision arithmetic, for formats wider than 64 bits (and for tests). */
    static boolean appendExact(StringBuilder out, FloatKind k, BigInteger bits) {
        if (!FloatFormats.isNaN(k, bits) && !FloatFormats.isInf(k, bits)) {
            String sci = toDecimal(k, bits, 6, 0, false);
            if (readsBack(k, sci, bits)) {
                out.append(sci);
                return false;
            }
            String shortest = toDecimal(k, bits, 0, 3, true);
            if (shortest.indexOf('.') >= 0) {
                out.append(shortest);
                return false;
            }
        }
        out.append("0x").append(bits.toString(16).toUpperCase());
        return true;
    }

    /** Whether the decimal text rounds (to nearest even) to exactly {@code bits}. */
    static boolean readsBack(FloatKind k, String text, BigInteger bits) {
        // Zero always reads back; f32/f64 use the JDK's correctly rounded parsers, the rest exact arithmetic.
        if (!bits.testBit(k.width - 1) && bits.signum() == 0) return true;
        if (k == FloatKind.F64) return Double.doubleToRawLongBits(Double.parseDouble(text)) == bits.longValue();
        if (k == FloatKind.F32) return (Float.floatToRawIntBits(Float.parseFloat(text)) & 0xFFFFFFFFL) == bits.longValue();
        return FloatFormats.parseDecimal(k, text).equals(bits);
    }

    private static final BigInteger WIDTH64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final BigInteger[] POW5 = new BigInteger[1200];
    private static final BigInteger[] POW10 = new BigInteger[1200];

    /** Cached powers (BigInteger is immutable, so racing fills are harmless). */
    private static BigInteger pow(BigInteger[] cache, int base, int e) {
        if (e >= cache.length) return BigInteger.valueOf(base).pow(e);
        BigInteger p = cache[e];
        if (p == null) {
            p = BigInteger.valueOf(base).pow(e);
            cache[e] = p;
        }
        return p;
    }

    /**
     * Decimal text of a finite value with APFloat's toString parameters: {@code maxDigits} significant digits
     * (0 = enough to round-trip, derived from the format's precision), {@code maxPadding} zeros allowed before
     * switching to scientific notation (0 = always scientific), and whether trailing zeros are dropped.
     */
    static String toDecimal(FloatKind k, BigInteger bits, int maxDigits, int maxPadding, boolean truncateZero) {
        StringBuilder sb = new StringBuilder();
        boolean negative = FloatFormats.isNegative(k, bits);
        // Decompose into significand * 2^exp.
        int mb = k.mantissaBits;
        BigInteger fieldMask = BigInteger.ONE.shiftLeft(k.exponentBits).subtract(BigInteger.ONE);
        int expField = bits.shiftRight(mb).and(fieldMask).intValue();
        BigInteger man = bits.and(BigInteger.ONE.shiftLeft(mb).subtract(BigInteger.ONE));
        BigInteger significand;
        int exp;
        boolean hasSubnormals = mb > 0;
        if (k == FloatKind.F80) {
            significand = man; // explicit integer bit
            exp = (expField == 0 ? 1 : expField) - k.bias - 63;
        } else if (expField == 0 && hasSubnormals) {
            significand = man;
            exp = 1 - k.bias - mb;
        } else {
            significand = man.setBit(mb);
            exp = expField - k.bias - mb;
        }
        if (significand.signum() == 0) {
            if (negative) sb.append('-');
            if (maxPadding == 0) {
                if (truncateZero) {
                    sb.append("0.0E+0");
                } else {
                    sb.append("0.0");
                    if (maxDigits > 1) sb.append("0".repeat(maxDigits - 1));
                    sb.append("e+00");
                }
            } else {
                sb.append('0');
            }
            return sb.toString();
        }
        if (negative) sb.append('-');
        int precisionDigits = maxDigits;
        if (precisionDigits == 0) precisionDigits = 2 + precision(k) * 59 / 196;

        int tz = significand.getLowestSetBit();
        exp += tz;
        significand = significand.shiftRight(tz);
        int[] e = {0};
        if (exp >= 0) {
            significand = dropBinaryExcess(significand.shiftLeft(exp), e, precisionDigits);
        } else {
            // sig * 2^-t == sig * 5^t * 10^-t; dropping R decimal digits of sig * 5^t is, for R <= t,
            // floor(sig * 5^(t-R) / 2^R): a multiply and a shift instead of a long division.
            int t = -exp;
            BigInteger sig = significand;
            BigInteger p5 = pow(POW5, 5, t);
            // The product has bl(sig)+bl(5^t) or one bit less; only multiply when that changes the count.
            int maxBits = sig.bitLength() + p5.bitLength();
            int removable = tensRemovable(maxBits, precisionDigits);
            BigInteger full = null;
            if (removable != tensRemovable(maxBits - 1, precisionDigits)) {
                full = sig.multiply(p5);
                removable = tensRemovable(full.bitLength(), precisionDigits);
            }
            if (removable > 0 && removable <= t) {
                significand = sig.multiply(pow(POW5, 5, t - removable)).shiftRight(removable);
                e[0] = -t + removable;
            } else {
                e[0] = -t;
                significand = dropBinaryExcess(full != null ? full : sig.multiply(p5), e, precisionDigits);
            }
        }

        // Digits, least significant first, without trailing zeros.
        String dec = significand.toString();
        int end = dec.length();
        while (end > 1 && dec.charAt(end - 1) == '0') {
            end--;
            e[0]++;
        }
        StringBuilder digits = new StringBuilder(dec.substring(0, end)); // most significant first
        roundDigits(digits, e, precisionDigits);
        int n = digits.length();
        exp = e[0];

        if (scientific(n, exp, maxPadding, precisionDigits)) {
            exp += n - 1;
            sb.append(digits.charAt(0)).append('.');
            if (n == 1 && truncateZero) sb.append('0');
            else sb.append(digits, 1, n);
            if (!truncateZero && precisionDigits > n - 1) sb.append("0".repeat(precisionDigits - n + 1));
            sb.append(truncateZero ? 'E' : 'e').append(exp >= 0 ? '+' : '-');
            String es = Integer.toString(Math.abs(exp));
            if (!truncateZero && es.length() < 2) sb.append('0');
            sb.append(es);
            return sb.toString();
        }
        if (exp >= 0) {
            sb.append(digits);
            sb.append("0".repeat(exp));
            return sb.toString();
        }
        int whole = exp + n;
        if (whole > 0) {
            sb.append(digits, 0, whole).append('.').append(digits, whole, n);
        } else {
            sb.append("0.").append("0".repeat(-whole)).append(digits);
        }
        return sb.toString();
    }

    /**
     * APFloat's choice of scientific notation for {@code n} digits times {@code 10^exp}: always without padding,
     * else when more than {@code maxPadding} zeros would be needed or the digits exceed the precision.
     */
    static boolean scientific(int n, int exp, int maxPadding, int precisionDigits) {
        if (maxPadding == 0) return true;
        if (exp >= 0) return exp > maxPadding || n + exp > precisionDigits;
        int msd = exp + n - 1;
        return msd < 0 && -msd > maxPadding;
    }

    /** Divides away decimal digits that exceed the requested precision by a wide margin (truncating). */
    private static BigInteger dropBinaryExcess(BigInteger significand, int[] exp, int precisionDigits) {
        int tensRemovable = tensRemovable(significand.bitLength(), precisionDigits);
        if (tensRemovable == 0) return significand;
        exp[0] += tensRemovable;
        return significand.divide(pow(POW10, 10, tensRemovable));
    }

    /** How many low decimal digits of a {@code bits}-bit integer APFloat drops before rounding (lg 10 ~ 196/59). */
    static int tensRemovable(int bits, int precisionDigits) {
        int bitsRequired = (precisionDigits * 196 + 58) / 59;
        return bits <= bitsRequired ? 0 : (bits - bitsRequired) * 59 / 196;
    }

    /** Rounds the digit string (most significant first) half-up to {@code precisionDigits} digits. */
    private static void roundDigits(StringBuilder digits, int[] exp, int precisionDigits) {
        int n = digits.length();
        if (n <= precisionDigits) return;
        int drop = n - precisionDigits; // number of least significant digits removed
        boolean up = digits.charAt(precisionDigits) >= '5';
        digits.setLength(precisionDigits);
        exp[0] += drop;
        if (up) {
            int i = digits.length() - 1;
            while (i >= 0 && digits.charAt(i) == '9') i--;
            if (i < 0) {
                exp[0] += digits.length();
                digits.setLength(0);
                digits.append('1');
                return;
            }
            digits.setCharAt(i, (char) (digits.charAt(i) + 1));
            exp[0] += digits.length() - 1 - i;
            digits.setLength(i + 1);
            return;
        }
        // Rounding down: drop the trailing zeros the truncation exposed.
        int len = digits.length();
        while (len > 1 && digits.charAt(len - 1) == '0') len--;
        exp[0] += digits.length() - len;
        digits.setLength(len);
    }
}
