package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.chlo.ConstantLikeOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogPlusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.Value;

/**
 * The patterns of {@code --stablehlo-complex-math-expander}: upstream's generated
 * {@code StablehloComplexMathExpanderPatterns.td} (functional_algorithms 0.15.0) for complex {@code log},
 * {@code log_plus_one}, {@code sqrt} and {@code exponential} of the default result accuracy. Each expansion builds
 * the same ops, in the same order and with the same constants as upstream's declarative pattern: a nested call
 * creates its operands first, left to right, and a value the formula reuses is bound where the pattern names it.
 */
final class ComplexMathExpanderPatterns {
    private ComplexMathExpanderPatterns() {}

    /** {@return the four expansions} */
    static PatternSet patterns() {
        return new PatternSet()
                .add(expansion(LogPlusOneOp.DEFINITION, ComplexMathExpanderPatterns::log1p))
                .add(expansion(SqrtOp.DEFINITION, ComplexMathExpanderPatterns::sqrt))
                .add(expansion(LogOp.DEFINITION, ComplexMathExpanderPatterns::log))
                .add(expansion(ExponentialOp.DEFINITION, ComplexMathExpanderPatterns::exp));
    }

    /** Builds an expansion of the complex operand {@code z} with {@code m}, returning the complex result. */
    private interface Formula {
        Value build(M m, Value z);
    }

    /** A pattern on {@code def}'s op whose operand has complex elements and whose result accuracy is the default. */
    private static RewritePattern expansion(OpDefinition def, Formula formula) {
        return RewritePattern.of(def.name(), 1, (op, rewriter) -> {
            Value z = op.operand(0);
            if (!(z.type() instanceof ShapedType s) || !(s.elementType() instanceof ComplexType)) {
                return rewriter.notifyMatchFailure(op, "not a complex element type");
            }
            Attribute accuracy = op.attr("result_accuracy");
            if (accuracy != null && !accuracy.equals(ResultAccuracyAttr.ofMode("DEFAULT"))) {
                return rewriter.notifyMatchFailure(op, "non-default result accuracy");
            }
            rewriter.replaceOp(op, List.of(formula.build(new M(rewriter, op.location()), z)));
            return true;
        });
    }

    // ---- log1p(x + I y) = 0.5 log((x + 1)^2 + y^2) + I atan2(y, x + 1), cases A-D of upstream's comment

    private static Value log1p(M m, Value z) {
        Value x, y, ax, ay, mx, mn, r, xp1, yy, xx, x2h, h2, h1, h0, high, yyLow, xxLow;
        Value big = m.cmp("GT", mx = m.max(ax = m.abs(x = m.real(z)), ay = m.abs(y = m.imag(z))),
                m.mul(m.sqrt(m.largest(x)), m.c(0.01, x)));
        Value rescaled = m.add(m.log(mx), m.mul(m.c(0.5, x), m.log1p(m.select(m.cmp("EQ", mn = m.min(ax, ay), mx),
                m.c(1, x), m.mul(r = m.div(mn, mx), r)))));
        Value nearMinusOne = m.cmp("LT", m.add(m.abs(xp1 = m.add(x, m.c(1, x))), ay), m.c(0.2, x));
        Value direct = m.mul(m.c(0.5, x), m.log(m.add(m.mul(xp1, xp1), yy = m.mul(y, y))));
        high = m.add(h0 = m.add(h1 = m.add(h2 = m.add(x2h = m.add(x, x), yy), xx = m.mul(x, x)),
                yyLow = m.squareLow(y, yy)), xxLow = m.squareLow(x, xx));
        Value low = m.add(m.add(m.add(m.twoSumLow(x2h, yy, h2), m.twoSumLow(h2, xx, h1)), m.twoSumLow(h1, yyLow, h0)),
                m.twoSumLow(h0, xxLow, high));
        Value dekker = m.mul(m.c(0.5, x), m.log1p(m.add(high, low)));
        return m.complex(m.select(big, rescaled, m.select(nearMinusOne, direct, dekker)), m.atan2(y, xp1));
    }

    // ---- sqrt(x + I y): u = sqrt((hypot(x, y) + |x|) / 2) guarded against underflow and overflow

    private static Value sqrt(M m, Value z) {
        Value x, ax, ay, y, sqAx, sq2, lt, sq1h, sqAy, sqRh, c0;
        Value nonNegative = m.cmp("GE", x = m.real(z), c0 = m.c(0, x));
        Value eq = m.cmp("EQ", ax = m.abs(x), ay = m.abs(y = m.imag(z)));
        Value uEq = m.div(m.mul(sqAx = m.sqrt(ax), m.c(1.5537739740300374, x)), sq2 = m.c(1.4142135623730951, x));
        Value hypot = m.hypot(m.max(ax, ay), ax, ay, sq2, c0);
        Value two = m.c(2, x);
        Value one = m.c(1, x);
        Value uGeneral = m.sqrt(m.add(m.div(hypot, two), m.div(ax, two)));
        Value badU = m.or(m.cmp("EQ", uGeneral, c0), m.cmp("EQ", uGeneral, m.posInf(x)));
        Value gt = m.cmp("GT", ax, ay);
        Value r0 = m.select(eq, one, m.select(lt = m.cmp("LT", ax, ay), m.div(ax, ay), m.div(ay, ax)));
        Value absR0 = m.abs(r0);
        Value h = m.hypot(m.max(one, absR0), one, absR0, sq2, c0);
        Value uGt = m.mul(sqAx, m.div(sq1h = m.sqrt(m.add(one, h)), sq2));
        Value uLt = m.mul(sqAy = m.sqrt(ay), m.div(sqRh = m.sqrt(m.add(r0, h)), sq2));
        Value u = m.select(eq, uEq, m.select(badU, m.select(gt, uGt, uLt), uGeneral));
        Value ayDivU = m.select(eq, m.div(sqAy, m.c(2.19736822693562, x)), m.select(badU,
                m.select(gt, m.div(m.mul(sqAy, m.select(eq, one, m.select(lt, m.div(sqAx, sqAy), m.div(sqAy, sqAx)))),
                        m.mul(sq1h, sq2)), m.div(sqAy, m.mul(sqRh, sq2))),
                m.div(ay, m.mul(uGeneral, two))));
        Value re = m.select(nonNegative, u, ayDivU);
        Value negY;
        Value im = m.select(m.cmp("LT", x, c0), m.select(negY = m.cmp("LT", y, c0), m.neg(u), u),
                m.select(negY, m.neg(ayDivU), ayDivU));
        return m.complex(re, im);
    }

    // ---- log(x + I y) = log(hypot(x, y)) + I atan2(y, x): Dekker squares and 2Sum near |z| = 1

    private static Value log(M m, Value z) {
        Value x, y, minusOne, yy, xx, gt, mxh, mnh, h2, h1, h0, high, yyLow, xxLow, absX, absY, mx, mn, ratio;
        high = m.add(h0 = m.add(h1 = m.add(h2 = m.add(minusOne = m.c(-1.0, x = m.real(z)),
                mxh = m.select(gt = m.cmp("GT", yy = m.mul(y = m.imag(z), y), xx = m.mul(x, x)), yy, xx)),
                mnh = m.select(gt, xx, yy)), yyLow = m.squareLow(y, yy)), xxLow = m.squareLow(x, xx));
        Value low = m.add(m.add(m.add(m.fastTwoSumLow(minusOne, mxh, h2), m.fastTwoSumLow(h2, mnh, h1)),
                m.fastTwoSumLow(h1, yyLow, h0)), m.fastTwoSumLow(h0, xxLow, high));
        Value sum = m.add(high, low);
        Value half;
        Value near = m.cmp("LT", m.abs(sum), half = m.c(0.5, x));
        Value dekker = m.mul(half, m.log1p(sum));
        Value rescaled = m.add(m.log(mx = m.max(absX = m.abs(x), absY = m.abs(y))), m.mul(half,
                m.log1p(m.mul(ratio = m.select(m.cmp("EQ", mn = m.min(absX, absY), mx), m.c(1.0, x), m.div(mn, mx)),
                        ratio))));
        return m.complex(m.select(near, dekker, rescaled), m.atan2(y, x));
    }

    // ---- exp(x + I y) = exp(x) (cos y + I sin y), exp(x / 2) twice where exp(x) overflows, imag 0 for y = 0

    private static Value exp(M m, Value z) {
        Value x, e, e2, cs, y, zero, sn;
        Value overflow = m.cmp("EQ", e = m.exp(x = m.real(z)), m.posInf(x));
        Value re = m.select(overflow, m.mul(m.mul(e2 = m.exp(m.mul(x, m.c(0.5, x))), cs = m.cos(y = m.imag(z))), e2),
                m.mul(e, cs));
        Value im = m.select(m.cmp("EQ", y, zero = m.c(0, x)), zero,
                m.select(overflow, m.mul(m.mul(e2, sn = m.sin(y)), e2), m.mul(e, sn)));
        return m.complex(re, im);
    }

    /**
     * Makes the ops of one expansion at the rewriter's insertion point and the expanded op's location. Constants
     * are "like" a real value ({@code getConstantLike}): splat {@code stablehlo.constant}s of its static shape, else
     * {@code chlo.constant_like}; the Veltkamp splitter and the largest finite value are made once per expansion,
     * where upstream's pattern binds them.
     */
    private static final class M {
        private final PatternRewriter r;
        private final Location loc;
        private final Map<Double, Value> constants = new HashMap<>();
        private Value largest;
        private Value splitter;

        M(PatternRewriter r, Location loc) {
            this.r = r;
            this.loc = loc;
        }

        private static Value out(TypedOp op) {
            return op.operation().result(0);
        }

        /**
         * {@code value} in {@code like}'s float element type, shaped like it; made once per expansion (every
         * constant of a pattern is like the same value, and the driver merges equal constants anyway).
         */
        Value c(double value, Value like) {
            Value v = constants.get(value);
            if (v == null) {
                FloatType ft = (FloatType) ((ShapedType) like.type()).elementType();
                v = bits(new FloatAttr(ft, FloatFormats.fromDouble(ft.kind(), value)), like);
                constants.put(value, v);
            }
            return v;
        }

        /** The largest finite value of {@code like}'s float type (bound once: upstream's {@code $largest}). */
        Value largest(Value like) {
            if (largest == null) {
                FloatType ft = (FloatType) ((ShapedType) like.type()).elementType();
                largest = bits(new FloatAttr(ft, FloatFormats.maxFinite(ft.kind())), like);
            }
            return largest;
        }

        /** Positive infinity in {@code like}'s float type. */
        Value posInf(Value like) {
            return c(Double.POSITIVE_INFINITY, like);
        }

        private Value bits(FloatAttr scalar, Value like) {
            if (!(like.type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
                return out(ConstantLikeOp.create(r, loc, like, scalar));
            }
            RankedTensorType type = new RankedTensorType(t.shape(), scalar.type());
            int eb = DenseElementsAttr.elementStorageBytes(scalar.type());
            byte[] one = new byte[eb];
            for (int k = 0; k < eb; k++) one[k] = scalar.bits().shiftRight(8 * k).byteValue();
            return out(org.stablehlo4j.dialect.stablehlo.ops.ConstantOp.createWithTypes(r, loc, List.of(type),
                    new DenseElementsAttr(type, one, 0, eb, true)));
        }

        /**
         * The low part of Dekker's square of {@code v} whose high part is {@code vv = v * v}: {@code v} split by
         * Veltkamp's constant (2^27+1, 2^12+1 or 2^6+1 by the float type's largest value) into {@code vh + vl}.
         */
        Value squareLow(Value v, Value vv) {
            Value m0 = neg(vv);
            Value mv, vh, vl, hl;
            return add(add(add(add(m0, mul(vh = add(mv = mul(splitter(v), v), sub(v, mv)), vh)),
                    hl = mul(vh, vl = sub(v, vh))), hl), mul(vl, vl));
        }

        private Value splitter(Value like) {
            if (splitter == null) {
                Value big = largest(like);
                splitter = select(cmp("GT", big, c(1e308, like)), c(134217729, like),
                        select(cmp("GT", big, c(1e38, like)), c(4097, like), c(65, like)));
            }
            return splitter;
        }

        /** The rounding error of {@code sum = a + b} (Knuth's 2Sum). */
        Value twoSumLow(Value a, Value b, Value sum) {
            Value s;
            return add(sub(a, sub(sum, s = sub(sum, a))), sub(b, s));
        }

        /** The rounding error of {@code sum = a + b} for {@code |a| >= |b|} (Dekker's Fast2Sum). */
        Value fastTwoSumLow(Value a, Value b, Value sum) {
            return sub(b, sub(sum, a));
        }

        /**
         * {@code hypot(a, b)} given {@code mx = max(a, b)} of non-negative {@code a} and {@code b}, as upstream's
         * sqrt pattern writes it (its {@code $one} and {@code $two} are made where it first needs them).
         */
        Value hypot(Value mx, Value a, Value b, Value sq2, Value c0) {
            Value mn, sqa, rr, mnOverMx, one;
            Value eq = cmp("EQ", mx, mn = min(a, b));
            Value onEq = mul(sq2, mx);
            Value cond = and(cmp("EQ", sqa = sqrt(add(one = c(1, mx), rr = mul(mnOverMx = div(mn, mx), mnOverMx))), one),
                    cmp("GT", rr, c0));
            Value small = add(mx, div(mul(mx, rr), c(2, mx)));
            return select(eq, onEq, select(cond, small, mul(mx, sqa)));
        }

        Value add(Value a, Value b) { return out(AddOp.create(r, loc, a, b)); }

        Value sub(Value a, Value b) { return out(SubtractOp.create(r, loc, a, b)); }

        Value mul(Value a, Value b) { return out(MultiplyOp.create(r, loc, a, b)); }

        Value div(Value a, Value b) { return out(DivideOp.create(r, loc, a, b)); }

        Value max(Value a, Value b) { return out(MaximumOp.create(r, loc, a, b)); }

        Value min(Value a, Value b) { return out(MinimumOp.create(r, loc, a, b)); }

        Value and(Value a, Value b) { return out(AndOp.create(r, loc, a, b)); }

        Value or(Value a, Value b) { return out(OrOp.create(r, loc, a, b)); }

        Value atan2(Value a, Value b) { return out(Atan2Op.create(r, loc, a, b)); }

        Value complex(Value re, Value im) { return out(ComplexOp.create(r, loc, re, im)); }

        Value abs(Value a) { return out(AbsOp.create(r, loc, a)); }

        Value neg(Value a) { return out(NegateOp.create(r, loc, a)); }

        Value real(Value a) { return out(RealOp.create(r, loc, a)); }

        Value imag(Value a) { return out(ImagOp.create(r, loc, a)); }

        Value sqrt(Value a) { return out(SqrtOp.create(r, loc, a, null)); }

        Value log(Value a) { return out(LogOp.create(r, loc, a, null)); }

        Value log1p(Value a) { return out(LogPlusOneOp.create(r, loc, a, null)); }

        Value exp(Value a) { return out(ExponentialOp.create(r, loc, a, null)); }

        Value cos(Value a) { return out(CosineOp.create(r, loc, a, null)); }

        Value sin(Value a) { return out(SineOp.create(r, loc, a, null)); }

        Value select(Value p, Value a, Value b) { return out(SelectOp.create(r, loc, p, a, b)); }

        /** {@code stablehlo.compare} without a comparison type (upstream's default). */
        Value cmp(String direction, Value a, Value b) {
            return out(CompareOp.create(r, loc, a, b, EnumAttr.of(StablehloEnum.COMPARISON_DIRECTION, direction), null));
        }
    }
}
