package org.stablehlo4j.interpreter;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * High-precision references for the elementary functions, in {@link BigDecimal} at a fixed number of significant
 * digits: series (atanh, atan, exp, sin/cos, erf) after exact argument reductions, and identities chosen so that
 * nothing cancels (the differences they take, such as {@code 1 - x} of a double, are exact). A double's
 * {@code BigDecimal} is exact, so an argument never carries a rounding error in. Only for tests: slow, and the
 * caller handles infinities and NaN.
 */
final class BigMath {
    final MathContext mc;
    private final BigDecimal pi;
    private final BigDecimal ln2;
    private final BigDecimal eps;

    /**
     * @param digits the working precision in significant decimal digits
     */
    BigMath(int digits) {
        this.mc = new MathContext(digits, RoundingMode.HALF_EVEN);
        this.eps = BigDecimal.ONE.movePointLeft(digits + 5);
        // Machin: pi = 16 atan(1/5) - 4 atan(1/239)
        BigDecimal a5 = atanSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(5), mc));
        BigDecimal a239 = atanSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(239), mc));
        this.pi = a5.multiply(BigDecimal.valueOf(16)).subtract(a239.multiply(BigDecimal.valueOf(4)), mc);
        this.ln2 = atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), mc)).multiply(BigDecimal.valueOf(2), mc);
    }

    static BigDecimal big(double d) {
        return new BigDecimal(d);
    }

    BigDecimal pi() {
        return pi;
    }

    /** Whether {@code term} no longer changes {@code sum} at the working precision. */
    private boolean negligible(BigDecimal term, BigDecimal sum) {
        if (term.signum() == 0) return true;
        if (sum.signum() == 0) return false;
        return term.abs().compareTo(sum.abs().multiply(eps)) < 0;
    }

    /** sum of t^(2k+1)/(2k+1), for |t| well below 1. */
    BigDecimal atanhSeries(BigDecimal t) {
        return oddPowerSeries(t, t.multiply(t, mc));
    }

    /** sum of (-1)^k t^(2k+1)/(2k+1), for |t| well below 1. */
    BigDecimal atanSeries(BigDecimal t) {
        return oddPowerSeries(t, t.multiply(t, mc).negate());
    }

    /** sum of t q^k/(2k+1) for k from 0: atanh with q = t^2, atan with q = -t^2. */
    private BigDecimal oddPowerSeries(BigDecimal t, BigDecimal q) {
        BigDecimal power = t;
        BigDecimal sum = t;
        for (int k = 1; ; k++) {
            power = power.multiply(q, mc);
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * k + 1), mc);
            sum = sum.add(term, mc);
            if (negligible(term, sum)) return sum;
        }
    }

    /** log x for x &gt; 0: x = m 2^e with m near 1 (exactly), log m = 2 atanh((m - 1)/(m + 1)). */
    BigDecimal log(BigDecimal x) {
        if (x.signum() <= 0) throw new ArithmeticException("log of " + x);
        // a power of two close to x, from its decimal exponent
        long decimalExponent = (long) x.precision() - x.scale() - 1;
        long e = Math.round(decimalExponent * 3.321928094887362);
        BigDecimal m = scaleByPowerOfTwo(x, -e);
        BigDecimal low = new BigDecimal("0.7071067811865476");
        BigDecimal high = new BigDecimal("1.4142135623730951");
        while (m.compareTo(low) < 0) {
            m = m.multiply(BigDecimal.valueOf(2));
            e--;
        }
        while (m.compareTo(high) > 0) {
            m = m.divide(BigDecimal.valueOf(2));
            e++;
        }
        BigDecimal t = m.subtract(BigDecimal.ONE).divide(m.add(BigDecimal.ONE), mc);
        BigDecimal logM = t.signum() == 0 ? BigDecimal.ZERO : atanhSeries(t).multiply(BigDecimal.valueOf(2), mc);
        return ln2.multiply(BigDecimal.valueOf(e), mc).add(logM, mc);
    }

    /** x 2^k, exactly. */
    static BigDecimal scaleByPowerOfTwo(BigDecimal x, long k) {
        if (k >= 0) return x.multiply(BigDecimal.valueOf(2).pow((int) k));
        return x.multiply(new BigDecimal("0.5").pow((int) -k));
    }

    /** log(1 + u) for u &gt; -1, relatively accurate for tiny u (2 atanh(u / (2 + u))). */
    BigDecimal log1p(BigDecimal u) {
        if (u.abs().compareTo(new BigDecimal("0.25")) < 0) {
            if (u.signum() == 0) return BigDecimal.ZERO;
            return atanhSeries(u.divide(u.add(BigDecimal.valueOf(2)), mc)).multiply(BigDecimal.valueOf(2), mc);
        }
        return log(u.add(BigDecimal.ONE));
    }

    /** e^x: exp(r)^(2^k) with r = x / 2^k small; e^-x as 1 / e^x. */
    BigDecimal exp(BigDecimal x) {
        if (x.signum() < 0) return BigDecimal.ONE.divide(exp(x.negate()), mc);
        int k = 0;
        BigDecimal r = x;
        while (r.compareTo(new BigDecimal("0.01")) > 0) {
            r = r.divide(BigDecimal.valueOf(2));
            k++;
        }
        MathContext wide = new MathContext(mc.getPrecision() + 10, RoundingMode.HALF_EVEN);
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal term = BigDecimal.ONE;
        for (int n = 1; ; n++) {
            term = term.multiply(r, wide).divide(BigDecimal.valueOf(n), wide);
            sum = sum.add(term, wide);
            if (negligible(term, sum)) break;
        }
        for (int i = 0; i < k; i++) sum = sum.multiply(sum, wide);
        return sum.round(mc);
    }

    BigDecimal sqrt(BigDecimal x) {
        return x.signum() == 0 ? BigDecimal.ZERO : x.sqrt(mc);
    }

    /** atan x: atan(1/x) for |x| &gt; 1, then two argument halvings t / (1 + sqrt(1 + t^2)). */
    BigDecimal atan(BigDecimal x) {
        if (x.signum() == 0) return BigDecimal.ZERO;
        if (x.signum() < 0) return atan(x.negate()).negate();
        if (x.compareTo(BigDecimal.ONE) > 0) {
            return pi.divide(BigDecimal.valueOf(2), mc).subtract(atan(BigDecimal.ONE.divide(x, mc)), mc);
        }
        BigDecimal t = x;
        for (int i = 0; i < 2; i++) {
            t = t.divide(BigDecimal.ONE.add(sqrt(BigDecimal.ONE.add(t.multiply(t, mc), mc)), mc), mc);
        }
        return atanSeries(t).multiply(BigDecimal.valueOf(4), mc);
    }

    /**
     * atan2(y, x) with the quadrants of the signed doubles the parts came from ({@code ySign} and {@code xSign} are
     * -1 or 1, used where a part is zero).
     */
    BigDecimal atan2(BigDecimal y, double ySign, BigDecimal x, double xSign) {
        boolean yNeg = y.signum() < 0 || y.signum() == 0 && ySign < 0;
        if (x.signum() == 0 && y.signum() == 0) {
            BigDecimal r = xSign < 0 ? pi : BigDecimal.ZERO;
            return yNeg ? r.negate() : r;
        }
        if (x.signum() == 0) {
            BigDecimal half = pi.divide(BigDecimal.valueOf(2), mc);
            return yNeg ? half.negate() : half;
        }
        BigDecimal base = atan(y.abs().divide(x.abs(), mc));
        BigDecimal r = x.signum() > 0 ? base : pi.subtract(base, mc);
        return yNeg ? r.negate() : r;
    }

    /** asinh x = sign(x) log1p(|x| + x^2 / (1 + sqrt(1 + x^2))). */
    BigDecimal asinh(BigDecimal x) {
        if (x.signum() == 0) return BigDecimal.ZERO;
        BigDecimal a = x.abs();
        BigDecimal x2 = a.multiply(a);
        BigDecimal u = a.add(x2.divide(BigDecimal.ONE.add(sqrt(BigDecimal.ONE.add(x2))), mc), mc);
        BigDecimal r = log1p(u);
        return x.signum() < 0 ? r.negate() : r;
    }

    /** sin and cos of x: x reduced by multiples of pi/2 (pi at the working precision), then Taylor series. */
    BigDecimal[] sinCos(BigDecimal x) {
        BigDecimal halfPi = pi.divide(BigDecimal.valueOf(2), mc);
        BigDecimal[] qr = x.divideAndRemainder(halfPi, mc);
        BigDecimal n = qr[0];
        BigDecimal r = x.subtract(n.multiply(halfPi, mc), mc);
        int quadrant = n.remainder(BigDecimal.valueOf(4)).intValue();
        if (quadrant < 0) quadrant += 4;
        BigDecimal r2 = r.multiply(r, mc).negate();
        BigDecimal sin = r;
        BigDecimal cos = BigDecimal.ONE;
        BigDecimal sTerm = r;
        BigDecimal cTerm = BigDecimal.ONE;
        for (int k = 1; ; k++) {
            sTerm = sTerm.multiply(r2, mc).divide(BigDecimal.valueOf((2L * k) * (2L * k + 1)), mc);
            cTerm = cTerm.multiply(r2, mc).divide(BigDecimal.valueOf((2L * k - 1) * (2L * k)), mc);
            sin = sin.add(sTerm, mc);
            cos = cos.add(cTerm, mc);
            if (negligible(sTerm, sin) && negligible(cTerm, cos)) break;
        }
        return switch (quadrant) {
            case 0 -> new BigDecimal[] {sin, cos};
            case 1 -> new BigDecimal[] {cos, sin.negate()};
            case 2 -> new BigDecimal[] {sin.negate(), cos.negate()};
            default -> new BigDecimal[] {cos.negate(), sin};
        };
    }

    /** erf x = 2/sqrt(pi) sum (-1)^n x^(2n+1) / (n! (2n+1)), for |x| up to about 6 (the terms grow to e^(x^2)). */
    BigDecimal erf(BigDecimal x) {
        BigDecimal x2 = x.multiply(x, mc).negate();
        BigDecimal power = x;
        BigDecimal sum = x;
        for (int n = 1; ; n++) {
            power = power.multiply(x2, mc).divide(BigDecimal.valueOf(n), mc);
            BigDecimal term = power.divide(BigDecimal.valueOf(2L * n + 1), mc);
            sum = sum.add(term, mc);
            if (n > 10 && negligible(term, sum)) break;
        }
        return sum.multiply(BigDecimal.valueOf(2), mc).divide(sqrt(pi), mc);
    }

    /** The double nearest {@code v} (ties to even; beyond the largest double, infinity as IEEE rounding gives). */
    static double nearest(BigDecimal v) {
        double d = v.doubleValue();
        if (Double.isInfinite(d)) {
            double max = Math.copySign(Double.MAX_VALUE, d);
            // rounding overflows from max + half an ulp on
            BigDecimal limit = big(max).add(big(Math.copySign(Math.ulp(Double.MAX_VALUE) / 2, d)));
            return v.abs().compareTo(limit.abs()) < 0 ? max : d;
        }
        double best = d;
        BigDecimal bestError = v.subtract(big(d)).abs();
        for (double c : new double[] {Math.nextUp(d), Math.nextDown(d)}) {
            if (Double.isInfinite(c)) continue;
            BigDecimal error = v.subtract(big(c)).abs();
            int cmp = error.compareTo(bestError);
            if (cmp < 0 || cmp == 0 && (Double.doubleToRawLongBits(c) & 1) == 0) {
                best = c;
                bestError = error;
            }
        }
        return best;
    }

    /**
     * The distance in units in the last place between two doubles (the number of doubles between them, as
     * {@code check.expect_close} counts): 0 for two NaNs or equal values (+0 and -0 included), the largest long
     * when only one is NaN.
     */
    static long ulpDistance(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) return Double.isNaN(a) && Double.isNaN(b) ? 0 : Long.MAX_VALUE;
        if (a == b) return 0;
        long x = ordered(a);
        long y = ordered(b);
        try {
            return Math.abs(Math.subtractExact(x, y));
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long ordered(double d) {
        long bits = Double.doubleToRawLongBits(d);
        return bits < 0 ? Long.MIN_VALUE - bits : bits;
    }
}
