package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.SymbolRefAttr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ApproxTopK} and {@code stablehlo.dynamic_approx_top_k} (JAX's {@code approx_max_k}/{@code approx_min_k}):
 * operands {@code N} inputs of one shape and {@code N} scalar init values (the dynamic form adds k, then its shape
 * operands), results {@code N}; {@code mhlo.backend_config} holds {@code top_k} (static form), {@code reduction_dim},
 * {@code recall_target}, {@code aggregate_to_topk}, {@code reduction_input_size_override} and {@code is_fallback};
 * {@code called_computations} names the comparator (2N scalars to i1, as sort's).
 *
 * <p>An exact answer is a valid approximate one: the inputs are sorted along {@code reduction_dim} by the
 * comparator (stable) and the first {@code size} elements kept, where {@code size} is k with
 * {@code aggregate_to_topk}, else the TPU reduction's output size ({@link #reductionOutputSize}: it depends on the
 * recall target, the rank and the size override) — as XLA's fallback for other platforms computes it. So the
 * attributes that change the result's shape are honoured and the declared shape is checked against them.
 */
final class ApproxTopK {
    private ApproxTopK() {}

    static final String STATIC = "ApproxTopK";
    static final String DYNAMIC = "stablehlo.dynamic_approx_top_k";

    /** Registers both forms in {@code table}. */
    static void registerAll(CustomCallKernels table) {
        table.register(STATIC, (op, a) -> eval(op, STATIC, a, false));
        table.register(DYNAMIC, (op, a) -> eval(op, DYNAMIC, a, true));
    }

    private static List<Object> eval(Operation op, String name, Object[] a, boolean dynamic) {
        int count = a.length;
        long[] shapeOperands = Interpreter.attr(op, "indices_of_shape_operands") == null ? new long[0]
                : Interpreter.longs(op, "indices_of_shape_operands");
        if (dynamic) count -= shapeOperands.length;
        if (dynamic ? count < 3 || count % 2 != 1 : count < 2 || count % 2 != 0) {
            throw new InterpreterException(name + ": expected N inputs and N init values" + (dynamic ? ", then k" : "")
                    + ", got " + count + " operand(s)");
        }
        int n = count / 2;
        if (op.numResults() != n) {
            throw new InterpreterException(name + ": expected " + n + " result(s), one per input, got "
                    + op.numResults());
        }
        if (!(op.attr("mhlo.backend_config") instanceof DictionaryAttr cfg)) {
            throw new InterpreterException(name + ": missing mhlo.backend_config dictionary");
        }
        Tensor[] inputs = new Tensor[n];
        for (int i = 0; i < n; i++) {
            inputs[i] = Interpreter.tensor(a[i]);
            Tensor init = Interpreter.tensor(a[n + i]);
            if (!Arrays.equals(Tensor.dims(inputs[i].type()), Tensor.dims(inputs[0].type()))) {
                throw new InterpreterException(name + ": input shape mismatch at position " + i);
            }
            if (init.rank() != 0 || !init.type().elementType().equals(inputs[i].type().elementType())) {
                throw new InterpreterException(name + ": init value " + i + " must be a scalar of the input's element "
                        + "type, got " + init.type());
            }
        }
        int rank = inputs[0].rank();
        long k;
        if (dynamic) {
            if (cfg.get("top_k") != null) throw new InterpreterException(name + ": mhlo.backend_config contains top_k");
            Tensor kv = Interpreter.tensor(a[2 * n]);
            if (kv.rank() != 0 || !kv.isInt()) {
                throw new InterpreterException(name + ": k must be an integer scalar, got " + kv.type());
            }
            k = kv.ints[0];
        } else {
            k = integer(name, cfg, "top_k", null);
        }
        long rd = integer(name, cfg, "reduction_dim", null);
        if (rd < 0 || rd >= rank) {
            throw new InterpreterException(name + ": reduction_dim " + rd + " is out of range for rank " + rank);
        }
        int len = inputs[0].dim((int) rd);
        if (k <= 0 || k > len) {
            throw new InterpreterException(name + ": top_k must be in [1, " + len + "] (the reduction dimension's "
                    + "size), got " + k);
        }
        boolean aggregate = !(cfg.get("aggregate_to_topk") instanceof BoolAttr b) || b.value();
        Attribute recallAttr = cfg.get("recall_target");
        double recall = recallAttr instanceof FloatAttr ? Interpreter.floatValue(recallAttr) : 0.95;
        long override = cfg.get("reduction_input_size_override") == null ? -1
                : integer(name, cfg, "reduction_input_size_override", null);
        long size;
        try {
            size = reductionOutputSize(len, rank, k, (float) recall, aggregate, override);
        } catch (IllegalArgumentException e) {
            throw new InterpreterException(name + ": " + e.getMessage());
        }
        int[] outShape = Tensor.dims(inputs[0].type());
        outShape[(int) rd] = (int) size;
        RankedTensorType[] types = new RankedTensorType[n];
        for (int i = 0; i < n; i++) {
            if (!(op.result(i).type() instanceof RankedTensorType rt) || rt.rank() != rank
                    || !rt.elementType().equals(inputs[i].type().elementType())) {
                throw new InterpreterException(name + ": result " + i + " must be a rank-" + rank + " tensor of the "
                        + "input's element type, got " + op.result(i).type());
            }
            for (int d = 0; d < rank; d++) {
                if (rt.dim(d) == ShapedType.DYNAMIC || rt.dim(d) == outShape[d]) continue;
                throw new InterpreterException(d == rd
                        ? name + ": ApproxTopK aggregates to k=" + size + ", but got " + rt.dim(d)
                        : name + ": result shape mismatch at position " + i + ", index " + d);
            }
            types[i] = Tensor.withShape(rt, outShape);
        }
        return topK(op, name, inputs, (int) rd, (int) size, types);
    }

    private static long integer(String name, DictionaryAttr cfg, String key, Long dflt) {
        Attribute v = cfg.get(key);
        if (v instanceof IntegerAttr i) return i.longValue();
        if (v == null && dflt != null) return dflt;
        throw new InterpreterException(name + ": mhlo.backend_config." + key + " must be an integer"
                + (v == null ? " (missing)" : ", got " + v));
    }

    /** Sorts every line along {@code dim} with the comparator and keeps the first {@code size} elements. */
    private static List<Object> topK(Operation op, String name, Tensor[] inputs, int dim, int size,
                                     RankedTensorType[] types) {
        Interpreter in = new Interpreter(module(op, name));
        Operation comparator = comparator(op, name, in);
        int n = inputs.length;
        Tensor[] out = new Tensor[n];
        for (int i = 0; i < n; i++) out[i] = Tensor.zeros(types[i]);
        int[] shape = Tensor.dims(inputs[0].type());
        if (inputs[0].size() == 0 || size == 0) return List.of((Object[]) out);
        int[] st = Tensor.strides(shape), ost = Tensor.strides(Tensor.dims(types[0]));
        int len = shape[dim];
        int[] outer = shape.clone();
        outer[dim] = 1;
        int[] idx = new int[shape.length];
        int[] perm = new int[len], tmp = new int[len];
        Block body = comparator.region(0).entry();
        if (body == null || body.numArguments() != 2 * n) {
            throw new InterpreterException(name + ": the comparator must take " + 2 * n + " scalars (2 per input)");
        }
        // a comparator that is one compare (as JAX builds it) compares elements in place, as sort does
        Elementwise.CompareBody fast = Elementwise.compareBody(comparator.region(0));
        List<Object> args = new ArrayList<>(2 * n);
        for (int i = 0; i < 2 * n; i++) args.add(null);
        do {
            int base = ShapeOps.flat(idx, st), obase = ShapeOps.flat(idx, ost);
            for (int i = 0; i < len; i++) perm[i] = i;
            Structured.Less less = fast != null ? Structured.compareLess(fast, inputs, base, st[dim]) : (x, y) -> {
                for (int i = 0; i < n; i++) {
                    args.set(2 * i, Interpreter.scalar(inputs[i], base + x * st[dim]));
                    args.set(2 * i + 1, Interpreter.scalar(inputs[i], base + y * st[dim]));
                }
                List<Object> r = in.call(comparator, args);
                if (r.size() != 1 || !(r.get(0) instanceof Tensor t) || t.rank() != 0 || t.kind() != Tensor.Kind.BOOL) {
                    throw new InterpreterException(name + ": the comparator must return one i1 scalar");
                }
                return t.ints[0] != 0;
            };
            Structured.mergeSort(perm, tmp, 0, len, less);
            for (int j = 0; j < size; j++) {
                for (int i = 0; i < n; i++) {
                    out[i].copyElement(obase + j * ost[dim], inputs[i], base + perm[j] * st[dim]);
                }
            }
        } while (Tensor.next(idx, outer));
        return List.of((Object[]) out);
    }

    /** The comparator function named by {@code called_computations}, a function of {@code in}'s module. */
    private static Operation comparator(Operation op, String name, Interpreter in) {
        Attribute calls = op.attr("called_computations");
        if (!(calls instanceof ArrayAttr arr) || arr.elements().size() != 1
                || !(arr.elements().get(0) instanceof SymbolRefAttr ref)) {
            throw new InterpreterException(name + ": expected called_computations with exactly 1 comparator");
        }
        if (!in.functionNames().contains(ref.root())) {
            throw new InterpreterException(name + ": comparator @" + ref.root() + " not found");
        }
        return in.function(ref.root());
    }

    /** The module holding {@code op} (whose functions the comparator is looked up in). */
    private static ModuleOp module(Operation op, String name) {
        for (Operation r = op.parentOp(); r != null; r = r.parentOp()) {
            if (ModuleOp.isModule(r)) return new ModuleOp(r);
        }
        throw new InterpreterException(name + ": the op is not inside a module, so its comparator cannot be found");
    }

    /**
     * The size of the reduction dimension after the TPU's approximate reduction (XLA's
     * {@code ApproxTopKReductionOutputSize}): k when aggregating; else the input size when it is at most one tiling
     * (1024 for rank 1, 128 otherwise) or the recall target is 1; else the number of windows that keeps the expected
     * recall, {@code (1 - k) / ln(recall)}, rounded to a power-of-two reduction of whole tiles.
     *
     * @throws IllegalArgumentException for a recall target outside (0, 1] or an override smaller than the input
     */
    static long reductionOutputSize(long inputSize, int rank, long topK, float recallTarget, boolean aggregateToTopK,
                                    long inputSizeOverride) {
        if (aggregateToTopK) return topK;
        long tiling = rank == 1 ? 1024 : 128;
        if (inputSize <= tiling) return inputSize;
        if (inputSizeOverride >= 0 && inputSize > inputSizeOverride) {
            throw new IllegalArgumentException("reduction_input_size_override: " + inputSizeOverride
                    + " should be greater equals to operands[reduction_dim]: " + inputSize);
        }
        long logical = inputSizeOverride >= 0 ? inputSizeOverride : inputSize;
        if (topK == 1) return tiling;
        if (recallTarget == 1.0f) return inputSize;
        if (recallTarget <= 0 || recallTarget > 1) {
            throw new IllegalArgumentException("recall_target should range in (0,1]");
        }
        long windows = Math.min(Math.max((long) ((1.0 - topK) / Math.log(recallTarget)), tiling), inputSize);
        int log2Reduction = log2Floor(logical / windows);
        if (log2Reduction == 0) return inputSize;
        log2Reduction = Math.min(log2Reduction, log2Ceil(inputSize / tiling));
        long tiles = (inputSize + tiling - 1) / tiling;
        long reduced = (tiles + (1L << log2Reduction) - 1) >> log2Reduction;
        return reduced * tiling;
    }

    private static int log2Floor(long v) {
        return v <= 0 ? 0 : 63 - Long.numberOfLeadingZeros(v);
    }

    private static int log2Ceil(long v) {
        return v <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(v - 1);
    }
}
