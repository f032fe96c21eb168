package org.stablehlo4j.dialect.chlo.transforms;

import java.math.BigInteger;
import java.util.List;
import java.util.function.BiFunction;
import org.stablehlo4j.dialect.chlo.ConjOp;
import org.stablehlo4j.dialect.chlo.ConstantOp;
import org.stablehlo4j.dialect.chlo.IsInfOp;
import org.stablehlo4j.dialect.chlo.IsNegInfOp;
import org.stablehlo4j.dialect.chlo.IsPosInfOp;
import org.stablehlo4j.dialect.chlo.MulhiOp;
import org.stablehlo4j.dialect.chlo.NextAfterOp;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The decompositions of the CHLO ops that are fixed templates of StableHLO ops (upstream's
 * {@code ChloDecompositionPatterns.td} and {@code ConvertConstantOp} / {@code ConvertNextAfterOp}): one pattern per
 * op, written as nested {@link Hlo} calls so that the ops are made in the order upstream's declarative patterns
 * make them (operands first, left to right). The structured ops (top_k, ragged_dot, scan) are in
 * {@link ChloStructuredDecompositions}.
 */
public final class ChloOpDecompositions {
    private ChloOpDecompositions() {}

    /**
     * Adds the patterns of this class: constant, conj, is_inf, is_neg_inf, is_pos_inf, mulhi, next_after (square
     * is with the special functions, {@link ChloTrigDecompositions}).
     *
     * @param patterns the set to add to
     */
    public static void addPatterns(PatternSet patterns) {
        patterns.add(template(ConstantOp.NAME, (b, op) ->
                ConstantOp.cast(op).value() instanceof DenseElementsAttr value ? b.constant(value) : null));
        patterns.add(template(ConjOp.NAME, ChloOpDecompositions::conj));
        patterns.add(template(IsInfOp.NAME, ChloOpDecompositions::isInf));
        patterns.add(template(IsPosInfOp.NAME, (b, op) -> isInfinity(b, op.operand(0), false)));
        patterns.add(template(IsNegInfOp.NAME, (b, op) -> isInfinity(b, op.operand(0), true)));
        patterns.add(template(MulhiOp.NAME, ChloOpDecompositions::mulhi));
        patterns.add(template(NextAfterOp.NAME, ChloOpDecompositions::nextAfter));
    }

    /**
     * A pattern replacing the single result of a {@code rootName} op by what {@code body} builds (at the op, with
     * its location); a null value means the template does not apply to this op.
     *
     * @param rootName the CHLO op
     * @param body builds the replacement value
     * @return the pattern
     */
    static RewritePattern template(String rootName, BiFunction<Hlo, Operation, Value> body) {
        return new RewritePattern(rootName, 1) {
            @Override
            public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
                Value replacement = body.apply(new Hlo(rewriter, op.location()), op);
                if (replacement == null) return rewriter.notifyMatchFailure(op, "operand types the template does not take");
                rewriter.replaceOp(op, List.of(replacement));
                return true;
            }

            @Override
            public String debugName() {
                return "decompose " + rootName;
            }
        };
    }

    // ---- conj, is_inf

    /** {@code conj(z) = complex(re(z), -im(z))}; a real operand is its own conjugate. */
    private static Value conj(Hlo b, Operation op) {
        Value v = op.operand(0);
        if (!Hlo.isComplex(v)) return v;
        return b.complex(b.real(v), b.neg(b.imag(v)));
    }

    /** {@code is_inf(x) = is_pos_inf(|x|)}. */
    private static Value isInf(Hlo b, Operation op) {
        Value x = op.operand(0);
        if (Hlo.isComplex(x)) return null;
        Value abs = b.abs(x);
        return Hlo.v(IsPosInfOp.createWithTypes(b.r, b.loc, List.of(op.result(0).type()), abs));
    }

    /** {@code x == +inf} or {@code x == -inf}. */
    private static Value isInfinity(Hlo b, Value x, boolean negative) {
        if (!(Hlo.elementType(x) instanceof FloatType ft)) return null;
        BigInteger inf = FloatFormats.fromDouble(ft.kind(), negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        return b.compare("EQ", x, b.constLikeBits(inf, x));
    }

    // ---- mulhi

    /**
     * The high half of the double-width product. Below 64 bits: widen, multiply, shift right by the width
     * (arithmetically when signed), narrow. Unsigned 64 bits: from 32-bit halves with their carries. Signed 64
     * bits: the unsigned high half of the operands' bits, minus {@code b} when {@code a < 0} and minus {@code a}
     * when {@code b < 0}.
     */
    private static Value mulhi(Hlo b, Operation op) {
        Value lhs = op.operand(0);
        Value rhs = op.operand(1);
        if (!(Hlo.elementType(lhs) instanceof IntegerType it)) return null;
        Type resultType = op.result(0).type();
        if (it.width() < 64) {
            IntegerType wide = new IntegerType(it.width() * 2, it.signedness());
            Value wideMul = b.mul(b.convertElements(wide, lhs), b.convertElements(wide, rhs));
            Value shift = b.constLike(it.width(), wideMul);
            Value high = it.isUnsigned() ? b.shiftRightLogical(wideMul, shift) : b.shiftRightArithmetic(wideMul, shift);
            return b.convert(resultType, high);
        }
        if (it.width() != 64) return null;
        if (it.isUnsigned()) return mulhiU64(b, lhs, rhs);
        IntegerType u64 = new IntegerType(64, IntegerType.Signedness.UNSIGNED);
        Value hi = Hlo.v(MulhiOp.createWithTypes(b.r, b.loc, List.of(Hlo.withElementType(lhs.type(), u64)),
                b.convertElements(u64, lhs), b.convertElements(u64, rhs)));
        Value lhsNegative = b.compare("LT", lhs, b.constLike(0L, lhs));
        Value minusRhs = b.select(lhsNegative, b.convertElements(u64, rhs), b.constLike(0L, b.convertElements(u64, rhs)));
        Value first = b.sub(hi, minusRhs);
        Value rhsNegative = b.compare("LT", rhs, b.constLike(0L, rhs));
        Value minusLhs = b.select(rhsNegative, b.convertElements(u64, lhs), b.constLike(0L, b.convertElements(u64, lhs)));
        return b.convert(resultType, b.sub(first, minusLhs));
    }

    /** {@code p3 + (mid1 >> 32) + (mid2 >> 32)} over the 32-bit halves of two u64 tensors. */
    private static Value mulhiU64(Hlo b, Value lhs, Value rhs) {
        long low32 = 0xFFFFFFFFL;
        Value aHi = b.shiftRightLogical(lhs, b.constLike(32L, lhs));
        Value bHi = b.shiftRightLogical(rhs, b.constLike(32L, rhs));
        Value p3 = b.mul(aHi, bHi);
        Value aLo = b.and(lhs, b.constLike(low32, lhs));
        Value p1 = b.mul(aLo, bHi);
        Value bLo = b.and(rhs, b.constLike(low32, rhs));
        Value p0 = b.mul(aLo, bLo);
        Value carryP0 = b.shiftRightLogical(p0, b.constLike(32L, lhs));
        Value mid1 = b.add(p1, carryP0);
        Value carryMid1 = b.shiftRightLogical(mid1, b.constLike(32L, lhs));
        Value sum = b.add(p3, carryMid1);
        Value p2 = b.mul(aHi, bLo);
        Value mid2 = b.add(p2, b.and(mid1, b.constLike(low32, lhs)));
        Value carryMid2 = b.shiftRightLogical(mid2, b.constLike(32L, lhs));
        return b.add(sum, carryMid2);
    }

    // ---- next_after

    /**
     * The next representable value after {@code x} toward {@code y}, on the bits: NaN when either is NaN,
     * {@code y} when they are equal, the smallest subnormal signed like {@code y} when {@code x} is ±0, otherwise
     * {@code x}'s bits plus or minus one (minus when the magnitude must shrink).
     */
    private static Value nextAfter(Hlo b, Operation op) {
        Value x = op.operand(0);
        Value y = op.operand(1);
        if (!(Hlo.elementType(x) instanceof FloatType ft)) return null;
        int bitwidth = ft.width();
        Type intType = Hlo.withElementType(x.type(), IntegerType.signless(bitwidth));
        Value xAsInt = b.bitcast(intType, x);
        Value yAsInt = b.bitcast(intType, y);
        Value nanInput = b.or(b.compare("NE", x, x), b.compare("NE", y, y));
        Value resultForNanAsInt = b.bitcast(intType, b.constLike(Double.NaN, x));
        long signBit = 1L << (bitwidth - 1);
        Value signMask = b.constLike(signBit, xAsInt);
        Value negatedSignMask = b.constLike(~signBit, xAsInt);
        Value xAbs = b.and(xAsInt, negatedSignMask);
        Value yAbs = b.and(yAsInt, negatedSignMask);
        Value xAndYAreEqual = b.compare("EQ", x, y);
        Value zero = b.constLike(0L, xAsInt);
        Value xIsZero = b.compare("EQ", xAbs, zero);
        Value yIsZero = b.compare("EQ", yAbs, zero);
        Value xSign = b.and(xAsInt, signMask);
        Value ySign = b.and(yAsInt, signMask);
        Value one = b.constLike(1L, xAsInt);
        Value resultForXZeroYNonZero = b.or(ySign, one);
        Value signsDisagree = b.compare("NE", xSign, ySign);
        Value xMagnitudeLargerThanY = b.compare("GT", xAbs, yAbs);
        Value resultHasSmallerMagnitude = b.or(xMagnitudeLargerThanY, signsDisagree);
        Value minusOne = b.constLike(-1L, xAsInt);
        Value magnitudeAdjustment = b.select(resultHasSmallerMagnitude, minusOne, one);
        Value result = b.add(xAsInt, magnitudeAdjustment);
        result = b.select(xIsZero, b.select(yIsZero, yAsInt, resultForXZeroYNonZero), result);
        result = b.select(xAndYAreEqual, yAsInt, result);
        result = b.select(nanInput, resultForNanAsInt, result);
        return b.bitcast(x.type(), result);
    }
}
