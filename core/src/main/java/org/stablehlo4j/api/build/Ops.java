package org.stablehlo4j.api.build;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.BitcastConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CaseOp;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicUpdateSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetTupleElementOp;
import org.stablehlo4j.dialect.stablehlo.ops.IfOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.MapOp;
import org.stablehlo4j.dialect.stablehlo.ops.OptimizationBarrierOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReducePrecisionOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceWindowOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReverseOp;
import org.stablehlo4j.dialect.stablehlo.ops.ScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectAndScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.SortOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.dialect.stablehlo.ops.TupleOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Appends StableHLO ops to a block: constants from Java arrays and raw bytes, and one typed method per op with
 * attributes as Java values, enums and records. Result types are inferred by the ops' own inference; an op whose
 * result type cannot be inferred (reshape, broadcast_in_dim, convert, ...) takes it as a parameter. Every op is
 * verified as it is built: an invalid call throws {@link BuildException} with the verifier's message. Ops that
 * have no typed method here are built with {@link #op(String, List, Map, List, List)}. Lists are
 * {@code List<Long>}/{@code List<Value>} (no varargs-only methods), so Kotlin callers pass {@code listOf(...)}.
 */
public final class Ops extends ExtraOps {
    Ops(Context context, Block block, Terminator terminator) {
        super(context, block, terminator);
    }

    /**
     * The CHLO ops, appended to this block like the StableHLO ones ({@code ops.chlo().erf(x)}).
     *
     * @return the CHLO builder of this block
     */
    public ChloBuilder chlo() {
        return new ChloBuilder(this);
    }

    // ---- constants ---------------------------------------------------------------------------------------------

    /**
     * A {@code stablehlo.constant} of f32 values (copied).
     *
     * @param values the elements in row-major order
     * @param shape  the dimensions; their product must be the number of values
     * @return the constant
     */
    public Value constant(float[] values, List<Long> shape) {
        return dense(Types.F32, shape, values.length, 4, (b, i) -> b.putFloat(values[i]));
    }

    /**
     * A {@code stablehlo.constant} of f64 values (copied).
     *
     * @param values the elements in row-major order
     * @param shape  the dimensions
     * @return the constant
     */
    public Value constant(double[] values, List<Long> shape) {
        return dense(Types.F64, shape, values.length, 8, (b, i) -> b.putDouble(values[i]));
    }

    /**
     * A {@code stablehlo.constant} of i32 values (copied).
     *
     * @param values the elements in row-major order
     * @param shape  the dimensions
     * @return the constant
     */
    public Value constant(int[] values, List<Long> shape) {
        return dense(Types.I32, shape, values.length, 4, (b, i) -> b.putInt(values[i]));
    }

    /**
     * A {@code stablehlo.constant} of i64 values (copied).
     *
     * @param values the elements in row-major order
     * @param shape  the dimensions
     * @return the constant
     */
    public Value constant(long[] values, List<Long> shape) {
        return dense(Types.I64, shape, values.length, 8, (b, i) -> b.putLong(values[i]));
    }

    /**
     * A {@code stablehlo.constant} of i1 values (copied).
     *
     * @param values the elements in row-major order
     * @param shape  the dimensions
     * @return the constant
     */
    public Value constant(boolean[] values, List<Long> shape) {
        return dense(Types.I1, shape, values.length, 1, (b, i) -> b.put((byte) (values[i] ? 1 : 0)));
    }

    /**
     * A scalar f32 constant ({@code tensor<f32>}).
     *
     * @param value the value
     * @return the constant
     */
    public Value constant(float value) {
        return constant(new float[] {value}, List.of());
    }

    /**
     * A {@code stablehlo.constant} from raw little-endian element bits: the way to give bf16, f16, f8 or any other
     * element type. The bytes from the buffer's position to its limit are copied (the buffer is not moved); they
     * hold every element ({@code numElements * bytesPerElement}) or just one, which is then splatted.
     *
     * @param raw  the element bits, little-endian, {@code ceil(width / 8)} bytes per element (i1: one byte)
     * @param type the tensor type, with a static shape
     * @return the constant
     */
    public Value constant(ByteBuffer raw, RankedTensorType type) {
        int eb = DenseElementsAttr.elementStorageBytes(type.elementType());
        if (eb < 0) throw new BuildException("unsupported constant element type " + type.elementType());
        if (!type.hasStaticShape()) throw new BuildException("a constant needs a static shape, not " + type);
        long n = type.numElements();
        int len = raw.remaining();
        if (len != n * eb && len != eb) {
            throw new BuildException("constant of type " + type + " needs " + n * eb + " bytes (" + n
                    + " elements of " + eb + " bytes), got " + len);
        }
        byte[] data = new byte[len];
        raw.duplicate().get(data);
        DenseElementsAttr value = new DenseElementsAttr((ShapedType) type, data, 0, len, len == eb && n != 1);
        return build1((ob, l) -> ConstantOp.createWithTypes(ob, l, List.of(type), value));
    }

    /** Writes element {@code i} of a Java array into the little-endian buffer. */
    private interface ElementWriter {
        void put(ByteBuffer buffer, int i);
    }

    /** A constant of {@code count} elements of {@code width} bytes, each written by {@code writer}. */
    private Value dense(Type element, List<Long> shape, int count, int width, ElementWriter writer) {
        long bytes = (long) count * width;
        if (bytes > Integer.MAX_VALUE - 8) throw new BuildException("constant too large: " + bytes + " bytes");
        ByteBuffer b = ByteBuffer.allocate((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) writer.put(b, i);
        return constant(b.flip(), Types.tensor(element, shape));
    }

    /**
     * {@code stablehlo.iota}.
     *
     * @param dimension the dimension that counts up
     * @param type      the result type
     * @return the result
     */
    public Value iota(long dimension, RankedTensorType type) {
        return build1((ob, l) -> IotaOp.create(ob, l, type, i64(dimension)));
    }

    // ---- element-wise with attributes --------------------------------------------------------------------------

    /**
     * {@code stablehlo.compare}.
     *
     * @param direction the comparison direction
     * @param lhs       the left operand
     * @param rhs       the right operand
     * @return an {@code i1} tensor
     */
    public Value compare(ComparisonDirection direction, Value lhs, Value rhs) {
        return build1((ob, l) -> CompareOp.create(ob, l, lhs, rhs, enumAttr(StablehloEnum.COMPARISON_DIRECTION, direction.name()), null));
    }

    /**
     * {@code stablehlo.compare} with a comparison type.
     *
     * @param direction the comparison direction
     * @param type      the comparison type
     * @param lhs       the left operand
     * @param rhs       the right operand
     * @return an {@code i1} tensor
     */
    public Value compare(ComparisonDirection direction, ComparisonType type, Value lhs, Value rhs) {
        return build1((ob, l) -> CompareOp.create(ob, l, lhs, rhs, enumAttr(StablehloEnum.COMPARISON_DIRECTION, direction.name()), enumAttr(StablehloEnum.COMPARISON_TYPE, type.name())));
    }

    /**
     * {@code stablehlo.select}.
     *
     * @param pred       the predicate
     * @param onTrue     the value where the predicate holds
     * @param onFalse    the value elsewhere
     * @return the result
     */
    public Value select(Value pred, Value onTrue, Value onFalse) {
        return build1((ob, l) -> SelectOp.create(ob, l, pred, onTrue, onFalse));
    }

    /**
     * {@code stablehlo.clamp}.
     *
     * @param min     the lower bound
     * @param operand the operand
     * @param max     the upper bound
     * @return the result
     */
    public Value clamp(Value min, Value operand, Value max) {
        return build1((ob, l) -> ClampOp.create(ob, l, min, operand, max));
    }

    /**
     * {@code stablehlo.convert} to another element type.
     *
     * @param operand the operand
     * @param element the element type of the result
     * @return the result
     */
    public Value convert(Value operand, Type element) {
        return build1((ob, l) -> ConvertOp.create(ob, l, withElement(operand, element), operand));
    }

    /**
     * {@code stablehlo.bitcast_convert}.
     *
     * @param operand    the operand
     * @param resultType the result type
     * @return the result
     */
    public Value bitcastConvert(Value operand, Type resultType) {
        return build1((ob, l) -> BitcastConvertOp.create(ob, l, resultType, operand));
    }

    /**
     * {@code stablehlo.reduce_precision}.
     *
     * @param operand      the operand
     * @param exponentBits exponent bits to keep
     * @param mantissaBits mantissa bits to keep
     * @return the result
     */
    public Value reducePrecision(Value operand, int exponentBits, int mantissaBits) {
        return build1((ob, l) -> ReducePrecisionOp.create(ob, l, operand, i32(exponentBits), i32(mantissaBits)));
    }

    // ---- shape ---------------------------------------------------------------------------------------------------

    /**
     * {@code stablehlo.reshape}.
     *
     * @param operand    the operand
     * @param resultType the result type (same number of elements)
     * @return the result
     */
    public Value reshape(Value operand, Type resultType) {
        return build1((ob, l) -> ReshapeOp.create(ob, l, resultType, operand));
    }

    /**
     * {@code stablehlo.broadcast_in_dim}.
     *
     * @param operand             the operand
     * @param resultType          the result type
     * @param broadcastDimensions the result dimension of each operand dimension
     * @return the result
     */
    public Value broadcastInDim(Value operand, Type resultType, List<Long> broadcastDimensions) {
        return build1((ob, l) -> BroadcastInDimOp.create(ob, l, resultType, operand, i64s(broadcastDimensions)));
    }

    /**
     * {@code stablehlo.transpose}.
     *
     * @param operand     the operand
     * @param permutation the operand dimension of each result dimension
     * @return the result
     */
    public Value transpose(Value operand, List<Long> permutation) {
        return build1((ob, l) -> TransposeOp.create(ob, l, operand, i64s(permutation)));
    }

    /**
     * {@code stablehlo.slice}.
     *
     * @param operand      the operand
     * @param startIndices first index per dimension
     * @param limitIndices end index (exclusive) per dimension
     * @param strides      stride per dimension
     * @return the result
     */
    public Value slice(Value operand, List<Long> startIndices, List<Long> limitIndices, List<Long> strides) {
        return build1((ob, l) -> SliceOp.create(ob, l, operand, i64s(startIndices), i64s(limitIndices), i64s(strides)));
    }

    /**
     * {@code stablehlo.dynamic_slice}.
     *
     * @param operand      the operand
     * @param startIndices one scalar integer tensor per dimension
     * @param sliceSizes   the size of the slice per dimension
     * @return the result
     */
    public Value dynamicSlice(Value operand, List<Value> startIndices, List<Long> sliceSizes) {
        return build1((ob, l) -> DynamicSliceOp.create(ob, l, operand, startIndices, i64s(sliceSizes)));
    }

    /**
     * {@code stablehlo.dynamic_update_slice}.
     *
     * @param operand      the operand
     * @param update       the values written
     * @param startIndices one scalar integer tensor per dimension
     * @return the result
     */
    public Value dynamicUpdateSlice(Value operand, Value update, List<Value> startIndices) {
        return build1((ob, l) -> DynamicUpdateSliceOp.create(ob, l, operand, update, startIndices));
    }

    /**
     * {@code stablehlo.concatenate}.
     *
     * @param inputs    the tensors
     * @param dimension the dimension they are joined along
     * @return the result
     */
    public Value concatenate(List<Value> inputs, long dimension) {
        return build1((ob, l) -> ConcatenateOp.create(ob, l, inputs, i64(dimension)));
    }

    /**
     * {@code stablehlo.pad}.
     *
     * @param operand      the operand
     * @param paddingValue a scalar tensor
     * @param low          padding before each dimension
     * @param high         padding after each dimension
     * @param interior     padding between elements of each dimension
     * @return the result
     */
    public Value pad(Value operand, Value paddingValue, List<Long> low, List<Long> high, List<Long> interior) {
        return build1((ob, l) -> PadOp.create(ob, l, operand, paddingValue, i64s(low), i64s(high), i64s(interior)));
    }

    /**
     * {@code stablehlo.reverse}.
     *
     * @param operand    the operand
     * @param dimensions the dimensions to reverse
     * @return the result
     */
    public Value reverse(Value operand, List<Long> dimensions) {
        return build1((ob, l) -> ReverseOp.create(ob, l, operand, i64s(dimensions)));
    }

    /**
     * {@code stablehlo.gather}.
     *
     * @param operand          the operand
     * @param startIndices     the start indices
     * @param dimensionNumbers the dimension numbers
     * @param sliceSizes       the slice size per operand dimension
     * @param indicesAreSorted whether the indices are sorted
     * @return the result
     */
    public Value gather(Value operand, Value startIndices, GatherDimensions dimensionNumbers, List<Long> sliceSizes,
                        boolean indicesAreSorted) {
        return build1((ob, l) -> GatherOp.create(ob, l, operand, startIndices, dimensionNumbers.attribute, i64s(sliceSizes), indicesAreSorted ? BoolAttr.TRUE : null));
    }

    // ---- contractions ------------------------------------------------------------------------------------------

    /**
     * {@code stablehlo.dot_general}.
     *
     * @param lhs              the left operand
     * @param rhs              the right operand
     * @param dimensionNumbers batching and contracting dimensions
     * @return the result (its element type is the operands')
     */
    public Value dotGeneral(Value lhs, Value rhs, DotDimensions dimensionNumbers) {
        return dotGeneral(lhs, rhs, dimensionNumbers, List.of());
    }

    /**
     * {@code stablehlo.dot_general} with a precision config.
     *
     * @param lhs              the left operand
     * @param rhs              the right operand
     * @param dimensionNumbers batching and contracting dimensions
     * @param precision        the precision of each operand (empty: none)
     * @return the result
     */
    public Value dotGeneral(Value lhs, Value rhs, DotDimensions dimensionNumbers, List<Precision> precision) {
        return build1((ob, l) -> DotGeneralOp.create(ob, l, lhs, rhs, dimensionNumbers.attribute, precision(precision), null));
    }

    /**
     * {@code stablehlo.convolution} with unit strides, no padding or dilation, group counts 1.
     *
     * @param lhs              the input
     * @param rhs              the kernel
     * @param dimensionNumbers the layout of input, kernel and result
     * @param resultType       the result type
     * @return the result
     */
    public Value convolution(Value lhs, Value rhs, ConvDimensions dimensionNumbers, Type resultType) {
        return build1((ob, l) -> ConvolutionOp.create(ob, l, resultType, lhs, rhs, null, null, null, null, null, dimensionNumbers.attribute, i64(1), i64(1), null));
    }

    // ---- ops with regions --------------------------------------------------------------------------------------

    /**
     * {@code stablehlo.reduce}: the body gets, per input, two scalar tensors of its element type (accumulator,
     * element) and yields one per input.
     *
     * @param inputs     the tensors to reduce
     * @param initValues one scalar init value per input
     * @param dimensions the dimensions reduced
     * @param body       the reduction
     * @return one result per input
     */
    public List<Value> reduce(List<Value> inputs, List<Value> initValues, List<Long> dimensions, RegionBody body) {
        return buildAll((ob, l) -> ReduceOp.create(ob, l, inputs, initValues, i64s(dimensions),
                regions(new RegionDef(scalars(initValues, 2), body))));
    }

    /**
     * {@code stablehlo.reduce_window} with unit strides and dilations and no padding.
     *
     * @param inputs           the tensors to reduce
     * @param initValues       one scalar init value per input
     * @param windowDimensions the window size per dimension
     * @param body             the reduction (as {@link #reduce})
     * @return one result per input
     */
    public List<Value> reduceWindow(List<Value> inputs, List<Value> initValues, List<Long> windowDimensions,
                                    RegionBody body) {
        return buildAll((ob, l) -> ReduceWindowOp.create(ob, l, inputs, initValues, i64s(windowDimensions), null,
                null, null, null, regions(new RegionDef(scalars(initValues, 2), body))));
    }

    /**
     * {@code stablehlo.select_and_scatter} with unit strides and no padding.
     *
     * @param operand          the operand
     * @param source           the values scattered
     * @param initValue        a scalar init value
     * @param windowDimensions the window size per dimension
     * @param select           gets two scalars of the operand's element type, yields an {@code i1} scalar
     * @param scatter          gets two scalars of the source's element type, yields one
     * @return the result
     */
    public Value selectAndScatter(Value operand, Value source, Value initValue, List<Long> windowDimensions,
                                  RegionBody select, RegionBody scatter) {
        return build1((ob, l) -> SelectAndScatterOp.create(ob, l, operand, source, initValue,
                i64s(windowDimensions), null, null, regions(new RegionDef(scalars(List.of(operand), 2), select),
                        new RegionDef(scalars(List.of(initValue), 2), scatter))));
    }

    /**
     * {@code stablehlo.scatter}: the update computation gets, per input, two scalars (current, update).
     *
     * @param inputs           the tensors updated
     * @param scatterIndices   the indices
     * @param updates          one update tensor per input
     * @param dimensionNumbers the dimension numbers
     * @param update           the update computation
     * @return one result per input
     */
    public List<Value> scatter(List<Value> inputs, Value scatterIndices, List<Value> updates,
                               ScatterDimensions dimensionNumbers, RegionBody update) {
        return buildAll((ob, l) -> ScatterOp.create(ob, l, inputs, scatterIndices, updates, dimensionNumbers.attribute,
                null, null, regions(new RegionDef(scalars(inputs, 2), update))));
    }

    /**
     * {@code stablehlo.sort}: the comparator gets two scalars per input (lhs, rhs) and yields an {@code i1} scalar.
     *
     * @param inputs     the tensors sorted together
     * @param dimension  the dimension sorted
     * @param isStable   whether the sort is stable
     * @param comparator the comparator
     * @return the sorted tensors
     */
    public List<Value> sort(List<Value> inputs, long dimension, boolean isStable, RegionBody comparator) {
        return buildAll((ob, l) -> SortOp.create(ob, l, inputs, i64(dimension), isStable ? BoolAttr.TRUE : null,
                regions(new RegionDef(scalars(inputs, 2), comparator))));
    }

    /**
     * {@code stablehlo.map}: the computation gets one scalar per input and yields one scalar.
     *
     * @param inputs      the tensors
     * @param dimensions  the dimensions mapped over (all of them)
     * @param computation the computation
     * @return the result
     */
    public Value map(List<Value> inputs, List<Long> dimensions, RegionBody computation) {
        return build1((ob, l) -> MapOp.create(ob, l, inputs, i64s(dimensions),
                regions(new RegionDef(scalars(inputs, 1), computation))));
    }

    /**
     * {@code stablehlo.while}: {@code cond} and {@code body} get the loop values; cond yields an {@code i1}
     * scalar, body the next loop values.
     *
     * @param operands the initial loop values
     * @param cond     the condition
     * @param body     the body
     * @return the final loop values
     */
    public List<Value> while_(List<Value> operands, RegionBody cond, RegionBody body) {
        List<Type> types = types(operands);
        return buildAll((ob, l) -> WhileOp.create(ob, l, operands,
                regions(new RegionDef(types, cond), new RegionDef(types, body))));
    }

    /**
     * {@code stablehlo.if}: each branch takes no argument and yields the results.
     *
     * @param pred        an {@code i1} scalar tensor
     * @param trueBranch  the branch taken when pred holds
     * @param falseBranch the other branch
     * @return the results
     */
    public List<Value> if_(Value pred, RegionBody trueBranch, RegionBody falseBranch) {
        return buildAll((ob, l) -> IfOp.create(ob, l, pred,
                regions(new RegionDef(List.of(), trueBranch), new RegionDef(List.of(), falseBranch))));
    }

    /**
     * {@code stablehlo.case}: each branch takes no argument and yields the results.
     *
     * @param index    an {@code i32} scalar tensor
     * @param branches the branches
     * @return the results
     */
    public List<Value> case_(Value index, List<RegionBody> branches) {
        List<RegionDef> defs = new ArrayList<>();
        for (RegionBody b : branches) defs.add(new RegionDef(List.of(), b));
        return buildAll((ob, l) -> CaseOp.create(ob, l, index, defs.size(), regions(defs)));
    }

    // ---- tuples, barriers, custom calls ------------------------------------------------------------------------

    /**
     * {@code stablehlo.tuple}.
     *
     * @param values the elements
     * @return the tuple
     */
    public Value tuple(List<Value> values) {
        return build1((ob, l) -> TupleOp.create(ob, l, values));
    }

    /**
     * {@code stablehlo.get_tuple_element}.
     *
     * @param tuple the tuple
     * @param index the element index
     * @return the element
     */
    public Value getTupleElement(Value tuple, int index) {
        if (!(tuple.type() instanceof TupleType t)) throw new BuildException("expected a tuple, got " + tuple.type());
        if (index < 0 || index >= t.types().size()) {
            throw new BuildException("index " + index + " is out of bounds of " + t);
        }
        return build1((ob, l) -> GetTupleElementOp.createWithTypes(ob, l, List.of(t.types().get(index)), tuple, i32(index)));
    }

    /**
     * {@code stablehlo.optimization_barrier}.
     *
     * @param operands the values
     * @return the same values, past the barrier
     */
    public List<Value> optimizationBarrier(List<Value> operands) {
        return buildAll((ob, l) -> OptimizationBarrierOp.create(ob, l, operands));
    }

    /**
     * {@code stablehlo.custom_call}.
     *
     * @param target      the call target name
     * @param inputs      the operands
     * @param resultTypes the result types
     * @return the results
     */
    public List<Value> customCall(String target, List<Value> inputs, List<Type> resultTypes) {
        return buildAll((ob, l) -> CustomCallOp.createWithTypes(ob, l, resultTypes, inputs, StringAttr.of(target),
                null, null, null, null, null, null, null, null));
    }

    /**
     * {@code func.call} of a function of the module; the call is checked against the callee when the module is
     * built ({@link ModuleBuilder#build()}).
     *
     * @param callee      the function's symbol name (without {@code @})
     * @param arguments   the arguments
     * @param resultTypes the callee's result types
     * @return the results
     */
    public List<Value> call(String callee, List<Value> arguments, List<Type> resultTypes) {
        return buildAll((ob, l) -> CallOp.createWithTypes(ob, l, resultTypes, arguments, SymbolRefAttr.flat(callee),
                null, null, null));
    }

    // ---- attribute helpers -------------------------------------------------------------------------------------

    private static Attribute precision(List<Precision> precision) {
        if (precision.isEmpty()) return null;
        List<Attribute> cases = new ArrayList<>();
        for (Precision p : precision) cases.add(EnumAttr.of(StablehloEnum.PRECISION, p.name()));
        return new ArrayAttr(cases);
    }

    private static List<Type> types(List<Value> values) {
        List<Type> t = new ArrayList<>();
        for (Value v : values) t.add(v.type());
        return t;
    }

    /** {@code copies} rounds of one scalar tensor per value, of that value's element type. */
    private static List<Type> scalars(List<Value> values, int copies) {
        List<Type> t = new ArrayList<>();
        for (int c = 0; c < copies; c++) {
            for (Value v : values) t.add(new RankedTensorType(new long[0], element(v)));
        }
        return t;
    }

    private static Type element(Value v) {
        if (v.type() instanceof ShapedType s) return s.elementType();
        throw new BuildException("expected a tensor, got " + v.type());
    }

    private static Type withElement(Value v, Type element) {
        if (v.type() instanceof RankedTensorType t) return new RankedTensorType(t.shape(), element, t.encoding());
        throw new BuildException("expected a ranked tensor, got " + v.type());
    }
}
