package org.stablehlo4j.dialect.chlo.transforms;

import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.COMPLEX;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.REAL;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.STATIC_COMPLEX;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.pattern;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.unary;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.upcast;

import org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.Body;

import java.util.function.BiFunction;
import java.util.function.Predicate;
import org.stablehlo4j.dialect.chlo.AcosOp;
import org.stablehlo4j.dialect.chlo.AcoshOp;
import org.stablehlo4j.dialect.chlo.AsinAcosKernelOp;
import org.stablehlo4j.dialect.chlo.AsinOp;
import org.stablehlo4j.dialect.chlo.AsinhOp;
import org.stablehlo4j.dialect.chlo.AtanOp;
import org.stablehlo4j.dialect.chlo.AtanhOp;
import org.stablehlo4j.dialect.chlo.CoshOp;
import org.stablehlo4j.dialect.chlo.SinhOp;
import org.stablehlo4j.dialect.chlo.SquareOp;
import org.stablehlo4j.dialect.chlo.TanOp;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;

/**
 * Inverse trigonometric and hyperbolic functions, {@code cosh}, {@code sinh}, {@code tan} and {@code square}. The
 * inverse functions and {@code square}, real and complex, are upstream's generated templates (from the functional_algorithms package), written
 * here as their formulas; {@code cosh} and {@code sinh} are upstream's C++ (computed in f32 for narrower floats).
 */
final class ChloTrigDecompositions extends MathEmitter {
    private ChloTrigDecompositions(PatternRewriter r, Location loc) {
        super(r, loc);
    }

    static void addPatterns(PatternSet p) {
        realAndComplex(p, AcosOp.NAME, ChloTrigDecompositions::acosReal, ChloTrigDecompositions::acosComplex);
        realAndComplex(p, AcoshOp.NAME, ChloTrigDecompositions::acoshReal, ChloTrigDecompositions::acoshComplex);
        realAndComplex(p, AsinOp.NAME, ChloTrigDecompositions::asinReal, ChloTrigDecompositions::asinComplex);
        realAndComplex(p, AsinhOp.NAME, ChloTrigDecompositions::asinhReal, ChloTrigDecompositions::asinhComplex);
        realAndComplex(p, AtanOp.NAME, ChloTrigDecompositions::atanReal, ChloTrigDecompositions::atanComplex);
        realAndComplex(p, AtanhOp.NAME, ChloTrigDecompositions::atanhReal, ChloTrigDecompositions::atanhComplex);
        p.add(trig(AsinAcosKernelOp.NAME, COMPLEX, unary(ChloTrigDecompositions::asinAcosKernelComplex)));
        Predicate<Value> realOrStaticComplex = REAL.or(STATIC_COMPLEX);
        p.add(trig(CoshOp.NAME, realOrStaticComplex, upcast(unary(ChloTrigDecompositions::cosh))));
        Body<ChloTrigDecompositions> sinh = upcast(unary(ChloTrigDecompositions::sinh));
        p.add(trig(SinhOp.NAME, realOrStaticComplex,
                (e, a) -> COMPLEX.test(a[0]) ? e.sinhForLargeX(a[0]) : sinh.emit(e, a)));
        p.add(trig(TanOp.NAME, REAL.or(COMPLEX), unary(ChloTrigDecompositions::tan)));
        p.add(trig(SquareOp.NAME, COMPLEX.negate(), unary(ChloTrigDecompositions::squareReal)));
        p.add(trig(SquareOp.NAME, COMPLEX, unary(ChloTrigDecompositions::squareComplex)));
    }

    /** The decompositions of a function's real and complex operands. */
    private static void realAndComplex(PatternSet p, String rootName,
            BiFunction<ChloTrigDecompositions, Value, Value> real,
            BiFunction<ChloTrigDecompositions, Value, Value> complex) {
        p.add(trig(rootName, REAL, unary(real)));
        p.add(trig(rootName, COMPLEX, unary(complex)));
    }

    private static RewritePattern trig(String rootName, Predicate<Value> accepts, Body<ChloTrigDecompositions> body) {
        return pattern(rootName, accepts, ChloTrigDecompositions::new, body);
    }

    // ---- real inverse functions (upstream's templates)

    /** {@code acos(x) = atan2(sqrt((1 - x) * (1 + x)), x)}. */
    private Value acosReal(Value x) {
        Value one;
        return atan2(sqrt(mul(sub(one = c(1, x), x), add(one, x))), x);
    }

    /**
     * {@code acosh(x) = log1p(sqrt(x - 1) * (sqrt(x + 1) + sqrt(x - 1)))}, and {@code log(2) + log(x)} from
     * {@code max / 2} on, where the product would overflow.
     */
    private Value acoshReal(Value x) {
        Value two;
        Value one;
        Value sqrtXm1;
        return select(ge(x, div(maxFinite(x), two = c(2, x))),
                add(log(two), log(x)),
                log1p(mul(sqrtXm1 = sqrt(sub(x, one = c(1, x))), add(sqrt(add(x, one)), sqrtXm1))));
    }

    /** {@code asin(x) = 2 * atan2(x, 1 + sqrt((1 - x) * (1 + x)))}. */
    private Value asinReal(Value x) {
        Value one;
        Value ta;
        return add(ta = atan2(x, add(one = c(1, x), sqrt(mul(sub(one, x), add(one, x))))), ta);
    }

    /**
     * {@code asinh(x) = sign(x) * log1p(|x| + x^2 / (1 + hypot(1, x)))}, and {@code sign(x) * (log(2) + log|x|)}
     * from {@code sqrt(max)} on.
     */
    private Value asinhReal(Value x) {
        Value ax;
        Value ax2;
        Value one;
        return mul(sign(x), select(ge(ax = abs(x), sqrt(maxFinite(x))),
                add(log(c(2, x)), log(ax)),
                log1p(add(ax, div(ax2 = mul(ax, ax), add(one = c(1, x), sqrt(add(one, ax2))))))));
    }

    /** {@code atan(x) = atan2(x, 1)}. */
    private Value atanReal(Value x) {
        return atan2(x, c(1, x));
    }

    /** {@code atanh(x) = (log1p(x) - log1p(-x)) / 2}, NaN where {@code |x| > 1}. */
    private Value atanhReal(Value x) {
        return select(gt(abs(x), c(1, x)), c(Double.NaN, x), mul(sub(log1p(x), log1p(neg(x))), c(0.5, x)));
    }

    // ---- cosh, sinh, tan (upstream's C++)

    /**
     * {@code cosh(x) = e^(x + log(1/2)) + e^(-x + log(1/2))}: the halves are taken inside the exponentials so that
     * no intermediate overflows where the result does not.
     */
    private Value cosh(Value x) {
        Value logHalf = log(c(0.5, x));
        Value expAdd = exp(add(x, logHalf));
        Value expSub = exp(sub(logHalf, x));
        return add(expAdd, expSub);
    }

    /** {@code sinh(x) = e^(x + log(1/2)) - e^(-x + log(1/2))}, for {@code |x| >= 1} (and complex x). */
    private Value sinhForLargeX(Value x) {
        Value logHalf = log(c(0.5, x));
        Value expAdd = exp(add(x, logHalf));
        Value expSub = exp(sub(logHalf, x));
        return sub(expAdd, expSub);
    }

    /**
     * {@code sinh(x)}: for {@code |x| < 1}, {@code (expm1(x) + expm1(x) / (expm1(x) + 1)) / 2}, which keeps the
     * first-order term that {@code e^x - e^-x} cancels away; otherwise {@link #sinhForLargeX}.
     */
    private Value sinh(Value x) {
        Value large = sinhForLargeX(x);
        Value em1 = expm1(x);
        Value one = c(1, x);
        Value half = c(0.5, x);
        Value ratio = div(em1, add(em1, one));
        Value small = mul(half, add(em1, ratio));
        return select(lt(abs(x), one), small, large);
    }

    // ---- complex inverse functions (upstream's templates)

    /**
     * The kernel of complex {@code asin} and {@code acos} (a modified Hull et al. algorithm, with 3 regions for the
     * real part and 4 for the imaginary one): {@code w = sqrt(a^2 - x^2) + i log(a + sqrt(a^2 - 1))} for
     * {@code z = x + i y}, where {@code a = (hypot(x + 1, y) + hypot(x - 1, y)) / 2} and x, y are taken absolute;
     * {@code asin(z) = atan2(z.re, w.re) + i sign(z.im) w.im} and {@code acos(z) = atan2(w.re, z.re) - i sign(z.im)
     * w.im}.
     */
    private Value asinAcosKernelComplex(Value z) {
        Value signedX;
        Value x;
        Value y;
        Value signedY;
        Value safeMax;
        Value one;
        Value half;
        Value a;
        Value r;
        Value mx;
        Value absXp1;
        Value xp1;
        Value mn;
        Value sqrtTwo;
        Value sqa;
        Value r0;
        Value mnOverMx;
        Value zero;
        Value two;
        Value s;
        Value mx0;
        Value absXm1;
        Value xm1;
        Value mn0;
        Value sqa0;
        Value r1;
        Value mnOverMx0;
        Value halfApx;
        Value yy;
        Value rpxp1;
        Value smxm1;
        Value spxm1;
        // real part: y where max(x, y) >= safe_max = sqrt(max) / 8 (Hull et al. case 5), else the safe region's
        // sqrt(a^2 - x^2) with a - x by Hull et al.'s Fig. 2; r = hypot(x + 1, y) and s = hypot(x - 1, y)
        Value realPart = select(
                ge(max(x = abs(signedX = real(z)), y = abs(signedY = imag(z))),
                        safeMax = div(sqrt(maxFinite(signedX)), c(8, signedX))),
                y,
                select(le(x, one = c(1, signedX)),
                        sqrt(mul(
                                halfApx = mul(half = c(0.5, signedX),
                                        add(a = mul(half,
                                                add(r = select(eq(mx = max(absXp1 = abs(xp1 = add(x, one)), y),
                                                                mn = min(absXp1, y)),
                                                        mul(sqrtTwo = c(1.4142135623730951, signedX), mx),
                                                        select(and(eq(sqa = sqrt(add(one,
                                                                                r0 = mul(mnOverMx = div(mn, mx),
                                                                                        mnOverMx))), one),
                                                                        gt(r0, zero = c(0, signedX))),
                                                                add(mx, div(mul(mx, r0), two = c(2, signedX))),
                                                                mul(mx, sqa))),
                                                        s = select(eq(mx0 = max(absXm1 = abs(xm1 = sub(x, one)), y),
                                                                        mn0 = min(absXm1, y)),
                                                                mul(sqrtTwo, mx0),
                                                                select(and(eq(sqa0 = sqrt(add(one,
                                                                                        r1 = mul(mnOverMx0 = div(mn0, mx0),
                                                                                                mnOverMx0))), one),
                                                                                gt(r1, zero)),
                                                                        add(mx0, div(mul(mx0, r1), two)),
                                                                        mul(mx0, sqa0))))),
                                                x)),
                                add(div(yy = mul(y, y), rpxp1 = add(r, xp1)), smxm1 = sub(s, xm1)))),
                        mul(y, sqrt(add(div(halfApx, rpxp1), div(halfApx, spxm1 = add(s, xm1)))))));
        Value mx1;
        Value yGeSafeMaxOpt;
        Value safeMaxOpt;
        Value xOverY;
        Value smallYAndXLtOne;
        Value sq;
        Value am1;
        Value ap1;
        Value halfYy;
        Value halfYyOverRpxp1;
        // imaginary part: log(2) + log(max) + log1p((x / y)^2) / 2 for large arguments (Hull et al. cases 4 and
        // 5), y / sqrt((a - 1) (a + 1)) for tiny y and x < 1 (cases 1 and 2), else log1p(a - 1 + sqrt((a - 1)
        // (a + 1))) with a - 1 by Fig. 2
        Value imagPart = select(
                ge(mx1 = select(yGeSafeMaxOpt = ge(y, safeMaxOpt = select(lt(x, mul(safeMax, c(1e12, signedX))),
                                        mul(safeMax, c(1e-6, signedX)),
                                        mul(safeMax, c(100.0, signedX)))),
                                y, x),
                        select(yGeSafeMaxOpt, safeMaxOpt, safeMax)),
                add(add(log(two), log(mx1)),
                        mul(half, log1p(mul(xOverY = select(and(yGeSafeMaxOpt, not(eq(y, inf(signedY)))), div(x, y), zero),
                                xOverY)))),
                select(smallYAndXLtOne = and(lt(y, mul(sqrt(smallestNormal(signedX)), c(4, signedX))), lt(x, one)),
                        div(y, sq = sqrt(mul(
                                am1 = select(smallYAndXLtOne,
                                        neg(div(mul(xp1, xm1), ap1 = add(a, one))),
                                        select(ge(x, one),
                                                add(halfYyOverRpxp1 = div(halfYy = mul(half, yy), rpxp1),
                                                        mul(half, spxm1)),
                                                select(le(a, c(1.5, signedX)),
                                                        add(halfYyOverRpxp1, div(halfYy, smxm1)),
                                                        sub(a, one)))),
                                ap1))),
                        log1p(add(am1, sq))));
        return complex(realPart, imagPart);
    }

    /** {@code asin(z) = atan2(z.re, w.re) + i sign(z.im) w.im}, {@code w = asin_acos_kernel(z)}. */
    private Value asinComplex(Value z) {
        Value signedX;
        Value w;
        Value imagW;
        Value re = atan2(signedX = real(z), real(w = asinAcosKernel(z)));
        Value im = select(lt(imag(z), c(0, signedX)), neg(imagW = imag(w)), imagW);
        return complex(re, im);
    }

    /** {@code acos(z) = atan2(w.re, z.re) - i sign(z.im) w.im}, {@code w = asin_acos_kernel(z)}. */
    private Value acosComplex(Value z) {
        Value w;
        Value signedY;
        Value imagW;
        Value re = atan2(real(w = asinAcosKernel(z)), real(z));
        Value im = select(lt(signedY = imag(z), c(0, signedY)), imagW = imag(w), neg(imagW));
        return complex(re, im);
    }

    /** {@code acosh(z) = w.im + i sign(z.im) atan2(w.re, z.re)}, {@code w = asin_acos_kernel(z)}. */
    private Value acoshComplex(Value z) {
        Value w;
        Value signedY;
        Value angle;
        Value re = imag(w = asinAcosKernel(z));
        Value im = select(lt(signedY = imag(z), c(0, signedY)), neg(angle = atan2(real(w), real(z))), angle);
        return complex(re, im);
    }

    /**
     * {@code asinh(z) = sign(z.re) w.im + i atan2(z.im, w.re)}, {@code w = asin_acos_kernel(-z.im + i z.re)}
     * (that is, {@code -i asin(i z)}).
     */
    private Value asinhComplex(Value z) {
        Value signedX;
        Value signedY;
        Value w;
        Value imagW;
        Value re = select(lt(signedX = real(z), c(0, signedX)),
                neg(imagW = imag(w = asinAcosKernel(complex(neg(signedY = imag(z)), signedX)))), imagW);
        Value im = atan2(signedY, real(w));
        return complex(re, im);
    }

    /** {@code atan(z) = -i atanh(i z)}. */
    private Value atanComplex(Value z) {
        Value w;
        Value re = imag(w = atanh(complex(neg(imag(z)), real(z))));
        return complex(re, neg(real(w)));
    }

    /**
     * {@code atanh(z) = (log1p(z) - log1p(-z)) / 2}: the real part {@code sign(x) log1p(4|x| / ((|x| - 1)^2 + y^2))
     * / 4}, with {@code 4 / |x|}-style forms beyond {@code safe_max = 1 / epsneg^2}; the imaginary part
     * {@code atan2(2y, (1 - |x|)(1 + |x|) - y^2) / 2}, {@code sign(y) pi / 2} beyond.
     */
    private Value atanhComplex(Value z) {
        Value x;
        Value zero;
        Value one;
        Value negOne;
        Value inSafeRegion;
        Value ax;
        Value safeMax;
        Value invNegEps;
        Value largest;
        Value ay;
        Value y;
        Value naxm1;
        Value y2;
        Value posInf;
        Value negInf;
        Value re = mul(
                mul(select(ge(x = real(z), zero = c(0, x)), one = c(1, x), negOne = c(-1, x)),
                        log1p(mul(c(4, x),
                                select(inSafeRegion = and(
                                                lt(ax = abs(x), safeMax = mul(
                                                        invNegEps = select(gt(largest = maxFinite(x), c(1e+308, x)),
                                                                c(9007199254740994.0, x),
                                                                select(gt(largest, c(1e+38, x)),
                                                                        c(16777218.0, x),
                                                                        c(2050.0, x))),
                                                        invNegEps)),
                                                lt(ay = abs(y = imag(z)), safeMax)),
                                        div(ax, add(mul(naxm1 = sub(one, ax), naxm1), y2 = mul(y, y))),
                                        select(lt(mul(ay, invNegEps), ax),
                                                div(one, ax),
                                                select(or(or(eq(x, posInf = inf(x)), eq(x, negInf = negInf(x))),
                                                                or(eq(y, posInf), eq(y, negInf))),
                                                        zero,
                                                        div(div(one, add(div(ax, y), div(y, ax))), y))))))),
                c(0.25, x));
        Value im = mul(
                select(inSafeRegion,
                        atan2(add(y, y), sub(mul(naxm1, add(one, ax)), y2)),
                        mul(select(ge(y, c(0, y)), one, negOne), c(Math.PI, x))),
                c(0.5, x));
        return complex(re, im);
    }

    // ---- square (upstream's templates)

    /** {@code square(x) = x * x} for real (and integer) x. */
    private Value squareReal(Value x) {
        return mul(x, x);
    }

    /**
     * {@code square(x + iy) = (x - y)(x + y) + 2i xy}, the real part exactly 0 where {@code |x| = |y|} (finite), which
     * the product could round away from.
     */
    private Value squareComplex(Value z) {
        Value x;
        Value y;
        Value re = select(and(isFinite(x = real(z)), eq(abs(x), abs(y = imag(z)))),
                c(0, x),
                mul(sub(x, y), add(x, y)));
        return complex(re, mul(c(2, x), mul(x, y)));
    }
}
