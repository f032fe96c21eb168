package org.stablehlo4j.dialect.chlo.transforms;

import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.REAL;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.pattern;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.upcast;

import org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.Body;

import org.stablehlo4j.dialect.chlo.DigammaOp;
import org.stablehlo4j.dialect.chlo.LgammaOp;
import org.stablehlo4j.dialect.chlo.PolygammaOp;
import org.stablehlo4j.dialect.chlo.ZetaOp;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;

/**
 * {@code lgamma} and {@code digamma} by Lanczos' approximation (with Euler's reflection below 1/2), the Hurwitz
 * {@code zeta} function by Euler-Maclaurin summation, and {@code polygamma} from them, as upstream's C++
 * decomposes them; all computed in f32 for floats narrower than f32.
 */
final class ChloGammaDecompositions extends MathEmitter {
    private ChloGammaDecompositions(PatternRewriter r, Location loc) {
        super(r, loc);
    }

    static void addPatterns(PatternSet p) {
        p.add(gamma(LgammaOp.NAME, (e, x) -> e.lanczosLgamma(x[0])));
        p.add(gamma(DigammaOp.NAME, (e, x) -> e.lanczosDigamma(x[0])));
        p.add(gamma(ZetaOp.NAME, (e, x) -> e.hurwitzZeta(x[0], x[1])));
        p.add(gamma(PolygammaOp.NAME, (e, x) -> e.polygamma(x[0], x[1])));
    }

    /** A decomposition of floats, computed in f32 for narrower ones. */
    private static RewritePattern gamma(String rootName, Body<ChloGammaDecompositions> body) {
        return pattern(rootName, REAL, ChloGammaDecompositions::new, upcast(body));
    }

    // Lanczos' approximation with g = 7 and 9 terms ("A Precision Approximation of the Gamma Function", SIAM
    // J. Numer. Anal. B 1), the choice least sensitive to an inaccurate log.
    private static final double LANCZOS_GAMMA = 7;
    private static final double LANCZOS_BASE = 0.99999999999980993227684700473478;
    private static final double[] LANCZOS_COEFFICIENTS = {
        676.520368121885098567009190444019, -1259.13921672240287047156078755283, 771.3234287776530788486528258894,
        -176.61502916214059906584551354, 12.507343278686904814458936853, -0.13857109526572011689554707,
        9.984369578019570859563e-6, 1.50563273514931155834e-7};
    private static final double LOG_LANCZOS_GAMMA_PLUS_HALF = StrictMath.log(LANCZOS_GAMMA + 0.5);
    private static final double HALF_LOG_TWO_PI = (StrictMath.log(2) + StrictMath.log(Math.PI)) / 2;
    private static final double LOG_PI = StrictMath.log(Math.PI);

    /**
     * Lanczos' argument {@code z}: {@code x - 1}, or {@code -x} where {@code x < 1/2} (then the result is
     * reflected), with the constants 1/2 and 1 it was made of.
     */
    private record Reflected(Value half, Value needToReflect, Value one, Value z) {}

    private Reflected reflected(Value x) {
        Value half = c(0.5, x);
        Value needToReflect = lt(x, half);
        Value negX = neg(x);
        Value one = c(1, x);
        return new Reflected(half, needToReflect, one, select(needToReflect, negX, sub(x, one)));
    }

    /** Lanczos' {@code t = z + g + 1/2} and its log. */
    private record LanczosT(Value t, Value logT) {}

    /** {@code t}, and {@code log t = log(g + 1/2) + log1p(z / (g + 1/2))} with the first term folded here. */
    private LanczosT lanczosT(Value z, Value x) {
        Value lanczosPlusHalf = c(LANCZOS_GAMMA + 0.5, x);
        Value t = add(lanczosPlusHalf, z);
        Value logTerm = c(LOG_LANCZOS_GAMMA_PLUS_HALF, x);
        return new LanczosT(t, add(logTerm, log1p(div(z, lanczosPlusHalf))));
    }

    /**
     * {@code lgamma(z + 1) = log(2 pi) / 2 + (z + 1/2 - t / log t) log t + log a(z)} with {@code t = z + g + 1/2}
     * and {@code a(z) = base + sum c_k / (z + k)}, where {@code z = x - 1} (or {@code -x} below 1/2, then reflected:
     * {@code lgamma(x) = log(pi) - lgamma(1 - x) - log|sin(pi x)|}, with {@code sin} of the fraction of |x| folded
     * to [0, 1/2]); {@code +inf} at infinities.
     */
    private Value lanczosLgamma(Value x) {
        Reflected arg = reflected(x);
        Value half = arg.half();
        Value needToReflect = arg.needToReflect();
        Value one = arg.one();
        Value z = arg.z();

        Value a = c(LANCZOS_BASE, x);
        for (int i = 0; i < LANCZOS_COEFFICIENTS.length; i++) {
            Value coefficient = c(LANCZOS_COEFFICIENTS[i], x);
            a = add(a, div(coefficient, add(z, c(i + 1, x))));
        }

        LanczosT lanczos = lanczosT(z, x);
        Value t = lanczos.t();
        Value logT = lanczos.logT();

        // (z + 1/2) log t - t, as (z + 1/2 - t / log t) log t so that large t does not overflow
        Value tOverLogT = div(t, logT);
        Value r = mul(sub(add(z, half), tOverLogT), logT);
        Value logA = log(a);
        Value lgamma = add(add(c(HALF_LOG_TWO_PI, x), r), logA);

        // |sin(pi x)| = sin(pi * frac(|x|)), the fraction folded to [0, 1/2] where it is above 1/2
        Value absX = abs(x);
        Value absFrac = sub(absX, floor(absX));
        Value reduce = lt(half, absFrac);
        absFrac = select(reduce, sub(one, absFrac), absFrac);
        Value reflectionDenom = log(sin(mul(c(Math.PI, x), absFrac)));
        Value reflection = sub(sub(c(LOG_PI, x), reflectionDenom), lgamma);
        // where log|sin| is infinite it decides the result (rather than -inf - inf = nan)
        Value finite = isFinite(reflectionDenom);
        Value negDenom = neg(reflectionDenom);
        reflection = select(finite, reflection, negDenom);
        lgamma = select(needToReflect, reflection, lgamma);

        Value xIsInf = isInf(x);
        return select(xIsInf, inf(x), lgamma);
    }

    /**
     * {@code digamma(z + 1) = log t + a'(z) / a(z) - g / t} with Lanczos' {@code t} and {@code a} (see
     * {@link #lanczosLgamma}); below 1/2 reflected: {@code digamma(x) = digamma(1 - x) - pi cos(pi x) / sin(pi x)},
     * x shifted into [-1/2, 1/2] first; NaN at the poles (integers {@code <= 0}).
     */
    private Value lanczosDigamma(Value x) {
        Reflected arg = reflected(x);
        Value needToReflect = arg.needToReflect();
        Value z = arg.z();

        Value zero = c(0.0, x);
        Value a = c(LANCZOS_BASE, x);
        Value aPrime = zero;
        for (int i = 0; i < LANCZOS_COEFFICIENTS.length; i++) {
            Value coefficient = c(LANCZOS_COEFFICIENTS[i], x);
            Value zTerm = add(z, c(i + 1, x));
            aPrime = sub(aPrime, div(coefficient, mul(zTerm, zTerm)));
            a = add(a, div(coefficient, zTerm));
        }

        LanczosT lanczos = lanczosT(z, x);
        Value t = lanczos.t();
        Value logT = lanczos.logT();

        Value aPrimeOverA = div(aPrime, a);
        Value gammaOverT = div(c(LANCZOS_GAMMA, x), t);
        Value digamma = sub(add(logT, aPrimeOverA), gammaOverT);

        // x shifted by |floor(x + 1/2)| into [-1/2, 1/2], where pi x keeps its precision
        Value reducedX = add(x, abs(floor(add(x, c(0.5, x)))));
        Value pi = c(Math.PI, x);
        Value piReducedX = mul(pi, reducedX);
        Value cos = cos(piReducedX);
        Value sin = sin(piReducedX);
        Value reflection = sub(digamma, div(mul(pi, cos), sin));
        digamma = select(needToReflect, reflection, digamma);

        Value isPole = and(le(x, zero), eq(x, floor(x)));
        return select(isPole, c(Double.NaN, x), digamma);
    }

    // Euler-Maclaurin: 9 terms of the series, then a 12-term tail (Johansson, "Rigorous high-precision computation
    // of the Hurwitz zeta function and its derivatives", Numer. Algorithms 69.2 (2015), formula (5))
    private static final int ZETA_TERMS = 12;
    private static final int ZETA_ITERATIONS = 9;
    private static final double[] ZETA_COEFFICIENTS = {
        -7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15, 1.1646782814350067249e14,
        -2.950130727918164224e12, 7.47242496e10, -1.8924375803183791606e9, 47900160.0, -1209600.0, 30240.0, -720.0,
        12.0};

    /**
     * The Hurwitz zeta function {@code sum_k (q + k)^-x}: the first 10 terms summed, then the Euler-Maclaurin
     * correction (Horner's rule on its Bernoulli terms) unless the last term is negligible; NaN for
     * {@code x < 1} and for {@code q <= 0} with non-integer x, at the poles (integer {@code q <= 0}) +inf for even
     * integer x and NaN otherwise, and +inf at {@code x = 1}.
     */
    private Value hurwitzZeta(Value x, Value q) {
        Value zero = c(0.0, q);
        Value one = c(1.0, q);
        Value acc = q;
        Value negX = neg(x);
        Value powerSum = pow(q, negX);
        for (int i = 0; i < ZETA_ITERATIONS; i++) {
            acc = add(acc, one);
            powerSum = add(powerSum, pow(acc, negX));
        }
        acc = add(acc, one);
        Value qNegPower = pow(acc, negX);
        Value oneLikeX = c(1.0, x);
        Value correction = div(mul(qNegPower, acc), sub(x, oneLikeX));

        // 1 / acc^2 computed by hand (rsqrt rounds differently)
        Value accInvSquared = div(one, mul(acc, acc));
        Value hornerSum = zero;
        int twoTermsMinusOne = 2 * ZETA_TERMS - 1;
        for (int i = 0; i < ZETA_TERMS - 1; i++) {
            Value factorLhs = add(x, c(twoTermsMinusOne - 1 - 2 * i, x));
            Value factorRhs = add(x, c(twoTermsMinusOne - 2 - 2 * i, x));
            Value hornerProduct = mul(factorLhs, factorRhs);
            hornerSum = mul(hornerProduct, mul(accInvSquared, add(hornerSum, c(1. / ZETA_COEFFICIENTS[i], acc))));
        }
        Value halfLikeQNegPower = c(.5, qNegPower);
        Value xOverAcc = div(x, acc);
        Value bernoulliTail = mul(qNegPower, add(halfLikeQNegPower,
                mul(xOverAcc, add(c(1. / ZETA_COEFFICIENTS[ZETA_TERMS - 1], acc), hornerSum))));
        Value accurate = add(add(powerSum, correction), bernoulliTail);

        // the plain sum where the last term no longer changes it
        Value absQNegPower = abs(qNegPower);
        Value absPowerSum = abs(powerSum);
        Value output = select(lt(absQNegPower, mul(absPowerSum, smallestSubnormal(acc))), powerSum, accurate);

        Value nan = c(Double.NaN, x);
        output = select(lt(x, oneLikeX), nan, output);
        Value qLeZero = le(q, zero);
        Value xNotInt = ne(x, floor(x));
        output = select(and(qLeZero, xNotInt), nan, output);

        Value inf = c(Double.POSITIVE_INFINITY, x);
        Value qIsInt = eq(q, floor(q));
        Value atPole = and(qLeZero, qIsInt);
        Value two = c(2.0, x);
        Value xIsInt = eq(x, floor(x));
        Value xIsEven = eq(rem(x, two), zero);
        Value xIsEvenInt = and(xIsInt, xIsEven);
        output = select(atPole, select(xIsEvenInt, inf, nan), output);
        return select(eq(x, one), inf, output);
    }

    /**
     * {@code polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x)} for natural {@code n > 0}, {@code digamma(x)} for
     * {@code n = 0}, NaN for other n; the factorial is {@code exp(lgamma(n + 1))}.
     */
    private Value polygamma(Value n, Value x) {
        Value one = c(1.0, x);
        Value two = c(2.0, x);
        Value sign = sub(mul(two, rem(n, two)), one);
        Value nPlusOne = add(n, one);
        Value factorial = exp(lgamma(nPlusOne));
        Value zeta = zeta(nPlusOne, x);
        Value result = mul(mul(sign, factorial), zeta);

        Value zero = c(0.0, x);
        Value nIsZero = eq(n, zero);
        result = select(nIsZero, digamma(x), result);

        Value nonInt = ne(n, floor(n));
        Value negative = lt(n, zero);
        Value nonNatural = or(nonInt, negative);
        return select(nonNatural, c(Double.NaN, x), result);
    }
}
