package org.stablehlo4j.api.build;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.AfterAllOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllGatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllToAllOp;
import org.stablehlo4j.dialect.stablehlo.ops.BatchNormGradOp;
import org.stablehlo4j.dialect.stablehlo.ops.BatchNormInferenceOp;
import org.stablehlo4j.dialect.stablehlo.ops.BatchNormTrainingOp;
import org.stablehlo4j.dialect.stablehlo.ops.CholeskyOp;
import org.stablehlo4j.dialect.stablehlo.ops.CollectiveBroadcastOp;
import org.stablehlo4j.dialect.stablehlo.ops.CollectivePermuteOp;
import org.stablehlo4j.dialect.stablehlo.ops.CreateTokenOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicIotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.EinsumOp;
import org.stablehlo4j.dialect.stablehlo.ops.FftOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealDynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.RngBitGeneratorOp;
import org.stablehlo4j.dialect.stablehlo.ops.RngOp;
import org.stablehlo4j.dialect.stablehlo.ops.TorchIndexSelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.TriangularSolveOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformQuantizeOp;
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
    ExtraOps(Context context, Block block, Terminator terminator) {
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
        return build1((ob, l) -> GetDimensionSizeOp.create(ob, l, operand, i64(dimension)));
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
        return build1((ob, l) -> BatchNormInferenceOp.create(ob, l, operand, scale, offset, mean, variance, f32(epsilon), i64(featureIndex)));
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
        return buildAll((ob, l) -> BatchNormTrainingOp.create(ob, l, operand, scale, offset, f32(epsilon),
                i64(featureIndex)));
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
        return buildAll((ob, l) -> BatchNormGradOp.create(ob, l, operand, scale, mean, variance, gradOutput,
                f32(epsilon), i64(featureIndex)));
    }

    /**
     * {@code stablehlo.cholesky}.
     *
     * @param a     a batch of symmetric positive-definite matrices
     * @param lower whether the lower triangle is used and computed
     * @return the factors
     */
    public Value cholesky(Value a, boolean lower) {
        return build1((ob, l) -> CholeskyOp.create(ob, l, a, lower ? BoolAttr.TRUE : null));
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
        return build1((ob, l) -> TriangularSolveOp.create(ob, l, a, b, BoolAttr.of(leftSide), BoolAttr.of(lower), BoolAttr.of(unitDiagonal), enumAttr(StablehloEnum.TRANSPOSE, transposeA)));
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
        return build1((ob, l) -> FftOp.create(ob, l, operand, enumAttr(StablehloEnum.FFT_TYPE, fftType), i64s(fftLength)));
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
        return build1((ob, l) -> RngOp.createWithTypes(ob, l, List.of(resultType), a, b, shape, enumAttr(StablehloEnum.RNG_DISTRIBUTION, distribution)));
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
        return buildAll((ob, l) -> RngBitGeneratorOp.createWithTypes(ob, l, List.of(initialState.type(), outputType),
                initialState, enumAttr(StablehloEnum.RNG_ALGORITHM, algorithm)));
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
        return build1((ob, l) -> DynamicBroadcastInDimOp.create(ob, l, resultType, operand, outputDimensions, i64s(broadcastDimensions), null, null));
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
        return build1((ob, l) -> DynamicReshapeOp.create(ob, l, resultType, operand, outputShape));
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
        return build1((ob, l) -> DynamicIotaOp.create(ob, l, resultType, outputShape, i64(dimension)));
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
        return build1((ob, l) -> RealDynamicSliceOp.create(ob, l, resultType, operand, startIndices, limitIndices, strides));
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
        return build1((ob, l) -> EinsumOp.create(ob, l, resultType, lhs, rhs, StringAttr.of(config)));
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
        return build1((ob, l) -> TorchIndexSelectOp.create(ob, l, resultType, operand, index, i64(dim), i64(batchDims)));
    }

    /**
     * {@code stablehlo.uniform_quantize}.
     *
     * @param operand    the operand
     * @param resultType a tensor of a quantized type
     * @return the result
     */
    public Value uniformQuantize(Value operand, Type resultType) {
        return build1((ob, l) -> UniformQuantizeOp.create(ob, l, resultType, operand));
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
        return buildAll((ob, l) -> AllReduceOp.create(ob, l, operands, i64Matrix(replicaGroups), null, null,
                regions(new RegionDef(args, computation))));
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
        return build1((ob, l) -> ReduceScatterOp.createWithTypes(ob, l, List.of(resultType), operand,
                i64(scatterDimension), i64Matrix(replicaGroups), null, null,
                regions(new RegionDef(List.of(scalar(element), scalar(element)), computation))));
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
        return buildAll((ob, l) -> AllGatherOp.createWithTypes(ob, l, resultTypes, operands, i64(allGatherDim),
                i64Matrix(replicaGroups), null, null));
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
        return buildAll((ob, l) -> AllToAllOp.create(ob, l, operands, i64(splitDimension), i64(concatDimension),
                i64(splitCount), i64Matrix(replicaGroups), null));
    }

    /**
     * {@code stablehlo.collective_permute}.
     *
     * @param operand           the tensor
     * @param sourceTargetPairs pairs (source, target) of process ids
     * @return the result
     */
    public Value collectivePermute(Value operand, long[][] sourceTargetPairs) {
        return build1((ob, l) -> CollectivePermuteOp.create(ob, l, operand, i64Matrix(sourceTargetPairs), null));
    }

    /**
     * {@code stablehlo.collective_broadcast}.
     *
     * @param operands      the tensors
     * @param replicaGroups the process groups
     * @return one result per operand
     */
    public List<Value> collectiveBroadcast(List<Value> operands, long[][] replicaGroups) {
        return buildAll((ob, l) -> CollectiveBroadcastOp.create(ob, l, operands, i64Matrix(replicaGroups), null,
                null));
    }

    // ---- tokens ------------------------------------------------------------------------------------------------

    /**
     * {@code stablehlo.create_token}.
     *
     * @return a {@code !stablehlo.token}
     */
    public Value createToken() {
        return build1((b, l) -> CreateTokenOp.create(b, l));
    }

    /**
     * {@code stablehlo.after_all}.
     *
     * @param tokens the tokens to wait for
     * @return a token
     */
    public Value afterAll(List<Value> tokens) {
        return build1((ob, l) -> AfterAllOp.create(ob, l, tokens));
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
}
