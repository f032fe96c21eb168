package org.stablehlo4j.dialect.chlo.transforms;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import org.stablehlo4j.dialect.chlo.AsinAcosKernelOp;
import org.stablehlo4j.dialect.chlo.AtanhOp;
import org.stablehlo4j.dialect.chlo.ConstantLikeOp;
import org.stablehlo4j.dialect.chlo.DigammaOp;
import org.stablehlo4j.dialect.chlo.IsInfOp;
import org.stablehlo4j.dialect.chlo.LgammaOp;
import org.stablehlo4j.dialect.chlo.ZetaOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialMinusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.FloorOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.IsFiniteOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogPlusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.NotOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.PowerOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SignOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * A tiny expression builder for the decompositions: one method per StableHLO (or CHLO) op, each creating the op at
 * the builder's insertion point and returning its result, so that a decomposition reads like its formula.
 *
 * <p>Java evaluates arguments left to right, so a nested expression creates its ops in post order, which is the
 * order upstream's generated patterns (and its C++ builders, compiled by clang) create them in. A value a formula
 * uses twice is bound where it first appears, with an assignment inside the expression:
 * {@code add(ta = atan2(x, y), ta)}.
 *
 * <p>Constants are "like" a value: a splat {@code stablehlo.constant} of its static shape, or a
 * {@code chlo.constant_like} of it when its shape is not static (upstream's {@code getConstantLike}).
 */
abstract class MathEmitter {
    private static final Attribute EQ = direction("EQ");
    private static final Attribute NE = direction("NE");
    private static final Attribute LT = direction("LT");
    private static final Attribute LE = direction("LE");
    private static final Attribute GT = direction("GT");
    private static final Attribute GE = direction("GE");

    private final OpBuilder b;
    private final Location loc;

    /**
     * An emitter creating ops at {@code b}'s insertion point.
     *
     * @param b the builder
     * @param loc the location of every op it creates
     */
    MathEmitter(OpBuilder b, Location loc) {
        this.b = b;
        this.loc = loc;
    }

    private static Attribute direction(String name) {
        return EnumAttr.of(StablehloEnum.COMPARISON_DIRECTION, name);
    }

    private static Value r(TypedOp op) {
        return op.operation().result(0);
    }

    // ---- unary

    final Value abs(Value x) { return r(AbsOp.create(b, loc, x)); }
    final Value neg(Value x) { return r(NegateOp.create(b, loc, x)); }
    final Value sign(Value x) { return r(SignOp.create(b, loc, x)); }
    final Value floor(Value x) { return r(FloorOp.create(b, loc, x)); }
    final Value sqrt(Value x) { return r(SqrtOp.create(b, loc, x, null)); }
    final Value log(Value x) { return r(LogOp.create(b, loc, x, null)); }
    final Value log1p(Value x) { return r(LogPlusOneOp.create(b, loc, x, null)); }
    final Value exp(Value x) { return r(ExponentialOp.create(b, loc, x, null)); }
    final Value expm1(Value x) { return r(ExponentialMinusOneOp.create(b, loc, x, null)); }
    final Value sin(Value x) { return r(SineOp.create(b, loc, x, null)); }
    final Value cos(Value x) { return r(CosineOp.create(b, loc, x, null)); }
    final Value tan(Value x) { return r(TanOp.create(b, loc, x, null)); }
    final Value isFinite(Value x) {
        // the row's inference checks a result it is given; the result type is the operand's shape of i1
        return r(IsFiniteOp.createWithTypes(b, loc, List.of(withElementType(x.type(), IntegerType.I1)), x));
    }
    final Value not(Value x) { return r(NotOp.create(b, loc, x)); }
    final Value real(Value z) { return r(RealOp.create(b, loc, z)); }
    final Value imag(Value z) { return r(ImagOp.create(b, loc, z)); }

    // ---- binary and ternary

    final Value add(Value x, Value y) { return r(AddOp.create(b, loc, x, y)); }
    final Value sub(Value x, Value y) { return r(SubtractOp.create(b, loc, x, y)); }
    final Value mul(Value x, Value y) { return r(MultiplyOp.create(b, loc, x, y)); }
    final Value div(Value x, Value y) { return r(DivideOp.create(b, loc, x, y)); }
    final Value rem(Value x, Value y) { return r(RemainderOp.create(b, loc, x, y)); }
    final Value pow(Value x, Value y) { return r(PowerOp.create(b, loc, x, y)); }
    final Value max(Value x, Value y) { return r(MaximumOp.create(b, loc, x, y)); }
    final Value min(Value x, Value y) { return r(MinimumOp.create(b, loc, x, y)); }
    final Value and(Value x, Value y) { return r(AndOp.create(b, loc, x, y)); }
    final Value or(Value x, Value y) { return r(OrOp.create(b, loc, x, y)); }
    final Value atan2(Value y, Value x) { return r(Atan2Op.create(b, loc, y, x)); }
    final Value complex(Value re, Value im) { return r(ComplexOp.create(b, loc, re, im)); }
    final Value select(Value pred, Value onTrue, Value onFalse) {
        return r(SelectOp.create(b, loc, pred, onTrue, onFalse));
    }
    final Value clamp(Value lo, Value x, Value hi) { return r(ClampOp.create(b, loc, lo, x, hi)); }

    // ---- comparisons (no comparison type, as upstream's builders)

    final Value eq(Value x, Value y) { return compare(x, y, EQ); }
    final Value ne(Value x, Value y) { return compare(x, y, NE); }
    final Value lt(Value x, Value y) { return compare(x, y, LT); }
    final Value le(Value x, Value y) { return compare(x, y, LE); }
    final Value gt(Value x, Value y) { return compare(x, y, GT); }
    final Value ge(Value x, Value y) { return compare(x, y, GE); }

    private Value compare(Value x, Value y, Attribute direction) {
        return r(CompareOp.create(b, loc, x, y, direction, null));
    }

    // ---- CHLO ops a decomposition leaves to another pattern

    final Value isInf(Value x) { return r(IsInfOp.create(b, loc, x)); }
    final Value lgamma(Value x) { return r(LgammaOp.create(b, loc, x)); }
    final Value digamma(Value x) { return r(DigammaOp.create(b, loc, x)); }
    final Value zeta(Value x, Value q) { return r(ZetaOp.create(b, loc, x, q)); }
    final Value atanh(Value z) { return r(AtanhOp.create(b, loc, z)); }
    final Value asinAcosKernel(Value z) { return r(AsinAcosKernelOp.create(b, loc, z)); }

    // ---- conversions

    /** {@code stablehlo.convert} of {@code x} to the same shape with element type {@code elementType}. */
    final Value convert(Value x, Type elementType) {
        return r(ConvertOp.create(b, loc, withElementType(x.type(), elementType), x));
    }

    /** {@return {@code shaped} with its element type replaced (shape and encoding kept)} */
    static Type withElementType(Type shaped, Type elementType) {
        if (shaped instanceof RankedTensorType t) return new RankedTensorType(t.shape(), elementType, t.encoding());
        if (shaped instanceof UnrankedTensorType) return new UnrankedTensorType(elementType);
        return elementType;
    }

    /** {@return the element type of a shaped value (the type itself otherwise)} */
    static Type elementType(Value v) {
        return v.type() instanceof ShapedType s ? s.elementType() : v.type();
    }

    // ---- constants like a value

    /** A constant {@code value} shaped and typed like {@code like} (complex: {@code (value, 0)}). */
    final Value c(double value, Value like) {
        Type e = elementType(like);
        FloatType part = e instanceof ComplexType ct && ct.elementType() instanceof FloatType f ? f
                : e instanceof FloatType f ? f : null;
        if (part != null) return floatConstant(FloatFormats.fromDouble(part.kind(), value), like);
        if (e instanceof IntegerType) return constant(IntegerAttr.of(e, (long) value), like);
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
        Type e = elementType(like);
        if (e instanceof FloatType f) return constant(new FloatAttr(f, bits), like);
        // complex: a splat of (bits, 0); only for statically shaped values (there is no complex scalar attribute)
        ComplexType ct = (ComplexType) e;
        int part = DenseElementsAttr.elementStorageBytes(ct.elementType());
        byte[] data = new byte[2 * part];
        for (int k = 0; k < part; k++) data[k] = bits.shiftRight(8 * k).byteValue();
        if (!(like.type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
            throw new IllegalArgumentException("no complex constant like a dynamically shaped value");
        }
        return r(ConstantOp.createWithTypes(b, loc, List.of(t), new DenseElementsAttr(t, data, 0, data.length, true)));
    }

    /** A splat of the scalar {@code value} (a float or integer attribute) like {@code like}. */
    private Value constant(Attribute value, Value like) {
        if (like.type() instanceof RankedTensorType t && t.hasStaticShape()) {
            Type e = t.elementType();
            BigInteger bits = value instanceof FloatAttr f ? f.bits() : ((IntegerAttr) value).value();
            int eb = DenseElementsAttr.elementStorageBytes(e);
            byte[] data = new byte[eb];
            for (int k = 0; k < eb; k++) data[k] = bits.shiftRight(8 * k).byteValue();
            return r(ConstantOp.createWithTypes(b, loc, List.of(t), new DenseElementsAttr(t, data, 0, eb, true)));
        }
        return r(ConstantLikeOp.create(b, loc, like, value));
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
        for (int i = 0; i < args.length; i++) wide[i] = convert(args[i], FloatType.F32);
        return convert(f.apply(wide), original);
    }
}
