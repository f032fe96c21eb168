package org.stablehlo4j.dialect.stablehlo.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.stablehlo4j.dialect.mlir.AddiOp;
import org.stablehlo4j.dialect.mlir.CmpiOp;
import org.stablehlo4j.dialect.mlir.DimOp;
import org.stablehlo4j.dialect.mlir.DivsiOp;
import org.stablehlo4j.dialect.mlir.ExtractOp;
import org.stablehlo4j.dialect.mlir.FromElementsOp;
import org.stablehlo4j.dialect.mlir.IndexCastOp;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.dialect.mlir.MaxsiOp;
import org.stablehlo4j.dialect.mlir.MuliOp;
import org.stablehlo4j.dialect.mlir.SubiOp;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.dialect.shape.ShapeTypes;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ReifyReturnTypeShapes;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * StableHLO's shape reification (the {@code reifyReturnTypeShapes} of upstream's {@code StablehloOps.cpp}/
 * {@code StablehloOps.td}), attached to the rows as their {@link ReifyReturnTypeShapes} extension: the ops that
 * compute a result's shape at run time, built from {@code shape.shape_of}, {@code tensor.dim},
 * {@code tensor.extract}, {@code tensor.from_elements} and {@code arith} index arithmetic, exactly as upstream
 * builds them (what {@code --hlo-test-infer}'s {@code reify_return_type_shapes} shows). Each checks what it needs
 * before it creates anything and returns null when the op's types do not allow reification.
 */
final class StablehloShapeReification {
    private StablehloShapeReification() {}

    /** The elementwise ops: their shape is their first operand's ({@code deriveShapeFromOperand}). */
    private static final Set<String> ELEMENTWISE = Set.of("abs", "cbrt", "ceil", "convert", "count_leading_zeros",
        "cosine", "exponential", "exponential_minus_one", "floor", "imag", "is_finite", "log", "log_plus_one", "logistic", "not",
        "negate", "popcnt", "real", "round_nearest_afz", "round_nearest_even", "rsqrt", "sign", "sine", "sqrt", "tan",
        "tanh", "add", "atan2", "complex", "divide", "maximum", "minimum", "multiply", "power", "remainder",
        "shift_left", "shift_right_arithmetic", "shift_right_logical", "subtract", "and", "or", "xor",
        "uniform_quantize", "uniform_dequantize", "compare", "reverse", "map");

    /** The reification of op {@code m}, if it has one. */
    static void attach(String m, OpHooks.Hook h) {
        ReifyReturnTypeShapes r = switch (m) {
            // the first operand of select and clamp may be a scalar
            case "select", "clamp" -> (b, op, operands, diags) -> fromOperand(b, op, operands.get(1));
            case "bitcast_convert" -> StablehloShapeReification::bitcastConvert;
            case "dot_general" -> StablehloShapeReification::dotGeneral;
            case "gather", "dynamic_gather" -> StablehloShapeReification::gather;
            case "dynamic_iota" -> (b, op, operands, diags) -> indexTensor(b, op, operands.get(0));
            case "dynamic_broadcast_in_dim", "dynamic_reshape" ->
                    (b, op, operands, diags) -> indexTensor(b, op, operands.get(1));
            case "rng" -> (b, op, operands, diags) -> indexTensor(b, op, operands.get(2));
            case "broadcast" -> StablehloShapeReification::broadcast;
            case "concatenate" -> StablehloShapeReification::concatenate;
            case "real_dynamic_slice" -> StablehloShapeReification::realDynamicSlice;
            case "reduce" -> StablehloShapeReification::reduce;
            case "pad" -> StablehloShapeReification::pad;
            case "dynamic_pad" -> StablehloShapeReification::dynamicPad;
            case "transpose" -> StablehloShapeReification::transpose;
            default -> ELEMENTWISE.contains(m)
                    ? (b, op, operands, diags) -> fromOperand(b, op, operands.get(0)) : null;
        };
        if (r != null) h.ext(ReifyReturnTypeShapes.class, r);
    }

    // ============================================================================================ helpers

    private static Value constIndex(OpBuilder b, Location loc, long v) {
        return org.stablehlo4j.dialect.mlir.ConstantOp.create(b, loc, IntElements.scalar(IndexType.INSTANCE, v))
                .result();
    }

    /** {@code tensor.dim %v, index} (with its {@code arith.constant} index). */
    private static Value dim(OpBuilder b, Location loc, Value v, long index) {
        return DimOp.create(b, loc, v, constIndex(b, loc, index)).result();
    }

    /** {@code createOrFold<tensor::DimOp>}: a static size is a constant. */
    private static Value dimOrConstant(OpBuilder b, Location loc, Value v, int index) {
        RankedTensorType t = (RankedTensorType) v.type();
        if (t.dim(index) >= 0) return constIndex(b, loc, t.dim(index));
        return dim(b, loc, v, index);
    }

    /** {@code maybeCastTo}: an {@code arith.index_cast} to {@code type} unless {@code v} already has it. */
    private static Value castTo(OpBuilder b, Location loc, Value v, Type type) {
        return v.type().equals(type) ? v : IndexCastOp.create(b, loc, type, v).out();
    }

    private static Value fromElements(OpBuilder b, Location loc, List<Value> elements, Type elementType) {
        return FromElementsOp.createWithTypes(b, loc,
                List.of(new RankedTensorType(new long[] {elements.size()}, elementType)), elements).result();
    }

    private static boolean ranked(Value v) {
        return v.type() instanceof RankedTensorType;
    }

    /** A 1-D tensor of integers or indices of static length (a shape operand). */
    private static boolean shapeTensor(Value v) {
        return v.type() instanceof RankedTensorType t && t.rank() == 1 && t.dim(0) >= 0
                && IntElements.width(t.elementType()) > 0;
    }

    private static long[] longs(DenseArrayAttr a) {
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.getLong(i);
        return out;
    }

    private static boolean contains(List<Long> list, long v) {
        return list.contains(v);
    }

    // ============================================================================================ the ops

    /** {@code deriveShapeFromOperand}: {@code shape.shape_of} of the operand. */
    static List<Value> fromOperand(OpBuilder b, Operation op, Value operand) {
        if (!(operand.type() instanceof ShapedType)) return null;
        return List.of(ShapeOfOp.create(b, op.location(), operand).result());
    }

    /** {@code castToIndexTensor}: the shape operand, {@code arith.index_cast} to an extent tensor if needed. */
    private static List<Value> indexTensor(OpBuilder b, Operation op, Value shape) {
        if (!shapeTensor(shape)) return null;
        RankedTensorType extent = ShapeTypes.extentTensor(((RankedTensorType) shape.type()).dim(0));
        return List.of(castTo(b, op.location(), shape, extent));
    }

    private static int bitWidth(Type t) {
        if (t instanceof ComplexType c) return 2 * bitWidth(c.elementType());
        if (t instanceof IntegerType i) return i.width();
        if (t instanceof FloatType f) return f.width();
        return -1;
    }

    /** A bitcast that keeps the element size keeps the shape; a shape-changing one is not reified. */
    private static List<Value> bitcastConvert(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Type in = operands.get(0).type();
        if (!(in instanceof RankedTensorType it) || !(op.result(0).type() instanceof ShapedType out)) return null;
        int inBits = bitWidth(it.elementType());
        if (inBits < 0 || inBits != bitWidth(out.elementType())) return null;
        return fromOperand(b, op, operands.get(0));
    }

    /** Batching dimensions, then the free dimensions of lhs, then those of rhs. */
    private static List<Value> dotGeneral(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Value lhs = operands.get(0);
        Value rhs = operands.get(1);
        if (!ranked(lhs) || !ranked(rhs) || !(op.attr("dot_dimension_numbers") instanceof DotDimensionNumbersAttr d)) {
            return null;
        }
        Location loc = op.location();
        List<Value> dims = new ArrayList<>();
        for (long lhsDim : d.lhsBatchingDimensions()) dims.add(dim(b, loc, lhs, lhsDim));
        int lhsRank = ((RankedTensorType) lhs.type()).rank();
        for (long i = 0; i < lhsRank; i++) {
            if (!contains(d.lhsContractingDimensions(), i) && !contains(d.lhsBatchingDimensions(), i)) {
                dims.add(dim(b, loc, lhs, i));
            }
        }
        int rhsRank = ((RankedTensorType) rhs.type()).rank();
        for (long i = 0; i < rhsRank; i++) {
            if (!contains(d.rhsContractingDimensions(), i) && !contains(d.rhsBatchingDimensions(), i)) {
                dims.add(dim(b, loc, rhs, i));
            }
        }
        return List.of(fromElements(b, loc, dims, IndexType.INSTANCE));
    }

    /**
     * {@code reifyGatherShape}: offset dimensions take the slice sizes (those not collapsed or batching), the
     * others the start indices' dimensions (skipping {@code index_vector_dim}).
     */
    private static List<Value> gather(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        boolean dynamic = DynamicGatherOp.is(op);
        Value startIndices = operands.get(1);
        if (!(op.result(0).type() instanceof RankedTensorType resultType) || !ranked(startIndices)
                || !(op.attr("dimension_numbers") instanceof GatherDimensionNumbersAttr dn)) {
            return null;
        }
        DenseArrayAttr staticSizes = op.attr("slice_sizes") instanceof DenseArrayAttr s ? s : null;
        if (!dynamic && staticSizes == null || dynamic && !shapeTensor(operands.get(2))) return null;
        long sliceCount = dynamic ? ((RankedTensorType) operands.get(2).type()).dim(0) : staticSizes.size();
        // where each result dimension comes from: a slice size (>= 0) or a start indices dimension (-1 - k)
        List<Long> collapsedAndBatch = new ArrayList<>(dn.collapsedSliceDims());
        collapsedAndBatch.addAll(dn.operandBatchingDims());
        long maxOperandDim = -1;
        for (long d : collapsedAndBatch) maxOperandDim = Math.max(maxOperandDim, d);
        List<Long> prefix = new ArrayList<>();
        for (long d = 0; d <= maxOperandDim; d++) if (!collapsedAndBatch.contains(d)) prefix.add(d);
        int resultRank = resultType.rank();
        List<Long> batchDims = new ArrayList<>();
        for (long d = 0; d < resultRank; d++) if (!dn.offsetDims().contains(d)) batchDims.add(d);
        long[] source = new long[resultRank];
        int startRank = ((RankedTensorType) startIndices.type()).rank();
        for (int i = 0; i < resultRank; i++) {
            int offset = dn.offsetDims().indexOf((long) i);
            if (offset >= 0) {
                source[i] = offset < prefix.size() ? prefix.get(offset) : offset + collapsedAndBatch.size();
                if (source[i] >= sliceCount) return null;
            } else {
                long k = batchDims.indexOf((long) i);
                if (k >= dn.indexVectorDim()) k++;
                if (k >= startRank) return null;
                source[i] = -1 - k;
            }
        }
        Location loc = op.location();
        Type index = IndexType.INSTANCE;
        List<Value> sliceSizes = new ArrayList<>();
        if (!dynamic) {
            for (long v : longs(staticSizes)) sliceSizes.add(constIndex(b, loc, v));
        } else {
            for (long i = 0; i < sliceCount; i++) {
                sliceSizes.add(ExtractOp.create(b, loc, operands.get(2), List.of(constIndex(b, loc, i))).result());
            }
        }
        sliceSizes.replaceAll(v -> castTo(b, loc, v, index));
        List<Value> shape = new ArrayList<>();
        for (long from : source) {
            shape.add(from >= 0 ? sliceSizes.get((int) from)
                    : castTo(b, loc, dim(b, loc, startIndices, -1 - from), index));
        }
        return List.of(fromElements(b, loc, shape, index));
    }

    /** The broadcast sizes, then the operand's sizes. */
    private static List<Value> broadcast(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Value operand = operands.get(0);
        if (!ranked(operand) || !(op.attr("broadcast_sizes") instanceof DenseArrayAttr sizes)) return null;
        Location loc = op.location();
        List<Value> shape = new ArrayList<>();
        for (long s : longs(sizes)) shape.add(constIndex(b, loc, s));
        int rank = ((RankedTensorType) operand.type()).rank();
        for (int i = 0; i < rank; i++) shape.add(dimOrConstant(b, loc, operand, i));
        return List.of(fromElements(b, loc, shape, IndexType.INSTANCE));
    }

    /** The first input's sizes, the concatenated dimension summed over the inputs. */
    private static List<Value> concatenate(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        if (operands.isEmpty() || !(op.attr("dimension") instanceof IntegerAttr dimension)) return null;
        int rank = -1;
        for (Value v : operands) {
            if (!ranked(v)) return null;
            int r = ((RankedTensorType) v.type()).rank();
            if (rank >= 0 && r != rank) return null;
            rank = r;
        }
        long axis = dimension.value().longValue();
        if (axis < 0 || axis >= rank) return null;
        Location loc = op.location();
        List<List<Value>> all = new ArrayList<>();
        for (Value v : operands) {
            List<Value> sizes = new ArrayList<>();
            for (int i = 0; i < rank; i++) sizes.add(dim(b, loc, v, i));
            all.add(sizes);
        }
        List<Value> shape = all.get(0);
        for (int k = 1; k < all.size(); k++) {
            shape.set((int) axis, AddiOp.create(b, loc, shape.get((int) axis), all.get(k).get((int) axis)).result());
        }
        return List.of(fromElements(b, loc, shape, IndexType.INSTANCE));
    }

    /**
     * The element type of three shape tensors of one type that give one number per dimension of a ranked
     * {@code operand} (slice limits, paddings), or null when they are not such.
     */
    private static Type shapeOperandsElement(Value operand, Value a, Value b, Value c) {
        if (!ranked(operand) || !shapeTensor(a) || !shapeTensor(b) || !shapeTensor(c)) return null;
        if (!b.type().equals(a.type()) || !c.type().equals(a.type())) return null;
        return ((RankedTensorType) a.type()).elementType();
    }

    /** {@code (limit - start + stride - 1) / stride} per dimension. */
    private static List<Value> realDynamicSlice(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Value operand = operands.get(0);
        Value start = operands.get(1);
        Value limit = operands.get(2);
        Value strides = operands.get(3);
        Type scalar = shapeOperandsElement(operand, start, limit, strides);
        if (scalar == null) return null;
        Location loc = op.location();
        Value one = castTo(b, loc, constIndex(b, loc, 1), scalar);
        List<Value> shape = new ArrayList<>();
        int rank = ((RankedTensorType) operand.type()).rank();
        for (int i = 0; i < rank; i++) {
            Value offset = constIndex(b, loc, i);
            Value s = ExtractOp.create(b, loc, start, List.of(offset)).result();
            Value l = ExtractOp.create(b, loc, limit, List.of(offset)).result();
            Value st = ExtractOp.create(b, loc, strides, List.of(offset)).result();
            Value diff = SubiOp.create(b, loc, l, s).result();
            Value sum = AddiOp.create(b, loc, st, diff).result();
            Value minusOne = SubiOp.create(b, loc, sum, one).result();
            shape.add(DivsiOp.create(b, loc, minusOne, st).result());
        }
        return List.of(fromElements(b, loc, shape, scalar));
    }

    /** The first input's sizes without the reduced dimensions, once per result. */
    private static List<Value> reduce(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        int inputs = op.numResults();
        if (inputs == 0 || operands.size() < inputs || !ranked(operands.get(0))
                || !(op.attr("dimensions") instanceof DenseArrayAttr dimensions)) {
            return null;
        }
        long[] reduced = longs(dimensions);
        Location loc = op.location();
        List<Value> shape = new ArrayList<>();
        int rank = ((RankedTensorType) operands.get(0).type()).rank();
        for (long i = 0; i < rank; i++) {
            boolean isReduced = false;
            for (long d : reduced) isReduced |= d == i;
            if (!isReduced) shape.add(dim(b, loc, operands.get(0), i));
        }
        Value out = fromElements(b, loc, shape, IndexType.INSTANCE);
        List<Value> results = new ArrayList<>();
        for (int i = 0; i < inputs; i++) results.add(out);
        return results;
    }

    /** Per dimension: size, plus interior padding between elements, plus the edge padding. */
    private static List<Value> pad(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Value operand = operands.get(0);
        if (!ranked(operand) || !(op.attr("edge_padding_low") instanceof DenseArrayAttr lowAttr)
                || !(op.attr("edge_padding_high") instanceof DenseArrayAttr highAttr)
                || !(op.attr("interior_padding") instanceof DenseArrayAttr interiorAttr)) {
            return null;
        }
        int rank = ((RankedTensorType) operand.type()).rank();
        long[] low = longs(lowAttr);
        long[] high = longs(highAttr);
        long[] interior = longs(interiorAttr);
        if (low.length != rank || high.length != rank || interior.length != rank) return null;
        Location loc = op.location();
        Value one = constIndex(b, loc, 1);
        Value zero = constIndex(b, loc, 0);
        List<Value> dims = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            Value padEdge = constIndex(b, loc, high[i] + low[i]);
            Value dim = dim(b, loc, operand, i);
            if (interior[i] > 0) {
                Value padInterior = constIndex(b, loc, interior[i]);
                Value inner = SubiOp.create(b, loc, dim, one).result();
                inner = MaxsiOp.create(b, loc, inner, zero).result();
                inner = MuliOp.create(b, loc, inner, padInterior).result();
                dim = AddiOp.create(b, loc, dim, inner).result();
            }
            dims.add(AddiOp.create(b, loc, dim, padEdge).result());
        }
        return List.of(fromElements(b, loc, dims, IndexType.INSTANCE));
    }

    /** {@code size + low + high + interior * max(size - 1, 0)} per dimension, from the padding operands. */
    private static List<Value> dynamicPad(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Value operand = operands.get(0);
        Value low = operands.get(2);
        Value high = operands.get(3);
        Value interior = operands.get(4);
        Type scalar = shapeOperandsElement(operand, low, high, interior);
        if (scalar == null) return null;
        Location loc = op.location();
        Value zero = castTo(b, loc, constIndex(b, loc, 0), scalar);
        Value one = castTo(b, loc, constIndex(b, loc, 1), scalar);
        List<Value> shape = new ArrayList<>();
        int rank = ((RankedTensorType) operand.type()).rank();
        for (int i = 0; i < rank; i++) {
            Value size = castTo(b, loc, dim(b, loc, operand, i), scalar);
            Value offset = constIndex(b, loc, i);
            Value l = ExtractOp.create(b, loc, low, List.of(offset)).result();
            Value h = ExtractOp.create(b, loc, high, List.of(offset)).result();
            Value in = ExtractOp.create(b, loc, interior, List.of(offset)).result();
            Value lessThanOne = CmpiOp.create(b, loc, size, one,
                    IntegerAttr.of(IntegerType.I64, 2 /* slt */)).result();
            Value sizeMinusOne = SubiOp.create(b, loc, size, one).result();
            Value selected = org.stablehlo4j.dialect.mlir.SelectOp.create(b, loc, lessThanOne, zero, sizeMinusOne)
                    .result();
            Value interiorSize = MuliOp.create(b, loc, in, selected).result();
            Value sum = AddiOp.create(b, loc, interiorSize, size).result();
            sum = AddiOp.create(b, loc, sum, l).result();
            shape.add(AddiOp.create(b, loc, sum, h).result());
        }
        return List.of(fromElements(b, loc, shape, scalar));
    }

    /** The operand's sizes, permuted. */
    private static List<Value> transpose(OpBuilder b, Operation op, List<Value> operands,
                                      Consumer<Diagnostic> diags) {
        Value operand = operands.get(0);
        if (!ranked(operand) || !(op.attr("permutation") instanceof DenseArrayAttr permutationAttr)) return null;
        long[] permutation = longs(permutationAttr);
        int rank = ((RankedTensorType) operand.type()).rank();
        if (permutation.length != rank) return null;
        int[] position = new int[rank];
        java.util.Arrays.fill(position, -1);
        for (int k = 0; k < rank; k++) {
            if (permutation[k] < 0 || permutation[k] >= rank || position[(int) permutation[k]] >= 0) return null;
            position[(int) permutation[k]] = k;
        }
        Location loc = op.location();
        Value[] shape = new Value[rank];
        for (int i = 0; i < rank; i++) shape[position[i]] = dimOrConstant(b, loc, operand, i);
        return List.of(fromElements(b, loc, List.of(shape), IndexType.INSTANCE));
    }
}
