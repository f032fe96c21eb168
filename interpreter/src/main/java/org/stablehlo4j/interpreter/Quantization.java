package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.quant.QuantUniformType;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.BitcastConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CaseOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompositeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetTupleElementOp;
import org.stablehlo4j.dialect.stablehlo.ops.IfOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.OptimizationBarrierOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceWindowOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.dialect.stablehlo.ops.TupleOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformDequantizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformQuantizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Uniform quantization. A quantized tensor holds its storage integers; the arithmetic follows the lowering that
 * the reference interpreter applies before running a program (quantize: {@code x / scale + zero_point} in f32,
 * clamped to the storage range, rounded to nearest even; dequantize: {@code (q - zero_point) * scale} in f32;
 * requantize: one merged scale and zero point). Ops that only move data work on the storage integers directly;
 * {@code add} of per-tensor types is done in integers; every other op on quantized values dequantizes its
 * operands, computes in the expressed type and quantizes its results.
 */
final class Quantization {
    private Quantization() {}

    /** Ops that see quantized values as their storage integers (they move or select elements). */
    private static final Set<OpDefinition> ON_STORAGE = Set.of(BitcastConvertOp.DEFINITION, BroadcastInDimOp.DEFINITION,
            CompositeOp.DEFINITION, ConcatenateOp.DEFINITION, ConstantOp.DEFINITION, DynamicReshapeOp.DEFINITION,
            DynamicSliceOp.DEFINITION, GatherOp.DEFINITION, MaximumOp.DEFINITION, MinimumOp.DEFINITION, PadOp.DEFINITION,
            ReduceWindowOp.DEFINITION, ReshapeOp.DEFINITION, SelectOp.DEFINITION, SliceOp.DEFINITION,
            TransposeOp.DEFINITION, GetDimensionSizeOp.DEFINITION, DynamicBroadcastInDimOp.DEFINITION,
            TupleOp.DEFINITION, GetTupleElementOp.DEFINITION, OptimizationBarrierOp.DEFINITION, CallOp.DEFINITION,
            UniformQuantizeOp.DEFINITION, UniformDequantizeOp.DEFINITION, WhileOp.DEFINITION, IfOp.DEFINITION,
            CaseOp.DEFINITION, CustomCallOp.DEFINITION);

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(UniformQuantizeOp.DEFINITION, (in, op, a, sc, rt) -> {
            Tensor x = Interpreter.tensor(a[0]);
            RankedTensorType type = Interpreter.resultType(op, rt, 0);
            return Interpreter.one(quantType(x.type) != null ? requantize(x, type) : quantize(x, type));
        });
        ops.put(UniformDequantizeOp.DEFINITION, (in, op, a, sc, rt) ->
                Interpreter.one(dequantize(Interpreter.tensor(a[0]), Interpreter.resultType(op, rt, 0))));
    }

    static UniformQuantizedType quantType(Type t) {
        return t instanceof RankedTensorType r && r.elementType() instanceof UniformQuantizedType q ? q : null;
    }

    /** Whether {@code op} needs dequantize/compute/quantize around its evaluation. */
    static boolean needsExpressedEvaluation(Operation op) {
        if (ON_STORAGE.contains(op.opName().definition()) || op.numRegions() > 0
                || !op.opName().dialectNamespace().equals("stablehlo")) {
            return false;
        }
        for (int i = 0; i < op.numOperands(); i++) if (quantType(op.operand(i).type()) != null) return true;
        for (int i = 0; i < op.numResults(); i++) if (quantType(op.result(i).type()) != null) return true;
        return false;
    }

    /** Evaluates an op on quantized values (see the class comment). */
    static List<Object> evaluate(Interpreter in, Operation op, Interpreter.OpEval eval, Object[] args,
                                 Map<Value, Object> scope) {
        if (AddOp.is(op) && args.length == 2) {
            Tensor sum = integerAdd(Interpreter.tensor(args[0]), Interpreter.tensor(args[1]), Interpreter.resultType(op, 0));
            if (sum != null) return Interpreter.one(sum);
        }
        Object[] dequantized = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            Tensor t = args[i] instanceof Tensor x ? x : null;
            dequantized[i] = t != null && quantType(t.type) != null ? dequantize(t, expressed(t.type)) : args[i];
        }
        RankedTensorType[] types = new RankedTensorType[op.numResults()];
        for (int i = 0; i < types.length; i++) {
            RankedTensorType rt = Interpreter.resultType(op, i);
            types[i] = quantType(rt) != null ? expressed(rt) : rt;
        }
        List<Object> results = eval.eval(in, op, dequantized, scope, types);
        List<Object> out = new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            RankedTensorType rt = Interpreter.resultType(op, i);
            out.add(quantType(rt) != null ? quantize(Interpreter.tensor(results.get(i)), rt) : results.get(i));
        }
        return out;
    }

    /** The same shape with the quantized type's expressed (float) element type. */
    private static RankedTensorType expressed(RankedTensorType t) {
        return new RankedTensorType(t.shape(), quantType(t).expressedType());
    }

    /** Maps an element's flat index in {@code t} to the index of its scale (its position on the quantized axis). */
    private static java.util.function.IntUnaryOperator channels(UniformQuantizedType q, Tensor t) {
        if (!q.isPerAxis()) return i -> 0;
        int d = q.quantizedDimension();
        int stride = Tensor.strides(t.shape)[d];
        int size = t.shape[d];
        return i -> (i / stride) % size;
    }

    private static float f32(double v) {
        return (float) v;
    }

    /** Float values to quantized storage. */
    static Tensor quantize(Tensor x, RankedTensorType type) {
        UniformQuantizedType q = quantType(type);
        Tensor r = Tensor.zeros(type);
        float lo = f32(q.storageMin());
        float hi = f32(q.storageMax());
        java.util.function.IntUnaryOperator channel = channels(q, r);
        for (int i = 0; i < r.size; i++) {
            int c = channel.applyAsInt(i);
            float v = f32(x.reals[i]) / f32(q.scale(c)) + f32(q.zeroPoint(c));
            v = Math.min(Math.max(v, lo), hi);
            r.ints[i] = r.normalize((long) Math.rint(v));
        }
        return r;
    }

    /** Quantized storage to float values of {@code type}. */
    static Tensor dequantize(Tensor x, RankedTensorType type) {
        UniformQuantizedType q = quantType(x.type);
        if (q == null) throw new InterpreterException("uniform_dequantize expects a quantized operand");
        Tensor r = Tensor.zeros(type);
        java.util.function.IntUnaryOperator channel = channels(q, x);
        for (int i = 0; i < r.size; i++) {
            int c = channel.applyAsInt(i);
            int centered = (int) (x.ints[i] - q.zeroPoint(c));
            r.reals[i] = r.round(f32((float) centered * f32(q.scale(c))));
        }
        return r;
    }

    /** Quantized storage of one type to another ({@code output = input * merged_scale + merged_zero_point}). */
    static Tensor requantize(Tensor x, RankedTensorType type) {
        UniformQuantizedType in = quantType(x.type);
        UniformQuantizedType out = quantType(type);
        Tensor r = Tensor.zeros(type);
        boolean same = in.equals(out);
        boolean clamp = out.storageType().width() < 32;
        java.util.function.IntUnaryOperator inChannel = channels(in, x);
        java.util.function.IntUnaryOperator outChannel = channels(out, r);
        for (int i = 0; i < r.size; i++) {
            if (same) {
                r.ints[i] = r.normalize(x.ints[i]);
                continue;
            }
            int ci = inChannel.applyAsInt(i);
            int co = outChannel.applyAsInt(i);
            double mergedScale = in.scale(ci) / out.scale(co);
            double mergedZp = out.zeroPoint(co) - in.zeroPoint(ci) * mergedScale;
            float v = f32((float) x.ints[i] * f32(mergedScale));
            if (mergedZp != 0) v += f32(mergedZp);
            if (clamp) v = Math.min(Math.max(v, f32(out.storageMin())), f32(out.storageMax()));
            r.ints[i] = r.normalize((long) Math.rint(v));
        }
        return r;
    }

    /**
     * {@code add} of per-tensor quantized operands in integers: both are requantized to the result's parameters,
     * added, and the zero point subtracted once. Null when another path applies (per-axis or mixed types).
     */
    private static Tensor integerAdd(Tensor lhs, Tensor rhs, RankedTensorType type) {
        UniformQuantizedType l = quantType(lhs.type);
        UniformQuantizedType r = quantType(rhs.type);
        UniformQuantizedType o = quantType(type);
        if (l == null || r == null || o == null || l.isPerAxis() || r.isPerAxis() || o.isPerAxis()) return null;
        // Requantize into 32-bit storage with the result's scale and zero point (no clamping yet).
        RankedTensorType wide = new RankedTensorType(type.shape(), new QuantUniformType(true,
                org.stablehlo4j.ir.IntegerType.signless(32),
                Integer.MIN_VALUE, Integer.MAX_VALUE, false, o.expressedType(), -1, o.scales(), o.zeroPoints()));
        Tensor a = requantize(lhs, wide);
        Tensor b = requantize(rhs, wide);
        Tensor out = Tensor.zeros(type);
        for (int i = 0; i < out.size; i++) {
            long v = a.ints[i] + b.ints[i] - o.zeroPoint(0);
            out.ints[i] = out.normalize(Math.min(Math.max(v, o.storageMin()), o.storageMax()));
        }
        return out;
    }
}
