package org.stablehlo4j.dialect.chlo.transforms;

import java.math.BigInteger;
import java.util.List;
import org.stablehlo4j.dialect.chlo.ConstantLikeOp;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.BitcastConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.IsFiniteOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightArithmeticOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightLogicalOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * Builds the StableHLO ops of a decomposition at the rewriter's insertion point and one location, a method per op,
 * each returning the op's (first) result. Nested calls create ops in the order upstream's declarative patterns do:
 * operands first, left to right, then the op. {@link MathEmitter} adds the ops and constants of the special
 * functions' formulas.
 */
class Hlo {
    final PatternRewriter r;
    final Location loc;

    Hlo(PatternRewriter r, Location loc) {
        this.r = r;
        this.loc = loc;
    }

    /** The first result of a typed op. */
    static Value v(TypedOp op) {
        return op.operation().result(0);
    }

    // ---- types

    static Type elementType(Value v) {
        return v.type() instanceof ShapedType s ? s.elementType() : v.type();
    }

    static boolean isComplex(Value v) {
        return elementType(v) instanceof ComplexType;
    }

    /** {@return {@code shaped} with its element type replaced (shape and encoding kept); a scalar type is replaced} */
    static Type withElementType(Type shaped, Type element) {
        if (shaped instanceof RankedTensorType t) return new RankedTensorType(t.shape(), element, t.encoding());
        if (shaped instanceof UnrankedTensorType) return new UnrankedTensorType(element);
        return element;
    }

    static RankedTensorType scalarType(Type element) {
        return new RankedTensorType(new long[0], element);
    }

    static RankedTensorType vectorType(long n, Type element) {
        return new RankedTensorType(new long[] {n}, element);
    }

    static IntegerAttr i64(long v) {
        return IntegerAttr.of(IntegerType.I64, v);
    }

    static EnumAttr direction(String caseName) {
        return EnumAttr.of(StablehloEnum.COMPARISON_DIRECTION, caseName);
    }

    // ---- constants

    /** A {@code stablehlo.constant} of {@code value}, an elements attribute (its type is the result's). */
    Value constant(DenseElementsAttr value) {
        return v(ConstantOp.createWithTypes(r, loc, List.of(value.type()), value));
    }

    /** A scalar i64 constant {@code dense<v> : tensor<i64>}. */
    Value constI64(long value) {
        return constant(splat(scalarType(IntegerType.I64), BigInteger.valueOf(value)));
    }

    /** An i64 vector constant of {@code values}. */
    Value constI64s(long... values) {
        return constant(elements(vectorType(values.length, IntegerType.I64), values));
    }

    /**
     * Upstream's {@code getConstantLike}: {@code value} in {@code like}'s element type, as a
     * {@code stablehlo.constant} splat when {@code like} has a static shape, else a {@code chlo.constant_like} of
     * {@code like}. Integers take the value truncated to their width; floats round it; complex numbers get it as
     * their real part.
     */
    Value constLike(double value, Value like) {
        Type e = elementType(like);
        Attribute scalar = e instanceof IntegerType it ? intScalar(it, BigInteger.valueOf((long) value))
                : e instanceof ComplexType c ? complexScalar(c, value) : floatScalar((FloatType) e, value);
        return constLike(scalar, like);
    }

    /** {@link #constLike(double, Value)} for an integer value (floats and complex numbers get it converted). */
    Value constLike(long value, Value like) {
        Type e = elementType(like);
        if (!(e instanceof IntegerType it)) return constLike((double) value, like);
        return constLike(intScalar(it, BigInteger.valueOf(value)), like);
    }

    /** {@link #constLike(double, Value)} for a float given by its bits in {@code like}'s float format. */
    Value constLikeBits(BigInteger bits, Value like) {
        return constLike(new FloatAttr((FloatType) elementType(like), bits), like);
    }

    /** A constant of the scalar attribute {@code scalar} (integer, float or complex) shaped like {@code like}. */
    Value constLike(Attribute scalar, Value like) {
        if (like.type() instanceof RankedTensorType t && t.hasStaticShape()) {
            return constant(splatOf(new RankedTensorType(t.shape(), elementType(like)), scalar));
        }
        return v(ConstantLikeOp.create(r, loc, like, scalar));
    }

    static IntegerAttr intScalar(IntegerType t, BigInteger value) {
        return new IntegerAttr(t, value.and(BigInteger.ONE.shiftLeft(t.width()).subtract(BigInteger.ONE)));
    }

    static FloatAttr floatScalar(FloatType t, double value) {
        return new FloatAttr(t, FloatFormats.fromDouble(t.kind(), value));
    }

    /** {@code #complex.number<:T re, 0.0>} as the parser keeps it. */
    static Attribute complexScalar(ComplexType t, double re) {
        return new DialectAttr("complex", "number<:" + t.elementType() + " " + re + ", 0.0>", true);
    }

    /** A splat of a scalar attribute (integer, float, or {@code #complex.number}) in {@code type}; null if unknown. */
    static DenseElementsAttr splatOf(RankedTensorType type, Attribute scalar) {
        if (scalar instanceof IntegerAttr i) return splat(type, i.value());
        if (scalar instanceof FloatAttr f) return splat(type, f.bits());
        if (scalar instanceof DialectAttr d && type.elementType() instanceof ComplexType c
                && c.elementType() instanceof FloatType ft) {
            double[] parts = complexParts(d);
            if (parts == null) return null;
            return complexSplat(type, FloatFormats.fromDouble(ft.kind(), parts[0]),
                    FloatFormats.fromDouble(ft.kind(), parts[1]));
        }
        return null;
    }

    /** A splat of the complex number with parts of the given bits in {@code type}, of a complex element type. */
    static DenseElementsAttr complexSplat(RankedTensorType type, BigInteger realBits, BigInteger imagBits) {
        int half = DenseElementsAttr.elementStorageBytes(((ComplexType) type.elementType()).elementType());
        byte[] data = new byte[2 * half];
        put(data, 0, half, realBits);
        put(data, half, half, imagBits);
        return new DenseElementsAttr(type, data, 0, data.length, true);
    }

    /** The real and imaginary parts of {@code #complex.number<:T re, im>}, or null. */
    static double[] complexParts(DialectAttr d) {
        if (!d.dialect().equals("complex") || !d.body().startsWith("number<")) return null;
        String body = d.body();
        int colon = body.indexOf(':');
        int space = body.indexOf(' ', colon);
        int comma = body.indexOf(',', space);
        int end = body.lastIndexOf('>');
        if (colon < 0 || space < 0 || comma < 0 || end < comma) return null;
        try {
            return new double[] {Double.parseDouble(body.substring(space + 1, comma).trim()),
                Double.parseDouble(body.substring(comma + 1, end).trim())};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A splat of the element bits {@code bits} (little-endian in the element's storage size). */
    static DenseElementsAttr splat(RankedTensorType type, BigInteger bits) {
        int eb = DenseElementsAttr.elementStorageBytes(type.elementType());
        byte[] data = new byte[eb];
        put(data, 0, eb, bits);
        return new DenseElementsAttr(type, data, 0, eb, true);
    }

    /** Dense i64 (or other integer) elements of {@code values}. */
    static DenseElementsAttr elements(RankedTensorType type, long[] values) {
        int eb = DenseElementsAttr.elementStorageBytes(type.elementType());
        byte[] data = new byte[eb * values.length];
        for (int i = 0; i < values.length; i++) put(data, i * eb, eb, BigInteger.valueOf(values[i]));
        return new DenseElementsAttr(type, data, 0, data.length, false);
    }

    private static void put(byte[] data, int at, int n, BigInteger bits) {
        for (int k = 0; k < n; k++) data[at + k] = bits.shiftRight(8 * k).byteValue();
    }

    // ---- elementwise ops

    Value add(Value a, Value b) { return v(AddOp.create(r, loc, a, b)); }
    Value sub(Value a, Value b) { return v(SubtractOp.create(r, loc, a, b)); }
    Value mul(Value a, Value b) { return v(MultiplyOp.create(r, loc, a, b)); }
    Value and(Value a, Value b) { return v(AndOp.create(r, loc, a, b)); }
    Value or(Value a, Value b) { return v(OrOp.create(r, loc, a, b)); }
    Value shiftRightLogical(Value a, Value b) { return v(ShiftRightLogicalOp.create(r, loc, a, b)); }
    Value shiftRightArithmetic(Value a, Value b) { return v(ShiftRightArithmeticOp.create(r, loc, a, b)); }
    Value abs(Value x) { return v(AbsOp.create(r, loc, x)); }
    Value neg(Value x) { return v(NegateOp.create(r, loc, x)); }
    Value real(Value x) { return v(RealOp.create(r, loc, x)); }
    Value imag(Value x) { return v(ImagOp.create(r, loc, x)); }
    Value complex(Value re, Value im) { return v(ComplexOp.create(r, loc, re, im)); }
    Value isFinite(Value x) {
        // (the row's inference reads the result, which the probe op of create() does not have)
        return v(IsFiniteOp.createWithTypes(r, loc, List.of(withElementType(x.type(), IntegerType.I1)), x));
    }

    /** {@code stablehlo.compare} without a comparison type (upstream's default). */
    Value compare(String direction, Value a, Value b) {
        return v(CompareOp.create(r, loc, a, b, direction(direction), null));
    }

    Value select(Value pred, Value onTrue, Value onFalse) {
        return v(SelectOp.create(r, loc, pred, onTrue, onFalse));
    }

    Value convert(Type resultType, Value x) {
        return v(ConvertOp.create(r, loc, resultType, x));
    }

    /** {@code x} converted to the same shape with element type {@code element}. */
    Value convertElements(Type element, Value x) {
        return convert(withElementType(x.type(), element), x);
    }

    Value bitcast(Type resultType, Value x) {
        return v(BitcastConvertOp.create(r, loc, resultType, x));
    }

    // ---- shape ops

    Value reshape(Type resultType, Value x) {
        return v(ReshapeOp.create(r, loc, resultType, x));
    }

    Value broadcastInDim(Type resultType, Value x, long... dims) {
        return v(BroadcastInDimOp.create(r, loc, resultType, x, DenseArrayAttr.ofLongs(dims)));
    }

    Value concatenate(List<Value> parts, long dimension) {
        return v(ConcatenateOp.create(r, loc, parts, i64(dimension)));
    }

    Value getDimensionSize(Value x, long dimension) {
        return v(GetDimensionSizeOp.create(r, loc, x, i64(dimension)));
    }

    /** The runtime size of {@code x}'s dimension {@code d} as a {@code tensor<1xi64>}. */
    Value dimSizeI64x1(Value x, long d) {
        Value s = convert(scalarType(IntegerType.I64), getDimensionSize(x, d));
        return reshape(vectorType(1, IntegerType.I64), s);
    }

    /** {@code dynamic_broadcast_in_dim} of {@code x} to the extents {@code shape}. */
    Value dynamicBroadcastInDim(Type resultType, Value x, Value shape, long... dims) {
        return v(DynamicBroadcastInDimOp.create(r, loc, resultType, x, shape, DenseArrayAttr.ofLongs(dims), null, null));
    }

    /** {@code shape.shape_of} of {@code x} (a {@code tensor<Nxindex>} for a ranked tensor). */
    Value shapeOf(Value x) {
        return v(ShapeOfOp.create(r, loc, x));
    }

    /**
     * MLIR's {@code createOrFold} for a just-created single-result op: when its row's folder folds it (with the
     * constant values of its operands) to a value, the op is erased and that value returned; to an attribute, the
     * op's dialect materializes it as a constant at the insertion point and the op is erased. Else the op's result.
     */
    static Value createOrFold(PatternRewriter r, TypedOp typed) {
        Operation op = typed.operation();
        Value result = op.result(0);
        OpDefinition def = op.opName().definition();
        if (def == null || def.folder() == null) return result;
        Attribute[] constants = new Attribute[op.numOperands()];
        for (int i = 0; i < constants.length; i++) {
            Operation d = op.operand(i).definingOp();
            constants[i] = d == null ? null : Folder.constantValue(d);
        }
        List<Object> folded = def.folder().fold(op, constants);
        if (folded == null || folded.size() != 1 || folded.get(0) == result) return result;
        Value replacement;
        if (folded.get(0) instanceof Value v) {
            replacement = v;
        } else if (folded.get(0) instanceof Attribute a && op.opName().dialect() != null) {
            Operation c = op.opName().dialect().materializeConstant(r, a, result.type(), op.location());
            if (c == null) return result;
            replacement = c.result(0);
        } else {
            return result;
        }
        r.eraseOp(op);
        return replacement;
    }
}
