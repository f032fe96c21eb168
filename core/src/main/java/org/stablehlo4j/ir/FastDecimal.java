package org.stablehlo4j.ir;

import java.math.BigInteger;

/**
 * The decimal digits APFloat's {@code toString} prints for a float of at most 64 bits, on longs: the same
 * arithmetic as {@link FloatText#toDecimal} (exact value, low digits truncated by APFloat's bit-count
 * heuristic, trailing zeros dropped, then rounded half-up to the requested digits) without BigInteger.
 * Values whose exact decimal expansion fits in 63 bits use one multiply and one division; the rest use a small
 * array of 32-bit limbs. {@link #readsBack} decides whether the six-digit form reads back to the same bits with
 * a correctly rounded double operation when that is exact, else with the JDK's parser.
 */
final class FastDecimal {
    private static final long MASK32 = 0xFFFFFFFFL;
    /** 5^13, the largest power of five below 2^31 (so a limb times it plus a carry stays below 2^63). */
    private static final int FIVE_13 = 1220703125;
    private static final long[] POW10 = new long[19];
    private static final long[] POW5 = new long[28];
    private static final double[] POW10D = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) POW10[i] = POW10[i - 1] * 10;
        POW5[0] = 1;
        for (int i = 1; i < POW5.length; i++) POW5[i] = POW5[i - 1] * 5;
        for (int i = 0; i < POW10D.length; i++) POW10D[i] = Double.parseDouble("1e" + i);
    }

    private final FloatKind kind;
    private final long bits;
    private final boolean negative;
    /** Requested significant digits (APFloat's FormatPrecision, or the format's round-trip count for 0). */
    private final int precisionDigits;
    private final int maxDigits;
    private boolean zero;
    private boolean valid = true;
    /** The value is {@code digits * 10^exp}; {@code count} digits, no trailing zeros. */
    private long digits;
    private int count;
    private int exp;
    /** Bits of the exact value's integer (the significand times a power of two or five) before truncation. */
    private int exactBits;
    /** Decimal digits truncated away from that integer (APFloat's heuristic), before the rounding. */
    private int truncated;
    /** The truncated integer and its exponent, before trailing zeros are dropped and the digits rounded. */
    private long truncatedDigits;
    private int truncatedExp;

    FastDecimal(FloatKind k, long bits, int maxDigits) {
        this(k, bits, maxDigits, null);
    }

    /**
     * The same value for {@code maxDigits} worked out from {@code finer}, computed for a precision at least as
     * high: APFloat truncates more digits for fewer requested ones, and dropping {@code t} digits and then
     * {@code u} more is dropping {@code t + u}, so only a division remains (the same digits as computing anew).
     */
    FastDecimal(FastDecimal finer, int maxDigits) {
        this(finer.kind, finer.bits, maxDigits, finer);
    }

    /** Significant digits APFloat prints for a round trip of format {@code k} ({@code FormatPrecision} 0). */
    static int roundTripDigits(FloatKind k) {
        return 2 + FloatText.precision(k) * 59 / 196;
    }

    private FastDecimal(FloatKind k, long bits, int maxDigits, FastDecimal finer) {
        this.kind = k;
        this.bits = bits;
        this.negative = k.signed && ((bits >>> (k.width - 1)) & 1) != 0;
        this.maxDigits = maxDigits;
        this.precisionDigits = maxDigits == 0 ? roundTripDigits(k) : maxDigits;
        int mb = k.mantissaBits;
        int expField = (int) ((bits >>> mb) & ((1L << k.exponentBits) - 1));
        long man = bits & ((1L << mb) - 1);
        long sig;
        int e2;
        if (expField == 0 && mb > 0) {
            sig = man;
            e2 = 1 - k.bias - mb;
        } else {
            sig = man | (1L << mb);
            e2 = expField - k.bias - mb;
        }
        if (sig == 0) {
            zero = true;
            return;
        }
        int tz = Long.numberOfTrailingZeros(sig);
        sig >>>= tz;
        e2 += tz;
        int more = finer == null || !finer.valid ? -1
                : FloatText.tensRemovable(finer.exactBits, precisionDigits) - finer.truncated;
        if (more >= 0 && more < POW10.length) {
            exactBits = finer.exactBits;
            truncated = finer.truncated + more;
            truncatedDigits = finer.truncatedDigits / POW10[more];
            truncatedExp = finer.truncatedExp + more;
        } else {
            decimal(sig, e2);
            if (!valid) return;
        }
        digits = truncatedDigits;
        exp = truncatedExp;
        while (digits >= 10 && digits % 10 == 0) {
            digits /= 10;
            exp++;
        }
        count = digitCount(digits);
        if (count > precisionDigits) {
            int drop = count - precisionDigits;
            long below = POW10[drop - 1];
            boolean up = (digits / below) % 10 >= 5;
            digits = digits / below / 10;
            exp += drop;
            if (up) digits++;
            while (digits >= 10 && digits % 10 == 0) {
                digits /= 10;
                exp++;
            }
            count = digitCount(digits);
        }
    }

    /** Sets {@link #truncatedDigits}/{@link #truncatedExp} to the exact {@code sig * 2^e2} with APFloat's excess digits truncated. */
    private void decimal(long sig, int e2) {
        int sigBits = 64 - Long.numberOfLeadingZeros(sig);
        if (e2 >= 0 && sigBits + e2 <= 63) {
            long n = sig << e2;
            exactBits = sigBits + e2;
            int r = FloatText.tensRemovable(exactBits, precisionDigits);
            truncated = r;
            truncatedDigits = n / POW10[r];
            truncatedExp = r;
            return;
        }
        if (e2 < 0 && -e2 < POW5.length && Math.multiplyHigh(sig, POW5[-e2]) == 0 && sig * POW5[-e2] > 0) {
            long n = sig * POW5[-e2];
            exactBits = 64 - Long.numberOfLeadingZeros(n);
            int r = FloatText.tensRemovable(exactBits, precisionDigits);
            truncated = r;
            truncatedDigits = n / POW10[r];
            truncatedExp = r + e2;
            return;
        }
        // Limbs, least significant first: sig * 2^e2 (e2 >= 0) or sig * 5^-e2 (then scaled by 10^e2).
        int t = -e2;
        int capBits = 64 + (e2 >= 0 ? e2 : (t * 5 + 1) / 2);
        int[] a = new int[capBits / 32 + 3];
        int len;
        if (e2 >= 0) {
            int words = e2 >>> 5;
            int shift = e2 & 31;
            long lo = sig << shift;
            long hi = shift == 0 ? 0 : sig >>> (64 - shift);
            a[words] = (int) lo;
            a[words + 1] = (int) (lo >>> 32);
            a[words + 2] = (int) hi;
            len = words + 3;
        } else {
            a[0] = (int) sig;
            a[1] = (int) (sig >>> 32);
            len = 2;
            for (; t >= 13; t -= 13) len = multiply(a, len, FIVE_13);
            if (t > 0) len = multiply(a, len, (int) POW5[t]);
        }
        len = trim(a, len);
        int bitLength = 32 * (len - 1) + 32 - Integer.numberOfLeadingZeros(a[len - 1]);
        int r = FloatText.tensRemovable(bitLength, precisionDigits);
        exactBits = bitLength;
        truncated = r;
        truncatedExp = r + Math.min(e2, 0);
        for (; r >= 9; r -= 9) len = divide(a, len, 1_000_000_000);
        if (r > 0) len = divide(a, len, (int) POW10[r]);
        if (len > 2 || a[1] < 0) {
            valid = false; // not expected for any format up to 64 bits; the caller then uses the exact path
            return;
        }
        truncatedDigits = (a[0] & MASK32) | (len > 1 ? (a[1] & MASK32) << 32 : 0);
    }

    /** a *= m (m below 2^31); returns the new length (the array is large enough). */
    private static int multiply(int[] a, int len, int m) {
        long carry = 0;
        for (int i = 0; i < len; i++) {
            long p = (a[i] & MASK32) * m + carry;
            a[i] = (int) p;
            carry = p >>> 32;
        }
        if (carry != 0) a[len++] = (int) carry;
        return len;
    }

    /** a = floor(a / d) (d below 2^31); returns the new length. */
    private static int divide(int[] a, int len, int d) {
        long rem = 0;
        for (int i = len - 1; i >= 0; i--) {
            long cur = (rem << 32) | (a[i] & MASK32);
            a[i] = (int) (cur / d);
            rem = cur % d;
        }
        return trim(a, len);
    }

    private static int trim(int[] a, int len) {
        while (len > 1 && a[len - 1] == 0) len--;
        return len;
    }

    /** Decimal digits of {@code v >= 0} (1 for 0): from its bit length (1233 / 4096 is just above log10(2)). */
    private static int digitCount(long v) {
        int t = (64 - Long.numberOfLeadingZeros(v)) * 1233 >>> 12;
        return Math.max(1, v >= POW10[t] ? t + 1 : t);
    }

    /** Whether the digits were found (always, for the formats this handles); otherwise use the exact path. */
    boolean valid() {
        return valid;
    }

    /** Appends the text as {@link FloatText#toDecimal} writes it with these padding and zero rules. */
    void append(StringBuilder sb, int maxPadding, boolean truncateZero) {
        char[] c = new char[96]; // sign, at most 19 digits, point, padding zeros, exponent
        int k = 0;
        if (negative) c[k++] = '-';
        if (zero) {
            if (maxPadding == 0) {
                if (truncateZero) {
                    k = put(c, k, "0.0E+0");
                } else {
                    k = put(c, k, "0.0");
                    for (int i = 1; i < maxDigits; i++) c[k++] = '0';
                    k = put(c, k, "e+00");
                }
            } else {
                c[k++] = '0';
            }
            sb.append(c, 0, k);
            return;
        }
        int n = count;
        char[] d = new char[n];
        long v = digits;
        for (int i = n - 1; i >= 0 && v > Integer.MAX_VALUE; i--) {
            d[i] = (char) ('0' + v % 10);
            v /= 10;
            n = i; // digits left for the int loop
        }
        // the rest on ints (a 32-bit division by a constant is a multiply)
        for (int i = n - 1, w = (int) v; i >= 0; i--) {
            int q = w / 10;
            d[i] = (char) ('0' + w - q * 10);
            w = q;
        }
        n = count;
        if (FloatText.scientific(n, exp, maxPadding, precisionDigits)) {
            int e10 = exp + n - 1;
            c[k++] = d[0];
            c[k++] = '.';
            if (n == 1 && truncateZero) c[k++] = '0';
            else for (int i = 1; i < n; i++) c[k++] = d[i];
            if (!truncateZero) for (int i = n; i <= precisionDigits; i++) c[k++] = '0';
            c[k++] = truncateZero ? 'E' : 'e';
            c[k++] = e10 >= 0 ? '+' : '-';
            int abs = Math.abs(e10);
            if (!truncateZero && abs < 10) c[k++] = '0';
            sb.append(c, 0, k).append(abs);
            return;
        }
        if (exp >= 0) {
            for (int i = 0; i < n; i++) c[k++] = d[i];
            for (int i = 0; i < exp; i++) c[k++] = '0';
        } else {
            int whole = exp + n;
            if (whole > 0) {
                for (int i = 0; i < whole; i++) c[k++] = d[i];
                c[k++] = '.';
                for (int i = whole; i < n; i++) c[k++] = d[i];
            } else {
                c[k++] = '0';
                c[k++] = '.';
                for (int i = whole; i < 0; i++) c[k++] = '0';
                for (int i = 0; i < n; i++) c[k++] = d[i];
            }
        }
        sb.append(c, 0, k);
    }

    private static int put(char[] c, int k, String s) {
        s.getChars(0, s.length(), c, k);
        return k + s.length();
    }

    /**
     * Whether the text this value was appended as (from {@code start} in {@code sb}) reads back, rounded to
     * nearest even, to exactly its bits.
     */
    boolean readsBack(StringBuilder sb, int start) {
        int quick = readsBackQuick();
        if (quick >= 0) return quick == 1;
        return FloatText.readsBack(kind, sb.substring(start), BigInteger.valueOf(bits & widthMask(kind)));
    }

    /**
     * {@link #readsBack} decided on the digits alone, before any text is written: 1 when the text reads back, 0
     * when it does not, -1 when only the text can tell.
     */
    int readsBackQuick() {
        if (kind == FloatKind.F64 || kind == FloatKind.F32) {
            if (zero) return 1;
            if (exp >= -22 && exp <= 22) {
                // digits < 2^53 and 10^|exp| are exact doubles, so one operation is correctly rounded
                double d = exp >= 0 ? digits * POW10D[exp] : digits / POW10D[-exp];
                if (kind == FloatKind.F64) return Double.doubleToRawLongBits(d) == (bits & Long.MAX_VALUE) ? 1 : 0;
                float f = (float) d;
                if (!Float.isInfinite(f) && (double) f != d) {
                    float other = d > f ? Math.nextUp(f) : Math.nextDown(f);
                    // only a double exactly halfway between two floats can round differently from the text
                    if (Float.isInfinite(other) || ((double) f + (double) other) * 0.5 == d) f = Float.NaN;
                }
                if (!Float.isNaN(f) && !Float.isInfinite(f)) {
                    return Float.floatToRawIntBits(f) == (int) (bits & 0x7FFFFFFFL) ? 1 : 0;
                }
            }
        }
        return -1;
    }

    private static long widthMask(FloatKind k) {
        return k.width == 64 ? -1L : (1L << k.width) - 1;
    }

    /** NaN in format {@code k} (as {@link org.stablehlo4j.ir.FloatFormats#isNaN}, on a long). */
    static boolean isNaN(FloatKind k, long b) {
        if (k == FloatKind.F64) return Double.isNaN(Double.longBitsToDouble(b));
        long expMask = (1L << k.exponentBits) - 1;
        long e = (b >>> k.mantissaBits) & expMask;
        long man = b & ((1L << k.mantissaBits) - 1);
        return switch (k.nanEncoding) {
            case IEEE -> e == expMask && man != 0;
            case ALL_ONES -> e == expMask && man == (1L << k.mantissaBits) - 1;
            case NEG_ZERO -> b == (k.signed ? 1L << (k.exponentBits + k.mantissaBits) : 0);
            case NONE -> false;
        };
    }

    /** Infinity in format {@code k} (as {@link org.stablehlo4j.ir.FloatFormats#isInf}, on a long). */
    static boolean isInf(FloatKind k, long b) {
        if (k == FloatKind.F64) return Double.isInfinite(Double.longBitsToDouble(b));
        if (!k.hasInf) return false;
        long expMask = (1L << k.exponentBits) - 1;
        return ((b >>> k.mantissaBits) & expMask) == expMask && (b & ((1L << k.mantissaBits) - 1)) == 0;
    }
}
