package org.stablehlo4j.api.build;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The StableHLO ops beyond the element-wise ones and the core data movement of {@link Ops}: linear algebra,
 * normalization, random numbers, FFT, dynamic shapes, collectives and tokens. Same rules as {@link Ops}: inferred
 * result types where the op infers them, each op verified as it is built.
 */
public abstract class ExtraOps extends ElementwiseOps {
    ExtraOps(Context context, Block block, String terminator) {
        super(context, block, terminator);
    }

    /**
     * {@code stablehlo.get_dimension_size}.
     *
     * @param operand   the operand
     * @param dimension the dimension
     * @return a scalar {@code i32} tensor
     */
    public Value getDimensionSize(Value operand, long dimension) {
        return one("stablehlo.get_dimension_size", List.of(operand), attrs("dimension", i64(dimension)));
    }

    /**
     * {@code stablehlo.batch_norm_inference}.
     *
     * @param operand      the operand
     * @param scale        1-D scale
     * @param offset       1-D offset
     * @param mean         1-D mean
     * @param variance     1-D variance
     * @param epsilon      added to the variance
     * @param featureIndex the feature dimension
     * @return the normalized operand
     */
    public Value batchNormInference(Value operand, Value scale, Value offset, Value mean, Value variance,
                                    float epsilon, long featureIndex) {
        return one("stablehlo.batch_norm_inference", List.of(operand, scale, offset, mean, variance),
                attrs("epsilon", f32(epsilon), "feature_index", i64(featureIndex)));
    }

    /**
     * {@code stablehlo.batch_norm_training}.
     *
     * @param operand      the operand
     * @param scale        1-D scale
     * @param offset       1-D offset
     * @param epsilon      added to the variance
     * @param featureIndex the feature dimension
     * @return output, batch mean, batch variance
     */
    public List<Value> batchNormTraining(Value operand, Value scale, Value offset, float epsilon, long featureIndex) {
        return op("stablehlo.batch_norm_training", List.of(operand, scale, offset),
                attrs("epsilon", f32(epsilon), "feature_index", i64(featureIndex)), List.of(), null);
    }

    /**
     * {@code stablehlo.batch_norm_grad}.
     *
     * @param operand      the operand
     * @param scale        1-D scale
     * @param mean         1-D mean
     * @param variance     1-D variance
     * @param gradOutput   the gradient of the output
     * @param epsilon      added to the variance
     * @param featureIndex the feature dimension
     * @return gradients of operand, scale and offset
     */
    public List<Value> batchNormGrad(Value operand, Value scale, Value mean, Value variance, Value gradOutput,
                                     float epsilon, long featureIndex) {
        return op("stablehlo.batch_norm_grad", List.of(operand, scale, mean, variance, gradOutput),
                attrs("epsilon", f32(epsilon), "feature_index", i64(featureIndex)), List.of(), null);
    }

    /**
     * {@code stablehlo.cholesky}.
     *
     * @param a     a batch of symmetric positive-definite matrices
     * @param lower whether the lower triangle is used and computed
     * @return the factors
     */
    public Value cholesky(Value a, boolean lower) {
        return one("stablehlo.cholesky", List.of(a), attrs("lower", lower ? BoolAttr.TRUE : null));
    }

    /**
     * {@code stablehlo.triangular_solve}.
     *
     * @param a            triangular matrices
     * @param b            right-hand sides
     * @param leftSide     whether op(a) x = b (else x op(a) = b)
     * @param lower        whether a is lower triangular
     * @param unitDiagonal whether a's diagonal is taken as ones
     * @param transposeA   {@code NO_TRANSPOSE}, {@code TRANSPOSE} or {@code ADJOINT}
     * @return the solutions
     */
    public Value triangularSolve(Value a, Value b, boolean leftSide, boolean lower, boolean unitDiagonal,
                                 String transposeA) {
        return one("stablehlo.triangular_solve", List.of(a, b), attrs("left_side", BoolAttr.of(leftSide),
                "lower", BoolAttr.of(lower), "unit_diagonal", BoolAttr.of(unitDiagonal),
                "transpose_a", enumAttr(StablehloEnum.TRANSPOSE, transposeA)));
    }

    /**
     * {@code stablehlo.fft}.
     *
     * @param operand   the operand
     * @param fftType   {@code FFT}, {@code IFFT}, {@code RFFT} or {@code IRFFT}
     * @param fftLength the lengths of the innermost dimensions transformed
     * @return the result
     */
    public Value fft(Value operand, String fftType, List<Long> fftLength) {
        return one("stablehlo.fft", List.of(operand), attrs("fft_type", enumAttr(StablehloEnum.FFT_TYPE, fftType),
                "fft_length", i64s(fftLength)));
    }

    /**
     * {@code stablehlo.rng}.
     *
     * @param a            scalar: lower bound (uniform) or mean (normal)
     * @param b            scalar: upper bound (uniform) or standard deviation (normal)
     * @param shape        1-D integer tensor: the result shape
     * @param distribution {@code UNIFORM} or {@code NORMAL}
     * @param resultType   the result type
     * @return the random tensor
     */
    public Value rng(Value a, Value b, Value shape, String distribution, Type resultType) {
        return typed("stablehlo.rng", List.of(a, b, shape),
                attrs("rng_distribution", enumAttr(StablehloEnum.RNG_DISTRIBUTION, distribution)), resultType);
    }

    /**
     * {@code stablehlo.rng_bit_generator}.
     *
     * @param initialState the generator state
     * @param algorithm    {@code DEFAULT}, {@code THREE_FRY} or {@code PHILOX}
     * @param outputType   the type of the random bits
     * @return the new state and the random bits
     */
    public List<Value> rngBitGenerator(Value initialState, String algorithm, Type outputType) {
        return op("stablehlo.rng_bit_generator", List.of(initialState),
                attrs("rng_algorithm", enumAttr(StablehloEnum.RNG_ALGORITHM, algorithm)), List.of(),
                List.of(initialState.type(), outputType));
    }

    /**
     * {@code stablehlo.dynamic_broadcast_in_dim}.
     *
     * @param operand             the operand
     * @param outputDimensions    1-D integer tensor: the result shape
     * @param broadcastDimensions the result dimension of each operand dimension
     * @param resultType          the result type
     * @return the result
     */
    public Value dynamicBroadcastInDim(Value operand, Value outputDimensions, List<Long> broadcastDimensions,
                                       Type resultType) {
        return typed("stablehlo.dynamic_broadcast_in_dim", List.of(operand, outputDimensions),
                attrs("broadcast_dimensions", i64s(broadcastDimensions)), resultType);
    }

    /**
     * {@code stablehlo.dynamic_reshape}.
     *
     * @param operand     the operand
     * @param outputShape 1-D integer tensor: the result shape
     * @param resultType  the result type
     * @return the result
     */
    public Value dynamicReshape(Value operand, Value outputShape, Type resultType) {
        return typed("stablehlo.dynamic_reshape", List.of(operand, outputShape), Map.of(), resultType);
    }

    /**
     * {@code stablehlo.dynamic_iota}.
     *
     * @param outputShape 1-D integer tensor: the result shape
     * @param dimension   the dimension that counts up
     * @param resultType  the result type
     * @return the result
     */
    public Value dynamicIota(Value outputShape, long dimension, Type resultType) {
        return typed("stablehlo.dynamic_iota", List.of(outputShape), attrs("iota_dimension", i64(dimension)),
                resultType);
    }

    /**
     * {@code stablehlo.real_dynamic_slice}.
     *
     * @param operand      the operand
     * @param startIndices 1-D integer tensor
     * @param limitIndices 1-D integer tensor
     * @param strides      1-D integer tensor
     * @param resultType   the result type
     * @return the result
     */
    public Value realDynamicSlice(Value operand, Value startIndices, Value limitIndices, Value strides,
                                  Type resultType) {
        return typed("stablehlo.real_dynamic_slice", List.of(operand, startIndices, limitIndices, strides), Map.of(),
                resultType);
    }

    /**
     * {@code stablehlo.einsum}.
     *
     * @param lhs        the left operand
     * @param rhs        the right operand
     * @param config     the einsum equation, e.g. {@code ab,bc->ac}
     * @param resultType the result type
     * @return the result
     */
    public Value einsum(Value lhs, Value rhs, String config, Type resultType) {
        return typed("stablehlo.einsum", List.of(lhs, rhs), attrs("einsum_config", StringAttr.of(config)), resultType);
    }

    /**
     * {@code stablehlo.torch_index_select}.
     *
     * @param operand    the operand
     * @param index      the indices
     * @param dim        the dimension indexed
     * @param batchDims  the number of batch dimensions
     * @param resultType the result type
     * @return the result
     */
    public Value torchIndexSelect(Value operand, Value index, long dim, long batchDims, Type resultType) {
        return typed("stablehlo.torch_index_select", List.of(operand, index),
                attrs("dim", i64(dim), "batch_dims", i64(batchDims)), resultType);
    }

    /**
     * {@code stablehlo.uniform_quantize}.
     *
     * @param operand    the operand
     * @param resultType a tensor of a quantized type
     * @return the result
     */
    public Value uniformQuantize(Value operand, Type resultType) {
        return typed("stablehlo.uniform_quantize", List.of(operand), Map.of(), resultType);
    }

    /**
     * {@code stablehlo.uniform_dequantize}.
     *
     * @param operand a tensor of a quantized type
     * @return the result, of the expressed type
     */
    public Value uniformDequantize(Value operand) {
        return one("stablehlo.uniform_dequantize", List.of(operand), Map.of());
    }

    // ---- collectives -------------------------------------------------------------------------------------------

    /**
     * {@code stablehlo.all_reduce}: the computation gets two scalars of the operands' element type.
     *
     * @param operands      the tensors reduced across processes
     * @param replicaGroups the process groups (rows of equal length)
     * @param computation   the reduction
     * @return one result per operand
     */
    public List<Value> allReduce(List<Value> operands, long[][] replicaGroups, RegionBody computation) {
        Type element = operands.isEmpty() ? null : elementOf(operands.get(0));
        List<Type> args = element == null ? List.of() : List.of(scalar(element), scalar(element));
        return op("stablehlo.all_reduce", operands, attrs("replica_groups", i64Matrix(replicaGroups)),
                List.of(new RegionDef(args, computation)), null);
    }

    /**
     * {@code stablehlo.reduce_scatter}.
     *
     * @param operand          the tensor
     * @param scatterDimension the dimension split across processes
     * @param replicaGroups    the process groups
     * @param computation      the reduction (two scalars of the operand's element type)
     * @param resultType       the result type
     * @return the result
     */
    public Value reduceScatter(Value operand, long scatterDimension, long[][] replicaGroups, RegionBody computation,
                               Type resultType) {
        Type element = elementOf(operand);
        return op1("stablehlo.reduce_scatter", List.of(operand), attrs("scatter_dimension", i64(scatterDimension),
                "replica_groups", i64Matrix(replicaGroups)),
                List.of(new RegionDef(List.of(scalar(element), scalar(element)), computation)), List.of(resultType));
    }

    /**
     * {@code stablehlo.all_gather}.
     *
     * @param operands      the tensors
     * @param allGatherDim  the dimension concatenated along
     * @param replicaGroups the process groups
     * @param resultTypes   the result types
     * @return one result per operand
     */
    public List<Value> allGather(List<Value> operands, long allGatherDim, long[][] replicaGroups,
                                 List<Type> resultTypes) {
        return op("stablehlo.all_gather", operands, attrs("all_gather_dim", i64(allGatherDim),
                "replica_groups", i64Matrix(replicaGroups)), List.of(), resultTypes);
    }

    /**
     * {@code stablehlo.all_to_all}.
     *
     * @param operands         the tensors
     * @param splitDimension   the dimension split
     * @param concatDimension  the dimension concatenated
     * @param splitCount       the number of pieces
     * @param replicaGroups    the process groups
     * @return one result per operand
     */
    public List<Value> allToAll(List<Value> operands, long splitDimension, long concatDimension, long splitCount,
                                long[][] replicaGroups) {
        return op("stablehlo.all_to_all", operands, attrs("split_dimension", i64(splitDimension),
                "concat_dimension", i64(concatDimension), "split_count", i64(splitCount),
                "replica_groups", i64Matrix(replicaGroups)), List.of(), null);
    }

    /**
     * {@code stablehlo.collective_permute}.
     *
     * @param operand           the tensor
     * @param sourceTargetPairs pairs (source, target) of process ids
     * @return the result
     */
    public Value collectivePermute(Value operand, long[][] sourceTargetPairs) {
        return one("stablehlo.collective_permute", List.of(operand),
                attrs("source_target_pairs", i64Matrix(sourceTargetPairs)));
    }

    /**
     * {@code stablehlo.collective_broadcast}.
     *
     * @param operands      the tensors
     * @param replicaGroups the process groups
     * @return one result per operand
     */
    public List<Value> collectiveBroadcast(List<Value> operands, long[][] replicaGroups) {
        return op("stablehlo.collective_broadcast", operands, attrs("replica_groups", i64Matrix(replicaGroups)),
                List.of(), null);
    }

    // ---- tokens ------------------------------------------------------------------------------------------------

    /**
     * {@code stablehlo.create_token}.
     *
     * @return a {@code !stablehlo.token}
     */
    public Value createToken() {
        return one("stablehlo.create_token", List.of(), Map.of());
    }

    /**
     * {@code stablehlo.after_all}.
     *
     * @param tokens the tokens to wait for
     * @return a token
     */
    public Value afterAll(List<Value> tokens) {
        return one("stablehlo.after_all", tokens, Map.of());
    }

    // ---- attribute helpers shared with Ops ---------------------------------------------------------------------

    static IntegerAttr i64(long v) {
        return IntegerAttr.of(IntegerType.I64, v);
    }

    static IntegerAttr i32(int v) {
        return IntegerAttr.of(IntegerType.I32, v);
    }

    static DenseArrayAttr i64s(List<Long> values) {
        return DenseArrayAttr.ofLongs(Types.longs(values));
    }

    static FloatAttr f32(float v) {
        return new FloatAttr(FloatType.F32, BigInteger.valueOf(Float.floatToRawIntBits(v) & 0xFFFFFFFFL));
    }

    static Attribute enumAttr(StablehloEnum kind, String caseName) {
        if (kind.indexOf(caseName) < 0) {
            throw new BuildException("'" + caseName + "' is not a " + kind.mnemonic() + ": one of " + kind.cases());
        }
        return EnumAttr.of(kind, caseName);
    }

    /** A {@code tensor<RxCxi64>} of the rows (all of the same length). */
    static DenseElementsAttr i64Matrix(long[][] rows) {
        int cols = rows.length == 0 ? 0 : rows[0].length;
        ByteBuffer b = ByteBuffer.allocate(rows.length * cols * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long[] row : rows) {
            if (row.length != cols) throw new BuildException("rows of different lengths: " + cols + " and " + row.length);
            for (long v : row) b.putLong(v);
        }
        RankedTensorType t = new RankedTensorType(new long[] {rows.length, cols}, IntegerType.I64);
        return new DenseElementsAttr(t, b.array(), 0, b.capacity(), false);
    }

    static Type elementOf(Value v) {
        if (v.type() instanceof ShapedType s) return s.elementType();
        throw new BuildException("expected a tensor, got " + v.type());
    }

    static RankedTensorType scalar(Type element) {
        return new RankedTensorType(new long[0], element);
    }

    static List<Value> cat(List<Value> a, List<Value> b) {
        List<Value> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
