package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.func.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.BitcastConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompositeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceWindowOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformDequantizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformQuantizeOp;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.dialect.stablehlo.transforms.quant.LegalizeQuantToMathPass.Conversion;

/**
 * The patterns of {@link LegalizeQuantToMathPass}: uniform_quantize (quantize and requantize), uniform_dequantize,
 * add, the dot-like ops ({@link QuantDotLike}), the ops that only change types, function signatures and returns,
 * and the dequantize/float op/quantize decomposition as the fallback.
 */
final class QuantToMathPatterns {
    private QuantToMathPatterns() {}

    /** A conversion pattern: rewrites {@code op} and returns true, or creates nothing and returns false. */
    interface Pattern {
        boolean apply(Operation op, Conversion c);
    }

    /** The ops whose conversion only changes their quantized types to storage types (upstream's list). */
    private static final Set<String> TYPE_CHANGE_OPS = Set.of(BitcastConvertOp.NAME, BroadcastInDimOp.NAME,
            CompositeOp.NAME, ConcatenateOp.NAME, ConstantOp.NAME, DynamicReshapeOp.NAME, DynamicSliceOp.NAME,
            GatherOp.NAME, MaximumOp.NAME, MinimumOp.NAME, PadOp.NAME, ReduceWindowOp.NAME, ReshapeOp.NAME,
            org.stablehlo4j.dialect.stablehlo.ops.ReturnOp.NAME, SelectOp.NAME, SliceOp.NAME, TransposeOp.NAME,
            GetDimensionSizeOp.NAME, DynamicBroadcastInDimOp.NAME);

    private static final Set<String> DECOMPOSED_OPS = Set.copyOf(LegalizeQuantizedOpToQdqPass.OPS);

    /** {@return the patterns to try on {@code op}, best first} */
    static List<Pattern> patternsFor(Operation op) {
        List<Pattern> out = new ArrayList<>();
        String name = op.name();
        if (UniformQuantizeOp.is(op)) out.add(QuantToMathPatterns::quantize);
        else if (UniformDequantizeOp.is(op)) out.add(QuantToMathPatterns::dequantize);
        else if (AddOp.is(op)) out.add(QuantToMathPatterns::add);
        else if (DotOp.is(op) || DotGeneralOp.is(op) || ConvolutionOp.is(op)) out.add(QuantDotLike::rewrite);
        else if (TYPE_CHANGE_OPS.contains(name)) out.add(QuantToMathPatterns::changeTypes);
        else if (FuncOp.is(op)) out.add((o, c) -> c.convertSignature(o));
        else if (ReturnOp.is(op)) out.add((o, c) -> true); // its operands are already converted
        if (DECOMPOSED_OPS.contains(name)) {
            out.add(QuantToMathPatterns::decompose);
        }
        return out;
    }

    private static UniformQuantizedType quant(Conversion c, Value v) {
        return QuantTypes.quant(c.typeOf(v));
    }

    // ---- uniform_quantize / uniform_dequantize

    private static boolean quantize(Operation op, Conversion c) {
        Value operand = op.operand(0);
        Type input = c.typeOf(operand);
        UniformQuantizedType out = QuantTypes.quant(op.result(0).type());
        UniformQuantizedType in = QuantTypes.quant(input);
        QuantMathBuilder b = new QuantMathBuilder(c.rewriter, op.location());
        if (QuantTypes.element(input).equals(FloatType.F32) && out != null) {
            c.rewriter.replaceOp(op, List.of(quantizeFloat(b, operand, out)));
            return true;
        }
        if (in != null && out != null) {
            if (in.isPerAxis() && out.isPerAxis() && in.quantizedDimension() != out.quantizedDimension()) {
                c.error(op, "Cannot requantize while changing quantization_axis");
                return false;
            }
            if (in.isPerAxis() && out.isPerAxis() && in.numScales() != out.numScales()) {
                return c.rewriter.notifyMatchFailure(op, "requantization needs as many scales on both sides");
            }
            c.rewriter.replaceOp(op, List.of(requantize(b, operand, in, out,
                    QuantTypes.storage(op.result(0).type()))));
            return true;
        }
        c.error(op, "Unsupported input element type.");
        return false;
    }

    /** f32 {@code input} quantized to {@code out}'s storage: {@code round(clamp(input / scale + zp))}. */
    private static Value quantizeFloat(QuantMathBuilder b, Value input, UniformQuantizedType out) {
        QuantMathBuilder.Params p = b.params(out, true);
        Value min = b.f32(false, (float) out.storageMin());
        Value max = b.f32(false, (float) out.storageMax());
        Type floatType = QuantTypes.withElement(input.type(), FloatType.F32);
        Value v = b.div(floatType, input, p.scales(), p.dims());
        v = b.add(floatType, v, p.zeroPoints(), p.dims());
        v = b.clamp(floatType, min, v, max);
        v = b.roundNearestEven(floatType, v);
        return b.convert(QuantTypes.withElement(floatType, out.storageType()), v);
    }

    private static boolean dequantize(Operation op, Conversion c) {
        UniformQuantizedType q = quant(c, op.operand(0));
        if (q == null) return false;
        QuantMathBuilder b = new QuantMathBuilder(c.rewriter, op.location());
        c.rewriter.replaceOp(op, List.of(dequantizeStorage(b, op.operand(0), q)));
        return true;
    }

    /** Storage values {@code input} of quantized type {@code q} as f32: {@code (input - zp) * scale}. */
    private static Value dequantizeStorage(QuantMathBuilder b, Value input, UniformQuantizedType q) {
        QuantMathBuilder.Params p = b.params(q, false);
        Type i32 = QuantTypes.withElement(input.type(), IntegerType.I32);
        Value v = b.convert(i32, input);
        v = b.sub(i32, v, p.zeroPoints(), p.dims());
        Type f32 = QuantTypes.withElement(i32, FloatType.F32);
        v = b.convert(f32, v);
        return b.mul(f32, v, p.scales(), p.dims());
    }

    /**
     * The fallback: the op on its dequantized operands, its quantized results quantized (upstream rewrites to
     * uniform_dequantize, the op, uniform_quantize and converts those; the math is the same, built directly).
     */
    private static boolean decompose(Operation op, Conversion c) {
        QuantMathBuilder b = new QuantMathBuilder(c.rewriter, op.location());
        List<Value> operands = new ArrayList<>();
        for (Value operand : op.operands()) {
            UniformQuantizedType q = quant(c, operand);
            operands.add(q == null ? operand : dequantizeStorage(b, operand, q));
        }
        List<Type> types = new ArrayList<>();
        for (OpResult r : op.results()) types.add(QuantTypes.expressed(r.type()));
        Operation replacement = c.rewriter.create(op.location(), op.opName(), operands, types, op.properties(),
                op.attributes(), 0, List.of());
        List<Value> results = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            UniformQuantizedType q = QuantTypes.quant(op.result(i).type());
            Value r = replacement.result(i);
            if (q != null && !QuantTypes.element(r.type()).equals(FloatType.F32)) {
                c.error(op, "Unsupported input element type.");
                return false;
            }
            results.add(q == null ? r : quantizeFloat(b, r, q));
        }
        c.rewriter.replaceOp(op, results);
        return true;
    }

    /**
     * {@code input} (of quantized type {@code in}) requantized to {@code out}, as integers of {@code outType}:
     * {@code input * merged_scale + merged_zp}, clamped to the storage range below 32 bits, rounded to nearest even.
     */
    static Value requantize(QuantMathBuilder b, Value input, UniformQuantizedType in, UniformQuantizedType out,
                            Type outType) {
        if (in.equals(out)) return b.convert(outType, input);
        Type floatType = QuantTypes.withElement(outType, FloatType.F32);
        Value v = b.convert(floatType, input);
        v = mergedScalesAndZeroPoints(b, in, out, v);
        if (((IntegerType) QuantTypes.element(outType)).width() < 32) {
            Value min = b.f32(false, (float) out.storageMin());
            Value max = b.f32(false, (float) out.storageMax());
            v = b.clamp(null, min, v, max);
        }
        v = b.roundNearestEven(floatType, v);
        return b.convert(outType, v);
    }

    private static double scale(UniformQuantizedType q, int i) {
        return q.scale(q.isPerAxis() ? i : 0);
    }

    private static long zeroPoint(UniformQuantizedType q, int i) {
        return q.zeroPoint(q.isPerAxis() ? i : 0);
    }

    /** {@code v * (in_scale / out_scale) + (out_zp - in_zp * in_scale / out_scale)}, per tensor or per channel. */
    private static Value mergedScalesAndZeroPoints(QuantMathBuilder b, UniformQuantizedType in,
                                                   UniformQuantizedType out, Value v) {
        if (!in.isPerAxis() && !out.isPerAxis()) {
            double scale = in.scale(0) / out.scale(0);
            v = b.mul(null, v, b.f32(false, scale), null);
            double zp = out.zeroPoint(0) - in.zeroPoint(0) * scale;
            if (zp != 0) v = b.add(null, v, b.f32(false, zp), null);
            return v;
        }
        UniformQuantizedType axis = out.isPerAxis() ? out : in;
        int n = axis.numScales();
        double[] scales = new double[n];
        double[] zps = new double[n];
        boolean anyZp = false;
        for (int i = 0; i < n; i++) {
            scales[i] = scale(in, i) / scale(out, i);
            zps[i] = zeroPoint(out, i) - zeroPoint(in, i) * scales[i];
            anyZp |= (float) zps[i] != 0;
        }
        DenseArrayAttr dims = DenseArrayAttr.ofLongs(axis.quantizedDimension());
        v = b.mul(null, v, b.f32(true, scales), dims);
        if (anyZp) v = b.add(null, v, b.f32(true, zps), dims);
        return v;
    }

    // ---- add

    private static boolean add(Operation op, Conversion c) {
        UniformQuantizedType lhsQ = quant(c, op.operand(0));
        UniformQuantizedType rhsQ = quant(c, op.operand(1));
        UniformQuantizedType resQ = QuantTypes.quant(op.result(0).type());
        if (lhsQ == null || rhsQ == null || resQ == null) {
            return c.rewriter.notifyMatchFailure(op,
                    "AddOp requires the quantized element type for all operands and results");
        }
        QuantMathBuilder b = new QuantMathBuilder(c.rewriter, op.location());
        if (lhsQ.isPerAxis() || rhsQ.isPerAxis() || resQ.isPerAxis()) {
            if (!lhsQ.isPerAxis() || !lhsQ.equals(rhsQ) || !lhsQ.equals(resQ)) {
                return c.rewriter.notifyMatchFailure(op, "Per-axis quantized AddOp requires the same quantized "
                        + "element type for all operands and results");
            }
            if (lhsQ.storageType().width() != 32) {
                return c.rewriter.notifyMatchFailure(op, "Per-axis quantized AddOp requires i32 storage type");
            }
            Value sum = AddOp.create(c.rewriter, op.location(), op.operand(0), op.operand(1)).result();
            long[] zps = lhsQ.zeroPoints();
            boolean anyZp = false;
            for (int i = 0; i < zps.length; i++) {
                zps[i] = (int) zps[i];
                anyZp |= zps[i] != 0;
            }
            if (anyZp) {
                sum = b.sub(null, sum, b.ints(IntegerType.I32, true, zps),
                        DenseArrayAttr.ofLongs(lhsQ.quantizedDimension()));
            }
            c.rewriter.replaceOp(op, List.of(sum));
            return true;
        }
        Type i32 = QuantTypes.withElement(op.result(0).type(), IntegerType.I32);
        Value lhs = requantize(b, op.operand(0), lhsQ, resQ, i32);
        Value rhs = requantize(b, op.operand(1), rhsQ, resQ, i32);
        Value zp = b.i32(resQ.zeroPoint(0));
        Value v = b.add(i32, lhs, rhs, null);
        v = b.sub(i32, v, zp, null);
        if (resQ.storageType().width() == 32) {
            c.rewriter.replaceOp(op, List.of(v));
            return true;
        }
        Value min = b.i32(resQ.storageMin());
        Value max = b.i32(resQ.storageMax());
        v = b.clamp(i32, min, v, max);
        c.rewriter.replaceOp(op, List.of(b.convert(QuantTypes.withElement(i32, resQ.storageType()), v)));
        return true;
    }

    // ---- ops that only change types

    private static boolean changeTypes(Operation op, Conversion c) {
        if (MaximumOp.is(op) || MinimumOp.is(op)) {
            UniformQuantizedType lhs = quant(c, op.operand(0));
            UniformQuantizedType rhs = quant(c, op.operand(1));
            UniformQuantizedType res = QuantTypes.quant(op.result(0).type());
            if (lhs == null || lhs.isPerAxis() || !lhs.equals(rhs) || !lhs.equals(res)) {
                return c.rewriter.notifyMatchFailure(op, op.name()
                        + " with different quantization parameters for operands and results is not supported.");
            }
        }
        for (OpResult r : op.results()) c.toStorage(r);
        c.convertRegions(op);
        return true;
    }
}
