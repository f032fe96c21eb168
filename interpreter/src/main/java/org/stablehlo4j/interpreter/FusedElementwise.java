package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.interpreter.Tensor.Kind;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chain (a tree) of element-wise ops of one block run as one loop over blocks of {@value #BLOCK} output
 * elements, without a tensor per intermediate value: each member op computes its block of elements into a small
 * scratch buffer of its element type, its consumer reads them from there, and only the root writes a tensor.
 * Members are the element-wise ops of {@link Elementwise} (integer and real element types), {@code compare},
 * {@code select}, {@code convert} and {@code broadcast_in_dim} (of a value from outside the group, through an index
 * map made once). A member's result must have exactly one use, by its consumer in the group, so no other op ever
 * needs it. A group may end in a {@code reduce} whose body is one element-wise op: each element is folded into
 * its accumulator as soon as its block is computed, in the reduce's own (row-major) order. Each element goes through exactly the per-element functions and roundings of the unfused kernels, in
 * the same order, so results are bit-identical ({@code FusionTest} compares them).
 */
final class FusedElementwise {
    /** Output elements per block: the scratch buffers stay in the first-level cache. */
    static final int BLOCK = 256;
    /** The largest broadcast whose index map is made (elements); larger broadcasts are not fused. */
    private static final int MAX_BROADCAST_MAP = 1 << 20;

    private enum NodeKind { UNARY, BINARY, COMPARE, SELECT, CONVERT, BROADCAST }

    /** One member op: its kind, its operands ({@code >= 0}: a member, {@code < 0}: input {@code -1 - i}). */
    private record Node(NodeKind kind, String name, Elementwise.Def def, String direction, String compareType,
                        int[] operands, int[] broadcastIndex, boolean scalarOperand0, Tensor scratch) {}

    /**
     * A {@code reduce} that consumes the group's last member: its body's one element-wise op folds each element,
     * as it is computed, into the accumulator of its output element ({@code outIndex}); the reduce's init value is
     * the group's last input. Input elements come in row-major order, the order the unfused reduce folds them in.
     */
    private record Sink(Elementwise.Def fold, int[] outIndex, RankedTensorType resultType) {}

    private final Node[] nodes;
    /** The group's inputs: the values the block gives it. */
    final Value[] inputs;
    /** The result's type (a tensor without storage, see {@link Tensor#prototype}). */
    private final Tensor resultType;
    /** Elements the last member computes. */
    private final int size;
    /** The reduce the group ends in, or null. */
    private final Sink sink;

    private FusedElementwise(Node[] nodes, Value[] inputs, RankedTensorType lastType, Sink sink) {
        this.nodes = nodes;
        this.inputs = inputs;
        this.resultType = Tensor.prototype(sink == null ? lastType : sink.resultType);
        this.size = Tensor.product(Tensor.dims(lastType));
        this.sink = sink;
    }

    /**
     * Whether {@code op} is a {@code reduce} a group can end in: one input of a real or integer type, static
     * shapes, and a body that is one element-wise op of (accumulator, element) ({@link Elementwise#foldBody}).
     */
    static boolean sink(Operation op) {
        if (!ReduceOp.is(op) || op.numOperands() != 2 || op.numResults() != 1 || op.numRegions() != 1) return false;
        if (!(op.operand(0).type() instanceof RankedTensorType in) || !plain(in) || in.numElements() > MAX_BROADCAST_MAP
                || !(op.result(0).type() instanceof RankedTensorType out) || !plain(out)
                || Interpreter.longs(op, "dimensions") == null) {
            return false;
        }
        return Elementwise.foldBody(op.region(0), Tensor.zeros(Tensor.withShape(out, new int[0]))) != null;
    }

    /**
     * Whether {@code op} can be a member: one of the ops above on static, real or integer (not complex, not
     * quantized) tensors, with a kernel for its element kind.
     */
    static boolean fusible(Operation op) {
        if (op.numResults() != 1 || op.numRegions() != 0) return false;
        if (!(op.result(0).type() instanceof RankedTensorType rt) || !plain(rt)) return false;
        for (int i = 0; i < op.numOperands(); i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType ot) || !plain(ot)) return false;
        }
        OpDefinition d = op.opName().definition();
        Kind k = op.numOperands() == 0 ? null : Tensor.kindOf(((RankedTensorType) op.operand(0).type()).elementType());
        if (BroadcastInDimOp.is(op)) {
            long n = rt.numElements();
            return n >= 0 && n <= MAX_BROADCAST_MAP && Interpreter.longs(op, "broadcast_dimensions") != null;
        }
        if (CompareOp.is(op)) return Interpreter.enumAttr(op, "comparison_direction") != null && sameShapes(op, 0);
        if (SelectOp.is(op)) {
            return sameShapes(op, 1) && (((RankedTensorType) op.operand(0).type()).rank() == 0
                    || op.operand(0).type() instanceof RankedTensorType p && p.numElements() == rt.numElements());
        }
        if (ConvertOp.is(op)) return sameShapes(op, 0);
        Elementwise.Def def = op.numOperands() == 2 ? Elementwise.BINARY.get(d)
                : op.numOperands() == 1 ? Elementwise.UNARY.get(d) : null;
        if (def == null || !sameShapes(op, 0)) return false;
        if (AbsOp.is(op)) return k != Kind.COMPLEX && def.reals() != null;
        return k == Kind.FLOAT ? def.reals() != null : def.ints() != null;
    }

    static boolean plain(RankedTensorType t) {
        Type e = t.elementType();
        if (e instanceof UniformQuantizedType || !t.hasStaticShape()) return false;
        try {
            return Tensor.kindOf(e) != Kind.COMPLEX;
        } catch (InterpreterException unsupported) {
            return false;
        }
    }

    /** Whether operands {@code from..} have the result's shape. */
    static boolean sameShapes(Operation op, int from) {
        RankedTensorType r = (RankedTensorType) op.result(0).type();
        for (int i = from; i < op.numOperands(); i++) {
            RankedTensorType t = (RankedTensorType) op.operand(i).type();
            if (!java.util.Arrays.equals(t.shape(), r.shape())) return false;
        }
        return true;
    }

    /**
     * The group rooted at {@code root}: its members are {@code members} (in block order, {@code root} last), each
     * a {@link #fusible} op whose result is used only by a later member; a member's operand that is not a member's
     * result is an input.
     */
    static FusedElementwise of(List<Operation> members) {
        return of(members, null);
    }

    /** The group of {@code members} ending in {@code reduce} (a {@link #sink}) that consumes the last member. */
    static FusedElementwise of(List<Operation> members, Operation reduce) {
        Map<Value, Integer> nodeOf = new IdentityHashMap<>();
        List<Value> inputs = new ArrayList<>();
        Map<Value, Integer> inputOf = new IdentityHashMap<>();
        Node[] nodes = new Node[members.size()];
        for (int n = 0; n < nodes.length; n++) {
            Operation op = members.get(n);
            // members' results are numbered by member, the rest as the group's inputs, as a block numbers captures
            int[] operands = RegionProgram.numbers(op, nodeOf, inputOf, inputs);
            RankedTensorType rt = (RankedTensorType) op.result(0).type();
            int block = (int) Math.min(BLOCK, Math.max(1, rt.numElements()));
            Tensor scratch = Tensor.prototype(new RankedTensorType(new long[] {block}, rt.elementType()));
            OpDefinition d = op.opName().definition();
            nodes[n] = switch (kindOf(op)) {
                case BROADCAST -> new Node(NodeKind.BROADCAST, op.name(), null, null, null, operands,
                        broadcastIndex((RankedTensorType) op.operand(0).type(), Interpreter.longs(op, "broadcast_dimensions"), rt),
                        false, scratch);
                case COMPARE -> new Node(NodeKind.COMPARE, op.name(), null, Interpreter.enumAttr(op, "comparison_direction"),
                        Interpreter.enumAttr(op, "compare_type"), operands, null, false, scratch);
                case SELECT -> new Node(NodeKind.SELECT, op.name(), null, null, null, operands, null,
                        ((RankedTensorType) op.operand(0).type()).rank() == 0, scratch);
                case CONVERT -> new Node(NodeKind.CONVERT, op.name(), null, null, null, operands, null, false, scratch);
                case BINARY -> new Node(NodeKind.BINARY, op.name(), Elementwise.BINARY.get(d), null, null, operands, null,
                        false, scratch);
                case UNARY -> new Node(NodeKind.UNARY, op.name(), Elementwise.UNARY.get(d), null, null, operands, null,
                        false, scratch);
            };
            nodeOf.put(op.result(0), n);
        }
        RankedTensorType last = (RankedTensorType) members.get(members.size() - 1).result(0).type();
        Sink sink = null;
        if (reduce != null) {
            RegionProgram.numbers(reduce, nodeOf, inputOf, inputs); // the init value becomes the last input
            RankedTensorType out = (RankedTensorType) reduce.result(0).type();
            Elementwise.Def fold = Elementwise.foldBody(reduce.region(0), Tensor.zeros(Tensor.withShape(out, new int[0])));
            sink = new Sink(fold, reduceIndex(last, Interpreter.longs(reduce, "dimensions"), out), out);
        }
        return new FusedElementwise(nodes, inputs.toArray(new Value[0]), last, sink);
    }

    /** For each input element of a reduce, the index of its output element (as the reduce kernel maps them). */
    private static int[] reduceIndex(RankedTensorType from, long[] dims, RankedTensorType to) {
        int[] shape = Tensor.dims(from);
        boolean[] reduced = new boolean[shape.length];
        for (long d : dims) reduced[(int) d] = true;
        int[] outStrides = Tensor.strides(Tensor.dims(to));
        int n = Tensor.product(shape);
        int[] index = new int[n];
        int[] idx = new int[shape.length];
        for (int i = 0; i < n; i++) {
            int o = 0;
            int od = 0;
            for (int d = 0; d < idx.length; d++) if (!reduced[d]) o += idx[d] * outStrides[od++];
            index[i] = o;
            Tensor.next(idx, shape);
        }
        return index;
    }

    private static NodeKind kindOf(Operation op) {
        if (BroadcastInDimOp.is(op)) return NodeKind.BROADCAST;
        if (CompareOp.is(op)) return NodeKind.COMPARE;
        if (SelectOp.is(op)) return NodeKind.SELECT;
        if (ConvertOp.is(op)) return NodeKind.CONVERT;
        return op.numOperands() == 2 ? NodeKind.BINARY : NodeKind.UNARY;
    }

    /** Whether a member of kind {@code op} may take a member's result as operand {@code i} (not a broadcast's). */
    static boolean takesMemberOperand(Operation op, int i) {
        return !BroadcastInDimOp.is(op) && !(SelectOp.is(op) && i == 0
                && ((RankedTensorType) op.operand(0).type()).rank() == 0
                && ((RankedTensorType) op.result(0).type()).rank() > 0);
    }

    /** For each output element of a broadcast, the index of its source element (as {@link ShapeOps} maps them). */
    private static int[] broadcastIndex(RankedTensorType from, long[] dims, RankedTensorType to) {
        int[] src = Tensor.dims(from);
        int[] st = Tensor.strides(src);
        int[] out = Tensor.dims(to);
        int[] srcStrides = new int[out.length];
        for (int d = 0; d < dims.length; d++) if (src[d] != 1) srcStrides[(int) dims[d]] += st[d];
        int n = Tensor.product(out);
        int[] index = new int[n];
        if (n == 0) return index;
        int[] at = new int[out.length];
        for (int i = 0; i < n; i++) {
            int s = 0;
            for (int d = 0; d < at.length; d++) s += at[d] * srcStrides[d];
            index[i] = s;
            Tensor.next(at, out);
        }
        return index;
    }

    /**
     * Runs the group on its inputs (one value per {@link #inputs} entry).
     *
     * @param inputs the input values (tensors)
     * @return the root's result
     */
    Tensor run(Object[] inputs) {
        Tensor[] in = new Tensor[inputs.length];
        for (int i = 0; i < in.length; i++) in[i] = Interpreter.tensor(inputs[i]);
        Tensor out = resultType.zerosLike();
        if (sink != null) {
            Tensor init = in[in.length - 1];
            for (int i = 0; i < out.size; i++) out.copyElement(i, init, 0);
            runBlocks(in, out, 0, size); // folds in order: one thread
        } else if (size >= PARALLEL_ELEMENTS) {
            // independent elements: chunks of blocks on the kernels' fork/join pool, each element computed as on
            // one thread, so the result does not depend on the thread count
            int chunk = CHUNK_BLOCKS * BLOCK;
            Contraction.forTiles((size + chunk - 1) / chunk, (long) size * nodes.length,
                    c -> runBlocks(in, out, c * chunk, Math.min(size, (c + 1) * chunk)));
        } else {
            runBlocks(in, out, 0, size);
        }
        return out;
    }

    /** Elements of a group from which its blocks are shared out among threads. */
    private static final int PARALLEL_ELEMENTS = 1 << 16;
    /** Blocks per parallel task. */
    private static final int CHUNK_BLOCKS = 16;

    /** Computes output elements {@code from..to-1} ({@code from} a multiple of {@link #BLOCK}) into {@code out}. */
    private void runBlocks(Tensor[] in, Tensor out, int from, int to) {
        int last = nodes.length - 1;
        // with a reduce, the last member's block goes to a scratch buffer too and is folded from there
        int written = sink == null ? last : last + 1;
        Tensor[] scratch = new Tensor[written];
        for (int n = 0; n < written; n++) scratch[n] = nodes[n].scratch.zerosLike();
        double[] tmp = sink == null ? null : new double[2];
        for (int base = from; base < to; base += BLOCK) {
            int count = Math.min(BLOCK, to - base);
            for (int n = 0; n <= last; n++) {
                Node node = nodes[n];
                Tensor r = n < written ? scratch[n] : out;
                int ri = n < written ? 0 : base;
                int[] o = node.operands;
                switch (node.kind) {
                    case BROADCAST -> {
                        Tensor a = in[-1 - o[0]];
                        int[] index = node.broadcastIndex;
                        for (int k = 0; k < count; k++) r.copyElement(ri + k, a, index[base + k]);
                    }
                    case UNARY -> Elementwise.applyRange(node.name, node.def, operand(o[0], in, scratch),
                            offset(o[0], base), 1, null, 0, 1, r, ri, count);
                    case BINARY -> Elementwise.applyRange(node.name, node.def, operand(o[0], in, scratch),
                            offset(o[0], base), 1, operand(o[1], in, scratch), offset(o[1], base), 1, r, ri, count);
                    case COMPARE -> Elementwise.compareRange(operand(o[0], in, scratch), offset(o[0], base), 1,
                            operand(o[1], in, scratch), offset(o[1], base), 1, node.direction, node.compareType, r, ri,
                            count);
                    case CONVERT -> Elementwise.convertRange(operand(o[0], in, scratch), offset(o[0], base), 1, r, ri,
                            count);
                    case SELECT -> {
                        Tensor p = operand(o[0], in, scratch);
                        int pi = node.scalarOperand0 ? 0 : offset(o[0], base);
                        int ps = node.scalarOperand0 ? 0 : 1;
                        Tensor t = operand(o[1], in, scratch);
                        int ti = offset(o[1], base);
                        Tensor f = operand(o[2], in, scratch);
                        int fi = offset(o[2], base);
                        for (int k = 0; k < count; k++) {
                            if (p.ints[pi + k * ps] != 0) r.copyElement(ri + k, t, ti + k);
                            else r.copyElement(ri + k, f, fi + k);
                        }
                    }
                }
            }
            if (sink != null) {
                Tensor x = scratch[last];
                int[] index = sink.outIndex;
                for (int k = 0; k < count; k++) Elementwise.fold(sink.fold, out, index[base + k], x, k, tmp);
            }
        }
    }

    private static Tensor operand(int ref, Tensor[] in, Tensor[] scratch) {
        return ref >= 0 ? scratch[ref] : in[-1 - ref];
    }

    /** Where a block starts in an operand: inputs are whole tensors, members' scratch buffers hold one block. */
    private static int offset(int ref, int base) {
        return ref >= 0 ? 0 : base;
    }

    /** How many ops the group runs. */
    int members() {
        return nodes.length;
    }
}
