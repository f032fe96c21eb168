package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicGatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.MapOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceWindowOp;
import org.stablehlo4j.dialect.stablehlo.ops.ScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.SortOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Ops with computations or index arithmetic: reduce, reduce_window, dot_general, gather, scatter, sort. */
final class Structured {
    private Structured() {}

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(ReduceOp.DEFINITION, Structured::reduce);
        ops.put(ReduceWindowOp.DEFINITION, Structured::reduceWindow);
        ops.put(DotGeneralOp.DEFINITION, (in, op, a, sc, rt) -> Interpreter.one(Contraction.dotGeneral(Interpreter.tensor(a[0]),
                Interpreter.tensor(a[1]), (DotDimensionNumbersAttr) Interpreter.attr(op, "dot_dimension_numbers"),
                Interpreter.resultType(op, rt, 0))));
        ops.put(GatherOp.DEFINITION, (in, op, a, sc, rt) -> gatherOp(op, a, Interpreter.longs(op, "slice_sizes"), rt));
        ops.put(DynamicGatherOp.DEFINITION, (in, op, a, sc, rt) -> gatherOp(op, a, Interpreter.tensor(a[2]).ints, rt));
        ops.put(ScatterOp.DEFINITION, Structured::scatter);
        ops.put(SortOp.DEFINITION, Structured::sort);
        ops.put(MapOp.DEFINITION, Structured::map);
    }

    private static List<Object> gatherOp(Operation op, Object[] a, long[] sliceSizes, RankedTensorType[] rt) {
        return Interpreter.one(gather(Interpreter.tensor(a[0]), Interpreter.tensor(a[1]),
                (GatherDimensionNumbersAttr) Interpreter.attr(op, "dimension_numbers"), sliceSizes,
                Interpreter.resultType(op, rt, 0)));
    }

    /** Runs a body whose arguments and results are rank-0 tensors. */
    static Tensor[] body(Interpreter in, Region r, Tensor[] args, Map<Value, Object> scope) {
        List<Object> res = in.runRegion(r, Arrays.asList((Object[]) args), scope);
        Tensor[] out = new Tensor[res.size()];
        for (int i = 0; i < out.length; i++) out[i] = Interpreter.tensor(res.get(i));
        return out;
    }

    static Tensor[] tensors(Object[] a, int from, int to) {
        Tensor[] t = new Tensor[to - from];
        for (int i = from; i < to; i++) t[i - from] = Interpreter.tensor(a[i]);
        return t;
    }

    static List<Object> results(Tensor[] r) {
        return new ArrayList<>(Arrays.asList((Object[]) r));
    }

    private static List<Object> reduce(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        int n = a.length / 2;
        Tensor[] inputs = tensors(a, 0, n);
        Tensor[] inits = tensors(a, n, 2 * n);
        long[] dims = Interpreter.longs(op, "dimensions");
        boolean[] reduced = new boolean[inputs[0].rank()];
        for (long d : dims) reduced[(int) d] = true;
        Tensor[] out = new Tensor[n];
        for (int k = 0; k < n; k++) {
            out[k] = Tensor.zeros(Interpreter.resultType(op, rt, k));
            for (int i = 0; i < out[k].size; i++) out[k].copyElement(i, inits[k], 0);
        }
        int[] outStrides = Tensor.strides(out[0].shape);
        if (inputs[0].size == 0) return results(out);
        int[] idx = new int[inputs[0].rank()];
        int i = 0;
        Elementwise.Def fold = n == 1 ? Elementwise.foldBody(op.region(0), out[0]) : null;
        if (fold != null) {
            // the body is one element-wise op of (accumulator, element): applied in place, same order
            ReduceRows.fold(fold, out[0], inputs[0], reduced, outStrides);
            return results(out);
        }
        Tensor[] args = new Tensor[2 * n];
        do {
            int o = 0;
            int od = 0;
            for (int d = 0; d < idx.length; d++) if (!reduced[d]) o += idx[d] * outStrides[od++];
            for (int k = 0; k < n; k++) {
                args[k] = Interpreter.scalar(out[k], o);
                args[n + k] = Interpreter.scalar(inputs[k], i);
            }
            Tensor[] r = body(in, op.region(0), args, sc);
            for (int k = 0; k < n; k++) out[k].copyElement(o, r[k], 0);
            i++;
        } while (Tensor.next(idx, inputs[0].shape));
        return results(out);
    }

    private static List<Object> reduceWindow(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        int n = a.length / 2;
        Tensor[] inputs = tensors(a, 0, n);
        Tensor[] inits = tensors(a, n, 2 * n);
        int rank = inputs[0].rank();
        long[] window = Interpreter.longs(op, "window_dimensions");
        long[] strides = Interpreter.longsOr(op, "window_strides", rank, 1);
        long[] baseDil = Interpreter.longsOr(op, "base_dilations", rank, 1);
        long[] winDil = Interpreter.longsOr(op, "window_dilations", rank, 1);
        long[] padLo = new long[rank];
        long[] pads = Interpreter.longs(op, "padding");
        if (pads != null) for (int d = 0; d < rank; d++) padLo[d] = pads[2 * d];
        int[] winShape = new int[rank];
        for (int d = 0; d < rank; d++) winShape[d] = (int) window[d];
        int[] inStrides = Tensor.strides(inputs[0].shape);
        Tensor[] out = new Tensor[n];
        for (int k = 0; k < n; k++) out[k] = Tensor.zeros(Interpreter.resultType(op, rt, k));
        if (out[0].size == 0) return results(out);
        int[] idx = new int[rank];
        int o = 0;
        Elementwise.Def fold = n == 1 ? Elementwise.foldBody(op.region(0), out[0]) : null;
        if (fold != null) {
            // the body is one element-wise op of (accumulator, element): folded in place, same order and rounding
            double[] tmp = new double[2];
            boolean empty = Tensor.product(winShape) == 0;
            int[] w = new int[rank];
            do {
                out[0].copyElement(o, inits[0], 0);
                if (!empty) {
                    do {
                        int src = windowSource(idx, w, strides, winDil, padLo, baseDil, inputs[0].shape, inStrides);
                        Elementwise.fold(fold, out[0], o, src < 0 ? inits[0] : inputs[0], src < 0 ? 0 : src, tmp);
                    } while (Tensor.next(w, winShape));
                }
                o++;
            } while (Tensor.next(idx, out[0].shape));
            return results(out);
        }
        Tensor[] args = new Tensor[2 * n];
        do {
            Tensor[] acc = new Tensor[n];
            for (int k = 0; k < n; k++) acc[k] = inits[k];
            if (Tensor.product(winShape) > 0) {
                int[] w = new int[rank];
                do {
                    int src = windowSource(idx, w, strides, winDil, padLo, baseDil, inputs[0].shape, inStrides);
                    for (int k = 0; k < n; k++) {
                        args[k] = acc[k];
                        args[n + k] = src < 0 ? inits[k] : Interpreter.scalar(inputs[k], src);
                    }
                    acc = body(in, op.region(0), args, sc);
                } while (Tensor.next(w, winShape));
            }
            for (int k = 0; k < n; k++) out[k].copyElement(o, acc[k], 0);
            o++;
        } while (Tensor.next(idx, out[0].shape));
        return results(out);
    }

    /** The input element at window position {@code w} of output {@code idx}, or -1 in padding / between dilations. */
    private static int windowSource(int[] idx, int[] w, long[] strides, long[] winDil, long[] padLo, long[] baseDil,
                                    int[] shape, int[] inStrides) {
        int src = 0;
        for (int d = 0; d < idx.length; d++) {
            long p = idx[d] * strides[d] + w[d] * winDil[d] - padLo[d];
            if (p < 0 || p % baseDil[d] != 0 || p / baseDil[d] >= shape[d]) return -1;
            src += (int) (p / baseDil[d]) * inStrides[d];
        }
        return src;
    }

    private static List<Object> map(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        Tensor[] inputs = tensors(a, 0, a.length);
        OpDefinition fn = inputs.length > 0 ? Elementwise.mapBody(op.region(0), inputs[0]) : null;
        if (fn != null) {
            return Interpreter.one(Elementwise.apply(fn.name(), Elementwise.def(fn), inputs[0], inputs.length > 1 ? inputs[1] : null,
                    Interpreter.resultType(op, rt, 0)));
        }
        Tensor out = Tensor.zeros(Interpreter.resultType(op, rt, 0));
        Tensor[] args = new Tensor[inputs.length];
        for (int i = 0; i < out.size; i++) {
            for (int k = 0; k < inputs.length; k++) args[k] = Interpreter.scalar(inputs[k], i);
            out.copyElement(i, body(in, op.region(0), args, sc)[0], 0);
        }
        return Interpreter.one(out);
    }

    static int[] ints(List<Long> l) {
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) out[i] = (int) (long) l.get(i);
        return out;
    }

    static boolean contains(int[] a, int v) {
        for (int x : a) if (x == v) return true;
        return false;
    }

    /** Dimensions {@code 0..rank-1} that are not in any of {@code excluded}, in order. */
    static int[] remaining(int rank, int[]... excluded) {
        int[] out = new int[rank];
        int n = 0;
        outer:
        for (int d = 0; d < rank; d++) {
            for (int[] ex : excluded) if (contains(ex, d)) continue outer;
            out[n++] = d;
        }
        return Arrays.copyOf(out, n);
    }

    /** The index vector of {@code indices} at batch position {@code batch} (index_vector_dim inserted). */
    static long[] indexVector(Tensor indices, int[] batch, int indexVectorDim) {
        int[] st = Tensor.strides(indices.shape);
        int base = 0;
        int b = 0;
        for (int d = 0; d < indices.rank(); d++) {
            if (d == indexVectorDim) continue;
            base += batch[b++] * st[d];
        }
        if (indexVectorDim >= indices.rank()) return new long[] {indices.ints[base]};
        long[] out = new long[indices.shape[indexVectorDim]];
        for (int i = 0; i < out.length; i++) out[i] = indices.ints[base + i * st[indexVectorDim]];
        return out;
    }

    static Tensor gather(Tensor operand, Tensor indices, GatherDimensionNumbersAttr dn, long[] sliceSizes,
                         RankedTensorType type) {
        int[] offsetDims = ints(dn.offsetDims());
        int[] collapsed = ints(dn.collapsedSliceDims());
        int[] operandBatching = ints(dn.operandBatchingDims());
        int[] indicesBatching = ints(dn.startIndicesBatchingDims());
        int[] startIndexMap = ints(dn.startIndexMap());
        int ivd = (int) dn.indexVectorDim();
        int[] opStrides = Tensor.strides(operand.shape);
        int rank = type.rank();
        int[] batchDims = remaining(rank, offsetDims);
        int[] windowOperandDims = remaining(operand.rank(), collapsed, operandBatching);
        int[] batch = new int[batchDims.length];
        return ShapeOps.gatherBy(type, operand, null, idx -> {
            for (int i = 0; i < batchDims.length; i++) batch[i] = idx[batchDims[i]];
            long[] start = indexVector(indices, batch, ivd);
            int f = 0;
            long[] full = new long[operand.rank()];
            for (int i = 0; i < startIndexMap.length; i++) {
                int d = startIndexMap[i];
                full[d] = Math.max(0, Math.min(start[i], operand.shape[d] - sliceSizes[d]));
            }
            for (int i = 0; i < operandBatching.length; i++) {
                int ds = indicesBatching[i];
                full[operandBatching[i]] += batch[ds < ivd ? ds : ds - 1];
            }
            for (int i = 0; i < offsetDims.length; i++) full[windowOperandDims[i]] += idx[offsetDims[i]];
            for (int d = 0; d < full.length; d++) f += (int) full[d] * opStrides[d];
            return f;
        });
    }

    private static List<Object> scatter(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        int n = (a.length - 1) / 2;
        Tensor[] inputs = tensors(a, 0, n);
        Tensor indices = Interpreter.tensor(a[n]);
        Tensor[] updates = tensors(a, n + 1, a.length);
        ScatterDimensionNumbersAttr dn = (ScatterDimensionNumbersAttr) Interpreter.attr(op, "scatter_dimension_numbers");
        int[] windowDims = ints(dn.updateWindowDims());
        int[] inserted = ints(dn.insertedWindowDims());
        int[] inputBatching = ints(dn.inputBatchingDims());
        int[] indicesBatching = ints(dn.scatterIndicesBatchingDims());
        int[] toOperand = ints(dn.scatterDimsToOperandDims());
        int ivd = (int) dn.indexVectorDim();
        Tensor[] out = new Tensor[n];
        for (int k = 0; k < n; k++) {
            out[k] = Tensor.zeros(Interpreter.resultType(op, rt, k));
            for (int i = 0; i < out[k].size; i++) out[k].copyElement(i, inputs[k], i);
        }
        if (updates[0].size == 0) return results(out);
        int[] shape = inputs[0].shape;
        int[] inStrides = Tensor.strides(shape);
        int[] scatterDims = remaining(updates[0].rank(), windowDims);
        int[] windowInputDims = remaining(shape.length, inserted, inputBatching);
        int[] uidx = new int[updates[0].rank()];
        int[] batch = new int[scatterDims.length];
        Tensor[] args = new Tensor[2 * n];
        // a body of one element-wise op of (input element, update) is folded in place
        Elementwise.Def fold = n == 1 ? Elementwise.foldBody(op.region(0), out[0]) : null;
        double[] tmp = new double[2];
        int u = 0;
        do {
            for (int i = 0; i < scatterDims.length; i++) batch[i] = uidx[scatterDims[i]];
            long[] start = indexVector(indices, batch, ivd);
            long[] full = new long[shape.length];
            for (int i = 0; i < toOperand.length; i++) full[toOperand[i]] = start[i];
            for (int i = 0; i < inputBatching.length; i++) {
                int ds = indicesBatching[i];
                full[inputBatching[i]] += batch[ds < ivd ? ds : ds - 1];
            }
            for (int i = 0; i < windowDims.length; i++) full[windowInputDims[i]] += uidx[windowDims[i]];
            int f = 0;
            for (int d = 0; d < shape.length && f >= 0; d++) {
                if (full[d] < 0 || full[d] >= shape[d]) f = -1;
                else f += (int) full[d] * inStrides[d];
            }
            if (f >= 0 && fold != null) {
                Elementwise.fold(fold, out[0], f, updates[0], u, tmp);
            } else if (f >= 0) {
                for (int k = 0; k < n; k++) {
                    args[k] = Interpreter.scalar(out[k], f);
                    args[n + k] = Interpreter.scalar(updates[k], u);
                }
                Tensor[] r = body(in, op.region(0), args, sc);
                for (int k = 0; k < n; k++) out[k].copyElement(f, r[k], 0);
            }
            u++;
        } while (Tensor.next(uidx, updates[0].shape));
        return results(out);
    }

    private static List<Object> sort(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        Tensor[] inputs = tensors(a, 0, a.length);
        int n = inputs.length;
        int rank = inputs[0].rank();
        long dimAttr = Interpreter.intAttr(op, "dimension", -1);
        int dim = (int) (dimAttr < 0 ? dimAttr + rank : dimAttr);
        Tensor[] out = new Tensor[n];
        for (int k = 0; k < n; k++) out[k] = Tensor.zeros(inputs[k].type);
        int[] shape = inputs[0].shape;
        if (inputs[0].size == 0) return results(out);
        int[] st = Tensor.strides(shape);
        int len = shape[dim];
        int[] outerShape = shape.clone();
        outerShape[dim] = 1;
        int[] idx = new int[rank];
        Tensor[] args = new Tensor[2 * n];
        int stride = st[dim];
        int[] perm = new int[len];
        int[] tmp = new int[len];
        Elementwise.CompareBody cmp = Elementwise.compareBody(op.region(0));
        do {
            int base = ShapeOps.flat(idx, st);
            for (int i = 0; i < len; i++) perm[i] = i;
            Less less;
            if (cmp != null) {
                less = compareLess(cmp, inputs, base, stride);
            } else {
                less = (x, y) -> {
                    for (int k = 0; k < n; k++) {
                        args[2 * k] = Interpreter.scalar(inputs[k], base + x * stride);
                        args[2 * k + 1] = Interpreter.scalar(inputs[k], base + y * stride);
                    }
                    return body(in, op.region(0), args, sc)[0].ints[0] != 0;
                };
            }
            mergeSort(perm, tmp, 0, len, less);
            for (int i = 0; i < len; i++) {
                for (int k = 0; k < n; k++) out[k].copyElement(base + i * stride, inputs[k], base + perm[i] * stride);
            }
        } while (Tensor.next(idx, outerShape));
        return results(out);
    }

    interface Less { boolean less(int a, int b); }

    /**
     * The order of a comparator that is one compare of two of its arguments (pairs of elements of {@code inputs}):
     * elements {@code x} and {@code y} of the line at {@code base} (elements {@code stride} apart) compared in place.
     */
    static Less compareLess(Elementwise.CompareBody cmp, Tensor[] inputs, int base, int stride) {
        Tensor l = inputs[cmp.lhs() / 2];
        Tensor r = inputs[cmp.rhs() / 2];
        boolean lx = cmp.lhs() % 2 == 0;
        boolean rx = cmp.rhs() % 2 == 0;
        return (x, y) -> Elementwise.compareAt(l, base + (lx ? x : y) * stride, r, base + (rx ? x : y) * stride,
                cmp.direction(), cmp.compareType());
    }

    /** A stable merge sort that tolerates inconsistent comparators (never throws). */
    static void mergeSort(int[] a, int[] tmp, int lo, int hi, Less less) {
        if (hi - lo < 2) return;
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid, less);
        mergeSort(a, tmp, mid, hi, less);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) tmp[k++] = less.less(a[j], a[i]) ? a[j++] : a[i++];
        while (i < mid) tmp[k++] = a[i++];
        while (j < hi) tmp[k++] = a[j++];
        System.arraycopy(tmp, lo, a, lo, hi - lo);
    }
}
