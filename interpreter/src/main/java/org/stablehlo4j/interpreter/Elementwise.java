package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.CbrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.CeilOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.CountLeadingZerosOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialMinusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.FloorOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogPlusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogisticOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.NotOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.PopcntOp;
import org.stablehlo4j.dialect.stablehlo.ops.PowerOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestAfzOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestEvenOp;
import org.stablehlo4j.dialect.stablehlo.ops.RsqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftLeftOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightArithmeticOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightLogicalOp;
import org.stablehlo4j.dialect.stablehlo.ops.SignOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanhOp;
import org.stablehlo4j.dialect.stablehlo.ops.XorOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.interpreter.Tensor.Kind;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Element-wise operations: tables from op name to per-element functions for integers, real floats and complex
 * numbers. Float results are computed in double precision and rounded once to the element format.
 */
final class Elementwise {
    private Elementwise() {}

    /** An integer function; {@code t} gives the element width and signedness. */
    interface IntFn { long apply(long a, long b, Tensor t); }
    interface RealFn { double apply(double a, double b); }
    /** A complex function writing (re, im) into {@code out[0..1]}. */
    interface ComplexFn { void apply(double ar, double ai, double br, double bi, double[] out, Tensor t); }

    record Def(IntFn ints, RealFn reals, ComplexFn complex) {}

    static final Map<OpDefinition, Def> UNARY = new java.util.IdentityHashMap<>();
    static final Map<OpDefinition, Def> BINARY = new java.util.IdentityHashMap<>();

    interface RealUnary { double apply(double a); }

    private static void unary(OpDefinition op, IntFn i, RealUnary r, ComplexFn c) {
        UNARY.put(op, new Def(i, r == null ? null : (a, b) -> r.apply(a), c));
    }
    private static void binary(OpDefinition op, IntFn i, RealFn r, ComplexFn c) { BINARY.put(op, new Def(i, r, c)); }

    static {
        binary(AddOp.DEFINITION, (a, b, t) -> t.kind == Kind.BOOL ? a | b : a + b, Double::sum,
                (ar, ai, br, bi, o, t) -> set(o, ar + br, ai + bi));
        binary(SubtractOp.DEFINITION, (a, b, t) -> a - b, (a, b) -> a - b, (ar, ai, br, bi, o, t) -> set(o, ar - br, ai - bi));
        binary(MultiplyOp.DEFINITION, (a, b, t) -> t.kind == Kind.BOOL ? a & b : a * b, (a, b) -> a * b, Complex::mul);
        binary(DivideOp.DEFINITION, Elementwise::intDiv, (a, b) -> a / b, Complex::div);
        binary(RemainderOp.DEFINITION, Elementwise::intRem, Elementwise::fmod, null);
        binary(MaximumOp.DEFINITION, (a, b, t) -> cmpInt(a, b, t) >= 0 ? a : b, Elementwise::fmax, (ar, ai, br, bi, o, t) -> {
            if (ar > br || (ar == br && ai >= bi)) set(o, ar, ai); else set(o, br, bi);
        });
        binary(MinimumOp.DEFINITION, (a, b, t) -> cmpInt(a, b, t) <= 0 ? a : b, Elementwise::fmin, (ar, ai, br, bi, o, t) -> {
            if (ar < br || (ar == br && ai <= bi)) set(o, ar, ai); else set(o, br, bi);
        });
        binary(AndOp.DEFINITION, (a, b, t) -> a & b, null, null);
        binary(OrOp.DEFINITION, (a, b, t) -> a | b, null, null);
        binary(XorOp.DEFINITION, (a, b, t) -> a ^ b, null, null);
        binary(ShiftLeftOp.DEFINITION, (a, b, t) -> outOfRangeShift(b, t) ? 0 : a << b, null, null);
        binary(ShiftRightLogicalOp.DEFINITION, (a, b, t) -> outOfRangeShift(b, t) ? 0 : unsignedBits(a, t) >>> b, null, null);
        binary(ShiftRightArithmeticOp.DEFINITION, (a, b, t) -> outOfRangeShift(b, t) ? (signedBits(a, t) < 0 ? -1 : 0)
                : signedBits(a, t) >> b, null, null);
        binary(PowerOp.DEFINITION, Elementwise::intPow, Math::pow, Complex::pow);
        binary(Atan2Op.DEFINITION, null, Math::atan2, (ar, ai, br, bi, o, t) -> {
            // atan2(y, x) = -i * log((x + i*y) / sqrt(x*x + y*y)) with y = a, x = b
            double[] n = new double[2];
            Complex.mul(ar, ai, ar, ai, n, null);
            double yyr = n[0];
            double yyi = n[1];
            Complex.mul(br, bi, br, bi, n, null);
            Complex.sqrt(n[0] + yyr, n[1] + yyi, 0, 0, n, t);
            Complex.div(br - ai, bi + ar, n[0], n[1], o, t);
            Complex.log(o[0], o[1], 0, 0, o, t);
            set(o, o[1], -o[0]);
        });

        unary(NegateOp.DEFINITION, (a, b, t) -> -a, a -> -a, (ar, ai, br, bi, o, t) -> set(o, -ar, -ai));
        unary(AbsOp.DEFINITION, (a, b, t) -> a < 0 ? -a : a, a -> Math.abs(a), null);
        unary(NotOp.DEFINITION, (a, b, t) -> t.kind == Kind.BOOL ? a ^ 1 : ~a, null, null);
        unary(SignOp.DEFINITION, (a, b, t) -> Long.signum(a), a -> Double.isNaN(a) ? a : a == 0 ? a : Math.signum(a),
                (ar, ai, br, bi, o, t) -> {
                    double m = Math.hypot(ar, ai);
                    if (m == 0 || Double.isNaN(m)) set(o, Double.isNaN(m) ? Double.NaN : ar, Double.isNaN(m) ? Double.NaN : ai);
                    else set(o, ar / m, ai / m);
                });
        unary(PopcntOp.DEFINITION, (a, b, t) -> Long.bitCount(unsignedBits(a, t)), null, null);
        unary(CountLeadingZerosOp.DEFINITION, (a, b, t) -> Long.numberOfLeadingZeros(unsignedBits(a, t)) - (64 - t.width), null, null);
        unary(ExponentialOp.DEFINITION, null, Math::exp, Complex::exp);
        unary(ExponentialMinusOneOp.DEFINITION, null, Math::expm1, (ar, ai, br, bi, o, t) -> {
            Complex.exp(ar, ai, 0, 0, o, t);
            o[0] -= 1;
        });
        unary(LogOp.DEFINITION, null, Math::log, Complex::log);
        unary(LogPlusOneOp.DEFINITION, null, Math::log1p, (ar, ai, br, bi, o, t) -> Complex.log(ar + 1, ai, 0, 0, o, t));
        unary(SqrtOp.DEFINITION, null, Math::sqrt, Complex::sqrt);
        unary(RsqrtOp.DEFINITION, null, a -> 1 / Math.sqrt(a), (ar, ai, br, bi, o, t) -> {
            Complex.sqrt(ar, ai, 0, 0, o, t);
            Complex.div(1, 0, o[0], o[1], o, t);
        });
        unary(CbrtOp.DEFINITION, null, Math::cbrt, Complex::cbrt);
        unary(SineOp.DEFINITION, null, Math::sin, (ar, ai, br, bi, o, t) -> set(o, Math.sin(ar) * Math.cosh(ai), Math.cos(ar) * Math.sinh(ai)));
        unary(CosineOp.DEFINITION, null, Math::cos, (ar, ai, br, bi, o, t) -> set(o, Math.cos(ar) * Math.cosh(ai), -Math.sin(ar) * Math.sinh(ai)));
        unary(TanOp.DEFINITION, null, Math::tan, Complex::tan);
        unary(TanhOp.DEFINITION, null, Math::tanh, (ar, ai, br, bi, o, t) -> {
            double d = Math.cosh(2 * ar) + Math.cos(2 * ai);
            set(o, Math.sinh(2 * ar) / d, Math.sin(2 * ai) / d);
        });
        unary(LogisticOp.DEFINITION, null, a -> 1 / (1 + Math.exp(-a)), (ar, ai, br, bi, o, t) -> {
            Complex.exp(-ar, -ai, 0, 0, o, t);
            Complex.div(1, 0, 1 + o[0], o[1], o, t);
        });
        unary(FloorOp.DEFINITION, null, Math::floor, null);
        unary(CeilOp.DEFINITION, null, Math::ceil, null);
        unary(RoundNearestEvenOp.DEFINITION, null, Math::rint, null);
        unary(RoundNearestAfzOp.DEFINITION, null, Elementwise::roundAfz, null);
    }

    // The commonest binary ops get loops of their own in applyRange (one call site per op instead of a
    // megamorphic call per element); each computes exactly what its Def's functions compute.
    private static final Def ADD = BINARY.get(AddOp.DEFINITION);
    private static final Def SUBTRACT = BINARY.get(SubtractOp.DEFINITION);
    private static final Def MULTIPLY = BINARY.get(MultiplyOp.DEFINITION);

    /**
     * {@link #applyRange} of a common binary op on integers (not i1) through {@link IntLoops}, as its {@link IntFn}
     * computes it; false for other ops.
     */
    private static boolean intRange(Def def, Tensor a, int ai, int as, Tensor b, int bi, int bs, Tensor r, int ri,
                                    int n) {
        if (b == null || a.kind == Kind.BOOL) return false;
        int op = IntLoops.opOf(def);
        if (op < 0) return false;
        IntLoops.binary(op, a, ai, as, b, bi, bs, r, ri, n);
        return true;
    }

    /** {@link #applyRange} of add, subtract or multiply on reals, as their {@link RealFn}s compute them; else false. */
    private static boolean realRange(Def def, double[] x, int ai, int as, double[] y, int bi, int bs, Tensor r, int ri,
                                     int n) {
        if (y == null) return false;
        double[] out = r.reals;
        if (def == ADD) for (int k = 0; k < n; k++) out[ri + k] = r.round(x[ai + k * as] + y[bi + k * bs]);
        else if (def == SUBTRACT) for (int k = 0; k < n; k++) out[ri + k] = r.round(x[ai + k * as] - y[bi + k * bs]);
        else if (def == MULTIPLY) for (int k = 0; k < n; k++) out[ri + k] = r.round(x[ai + k * as] * y[bi + k * bs]);
        else return false;
        return true;
    }

    private static double roundAfz(double a) {
        if (!Double.isFinite(a)) return a;
        double f = Math.floor(Math.abs(a));
        double r = Math.abs(a) - f >= 0.5 ? f + 1 : f;
        return Math.copySign(r, a);
    }

    static void set(double[] o, double re, double im) {
        o[0] = re;
        o[1] = im;
    }

    static long unsignedBits(long a, Tensor t) {
        return t.width >= 64 ? a : a & ((1L << t.width) - 1);
    }

    static long signedBits(long a, Tensor t) {
        return t.width >= 64 ? a : (a << (64 - t.width)) >> (64 - t.width);
    }

    private static boolean outOfRangeShift(long b, Tensor t) {
        return t.kind == Kind.UINT ? Long.compareUnsigned(b, t.width) >= 0 : b < 0 || b >= t.width;
    }

    static int cmpInt(long a, long b, Tensor t) {
        return t.kind == Kind.UINT ? Long.compareUnsigned(a, b) : Long.compare(a, b);
    }

    private static long intDiv(long a, long b, Tensor t) {
        if (b == 0) return -1;
        if (t.kind == Kind.UINT) return Long.divideUnsigned(a, b);
        if (b == -1) return -a;
        return a / b;
    }

    private static long intRem(long a, long b, Tensor t) {
        if (b == 0) return a;
        if (t.kind == Kind.UINT) return Long.remainderUnsigned(a, b);
        if (b == -1) return 0;
        return a % b;
    }

    private static long intPow(long base, long exp, Tensor t) {
        if (t.kind != Kind.UINT && exp < 0) {
            if (base == 1) return 1;
            if (base == -1) return (exp & 1) == 0 ? 1 : -1;
            return 0;
        }
        long r = 1;
        long b = base;
        long e = exp;
        while (e != 0) {
            if ((e & 1) != 0) r *= b;
            b *= b;
            e >>>= 1;
        }
        return r;
    }

    private static double fmod(double a, double b) {
        return a % b;
    }

    private static double fmax(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) return Double.NaN;
        return Math.max(a, b);
    }

    private static double fmin(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) return Double.NaN;
        return Math.min(a, b);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Applies a unary or binary op element by element; {@code b} is null for unary ops. */
    static Tensor apply(String op, Def def, Tensor a, Tensor b, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        if (a.kind != Kind.COMPLEX) {
            applyRange(op, def, a, 0, 1, b, 0, 1, r, 0, r.size);
        } else {
            if (def.complex() == null) throw unsupported(op, a);
            double[] o = new double[2];
            for (int i = 0; i < r.size; i++) {
                def.complex().apply(a.reals[2 * i], a.reals[2 * i + 1], b == null ? 0 : b.reals[2 * i],
                        b == null ? 0 : b.reals[2 * i + 1], o, a);
                r.reals[2 * i] = r.round(o[0]);
                r.reals[2 * i + 1] = r.round(o[1]);
            }
        }
        return r;
    }

    /**
     * {@link #apply} of real or integer elements on a range: {@code r[ri + k] = op(a[ai + k * as], b[bi + k * bs])}
     * for {@code k < n} (a stride 0 repeats one element); {@code b} is null for unary ops. Used whole by
     * {@link #apply} and per block by fused loops ({@link FusedElementwise}).
     */
    static void applyRange(String op, Def def, Tensor a, int ai, int as, Tensor b, int bi, int bs, Tensor r, int ri, int n) {
        if (a.ints != null) {
            IntFn f = def.ints();
            if (f == null) throw unsupported(op, a);
            long[] x = a.ints;
            long[] y = b == null ? null : b.ints;
            if (intRange(def, a, ai, as, b, bi, bs, r, ri, n)) return;
            long[] out = r.ints;
            for (int k = 0; k < n; k++) {
                out[ri + k] = r.normalize(f.apply(x[ai + k * as], y == null ? 0 : y[bi + k * bs], a));
            }
        } else if (!RealLoops.binary(def, a, ai, as, b, bi, bs, r, ri, n)) {
            RealFn f = def.reals();
            if (f == null) throw unsupported(op, a);
            double[] x = a.reals;
            double[] y = b == null ? null : b.reals;
            if (realRange(def, x, ai, as, y, bi, bs, r, ri, n)) return;
            double[] out = r.reals;
            for (int k = 0; k < n; k++) out[ri + k] = r.round(f.apply(x[ai + k * as], y == null ? 0 : y[bi + k * bs]));
        }
    }

    /**
     * The element-wise op that a reduction body computes when the body is exactly {@code %r = OP %acc, %x} and
     * {@code return %r} on element type of {@code acc} (not quantized), with a kernel for that type; null otherwise.
     */
    static Def foldBody(Region region, Tensor acc) {
        Block block = region.entry();
        if (block == null || block.numArguments() != 2 || block.operations().size() != 2) return null;
        if (acc.type.elementType() instanceof UniformQuantizedType) return null;
        Operation op = block.operations().get(0);
        Operation ret = block.operations().get(1);
        Def def = BINARY.get(op.opName().definition());
        if (def == null || op.numOperands() != 2 || op.numResults() != 1 || op.operand(0) != block.argument(0)
                || op.operand(1) != block.argument(1) || ret.numOperands() != 1 || ret.operand(0) != op.result(0)
                || !(ReturnOp.is(ret) || org.stablehlo4j.dialect.func.ReturnOp.is(ret))) {
            return null;
        }
        RankedTensorType scalar = Tensor.withShape(acc.type, new int[0]);
        for (Value v : List.of(block.argument(0), block.argument(1), op.result(0))) {
            if (!v.type().equals(scalar)) return null;
        }
        boolean supported = acc.ints != null ? def.ints() != null
                : acc.kind == Kind.FLOAT ? def.reals() != null : def.complex() != null;
        return supported ? def : null;
    }

    /** {@code acc[o] = def(acc[o], x[i])}, rounded as {@link #apply} rounds. */
    static void fold(Def def, Tensor acc, int o, Tensor x, int i, double[] tmp) {
        if (acc.ints != null) acc.ints[o] = acc.normalize(def.ints().apply(acc.ints[o], x.ints[i], acc));
        else if (acc.kind == Kind.FLOAT) acc.reals[o] = acc.round(def.reals().apply(acc.reals[o], x.reals[i]));
        else {
            def.complex().apply(acc.reals[2 * o], acc.reals[2 * o + 1], x.reals[2 * i], x.reals[2 * i + 1], tmp, acc);
            acc.reals[2 * o] = acc.round(tmp[0]);
            acc.reals[2 * o + 1] = acc.round(tmp[1]);
        }
    }

    /** The index of {@code def} in {@code defs} (compared by identity), or -1. */
    static int indexOf(Def[] defs, Def def) {
        for (int i = 0; i < defs.length; i++) if (defs[i] == def) return i;
        return -1;
    }

    static InterpreterException unsupported(String op, Tensor t) {
        return new InterpreterException("'" + op + "' does not support element type " + t.type.elementType());
    }

    /** {@code stablehlo.abs} of complex numbers: a real result. */
    static Tensor complexAbs(Tensor a, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        for (int i = 0; i < r.size; i++) r.reals[i] = r.round(Math.hypot(a.reals[2 * i], a.reals[2 * i + 1]));
        return r;
    }

    /** The real ({@code part} 0) or imaginary (1) part of complex numbers; real input gives itself or zeros. */
    static Tensor part(Tensor a, int part, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        if (a.kind != Kind.COMPLEX) {
            if (part == 0) System.arraycopy(a.reals, 0, r.reals, 0, r.size);
            return r;
        }
        for (int i = 0; i < r.size; i++) r.reals[i] = a.reals[2 * i + part];
        return r;
    }

    static Tensor complex(Tensor re, Tensor im, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        for (int i = 0; i < re.size; i++) {
            r.reals[2 * i] = re.reals[i];
            r.reals[2 * i + 1] = im.reals[i];
        }
        return r;
    }

    static Tensor isFinite(Tensor a, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        for (int i = 0; i < r.size; i++) r.ints[i] = Double.isFinite(a.reals[i]) ? 1 : 0;
        return r;
    }

    /** {@code stablehlo.compare}: {@code direction} EQ..LT, {@code compareType} FLOAT/TOTALORDER/SIGNED/UNSIGNED or null. */
    static Tensor compare(Tensor a, Tensor b, String direction, String compareType, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        compareRange(a, 0, 1, b, 0, 1, direction, compareType, r, 0, r.size);
        return r;
    }

    /** {@link #compare} on a range, strides as in {@link #applyRange}. */
    static void compareRange(Tensor a, int ai, int as, Tensor b, int bi, int bs, String direction, String compareType,
                             Tensor r, int ri, int n) {
        long[] out = r.ints;
        if (a.kind == Kind.COMPLEX) {
            for (int k = 0; k < n; k++) out[ri + k] = compareAt(a, ai + k * as, b, bi + k * bs, direction, compareType) ? 1 : 0;
            return;
        }
        // the direction and the kind of comparison resolved once, then the same tests as compareAt per element
        int dir = switch (direction) {
            case "EQ" -> 0;
            case "NE" -> 1;
            case "GE" -> 2;
            case "GT" -> 3;
            case "LE" -> 4;
            default -> 5;
        };
        if (a.ints != null) {
            boolean unsigned = "UNSIGNED".equals(compareType) || a.kind == Kind.UINT || a.kind == Kind.BOOL;
            long[] x = a.ints;
            long[] y = b.ints;
            for (int k = 0; k < n; k++) {
                long p = x[ai + k * as];
                long q = y[bi + k * bs];
                out[ri + k] = test(dir, unsigned ? Long.compareUnsigned(p, q) : Long.compare(p, q)) ? 1 : 0;
            }
            return;
        }
        double[] x = a.reals;
        double[] y = b.reals;
        boolean total = "TOTALORDER".equals(compareType);
        for (int k = 0; k < n; k++) {
            double p = x[ai + k * as];
            double q = y[bi + k * bs];
            boolean v;
            if (total) v = test(dir, Long.compare(totalKey(p), totalKey(q)));
            else v = switch (dir) {
                case 0 -> p == q;
                case 1 -> p != q;
                case 2 -> p >= q;
                case 3 -> p > q;
                case 4 -> p <= q;
                default -> p < q;
            };
            out[ri + k] = v ? 1 : 0;
        }
    }

    /** {@link #test(String, int)} with the direction as {@link #compareRange} numbers it. */
    private static boolean test(int dir, int c) {
        return switch (dir) {
            case 0 -> c == 0;
            case 1 -> c != 0;
            case 2 -> c >= 0;
            case 3 -> c > 0;
            case 4 -> c <= 0;
            default -> c < 0;
        };
    }

    /** {@code compare} of element {@code i} of {@code a} with element {@code j} of {@code b}. */
    static boolean compareAt(Tensor a, int i, Tensor b, int j, String direction, String compareType) {
        if (a.ints != null) {
            int c = "UNSIGNED".equals(compareType) || a.kind == Kind.UINT || a.kind == Kind.BOOL
                    ? Long.compareUnsigned(a.ints[i], b.ints[j]) : Long.compare(a.ints[i], b.ints[j]);
            return test(direction, c);
        }
        if (a.kind == Kind.COMPLEX) {
            boolean eq = a.reals[2 * i] == b.reals[2 * j] && a.reals[2 * i + 1] == b.reals[2 * j + 1];
            return direction.equals("EQ") ? eq : direction.equals("NE") && !eq;
        }
        if ("TOTALORDER".equals(compareType)) return test(direction, Long.compare(totalKey(a.reals[i]), totalKey(b.reals[j])));
        double x = a.reals[i];
        double y = b.reals[j];
        return switch (direction) {
            case "EQ" -> x == y;
            case "NE" -> x != y;
            case "GE" -> x >= y;
            case "GT" -> x > y;
            case "LE" -> x <= y;
            default -> x < y;
        };
    }

    /**
     * A comparator body that is exactly {@code %c = compare %argL, %argR} and {@code return %c}: the argument
     * numbers compared and the compare's attributes, so a caller compares elements in place.
     */
    record CompareBody(int lhs, int rhs, String direction, String compareType) {}

    /** The {@link CompareBody} of {@code region} on rank-0, non-quantized arguments; null if it is anything else. */
    static CompareBody compareBody(Region region) {
        Block block = region.entry();
        if (block == null || block.operations().size() != 2) return null;
        Operation op = block.operations().get(0);
        Operation ret = block.operations().get(1);
        if (!CompareOp.is(op) || op.numOperands() != 2 || op.numResults() != 1
                || ret.numOperands() != 1 || ret.operand(0) != op.result(0) || !isReturn(ret)) {
            return null;
        }
        int lhs = argumentNumber(block, op.operand(0));
        int rhs = argumentNumber(block, op.operand(1));
        String direction = Interpreter.enumAttr(op, "comparison_direction");
        if (lhs < 0 || rhs < 0 || direction == null || !isPlainScalar(op.operand(0).type())
                || !op.operand(0).type().equals(op.operand(1).type())) {
            return null;
        }
        return new CompareBody(lhs, rhs, direction, Interpreter.enumAttr(op, "compare_type"));
    }

    private static int argumentNumber(Block block, Value v) {
        for (int i = 0; i < block.numArguments(); i++) if (block.argument(i) == v) return i;
        return -1;
    }

    private static boolean isReturn(Operation op) {
        return ReturnOp.is(op) || org.stablehlo4j.dialect.func.ReturnOp.is(op);
    }

    private static boolean isPlainScalar(org.stablehlo4j.ir.Type t) {
        return t instanceof RankedTensorType r && r.rank() == 0 && !(r.elementType() instanceof UniformQuantizedType);
    }

    /**
     * The element-wise op of a {@code map} body that is exactly {@code %r = OP %arg0[, %arg1]} and {@code return %r}
     * on plain (not quantized) element types with a kernel for {@code input}'s kind: the op's name, else null.
     */
    static OpDefinition mapBody(Region region, Tensor input) {
        Block block = region.entry();
        if (block == null || block.operations().size() != 2) return null;
        Operation op = block.operations().get(0);
        Operation ret = block.operations().get(1);
        Def def = (block.numArguments() == 2 ? BINARY : UNARY).get(op.opName().definition());
        if (def == null || block.numArguments() > 2 || op.numOperands() != block.numArguments() || op.numResults() != 1
                || ret.numOperands() != 1 || ret.operand(0) != op.result(0) || !isReturn(ret)
                || !isPlainScalar(op.result(0).type()) || (AbsOp.is(op) && input.kind == Kind.COMPLEX)) {
            return null;
        }
        for (int i = 0; i < op.numOperands(); i++) {
            if (op.operand(i) != block.argument(i) || !op.operand(i).type().equals(op.result(0).type())) return null;
        }
        boolean supported = input.ints != null ? def.ints() != null
                : input.kind == Kind.FLOAT ? def.reals() != null : def.complex() != null;
        return supported ? op.opName().definition() : null;
    }

    /** The kernel of a name {@link #mapBody} returned. */
    static Def def(OpDefinition op) {
        Def d = BINARY.get(op);
        return d != null ? d : UNARY.get(op);
    }

    private static long totalKey(double v) {
        long bits = Double.doubleToRawLongBits(v);
        return bits < 0 ? bits ^ Long.MAX_VALUE : bits;
    }

    private static boolean test(String direction, int c) {
        return switch (direction) {
            case "EQ" -> c == 0;
            case "NE" -> c != 0;
            case "GE" -> c >= 0;
            case "GT" -> c > 0;
            case "LE" -> c <= 0;
            default -> c < 0;
        };
    }

    /** {@code stablehlo.convert} per the spec's conversion rules. */
    static Tensor convert(Tensor a, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        convertRange(a, 0, 1, r, 0, r.size);
        return r;
    }

    /** {@link #convert} on a range: element {@code ai + k * as} of {@code a} to element {@code ri + k} of {@code r}. */
    static void convertRange(Tensor a, int ai, int as, Tensor r, int ri, int n) {
        for (int k = 0; k < n; k++) convertElement(a, ai + k * as, r, ri + k);
    }

    private static void convertElement(Tensor a, int j, Tensor r, int i) {
        if (r.ints != null) {
            if (a.ints != null) {
                r.ints[i] = r.kind == Kind.BOOL ? (a.ints[j] != 0 ? 1 : 0) : r.normalize(a.ints[j]);
            } else {
                double v = a.kind == Kind.COMPLEX ? a.reals[2 * j] : a.reals[j];
                r.ints[i] = r.kind == Kind.BOOL ? (v != 0 ? 1 : 0) : floatToInt(v, r);
            }
            return;
        }
        double re;
        double im = 0;
        if (a.ints != null) {
            long x = a.ints[j];
            re = a.kind == Kind.UINT ? unsignedToDouble(x) : x;
            if (a.kind == Kind.UINT && x < 0 || Math.abs(x) > (1L << 53)) {
                re = roundBig(a.kind == Kind.UINT ? new java.math.BigDecimal(Long.toUnsignedString(x))
                        : java.math.BigDecimal.valueOf(x), r.floatKind);
            }
        } else if (a.kind == Kind.COMPLEX) {
            re = a.reals[2 * j];
            im = a.reals[2 * j + 1];
        } else {
            re = a.reals[j];
        }
        if (r.kind == Kind.COMPLEX) {
            r.reals[2 * i] = r.round(re);
            r.reals[2 * i + 1] = r.round(im);
        } else {
            r.reals[i] = r.round(re);
        }
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
    }

    /** Rounds an exact integer to the float format (avoids double rounding through double). */
    private static double roundBig(java.math.BigDecimal v, FloatKind k) {
        if (k == FloatKind.F64 || k == null) return v.doubleValue();
        if (k == FloatKind.F32) return v.floatValue();
        return FloatFormats.toDouble(k, FloatFormats.parseDecimal(k, v.toPlainString()));
    }

    /** Float to integer: truncation toward zero, saturating at the integer range, NaN to zero. */
    private static long floatToInt(double v, Tensor r) {
        if (Double.isNaN(v)) return 0;
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        if (r.kind == Kind.UINT) {
            if (t <= 0) return 0;
            if (r.width >= 64) {
                if (t >= 18446744073709551616.0) return -1;
                return new java.math.BigDecimal(t).toBigInteger().longValue();
            }
            long max = (1L << r.width) - 1;
            return t >= max ? max : (long) t;
        }
        long max = r.width >= 64 ? Long.MAX_VALUE : (1L << (r.width - 1)) - 1;
        long min = r.width >= 64 ? Long.MIN_VALUE : -(1L << (r.width - 1));
        if (t >= max) return max;
        if (t <= min) return min;
        return (long) t;
    }

    /** The raw bits of every element (for bitcast_convert), as unsigned values of the element width. */
    static BigInteger[] rawBits(Tensor a) {
        int parts = a.kind == Kind.COMPLEX ? 2 : 1;
        BigInteger[] out = new BigInteger[a.size * parts];
        int w = a.width / parts;
        for (int i = 0; i < out.length; i++) {
            long bits = a.ints != null ? Elementwise.unsignedBits(a.ints[i], a) : Tensor.doubleToBits(a.floatKind, a.reals[i]);
            BigInteger b = BigInteger.valueOf(bits);
            if (bits < 0) b = b.add(BigInteger.ONE.shiftLeft(64));
            out[i] = w >= 64 ? b : b.and(BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE));
        }
        return out;
    }

    /** {@code stablehlo.bitcast_convert}: reinterprets the bits, splitting or joining elements as widths demand. */
    static Tensor bitcast(Tensor a, RankedTensorType resultType) {
        Tensor r = Tensor.zeros(resultType);
        if (a.kind != Kind.COMPLEX && r.kind != Kind.COMPLEX && a.width == r.width) {
            // one element to one element of the same width: the raw bits, masked to the width, move unchanged
            long mask = a.width >= 64 ? -1L : (1L << a.width) - 1;
            for (int o = 0; o < r.size; o++) {
                long bits = (a.ints != null ? unsignedBits(a.ints[o], a) : Tensor.doubleToBits(a.floatKind, a.reals[o]))
                        & mask;
                if (r.ints != null) r.ints[o] = r.normalize(bits);
                else r.reals[o] = Tensor.bitsToDouble(r.floatKind, bits, r.width);
            }
            return r;
        }
        BigInteger[] in = rawBits(a);
        int inW = a.width / (a.kind == Kind.COMPLEX ? 2 : 1);
        int parts = r.kind == Kind.COMPLEX ? 2 : 1;
        int outW = r.width / parts;
        int outCount = r.size * parts;
        BigInteger mask = BigInteger.ONE.shiftLeft(outW).subtract(BigInteger.ONE);
        for (int o = 0; o < outCount; o++) {
            BigInteger v;
            if (inW == outW) v = in[o];
            else if (inW > outW) {
                int ratio = inW / outW;
                v = in[o / ratio].shiftRight((o % ratio) * outW).and(mask);
            } else {
                int ratio = outW / inW;
                v = BigInteger.ZERO;
                for (int k = ratio - 1; k >= 0; k--) v = v.shiftLeft(inW).or(in[o * ratio + k]);
            }
            if (r.ints != null) r.ints[o] = r.normalize(v.longValue());
            else r.reals[o] = Tensor.bitsToDouble(r.floatKind, v.longValue(), outW);
        }
        return r;
    }

    /** Complex arithmetic on (re, im) pairs. */
    static final class Complex {
        private Complex() {}

        static void mul(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            if (t == null) set(o, ar * br - ai * bi, ar * bi + ai * br);
            else set(o, t.round(t.round(ar * br) - t.round(ai * bi)), t.round(t.round(ar * bi) + t.round(ai * br)));
        }

        static void div(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            double d = br * br + bi * bi;
            set(o, (ar * br + ai * bi) / d, (ai * br - ar * bi) / d);
        }

        static void exp(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            double m = Math.exp(ar);
            set(o, m * Math.cos(ai), m * Math.sin(ai));
        }

        static void log(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            set(o, Math.log(Math.hypot(ar, ai)), Math.atan2(ai, ar));
        }

        static void sqrt(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            double m = Math.hypot(ar, ai);
            double re = Math.sqrt((m + ar) / 2);
            double im = Math.copySign(Math.sqrt((m - ar) / 2), ai);
            set(o, re, im);
        }

        /** The principal cube root: modulus^(1/3) at a third of the argument. */
        static void cbrt(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            double theta = Math.atan2(ai, ar) / 3;
            double m = Math.pow(ar * ar + ai * ai, 1.0 / 6);
            set(o, m * Math.cos(theta), m * Math.sin(theta));
        }

        /**
         * {@code tan(x + iy) = -i tanh(-y + ix)}, {@code tanh(u + iv)} by Kahan's formula: with {@code t = tan v},
         * {@code s = sinh u}, {@code (1 + t^2) s cosh(u) + i t} over {@code 1 + (1 + t^2) s^2}; beyond
         * {@code |u| = 22} the real part is {@code sign(u)} and the imaginary one {@code 4 sin v cos v e^(-2|u|)}
         * (no overflow for large imaginary parts).
         */
        static void tan(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            double u = -ai;
            double v = ar;
            double re;
            double im;
            if (Math.abs(u) > 22) {
                re = Math.copySign(1, u);
                im = 4 * Math.sin(v) * Math.cos(v) * Math.exp(-2 * Math.abs(u));
            } else {
                double tv = Math.tan(v);
                double beta = 1 + tv * tv;
                double s = Math.sinh(u);
                double d = 1 + beta * s * s;
                re = beta * Math.sqrt(1 + s * s) * s / d;
                im = tv / d;
            }
            set(o, im, -re);
        }

        static void pow(double ar, double ai, double br, double bi, double[] o, Tensor t) {
            if (ar == 0 && ai == 0) {
                set(o, br == 0 && bi == 0 ? 1 : 0, 0);
                return;
            }
            log(ar, ai, 0, 0, o, t);
            double lr = o[0];
            double li = o[1];
            mul(lr, li, br, bi, o, t);
            exp(o[0], o[1], 0, 0, o, t);
        }
    }
}
