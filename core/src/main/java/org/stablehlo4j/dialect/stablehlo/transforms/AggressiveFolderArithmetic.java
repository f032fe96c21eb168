package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.foldsDtype;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.pattern;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.readCap;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.replaceWithConstant;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.staticResult;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.withinLimit;

import java.util.List;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoublePredicate;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

import org.stablehlo4j.dialect.chlo.ErfOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogisticOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.NotOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestAfzOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestEvenOp;
import org.stablehlo4j.dialect.stablehlo.ops.RsqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SignOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanhOp;
import org.stablehlo4j.dialect.stablehlo.ops.XorOp;
import org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderElements.Values;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The element-wise folds of {@link AggressiveFolderPatterns}: unary and binary arithmetic, logic, comparison,
 * clamp, select and convert on constant operands. A result whose operands are all splats is a splat, computed
 * once.
 */
final class AggressiveFolderArithmetic {
    private AggressiveFolderArithmetic() {}

    /** The shape folder's element-wise patterns. */
    static void addShapeFolds(PatternSet set, AggressiveFolderOptions o, int benefit) {
        set.add(pattern(AddOp.NAME, "FoldAddOpPattern", benefit, o,
                (op, r, opts) -> arithmetic(op, r, opts, it -> (a, b) -> a + b, Double::sum, false)));
        set.add(pattern(AndOp.NAME, "FoldAndOpPattern", benefit, o,
                (op, r, opts) -> logic(op, r, opts, (a, b) -> a & b)));
        set.add(pattern(ClampOp.NAME, "FoldClampOpPattern", benefit, o, AggressiveFolderArithmetic::clamp));
        set.add(pattern(CompareOp.NAME, "FoldCompareOpPattern", benefit, o, AggressiveFolderArithmetic::compare));
        set.add(pattern(ConvertOp.NAME, "FoldConvertOpPattern", benefit, o, AggressiveFolderArithmetic::convert));
        set.add(pattern(DivideOp.NAME, "FoldDivOpPattern", benefit, o, (op, r, opts) -> arithmetic(op, r, opts,
                it -> it.isUnsigned() ? Long::divideUnsigned : (a, b) -> sext(a, it) / sext(b, it),
                (a, b) -> a / b, true)));
        set.add(pattern(MaximumOp.NAME, "FoldMaxOpPattern", benefit, o, (op, r, opts) -> arithmetic(op, r, opts,
                it -> (a, b) -> compareInts(a, b, it, unsignedOrBool(it)) >= 0 ? a : b, Math::max, false)));
        set.add(pattern(MinimumOp.NAME, "FoldMinOpPattern", benefit, o, (op, r, opts) -> arithmetic(op, r, opts,
                it -> (a, b) -> compareInts(a, b, it, unsignedOrBool(it)) <= 0 ? a : b, Math::min, false)));
        set.add(pattern(MultiplyOp.NAME, "FoldMulOpPattern", benefit, o,
                (op, r, opts) -> arithmetic(op, r, opts, it -> (a, b) -> a * b, (a, b) -> a * b, false)));
        set.add(pattern(OrOp.NAME, "FoldOrOpPattern", benefit, o,
                (op, r, opts) -> logic(op, r, opts, (a, b) -> a | b)));
        set.add(pattern(RemainderOp.NAME, "FoldRemOpPattern", benefit, o, (op, r, opts) -> arithmetic(op, r, opts,
                it -> it.isUnsigned() ? Long::remainderUnsigned : (a, b) -> sext(a, it) % sext(b, it),
                (a, b) -> a % b, true)));
        set.add(pattern(SelectOp.NAME, "FoldSelectOpPattern", benefit, o, AggressiveFolderArithmetic::select));
        set.add(pattern(SignOp.NAME, "FoldSignOpPattern", benefit, o, (op, r, opts) -> unary(op, r, opts,
                it -> it.isUnsigned() ? null : v -> Long.signum(sext(v, it)),
                v -> !Double.isNaN(v), v -> v == 0 ? 0.0 : v < 0 ? -1.0 : 1.0)));
        set.add(pattern(SubtractOp.NAME, "FoldSubtractOpPattern", benefit, o,
                (op, r, opts) -> arithmetic(op, r, opts, it -> (a, b) -> a - b, (a, b) -> a - b, false)));
    }

    /** The other element-wise patterns of the aggressive folder. */
    static void addFolds(PatternSet set, AggressiveFolderOptions o, int benefit) {
        set.add(pattern(AbsOp.NAME, "FoldAbsOpPattern", benefit, o, (op, r, opts) -> unary(op, r, opts,
                it -> v -> Math.abs(sext(v, it)), null, Math::abs)));
        set.add(floatUnary(CosineOp.NAME, "FoldCosineOpPattern", benefit, o, null, StrictMath::cos));
        set.add(floatUnary(ErfOp.NAME, "FoldErfOpPattern", benefit, o, null, AggressiveFolderArithmetic::erf));
        set.add(floatUnary(ExponentialOp.NAME, "FoldExpOpPattern", benefit, o, null, StrictMath::exp));
        set.add(floatUnary(LogOp.NAME, "FoldLogOpPattern", benefit, o, v -> !(v <= 0), StrictMath::log));
        set.add(floatUnary(LogisticOp.NAME, "FoldLogisticOpPattern", benefit, o, null,
                v -> 1 / (1 + StrictMath.exp(-v))));
        set.add(pattern(NegateOp.NAME, "FoldNegOpPattern", benefit, o,
                (op, r, opts) -> unary(op, r, opts, it -> v -> -v, null, v -> -v)));
        set.add(pattern(NotOp.NAME, "FoldNotOpPattern", benefit, o,
                (op, r, opts) -> unary(op, r, opts, it -> v -> ~v, null, null)));
        set.add(floatUnary(RoundNearestAfzOp.NAME, "FoldRoundOpPattern", benefit, o, null,
                AggressiveFolderArithmetic::roundHalfAway));
        set.add(floatUnary(RoundNearestEvenOp.NAME, "FoldRoundNearestEvenOpPattern", benefit, o, null, Math::rint));
        set.add(floatUnary(RsqrtOp.NAME, "FoldRsqrtOpPattern", benefit, o, v -> !(v <= 0),
                v -> 1 / StrictMath.sqrt(v)));
        set.add(floatUnary(SineOp.NAME, "FoldSineOpPattern", benefit, o, null, StrictMath::sin));
        set.add(floatUnary(SqrtOp.NAME, "FoldSqrtOpPattern", benefit, o, v -> !(v < 0), StrictMath::sqrt));
        set.add(floatUnary(TanOp.NAME, "FoldTanOpPattern", benefit, o, null, StrictMath::tan));
        set.add(floatUnary(TanhOp.NAME, "FoldTanhOpPattern", benefit, o, null, StrictMath::tanh));
        set.add(pattern(XorOp.NAME, "FoldXorOpPattern", benefit, o,
                (op, r, opts) -> logic(op, r, opts, (a, b) -> a ^ b)));
    }

    private static org.stablehlo4j.ir.RewritePattern floatUnary(String root, String name, int benefit,
            AggressiveFolderOptions o, DoublePredicate domain, DoubleUnaryOperator f) {
        return pattern(root, name, benefit, o, (op, r, opts) -> unary(op, r, opts, it -> null, domain, f));
    }

    // ---- integers

    private static boolean unsignedOrBool(IntegerType it) {
        return it.isUnsigned() || it.width() == 1;
    }

    /** {@code v}'s low {@code it.width()} bits read as a two's complement number. */
    static long sext(long v, IntegerType it) {
        int w = it.width();
        return w >= 64 ? v : (v << (64 - w)) >> (64 - w);
    }

    /** {@code v}'s low {@code it.width()} bits read as an unsigned number. */
    static long zext(long v, IntegerType it) {
        int w = it.width();
        return w >= 64 ? v : v & ((1L << w) - 1);
    }

    /** Compares the bit patterns of {@code a} and {@code b} at {@code it}'s width, unsigned or signed. */
    static int compareInts(long a, long b, IntegerType it, boolean unsigned) {
        return unsigned ? Long.compareUnsigned(zext(a, it), zext(b, it)) : Long.compare(sext(a, it), sext(b, it));
    }

    // ---- reading operands

    /**
     * The elements of {@code values}, all constants of one element type, each a splat or with as many elements
     * as {@code type}; null (reported as {@code failure}) otherwise.
     */
    private static Values[] constants(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                                      List<Value> values, RankedTensorType type, String failure) {
        Values[] out = new Values[values.size()];
        for (int i = 0; i < out.length; i++) {
            DenseElementsAttr d = Constants.dense(values.get(i));
            if (d == null) {
                rewriter.notifyMatchFailure(op, failure);
                return null;
            }
            Values v = ofValueType(values.get(i), d) ? AggressiveFolderElements.read(d, readCap(options)) : null;
            if (v == null || !v.splat() && v.stored() != type.numElements()
                    || !v.type().elementType().equals(out[0] == null ? v.type().elementType()
                    : out[0].type().elementType())) {
                rewriter.notifyMatchFailure(op, "folding failed");
                return null;
            }
            out[i] = v;
        }
        return out;
    }

    /**
     * Whether constant {@code d} holds elements of {@code v}'s own element type (a quantized constant's value is
     * its storage integers, which are not the numbers it stands for).
     */
    private static boolean ofValueType(Value v, DenseElementsAttr d) {
        return v.type() instanceof ShapedType s && s.elementType().equals(d.type().elementType());
    }

    /** How many result elements to compute: one when every operand is a splat. */
    private static int count(RankedTensorType type, Values... in) {
        for (Values v : in) if (!v.splat()) return (int) type.numElements();
        return 1;
    }

    // ---- binary

    /**
     * A binary arithmetic fold (add, subtract, multiply, divide, remainder, maximum, minimum): integers by the
     * function {@code ints} gives for the element type, wrapped to its width; floats by {@code floats}, rounded to
     * the element type. With {@code divisor}, a zero integer divisor element stops the fold.
     */
    private static boolean arithmetic(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                                      Function<IntegerType, LongBinaryOperator> ints, DoubleBinaryOperator floats,
                                      boolean divisor) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)) return false;
        Values[] in = constants(op, rewriter, options, op.operands(), type, "lhs & rhs operands not constants");
        if (in == null || !in[0].type().elementType().equals(type.elementType())) return false;
        int n = count(type, in);
        if (in[0].isInt()) {
            if (divisor) {
                for (long d : in[1].ints()) {
                    if (d == 0) return rewriter.notifyMatchFailure(op, "integer division by zero");
                }
            }
            return foldInts(op, rewriter, type, n, ints.apply((IntegerType) type.elementType()), in);
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = floats.applyAsDouble(in[0].f(i), in[1].f(i));
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofFloats(type, out));
    }

    private static boolean foldInts(Operation op, PatternRewriter rewriter, RankedTensorType type, int n,
                                    LongBinaryOperator f, Values[] in) {
        IntegerType it = (IntegerType) type.elementType();
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = Constants.normalize(f.applyAsLong(in[0].i(i), in[1].i(i)), it);
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofInts(type, out));
    }

    /** and / or / xor: bitwise on integers, logical on {@code i1}; other element types do not fold. */
    private static boolean logic(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                                 LongBinaryOperator bitwise) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null) return false;
        if (!(type.elementType() instanceof IntegerType it)) {
            return rewriter.notifyMatchFailure(op, "Expected integral element type.");
        }
        Values[] in = constants(op, rewriter, options, op.operands(), type, "lhs & rhs operands not constants");
        if (in == null || !in[0].type().elementType().equals(it)) return false;
        LongBinaryOperator f = it.width() == 1
                ? (a, b) -> bitwise.applyAsLong(a != 0 ? 1 : 0, b != 0 ? 1 : 0) : bitwise;
        return foldInts(op, rewriter, type, count(type, in), f, in);
    }

    /** compare: integers by the comparison type (signed or unsigned at their width), floats numerically. */
    private static boolean compare(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)) return false;
        CompareOp c = CompareOp.cast(op);
        if (!(c.comparisonDirection() instanceof EnumAttr direction)) return false;
        Type element = c.lhs().type() instanceof ShapedType s ? s.elementType() : null;
        String kind;
        if (c.compareType() instanceof EnumAttr k && !k.caseName().equals("NOTYPE")) kind = k.caseName();
        else if (element instanceof IntegerType it) kind = unsignedOrBool(it) ? "UNSIGNED" : "SIGNED";
        else if (element instanceof FloatType || element instanceof org.stablehlo4j.ir.ComplexType) kind = "FLOAT";
        else return rewriter.notifyMatchFailure(op, "Could not determine comparison type.");
        Values[] in = constants(op, rewriter, options, op.operands(), type, "lhs & rhs operands not constants");
        if (in == null) return false;
        String d = direction.caseName();
        int n = count(type, in);
        long[] out = new long[n];
        if (in[0].isInt()) {
            if (!kind.equals("SIGNED") && !kind.equals("UNSIGNED")) return false;
            IntegerType it = (IntegerType) in[0].type().elementType();
            for (int i = 0; i < n; i++) {
                out[i] = holds(d, compareInts(in[0].i(i), in[1].i(i), it, kind.equals("UNSIGNED")), false) ? 1 : 0;
            }
        } else {
            if (!kind.equals("FLOAT") && !kind.equals("TOTALORDER")) return false;
            for (int i = 0; i < n; i++) {
                double x = in[0].f(i);
                double y = in[1].f(i);
                out[i] = holds(d, Double.compare(x, y) == 0 || x == y ? 0 : x < y ? -1 : 1,
                        Double.isNaN(x) || Double.isNaN(y)) ? 1 : 0;
            }
        }
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofInts(type, out));
    }

    /** Whether direction {@code d} holds for an ordering; unordered (NaN) operands satisfy only NE. */
    private static boolean holds(String d, int cmp, boolean unordered) {
        if (unordered) return d.equals("NE");
        return switch (d) {
            case "EQ" -> cmp == 0;
            case "NE" -> cmp != 0;
            case "GE" -> cmp >= 0;
            case "GT" -> cmp > 0;
            case "LE" -> cmp <= 0;
            default -> cmp < 0;
        };
    }

    /** clamp(min, x, max) as minimum(max, maximum(min, x)); a splat bound applies to every element. */
    private static boolean clamp(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)) return false;
        ClampOp c = ClampOp.cast(op);
        Values[] in = constants(op, rewriter, options, List.of(c.min(), c.operand(), c.max()), type,
                "operands not constant");
        if (in == null || !in[0].type().elementType().equals(type.elementType())) return false;
        int n = count(type, in);
        if (in[0].isInt()) {
            IntegerType it = (IntegerType) type.elementType();
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                long lo = in[0].i(i);
                long x = in[1].i(i);
                long m = compareInts(lo, x, it, it.isUnsigned()) >= 0 ? lo : x;
                long hi = in[2].i(i);
                out[i] = compareInts(hi, m, it, it.isUnsigned()) <= 0 ? hi : m;
            }
            return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofInts(type, out));
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = Math.min(in[2].f(i), Math.max(in[0].f(i), in[1].f(i)));
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofFloats(type, out));
    }

    /** select of constants: a splat predicate picks an operand; otherwise integers are picked per element. */
    private static boolean select(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)) return false;
        SelectOp s = SelectOp.cast(op);
        DenseElementsAttr pred = Constants.dense(s.pred());
        DenseElementsAttr onTrue = Constants.dense(s.onTrue());
        DenseElementsAttr onFalse = Constants.dense(s.onFalse());
        if (pred == null || onTrue == null || onFalse == null || !(pred.type().elementType() instanceof IntegerType)) {
            return rewriter.notifyMatchFailure(op, "expected constant operands");
        }
        if (AggressiveFolderElements.isSplat(pred) && pred.length() > 0) {
            DenseElementsAttr chosen = Constants.first(pred) != 0 ? onTrue : onFalse;
            if (!chosen.type().equals(type)) return false;
            return replaceWithConstant(rewriter, op, chosen);
        }
        if (type.elementType() instanceof FloatType) {
            return rewriter.notifyMatchFailure(op, "float select not supported yet");
        }
        if (!withinLimit(op, rewriter, options, type)) return false;
        Values p = AggressiveFolderElements.read(pred, readCap(options));
        Values t = AggressiveFolderElements.read(onTrue, readCap(options));
        Values f = AggressiveFolderElements.read(onFalse, readCap(options));
        int n = (int) type.numElements();
        if (p == null || t == null || f == null || !t.isInt() || !f.isInt()) return false;
        for (Values v : new Values[] {p, t, f}) if (!v.splat() && v.stored() != n) return false;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = p.i(i) != 0 ? t.i(i) : f.i(i);
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofInts(type, out));
    }

    // ---- unary

    /**
     * A unary fold: integers (signless and signed as signed, unsigned as unsigned) by the function {@code ints}
     * gives for the element type (null: they do not fold), wrapped to the width; floats by {@code floats} (null: they
     * do not fold), each element in {@code domain} (null: all), rounded to the element type. Other element types do
     * not fold.
     */
    private static boolean unary(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                                 Function<IntegerType, LongUnaryOperator> ints, DoublePredicate domain,
                                 DoubleUnaryOperator floats) {
        if (op.numOperands() != 1 || op.numResults() != 1) return rewriter.notifyMatchFailure(op, "expected unary op");
        if (!(op.result(0).type() instanceof RankedTensorType type)
                || !AggressiveFolderElements.supported(type.elementType())) {
            return false;
        }
        DenseElementsAttr d = Constants.dense(op.operand(0));
        if (d == null || !ofValueType(op.operand(0), d)) {
            return rewriter.notifyMatchFailure(op, "operand not constants");
        }
        Values in = AggressiveFolderElements.read(d, readCap(options));
        if (in == null || !in.type().equals(type)) return rewriter.notifyMatchFailure(op, "folding failed");
        int n = in.stored();
        if (in.isInt()) {
            IntegerType it = (IntegerType) type.elementType();
            LongUnaryOperator f = ints.apply(it);
            if (f == null) return rewriter.notifyMatchFailure(op, "folding failed");
            long[] out = new long[n];
            for (int i = 0; i < n; i++) out[i] = Constants.normalize(f.applyAsLong(in.ints()[i]), it);
            return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofInts(type, out));
        }
        if (floats == null) return rewriter.notifyMatchFailure(op, "folding failed");
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double x = in.floats()[i];
            if (domain != null && !domain.test(x)) return rewriter.notifyMatchFailure(op, "folding failed");
            out[i] = floats.applyAsDouble(x);
        }
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.ofFloats(type, out));
    }

    /** Rounds to the nearest integer, halfway cases away from zero. */
    static double roundHalfAway(double x) {
        double a = Math.abs(x);
        if (!(a < 0x1p52)) return x; // already integral, infinite or NaN
        double t = Math.floor(a);
        if (a - t >= 0.5) t += 1;
        return Math.copySign(t, x);
    }

    /**
     * The error function: its Maclaurin series up to |x| = 2, then 1 - erfc(|x|) with erfc from its continued
     * fraction (evaluated by the modified Lentz method); beyond |x| = 6 it is ±1 in double precision.
     */
    static double erf(double x) {
        if (Double.isNaN(x) || x == 0) return x;
        double a = Math.abs(x);
        double r;
        if (a < 2) {
            // erf(x) = 2/sqrt(pi) * sum_n (-1)^n x^(2n+1) / (n! (2n+1))
            double power = a;
            double sum = a;
            double x2 = a * a;
            for (int n = 1; n < 100; n++) {
                power *= -x2 / n;
                double term = power / (2 * n + 1);
                sum += term;
                if (Math.abs(term) <= 1e-17 * Math.abs(sum)) break;
            }
            r = sum * 2 / Math.sqrt(Math.PI);
        } else if (a < 6) {
            // erfc(a) = exp(-a^2)/sqrt(pi) * 1/(a + (1/2)/(a + 1/(a + (3/2)/(a + ...))))
            double tiny = 1e-300;
            double f = a;
            double c = a;
            double dd = 0;
            for (int k = 1; k < 300; k++) {
                double ak = k / 2.0;
                dd = a + ak * dd;
                dd = 1 / (Math.abs(dd) < tiny ? tiny : dd);
                c = a + ak / c;
                if (Math.abs(c) < tiny) c = tiny;
                double delta = c * dd;
                f *= delta;
                if (Math.abs(delta - 1) < 1e-16) break;
            }
            r = 1 - StrictMath.exp(-a * a) / Math.sqrt(Math.PI) / f;
        } else {
            r = 1;
        }
        return Math.copySign(r, x);
    }

    // ---- convert

    /** convert of a constant between integer, boolean and float element types, as upstream's foldConvert. */
    private static boolean convert(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options) {
        RankedTensorType type = staticResult(op, rewriter);
        if (type == null || !foldsDtype(op, rewriter, options, type, false)
                || !withinLimit(op, rewriter, options, type)) {
            return false;
        }
        Type from = op.operand(0).type() instanceof ShapedType s ? s.elementType() : null;
        Type to = type.elementType();
        if (!options.optimizeFloat() && (from instanceof FloatType || to instanceof FloatType)) {
            return rewriter.notifyMatchFailure(op, "skipping fold of float convert");
        }
        DenseElementsAttr d = Constants.dense(op.operand(0));
        Values in = d == null || !ofValueType(op.operand(0), d) || !AggressiveFolderElements.supported(to) ? null
                : AggressiveFolderElements.read(d, readCap(options));
        if (in == null || !in.splat() && in.stored() != type.numElements()) {
            return rewriter.notifyMatchFailure(op, "expected constant integer or float operand");
        }
        int n = in.stored();
        Values out = in.isInt() ? convertInts(in, to, n) : convertFloats(in, to, n);
        if (out == null) return rewriter.notifyMatchFailure(op, "cast of " + from + " to " + type + " failed");
        return replaceWithConstant(rewriter, op, AggressiveFolderElements.of(type, out));
    }

    private static Values convertInts(Values in, Type to, int n) {
        IntegerType fromType = (IntegerType) in.type().elementType();
        boolean unsigned = unsignedOrBool(fromType);
        if (to instanceof IntegerType toType) {
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                long v = in.ints()[i];
                out[i] = toType.width() == 1 ? (v != 0 ? 1 : 0) : Constants.normalize(v, toType);
            }
            return new Values(null, in.splat(), out, null);
        }
        FloatKind k = ((FloatType) to).kind();
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = intToFloat(in.ints()[i], unsigned, k);
        return new Values(null, in.splat(), null, out);
    }

    /** The integer {@code v} (unsigned: its 64 bits as an unsigned number) rounded once to format {@code k}. */
    static double intToFloat(long v, boolean unsigned, FloatKind k) {
        boolean big = unsigned && v < 0;
        if (k == FloatKind.F32) return big ? (float) ((v >>> 1) | (v & 1)) * 2f : (float) v;
        if (k == FloatKind.F64) return big ? (double) ((v >>> 1) | (v & 1)) * 2.0 : (double) v;
        if (!big && Math.abs(v) < (1L << 53)) return v; // exact: rounded once when written
        String decimal = unsigned ? Long.toUnsignedString(v) : Long.toString(v);
        return FloatFormats.toDouble(k, FloatFormats.parseDecimal(k, decimal));
    }

    private static Values convertFloats(Values in, Type to, int n) {
        if (to instanceof FloatType ft) {
            FloatKind k = ft.kind();
            for (int i = 0; i < n; i++) {
                double v = in.floats()[i];
                if (Double.isNaN(v) && k.nanEncoding == FloatKind.NanEncoding.NONE
                        || Double.isInfinite(v) && !k.hasInf && k.nanEncoding == FloatKind.NanEncoding.NONE) {
                    return null;
                }
            }
            return new Values(null, in.splat(), null, in.floats());
        }
        IntegerType it = (IntegerType) to;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            double v = in.floats()[i];
            if (it.width() == 1) {
                out[i] = v == 0 ? 0 : 1;
                continue;
            }
            if (Double.isInfinite(v) || Double.isNaN(v) || v == 0 && 1 / v < 0) return null;
            double t = v < 0 ? Math.ceil(v) : Math.floor(v);
            int w = it.width();
            if (it.isUnsigned()) {
                if (!(t >= 0 && t < Math.scalb(1.0, w))) return null;
                out[i] = t < 0x1p63 ? (long) t : (long) (t - 0x1p63) + Long.MIN_VALUE;
            } else {
                double half = Math.scalb(1.0, w - 1);
                if (!(t >= -half && t < half)) return null;
                out[i] = (long) t;
            }
        }
        return new Values(null, in.splat(), out, null);
    }
}
