package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.OptimizationBarrierOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.transforms.quant.LegalizeQuantToMathPass.Conversion;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

/**
 * The quantized dot, dot_general and convolution lowering of {@link LegalizeQuantToMathPass}: an integer
 * dot_general (or convolution) of the storage values, corrected by the zero points' contributions and rescaled;
 * or, for a hybrid op (float lhs and result, quantized rhs), the op on the dequantized rhs.
 */
final class QuantDotLike {
    private QuantDotLike() {}

    /** The dimensions of a dot-like op (a convolution's spatial dimensions are reduced as contracting ones are). */
    record Dims(long[] lhsBatching, long[] lhsSpatial, long[] lhsContracting, long[] rhsBatching, long[] rhsSpatial,
                long[] rhsContracting) {}

    private static final long[] NONE = {};

    static boolean rewrite(Operation op, Conversion c) {
        UniformQuantizedType lhsQ = QuantTypes.quant(c.typeOf(op.operand(0)));
        UniformQuantizedType rhsQ = QuantTypes.quant(c.typeOf(op.operand(1)));
        UniformQuantizedType resQ = QuantTypes.quant(op.result(0).type());
        boolean lhsTensor = lhsQ != null && !lhsQ.isPerAxis();
        boolean hybrid;
        if (lhsTensor && rhsQ != null && resQ != null && rhsQ.isPerAxis() == resQ.isPerAxis()) {
            hybrid = false;
        } else if (lhsQ == null && rhsQ != null && resQ == null) {
            hybrid = true;
        } else {
            return c.rewriter.notifyMatchFailure(op, "Invalid input/output type for Dot/Convolution op");
        }
        if (hybrid) return hybrid(op, c, rhsQ);
        if (!(c.typeOf(op.operand(0)) instanceof RankedTensorType)
                || !(c.typeOf(op.operand(1)) instanceof RankedTensorType)
                || !(op.result(0).type() instanceof RankedTensorType)) {
            return c.rewriter.notifyMatchFailure(op, "requires ranked operands and result");
        }
        Dims dims;
        if (DotOp.is(op)) {
            dims = new Dims(NONE, NONE, new long[] {1}, NONE, NONE, new long[] {0});
        } else if (DotGeneralOp.is(op)) {
            if (!(DotGeneralOp.cast(op).dotDimensionNumbers() instanceof DotDimensionNumbersAttr d)) return false;
            dims = new Dims(longs(d.lhsBatchingDimensions()), NONE, longs(d.lhsContractingDimensions()),
                    longs(d.rhsBatchingDimensions()), NONE, longs(d.rhsContractingDimensions()));
        } else {
            dims = convolutionDims(op, c, rhsQ, resQ);
            if (dims == null) return false;
        }
        return lower(op, c, dims, lhsQ, rhsQ, resQ);
    }

    private static long[] longs(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    /** Hybrid (weight-only) quantization: {@code op(lhs, dequantize(rhs))}, a barrier keeping the weights unfolded. */
    private static boolean hybrid(Operation op, Conversion c, UniformQuantizedType rhsQ) {
        QuantMathBuilder b = new QuantMathBuilder(c.rewriter, op.location());
        Value rhs = OptimizationBarrierOp.create(c.rewriter, op.location(), List.of(op.operand(1))).operation()
                .result(0);
        Type rhsFloat = QuantTypes.withElement(c.typeOf(op.operand(1)), FloatType.F32);
        QuantMathBuilder.Params p = b.params(rhsQ, true);
        Value v = b.convert(rhsFloat, rhs);
        if (Arrays.stream(rhsQ.zeroPoints()).anyMatch(z -> z != 0)) v = b.sub(rhsFloat, v, p.zeroPoints(), p.dims());
        v = b.mul(rhsFloat, v, p.scales(), p.dims());
        Operation replacement = c.rewriter.create(op.location(), op.opName(), List.of(op.operand(0), v),
                List.of(op.result(0).type()), op.properties(), op.attributes(), 0, List.of());
        c.rewriter.replaceOp(op, replacement);
        return true;
    }

    // ---- convolution

    private static ConvDimensionNumbersAttr layout(long inFeature, long[] inSpatial, long kIn, long kOut,
                                                   long[] kSpatial) {
        List<Long> in = Arrays.stream(inSpatial).boxed().toList();
        return new ConvDimensionNumbersAttr(0, inFeature, in, kIn, kOut, Arrays.stream(kSpatial).boxed().toList(), 0,
                inFeature, in);
    }

    /** The dimensions of a supported convolution (NHWC, NCHW, NDHWC, NCDHW), or null (a match failure). */
    private static Dims convolutionDims(Operation op, Conversion c, UniformQuantizedType rhsQ,
                                        UniformQuantizedType resQ) {
        ConvolutionOp conv = ConvolutionOp.cast(op);
        boolean perTensor = !rhsQ.isPerAxis();
        boolean nonZeroZp = perTensor ? rhsQ.zeroPoint(0) != 0
                : Arrays.stream(rhsQ.zeroPoints()).anyMatch(z -> z != 0)
                        || Arrays.stream(resQ.zeroPoints()).anyMatch(z -> z != 0);
        if (nonZeroZp) {
            c.rewriter.notifyMatchFailure(op, "RHS/result UQ type must have zero zp.");
            return null;
        }
        if (!perTensor) {
            if (!(c.typeOf(op.operand(1)) instanceof RankedTensorType rt)
                    || rhsQ.quantizedDimension() != rt.rank() - 1) {
                c.rewriter.notifyMatchFailure(op, "Conv quantized axis must be out channel axis");
                return null;
            }
            if (resQ.numScales() != rhsQ.numScales()) {
                c.rewriter.notifyMatchFailure(op, "RHS and result must have as many scales");
                return null;
            }
            double first = resQ.scale(0) / rhsQ.scale(0);
            for (int i = 0; i < resQ.numScales(); i++) {
                double ratio = resQ.scale(i) / rhsQ.scale(i);
                if (Math.abs((ratio - first) / first) > 0.001) {
                    c.rewriter.notifyMatchFailure(op,
                            "Per-axis quantizated Conv must have same RHS/Result scale ratio for each channel");
                    return null;
                }
            }
        }
        DenseArrayAttr lhsDilation = conv.lhsDilation();
        boolean dilated = false;
        for (int i = 0; lhsDilation != null && i < lhsDilation.size(); i++) dilated |= lhsDilation.getLong(i) != 1;
        if (dilated) {
            c.rewriter.notifyMatchFailure(op, "lhs_dilation must be 1.");
            return null;
        }
        Object d = conv.dimensionNumbers();
        long[] b0 = {0};
        if (d.equals(layout(3, new long[] {1, 2}, 2, 3, new long[] {0, 1}))) {
            return new Dims(b0, new long[] {1, 2}, new long[] {3}, NONE, new long[] {0, 1}, new long[] {2});
        }
        if (d.equals(layout(1, new long[] {2, 3}, 1, 0, new long[] {2, 3}))) {
            return new Dims(b0, new long[] {2, 3}, new long[] {1}, NONE, new long[] {2, 3}, new long[] {1});
        }
        if (d.equals(layout(4, new long[] {1, 2, 3}, 3, 4, new long[] {0, 1, 2}))) {
            return new Dims(b0, new long[] {1, 2, 3}, new long[] {4}, NONE, new long[] {0, 1, 2}, new long[] {3});
        }
        if (d.equals(layout(1, new long[] {2, 3, 4}, 0, 1, new long[] {2, 3, 4}))) {
            return new Dims(b0, new long[] {2, 3, 4}, new long[] {1}, NONE, new long[] {2, 3, 4}, new long[] {1});
        }
        c.rewriter.notifyMatchFailure(op, "Convolution data format must be NHWC.");
        return null;
    }

    // ---- the integer lowering

    /** The integer kernel: dot_general (for dot, with its contracting dimensions) or convolution (lhs padded). */
    private static Value kernel(Operation op, Conversion c, Type resultType, Value[] lhs, Value rhs, Dims dims,
                                UniformQuantizedType lhsQ) {
        OpBuilder r = c.rewriter;
        Location loc = op.location();
        DictionaryAttr props = op.properties();
        if (DotOp.is(op)) {
            props = props.with("dot_dimension_numbers",
                    new DotDimensionNumbersAttr(List.of(), List.of(), List.of(1L), List.of(0L)));
            return r.create(loc, r.opName(DotGeneralOp.NAME), List.of(lhs[0], rhs), List.of(resultType), props,
                    op.attributes(), 0, List.of()).result(0);
        }
        if (DotGeneralOp.is(op)) {
            return r.create(loc, op.opName(), List.of(lhs[0], rhs), List.of(resultType), props, op.attributes(), 0,
                    List.of()).result(0);
        }
        long[] padding = ConvolutionOp.cast(op).padding() instanceof DenseElementsAttr p ? IntElements.values(p) : null;
        if (padding != null && Arrays.stream(padding).anyMatch(x -> x != 0)) {
            QuantMathBuilder b = new QuantMathBuilder(c.rewriter, loc);
            Value zp = b.ints(IntegerType.I8, false, (byte) lhsQ.zeroPoint(0));
            int rank = ((RankedTensorType) lhs[0].type()).rank();
            long[] low = new long[rank];
            long[] high = new long[rank];
            for (int i = 0; i < dims.lhsSpatial().length; i++) {
                low[(int) dims.lhsSpatial()[i]] = padding[2 * i];
                high[(int) dims.lhsSpatial()[i]] = padding[2 * i + 1];
            }
            lhs[0] = PadOp.create(r, loc, lhs[0], zp, DenseArrayAttr.ofLongs(low), DenseArrayAttr.ofLongs(high),
                    DenseArrayAttr.ofLongs(new long[rank])).result();
            props = props.with("padding", new DenseElementsAttr(
                    new RankedTensorType(new long[] {rank - 2, 2}, IntegerType.I64), new byte[8], 0, 8, true));
        }
        return r.create(loc, op.opName(), List.of(lhs[0], rhs), List.of(resultType), props, op.attributes(), 0,
                List.of()).result(0);
    }

    /**
     * {@code dot(lhs, rhs) * combined_scale + combined_zp} where {@code combined_scale = scale_l * scale_r /
     * scale_res} and {@code combined_zp = zp_res - zp_offset * combined_scale}, {@code zp_offset} being the zero
     * points' contribution.
     */
    private static boolean lower(Operation op, Conversion c, Dims dims, UniformQuantizedType lhsQ,
                                 UniformQuantizedType rhsQ, UniformQuantizedType resQ) {
        QuantMathBuilder b = new QuantMathBuilder(c.rewriter, op.location());
        Type resultType = op.result(0).type();
        Type i32 = QuantTypes.withElement(resultType, IntegerType.I32);
        Type f32 = QuantTypes.withElement(resultType, FloatType.F32);
        Value[] lhs = {op.operand(0)};
        Value rhs = op.operand(1);
        Value res = kernel(op, c, i32, lhs, rhs, dims, lhsQ);
        boolean rhsTensor = !rhsQ.isPerAxis();
        Value zpOffset = zeroPointOffset(b, lhs[0], rhs, res, lhsQ.zeroPoint(0), rhsTensor ? rhsQ.zeroPoint(0) : 0,
                i32, dims);
        double combinedScale = lhsQ.scale(0) * rhsQ.scale(0) / resQ.scale(0);
        if (Math.abs(combinedScale - 1.0) > 0.001) {
            Value scale = b.f32(false, combinedScale);
            Value v = b.convert(f32, res);
            v = b.mul(f32, v, scale, null);
            res = b.convert(i32, v);
            if (zpOffset != null) {
                Type zpF32 = QuantTypes.withElement(zpOffset.type(), FloatType.F32);
                Value z = b.convert(zpF32, zpOffset);
                z = b.mul(zpF32, z, scale, null);
                zpOffset = b.convert(QuantTypes.withElement(zpF32, IntegerType.I32), z);
            }
        }
        Value combinedZp = b.i32(rhsTensor ? resQ.zeroPoint(0) : 0);
        if (zpOffset != null) combinedZp = b.sub(i32, combinedZp, zpOffset, null);
        Value sum = b.add(i32, res, combinedZp, null);
        c.rewriter.replaceOp(op, List.of(b.convert(QuantTypes.storage(resultType), sum)));
        return true;
    }

    private static boolean contains(long[] values, long v) {
        for (long x : values) if (x == v) return true;
        return false;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /**
     * The zero points' contribution {@code zp_l * rhs + zp_r * lhs - zp_l * zp_r * K} (K the product of the
     * contracting sizes) in the result's shape, or null when both zero points are zero.
     */
    private static Value zeroPointOffset(QuantMathBuilder b, Value lhs, Value rhs, Value output, long lhsZp,
                                         long rhsZp, Type outputType, Dims dims) {
        RankedTensorType lhsType = (RankedTensorType) lhs.type();
        RankedTensorType rhsType = (RankedTensorType) rhs.type();
        Value result = null;
        Value[] outputDims = {null};
        if (rhsZp != 0) {
            long[] reduction = concat(dims.lhsSpatial(), dims.lhsContracting());
            Value contribution = partialOffset(b, lhs, rhsZp, reduction);
            result = broadcastContribution(b, contribution, reduction, dims.lhsBatching(), dims.lhsBatching().length,
                    output, outputType, outputDims);
        }
        if (lhsZp != 0) {
            long[] reduction = concat(dims.rhsSpatial(), dims.rhsContracting());
            Value contribution = partialOffset(b, rhs, lhsZp, reduction);
            long start = lhsType.rank() - dims.lhsContracting().length;
            if (dims.lhsSpatial().length > 0 && dims.rhsSpatial().length > 0) start = dims.lhsContracting()[0];
            contribution = broadcastContribution(b, contribution, reduction, dims.rhsBatching(), start, output,
                    outputType, outputDims);
            result = result == null ? contribution
                    : AddOp.create(b.rewriter(), b.loc(), result, contribution).result();
        }
        if (lhsZp != 0 && rhsZp != 0) {
            int staticTotal = 1;
            boolean dynamic = false;
            Value dynamicTotal = b.i32(1);
            for (long idx : concat(dims.rhsSpatial(), dims.rhsContracting())) {
                long size = rhsType.dim((int) idx);
                if (size == ShapedType.DYNAMIC) {
                    dynamic = true;
                    Value dim = GetDimensionSizeOp.create(b.rewriter(), b.loc(), rhs, IntegerAttr.of(IntegerType.I64, idx))
                            .result();
                    dynamicTotal = MultiplyOp.create(b.rewriter(), b.loc(), dynamicTotal, dim).result();
                } else {
                    staticTotal = (int) (staticTotal * size);
                }
            }
            Value offset = b.i32((int) lhsZp * (int) rhsZp * staticTotal);
            if (dynamic) offset = MultiplyOp.create(b.rewriter(), b.loc(), offset, dynamicTotal).result();
            result = b.sub(null, result, offset, null);
        }
        return result;
    }

    /** {@code sum(tensor) over reduction * otherZp}, as i32. */
    private static Value partialOffset(QuantMathBuilder b, Value tensor, long otherZp, long[] reduction) {
        RankedTensorType type = (RankedTensorType) tensor.type();
        List<Long> kept = new ArrayList<>();
        for (int i = 0; i < type.rank(); i++) if (!contains(reduction, i)) kept.add(type.dim(i));
        Value converted = b.convert(QuantTypes.withElement(type, IntegerType.I32), tensor);
        RankedTensorType scalar = new RankedTensorType(new long[0], IntegerType.I32);
        Value init = b.ints(IntegerType.I32, false, 0);
        ReduceOp reduce = ReduceOp.createWithTypes(b.rewriter(), b.loc(),
                List.of(new RankedTensorType(longs(kept), IntegerType.I32)), List.of(converted), List.of(init),
                DenseArrayAttr.ofLongs(reduction));
        OpBuilder.InsertPoint ip = b.rewriter().saveInsertionPoint();
        Block block = b.rewriter().createBlock(reduce.body(), List.of(scalar, scalar), List.of(b.loc(), b.loc()));
        Value sum = AddOp.create(b.rewriter(), b.loc(), block.argument(0), block.argument(1)).result();
        ReturnOp.create(b.rewriter(), b.loc(), List.of(sum));
        b.rewriter().restoreInsertionPoint(ip);
        Value zp = b.i32(otherZp);
        return b.mul(null, reduce.results().get(0), zp, null);
    }

    /** A dimension of {@code tensor} as {@code tensor<1xi64>}: a constant, or its get_dimension_size. */
    private static Value dimValue(QuantMathBuilder b, Value tensor, RankedTensorType type, int idx) {
        if (type.dim(idx) == ShapedType.DYNAMIC) {
            Value size = GetDimensionSizeOp.create(b.rewriter(), b.loc(), tensor, IntegerAttr.of(IntegerType.I64, idx))
                    .result();
            size = b.convert(new RankedTensorType(new long[0], IntegerType.I64), size);
            return ReshapeOp.create(b.rewriter(), b.loc(), new RankedTensorType(new long[] {1}, IntegerType.I64), size)
                    .result();
        }
        return b.ints(IntegerType.I64, true, type.dim(idx));
    }

    /** The contribution broadcast to the result's shape (batching dimensions first, then the non-batching ones). */
    private static Value broadcastContribution(QuantMathBuilder b, Value contribution, long[] reduction,
                                               long[] batching, long nonBatchingStart, Value output, Type outputType,
                                               Value[] outputDims) {
        int rank = ((RankedTensorType) contribution.type()).rank();
        long[] dims = new long[rank];
        long batchingIdx = 0;
        long nonBatchingIdx = nonBatchingStart;
        for (int idx = 0, originalIdx = 0; idx < rank; idx++, originalIdx++) {
            while (contains(reduction, originalIdx)) originalIdx++;
            dims[idx] = contains(batching, originalIdx) ? batchingIdx++ : nonBatchingIdx++;
        }
        RankedTensorType out = (RankedTensorType) outputType;
        if (out.hasStaticShape()) {
            return BroadcastInDimOp.create(b.rewriter(), b.loc(), outputType, contribution, DenseArrayAttr.ofLongs(dims))
                    .result();
        }
        if (outputDims[0] == null) {
            List<Value> parts = new ArrayList<>();
            for (int i = 0; i < out.rank(); i++) parts.add(dimValue(b, output, out, i));
            outputDims[0] = ConcatenateOp.create(b.rewriter(), b.loc(), parts, IntegerAttr.of(IntegerType.I64, 0)).result();
        }
        return DynamicBroadcastInDimOp.create(b.rewriter(), b.loc(), outputType, contribution, outputDims[0],
                DenseArrayAttr.ofLongs(dims), null, null).result();
    }
}
