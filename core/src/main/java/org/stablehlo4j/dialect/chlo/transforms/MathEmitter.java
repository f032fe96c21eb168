package org.stablehlo4j.dialect.chlo.transforms;

import java.math.BigInteger;
import java.util.function.Function;
import org.stablehlo4j.dialect.chlo.AsinAcosKernelOp;
import org.stablehlo4j.dialect.chlo.AtanhOp;
import org.stablehlo4j.dialect.chlo.DigammaOp;
import org.stablehlo4j.dialect.chlo.IsInfOp;
import org.stablehlo4j.dialect.chlo.LgammaOp;
import org.stablehlo4j.dialect.chlo.ZetaOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialMinusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.FloorOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogPlusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.NotOp;
import org.stablehlo4j.dialect.stablehlo.ops.PowerOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.SignOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanOp;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The emitter of the special functions' decompositions: {@link Hlo}'s ops plus the math ops, comparisons and CHLO
 * ops their formulas use, one method per op, each creating the op at the rewriter's insertion point and returning
 * its result, so that a decomposition reads like its formula.
 *
 * <p>Java evaluates arguments left to right, so a nested expression creates its ops in post order, which is the
 * order upstream's generated patterns (and its C++ builders, compiled by clang) create them in. A value a formula
 * uses twice is bound where it first appears, with an assignment inside the expression:
 * {@code add(ta = atan2(x, y), ta)}.
 *
 * <p>Constants are "like" a value: a splat {@code stablehlo.constant} of its static shape, or a
 * {@code chlo.constant_like} of it when its shape is not static (upstream's {@code getConstantLike}).
 */
abstract class MathEmitter extends Hlo {
    /**
     * An emitter creating ops at {@code r}'s insertion point.
     *
     * @param r the rewriter
     * @param loc the location of every op it creates
     */
    MathEmitter(PatternRewriter r, Location loc) {
        super(r, loc);
    }

    // ---- unary

    final Value sign(Value x) { return v(SignOp.create(r, loc, x)); }
    final Value floor(Value x) { return v(FloorOp.create(r, loc, x)); }
    final Value sqrt(Value x) { return v(SqrtOp.create(r, loc, x, null)); }
    final Value log(Value x) { return v(LogOp.create(r, loc, x, null)); }
    final Value log1p(Value x) { return v(LogPlusOneOp.create(r, loc, x, null)); }
    final Value exp(Value x) { return v(ExponentialOp.create(r, loc, x, null)); }
    final Value expm1(Value x) { return v(ExponentialMinusOneOp.create(r, loc, x, null)); }
    final Value sin(Value x) { return v(SineOp.create(r, loc, x, null)); }
    final Value cos(Value x) { return v(CosineOp.create(r, loc, x, null)); }
    final Value tan(Value x) { return v(TanOp.create(r, loc, x, null)); }
    final Value not(Value x) { return v(NotOp.create(r, loc, x)); }

    // ---- binary and ternary

    final Value div(Value x, Value y) { return v(DivideOp.create(r, loc, x, y)); }
    final Value rem(Value x, Value y) { return v(RemainderOp.create(r, loc, x, y)); }
    final Value pow(Value x, Value y) { return v(PowerOp.create(r, loc, x, y)); }
    final Value max(Value x, Value y) { return v(MaximumOp.create(r, loc, x, y)); }
    final Value min(Value x, Value y) { return v(MinimumOp.create(r, loc, x, y)); }
    final Value atan2(Value y, Value x) { return v(Atan2Op.create(r, loc, y, x)); }
    final Value clamp(Value lo, Value x, Value hi) { return v(ClampOp.create(r, loc, lo, x, hi)); }

    // ---- comparisons (no comparison type, as upstream's builders)

    final Value eq(Value x, Value y) { return compare("EQ", x, y); }
    final Value ne(Value x, Value y) { return compare("NE", x, y); }
    final Value lt(Value x, Value y) { return compare("LT", x, y); }
    final Value le(Value x, Value y) { return compare("LE", x, y); }
    final Value gt(Value x, Value y) { return compare("GT", x, y); }
    final Value ge(Value x, Value y) { return compare("GE", x, y); }

    // ---- CHLO ops a decomposition leaves to another pattern

    final Value isInf(Value x) { return v(IsInfOp.create(r, loc, x)); }
    final Value lgamma(Value x) { return v(LgammaOp.create(r, loc, x)); }
    final Value digamma(Value x) { return v(DigammaOp.create(r, loc, x)); }
    final Value zeta(Value x, Value q) { return v(ZetaOp.create(r, loc, x, q)); }
    final Value atanh(Value z) { return v(AtanhOp.create(r, loc, z)); }
    final Value asinAcosKernel(Value z) { return v(AsinAcosKernelOp.create(r, loc, z)); }

    // ---- constants like a value

    /** A constant {@code value} shaped and typed like {@code like} (complex: {@code (value, 0)}). */
    final Value c(double value, Value like) {
        Type e = elementType(like);
        FloatType part = e instanceof ComplexType ct && ct.elementType() instanceof FloatType f ? f
                : e instanceof FloatType f ? f : null;
        if (part != null) return floatConstant(FloatFormats.fromDouble(part.kind(), value), like);
        if (e instanceof IntegerType) return constLike(IntegerAttr.of(e, (long) value), like);
        throw new IllegalArgumentException("no constant of element type " + e);
    }

    /** The largest finite value of {@code like}'s float type. */
    final Value maxFinite(Value like) { return floatConstant(FloatFormats.maxFinite(kind(like)), like); }

    /** Positive infinity of {@code like}'s float type. */
    final Value inf(Value like) { return c(Double.POSITIVE_INFINITY, like); }

    /** Negative infinity of {@code like}'s float type. */
    final Value negInf(Value like) { return c(Double.NEGATIVE_INFINITY, like); }

    /** The smallest positive normal value of {@code like}'s float type. */
    final Value smallestNormal(Value like) {
        return floatConstant(BigInteger.ONE.shiftLeft(kind(like).mantissaBits), like);
    }

    /** The smallest positive (subnormal) value of {@code like}'s float type. */
    final Value smallestSubnormal(Value like) { return floatConstant(BigInteger.ONE, like); }

    private static FloatKind kind(Value like) {
        Type e = elementType(like);
        if (e instanceof ComplexType ct) e = ct.elementType();
        if (e instanceof FloatType f) return f.kind();
        throw new IllegalArgumentException("not a float type: " + e);
    }

    /** A float constant of the given bits in {@code like}'s (float or complex) element type. */
    private Value floatConstant(BigInteger bits, Value like) {
        if (elementType(like) instanceof FloatType f) return constLike(new FloatAttr(f, bits), like);
        // complex: a splat of (bits, 0); only for statically shaped values (there is no complex scalar attribute)
        if (!(like.type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
            throw new IllegalArgumentException("no complex constant like a dynamically shaped value");
        }
        return constant(complexSplat(t, bits, BigInteger.ZERO));
    }

    /**
     * Computes {@code f} in f32 when the operands are floats narrower than f32: converts every operand to f32,
     * applies {@code f} and converts the result back (upstream's {@code materializeWithUpcast}); otherwise
     * applies {@code f} to the operands as they are.
     *
     * @param args the operands, all of the first one's element type
     * @param f the computation
     * @return its result, in the operands' element type
     */
    final Value withUpcast(Value[] args, Function<Value[], Value> f) {
        Type original = elementType(args[0]);
        if (!ChloMathDecompositions.narrowerThanF32(original)) return f.apply(args);
        Value[] wide = new Value[args.length];
        for (int i = 0; i < args.length; i++) wide[i] = convertElements(FloatType.F32, args[i]);
        return convertElements(original, f.apply(wide));
    }
}
