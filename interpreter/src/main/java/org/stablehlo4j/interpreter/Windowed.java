package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Value;

import java.util.Map;

/** Window-based ops: select_and_scatter and convolution. */
final class Windowed {
    private Windowed() {}

    static void register(Map<String, Interpreter.OpEval> ops) {
        ops.put("stablehlo.select_and_scatter", Windowed::selectAndScatter);
        ops.put("stablehlo.convolution", (in, op, a, sc) -> Interpreter.one(convolution(op, Interpreter.tensor(a[0]),
                Interpreter.tensor(a[1]), Interpreter.longs(op, "padding"), Interpreter.resultType(op, 0))));
        ops.put("stablehlo.dynamic_conv", (in, op, a, sc) -> Interpreter.one(convolution(op, Interpreter.tensor(a[0]),
                Interpreter.tensor(a[1]), Interpreter.tensor(a[2]).ints, Interpreter.resultType(op, 0))));
    }

    private static java.util.List<Object> selectAndScatter(Interpreter in, Operation op, Object[] a,
                                                           Map<Value, Object> sc) {
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
        Tensor result = Tensor.zeros(Interpreter.resultType(op, 0));
        for (int i = 0; i < result.size; i++) result.copyElement(i, init, 0);
        if (source.size == 0 || Tensor.product(winShape) == 0) return Interpreter.one(result);
        int[] s = new int[rank];
        int si = 0;
        Tensor[] args = new Tensor[2];
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
                args[0] = Interpreter.scalar(operand, best);
                args[1] = Interpreter.scalar(operand, f);
                if (Structured.body(in, op.region(0), args, sc)[0].ints[0] == 0) best = f;
            } while (Tensor.next(w, winShape));
            if (best >= 0) {
                args[0] = Interpreter.scalar(result, best);
                args[1] = Interpreter.scalar(source, si);
                result.copyElement(best, Structured.body(in, op.region(1), args, sc)[0], 0);
            }
            si++;
        } while (Tensor.next(s, source.shape));
        return Interpreter.one(result);
    }

    /** Convolution; {@code pads} holds (low, high) per spatial dimension or is null for no padding. */
    static Tensor convolution(Operation op, Tensor lhs, Tensor rhs, long[] pads, RankedTensorType type) {
        ConvDimensionNumbersAttr dn = (ConvDimensionNumbersAttr) Interpreter.attr(op, "dimension_numbers");
        int n = dn.inputSpatialDimensions().size();
        int[] inSp = Structured.ints(dn.inputSpatialDimensions());
        int[] kSp = Structured.ints(dn.kernelSpatialDimensions());
        int[] outSp = Structured.ints(dn.outputSpatialDimensions());
        long[] strides = Interpreter.longsOr(op, "window_strides", n, 1);
        long[] lhsDil = Interpreter.longsOr(op, "lhs_dilation", n, 1);
        long[] rhsDil = Interpreter.longsOr(op, "rhs_dilation", n, 1);
        long[] reversal = Interpreter.longsOr(op, "window_reversal", n, 0);
        int groups = (int) Interpreter.intAttr(op, "feature_group_count", 1);
        int batchGroups = (int) Interpreter.intAttr(op, "batch_group_count", 1);
        int ib = (int) dn.inputBatchDimension();
        int ifd = (int) dn.inputFeatureDimension();
        int kif = (int) dn.kernelInputFeatureDimension();
        int kof = (int) dn.kernelOutputFeatureDimension();
        int ob = (int) dn.outputBatchDimension();
        int of = (int) dn.outputFeatureDimension();
        Tensor l = Elementwise.convert(lhs, Tensor.withShape(type, lhs.shape));
        Tensor r = Elementwise.convert(rhs, Tensor.withShape(type, rhs.shape));
        int[] ls = Tensor.strides(lhs.shape);
        int[] rs = Tensor.strides(rhs.shape);
        int kernelIn = rhs.shape[kif];
        int kernelOut = rhs.shape[kof];
        int outBatch = type.rank() == 0 ? 1 : (int) type.dim(ob);
        int[] kShape = new int[n];
        for (int d = 0; d < n; d++) kShape[d] = rhs.shape[kSp[d]];
        RankedTensorType scalarType = Tensor.withShape(type, new int[0]);
        Elementwise.Def mul = Elementwise.BINARY.get("stablehlo.multiply");
        Elementwise.Def add = Elementwise.BINARY.get("stablehlo.add");
        Tensor out = Tensor.zeros(type);
        if (out.size == 0) return out;
        int[] idx = new int[out.rank()];
        int o = 0;
        do {
            int b = idx[ob];
            int f = idx[of];
            int inBatch = batchGroups > 1 ? (f / (kernelOut / batchGroups)) * outBatch + b : b;
            int group = f / (kernelOut / groups);
            Tensor acc = Tensor.zeros(scalarType);
            int[] k = new int[n];
            boolean any = Tensor.product(kShape) > 0;
            while (any) {
                int lbase = inBatch * ls[ib];
                boolean inside = true;
                for (int d = 0; d < n && inside; d++) {
                    long p = (long) idx[outSp[d]] * strides[d] + (long) k[d] * rhsDil[d] - (pads == null ? 0 : pads[2 * d]);
                    if (p < 0 || p % lhsDil[d] != 0 || p / lhsDil[d] >= l.shape[inSp[d]]) inside = false;
                    else lbase += (int) (p / lhsDil[d]) * ls[inSp[d]];
                }
                if (inside) {
                    int rbase = f * rs[kof];
                    for (int d = 0; d < n; d++) rbase += (reversal[d] != 0 ? kShape[d] - 1 - k[d] : k[d]) * rs[kSp[d]];
                    for (int c = 0; c < kernelIn; c++) {
                        Tensor prod = Elementwise.apply("stablehlo.convolution", mul,
                                Interpreter.scalar(l, lbase + (group * kernelIn + c) * ls[ifd]),
                                Interpreter.scalar(r, rbase + c * rs[kif]), scalarType);
                        acc = Elementwise.apply("stablehlo.convolution", add, acc, prod, scalarType);
                    }
                }
                any = Tensor.next(k, kShape);
            }
            out.copyElement(o++, acc, 0);
        } while (Tensor.next(idx, out.shape));
        return out;
    }
}
