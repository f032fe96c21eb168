package org.stablehlo4j.api.build;

import java.util.List;
import java.util.Map;

import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Value;

/**
 * The element-wise StableHLO ops, one typed method each (result types inferred, each op verified as it is built);
 * {@link ExtraOps} and {@link Ops} add the others. Names follow the op mnemonics in camel case ({@code not_}, {@code and_},
 * {@code or_} avoid Kotlin/Java keywords and clashes).
 */
public abstract class ElementwiseOps extends GenericOps {
    ElementwiseOps(Context context, Block block, String terminator) {
        super(context, block, terminator);
    }

    /**
     * {@code stablehlo.abs}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value abs(Value operand) {
        return one("stablehlo.abs", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.cbrt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value cbrt(Value operand) {
        return one("stablehlo.cbrt", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.ceil}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value ceil(Value operand) {
        return one("stablehlo.ceil", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.cosine}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value cosine(Value operand) {
        return one("stablehlo.cosine", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.count_leading_zeros}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value countLeadingZeros(Value operand) {
        return one("stablehlo.count_leading_zeros", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.exponential}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value exponential(Value operand) {
        return one("stablehlo.exponential", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.exponential_minus_one}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value exponentialMinusOne(Value operand) {
        return one("stablehlo.exponential_minus_one", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.floor}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value floor(Value operand) {
        return one("stablehlo.floor", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.imag}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value imag(Value operand) {
        return one("stablehlo.imag", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.is_finite}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value isFinite(Value operand) {
        return one("stablehlo.is_finite", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.log}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value log(Value operand) {
        return one("stablehlo.log", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.log_plus_one}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value logPlusOne(Value operand) {
        return one("stablehlo.log_plus_one", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.logistic}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value logistic(Value operand) {
        return one("stablehlo.logistic", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.negate}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value negate(Value operand) {
        return one("stablehlo.negate", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.not}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value not_(Value operand) {
        return one("stablehlo.not", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.popcnt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value popcnt(Value operand) {
        return one("stablehlo.popcnt", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.real}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value real(Value operand) {
        return one("stablehlo.real", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.round_nearest_afz}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value roundNearestAfz(Value operand) {
        return one("stablehlo.round_nearest_afz", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.round_nearest_even}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value roundNearestEven(Value operand) {
        return one("stablehlo.round_nearest_even", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.rsqrt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value rsqrt(Value operand) {
        return one("stablehlo.rsqrt", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.sign}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value sign(Value operand) {
        return one("stablehlo.sign", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.sine}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value sine(Value operand) {
        return one("stablehlo.sine", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.sqrt}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value sqrt(Value operand) {
        return one("stablehlo.sqrt", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.tan}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value tan(Value operand) {
        return one("stablehlo.tan", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.tanh}.
     *
     * @param operand the operand
     * @return the result
     */
    public Value tanh(Value operand) {
        return one("stablehlo.tanh", List.of(operand), Map.of());
    }

    /**
     * {@code stablehlo.add}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value add(Value lhs, Value rhs) {
        return one("stablehlo.add", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.subtract}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value subtract(Value lhs, Value rhs) {
        return one("stablehlo.subtract", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.multiply}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value multiply(Value lhs, Value rhs) {
        return one("stablehlo.multiply", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.divide}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value divide(Value lhs, Value rhs) {
        return one("stablehlo.divide", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.remainder}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value remainder(Value lhs, Value rhs) {
        return one("stablehlo.remainder", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.maximum}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value maximum(Value lhs, Value rhs) {
        return one("stablehlo.maximum", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.minimum}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value minimum(Value lhs, Value rhs) {
        return one("stablehlo.minimum", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.power}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value power(Value lhs, Value rhs) {
        return one("stablehlo.power", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.atan2}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value atan2(Value lhs, Value rhs) {
        return one("stablehlo.atan2", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.and}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value and_(Value lhs, Value rhs) {
        return one("stablehlo.and", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.or}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value or_(Value lhs, Value rhs) {
        return one("stablehlo.or", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.xor}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value xor(Value lhs, Value rhs) {
        return one("stablehlo.xor", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.shift_left}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value shiftLeft(Value lhs, Value rhs) {
        return one("stablehlo.shift_left", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.shift_right_arithmetic}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value shiftRightArithmetic(Value lhs, Value rhs) {
        return one("stablehlo.shift_right_arithmetic", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.shift_right_logical}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value shiftRightLogical(Value lhs, Value rhs) {
        return one("stablehlo.shift_right_logical", List.of(lhs, rhs), Map.of());
    }

    /**
     * {@code stablehlo.complex}.
     *
     * @param lhs the left operand
     * @param rhs the right operand
     * @return the result
     */
    public Value complex(Value lhs, Value rhs) {
        return one("stablehlo.complex", List.of(lhs, rhs), Map.of());
    }
}
