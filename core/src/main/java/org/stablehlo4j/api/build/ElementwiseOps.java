package org.stablehlo4j.api.build;

import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.CbrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.CeilOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.CountLeadingZerosOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialMinusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.FloorOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.IsFiniteOp;
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
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
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
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Value;

/**
 * The element-wise StableHLO ops, one typed method each (result types inferred, each op verified as it is built);
 * {@link ExtraOps} and {@link Ops} add the others. Names follow the op mnemonics in camel case ({@code not_}, {@code and_},
 * {@code or_} avoid Kotlin/Java keywords and clashes).
 */
public abstract class ElementwiseOps extends GenericOps {
    ElementwiseOps(Context context, Block block, Terminator terminator) {
        super(context, block, terminator);
    }

    /**
     * {@code stablehlo.abs}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value abs(Value operand) {
        return build1((ob, l) -> AbsOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.cbrt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value cbrt(Value operand) {
        return build1((ob, l) -> CbrtOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.ceil}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value ceil(Value operand) {
        return build1((ob, l) -> CeilOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.cosine}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value cosine(Value operand) {
        return build1((ob, l) -> CosineOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.count_leading_zeros}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value countLeadingZeros(Value operand) {
        return build1((ob, l) -> CountLeadingZerosOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.exponential}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value exponential(Value operand) {
        return build1((ob, l) -> ExponentialOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.exponential_minus_one}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value exponentialMinusOne(Value operand) {
        return build1((ob, l) -> ExponentialMinusOneOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.floor}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value floor(Value operand) {
        return build1((ob, l) -> FloorOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.imag}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value imag(Value operand) {
        return build1((ob, l) -> ImagOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.is_finite}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value isFinite(Value operand) {
        return build1((ob, l) -> IsFiniteOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.log}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value log(Value operand) {
        return build1((ob, l) -> LogOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.log_plus_one}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value logPlusOne(Value operand) {
        return build1((ob, l) -> LogPlusOneOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.logistic}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value logistic(Value operand) {
        return build1((ob, l) -> LogisticOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.negate}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value negate(Value operand) {
        return build1((ob, l) -> NegateOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.not}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value not_(Value operand) {
        return build1((ob, l) -> NotOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.popcnt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value popcnt(Value operand) {
        return build1((ob, l) -> PopcntOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.real}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value real(Value operand) {
        return build1((ob, l) -> RealOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.round_nearest_afz}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value roundNearestAfz(Value operand) {
        return build1((ob, l) -> RoundNearestAfzOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.round_nearest_even}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value roundNearestEven(Value operand) {
        return build1((ob, l) -> RoundNearestEvenOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.rsqrt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value rsqrt(Value operand) {
        return build1((ob, l) -> RsqrtOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.sign}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value sign(Value operand) {
        return build1((ob, l) -> SignOp.create(ob, l, operand));
    }

    /**
     * {@code stablehlo.sine}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value sine(Value operand) {
        return build1((ob, l) -> SineOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.sqrt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value sqrt(Value operand) {
        return build1((ob, l) -> SqrtOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.tan}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value tan(Value operand) {
        return build1((ob, l) -> TanOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.tanh}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value tanh(Value operand) {
        return build1((ob, l) -> TanhOp.create(ob, l, operand, null));
    }

    /**
     * {@code stablehlo.add}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value add(Value lhs, Value rhs) {
        return build1((ob, l) -> AddOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.subtract}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value subtract(Value lhs, Value rhs) {
        return build1((ob, l) -> SubtractOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.multiply}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value multiply(Value lhs, Value rhs) {
        return build1((ob, l) -> MultiplyOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.divide}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value divide(Value lhs, Value rhs) {
        return build1((ob, l) -> DivideOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.remainder}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value remainder(Value lhs, Value rhs) {
        return build1((ob, l) -> RemainderOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.maximum}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value maximum(Value lhs, Value rhs) {
        return build1((ob, l) -> MaximumOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.minimum}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value minimum(Value lhs, Value rhs) {
        return build1((ob, l) -> MinimumOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.power}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value power(Value lhs, Value rhs) {
        return build1((ob, l) -> PowerOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.atan2}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value atan2(Value lhs, Value rhs) {
        return build1((ob, l) -> Atan2Op.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.and}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value and_(Value lhs, Value rhs) {
        return build1((ob, l) -> AndOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.or}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value or_(Value lhs, Value rhs) {
        return build1((ob, l) -> OrOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.xor}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value xor(Value lhs, Value rhs) {
        return build1((ob, l) -> XorOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.shift_left}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value shiftLeft(Value lhs, Value rhs) {
        return build1((ob, l) -> ShiftLeftOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.shift_right_arithmetic}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value shiftRightArithmetic(Value lhs, Value rhs) {
        return build1((ob, l) -> ShiftRightArithmeticOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.shift_right_logical}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value shiftRightLogical(Value lhs, Value rhs) {
        return build1((ob, l) -> ShiftRightLogicalOp.create(ob, l, lhs, rhs));
    }

    /**
     * {@code stablehlo.complex}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value complex(Value lhs, Value rhs) {
        return build1((ob, l) -> ComplexOp.create(ob, l, lhs, rhs));
    }
}
