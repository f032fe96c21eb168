package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicConvOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectAndScatterOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Value;

import java.util.Map;

/** Window-based ops: select_and_scatter, and convolution (computed by {@link Contraction}). */
final class Windowed {
    private Windowed() {}

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(SelectAndScatterOp.DEFINITION, Windowed::selectAndScatter);
        ops.put(ConvolutionOp.DEFINITION, (in, op, a, sc, rt) -> Interpreter.one(Contraction.convolution(op, Interpreter.tensor(a[0]),
                Interpreter.tensor(a[1]), Interpreter.longs(op, "padding"), Interpreter.resultType(op, rt, 0))));
        ops.put(DynamicConvOp.DEFINITION, (in, op, a, sc, rt) -> Interpreter.one(Contraction.convolution(op, Interpreter.tensor(a[0]),
                Interpreter.tensor(a[1]), Interpreter.tensor(a[2]).ints, Interpreter.resultType(op, rt, 0))));
    }

    /** Whether {@code t}'s elements are compared as stored (not quantized). */
    private static boolean plain(Tensor t) {
        return !(t.type.elementType() instanceof org.stablehlo4j.ir.UniformQuantizedType);
    }

    private static java.util.List<Object> selectAndScatter(Interpreter in, Operation op, Object[] a,
                                                           Map<Value, Object> sc, RankedTensorType[] rt) {
        Tensor operand = Interpreter.tensor(a[0]);
        Tensor source = Interpreter.tensor(a[1]);
        Tensor init = Interpreter.tensor(a[2]);
        int rank = operand.rank();
        long[] window = Interpreter.longsOr(op, "window_dimensions", rank, 1);
        long[] strides = Interpreter.longsOr(op, "window_strides", rank, 1);
        long[] pads = Interpreter.longs(op, "padding");
        int[] winShape = new int[rank];
        for (int d = 0; d < rank; d++) winShape[d] = (int) window[d];
        int[] st = Tensor.strides(operand.shape);
        Tensor result = Tensor.zeros(Interpreter.resultType(op, rt, 0));
        for (int i = 0; i < result.size; i++) result.copyElement(i, init, 0);
        if (source.size == 0 || Tensor.product(winShape) == 0) return Interpreter.one(result);
        int[] s = new int[rank];
        int si = 0;
        Tensor[] args = new Tensor[2];
        // bodies that are one compare / one element-wise op of their two arguments run in place
        Elementwise.CompareBody select = Elementwise.compareBody(op.region(0));
        if (select != null && (select.lhs() > 1 || select.rhs() > 1 || !plain(operand))) select = null;
        Elementwise.Def scatter = Elementwise.foldBody(op.region(1), result);
        double[] tmp = new double[2];
        do {
            int best = -1;
            int[] w = new int[rank];
            do {
                int f = 0;
                for (int d = 0; d < rank && f >= 0; d++) {
                    long p = (long) s[d] * strides[d] + w[d] - (pads == null ? 0 : pads[2 * d]);
                    if (p < 0 || p >= operand.shape[d]) f = -1;
                    else f += (int) p * st[d];
                }
                if (f < 0) continue;
                if (best < 0) {
                    best = f;
                    continue;
                }
                if (select != null) {
                    if (!Elementwise.compareAt(operand, select.lhs() == 0 ? best : f, operand, select.rhs() == 0 ? best : f,
                            select.direction(), select.compareType())) {
                        best = f;
                    }
                    continue;
                }
                args[0] = Interpreter.scalar(operand, best);
                args[1] = Interpreter.scalar(operand, f);
                if (Structured.body(in, op.region(0), args, sc)[0].ints[0] == 0) best = f;
            } while (Tensor.next(w, winShape));
            if (best >= 0 && scatter != null) {
                Elementwise.fold(scatter, result, best, source, si, tmp);
            } else if (best >= 0) {
                args[0] = Interpreter.scalar(result, best);
                args[1] = Interpreter.scalar(source, si);
                result.copyElement(best, Structured.body(in, op.region(1), args, sc)[0], 0);
            }
            si++;
        } while (Tensor.next(s, source.shape));
        return Interpreter.one(result);
    }
}
