package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
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
 * needs it. Each element goes through exactly the per-element functions and roundings of the unfused kernels, in
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
                        int[] operands, int[] broadcastIndex, boolean scalarOperand0, RankedTensorType scratchType) {}

    private final Node[] nodes;
    /** The group's inputs: the values the block gives it. */
    final Value[] inputs;
    private final RankedTensorType resultType;
    private final int size;

    private FusedElementwise(Node[] nodes, Value[] inputs, RankedTensorType resultType) {
        this.nodes = nodes;
        this.inputs = inputs;
        this.resultType = resultType;
        this.size = Tensor.product(Tensor.dims(resultType));
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

    private static boolean plain(RankedTensorType t) {
        Type e = t.elementType();
        if (e instanceof UniformQuantizedType || !t.hasStaticShape()) return false;
        try {
            return Tensor.kindOf(e) != Kind.COMPLEX;
        } catch (InterpreterException unsupported) {
            return false;
        }
    }

    /** Whether operands {@code from..} have the result's shape. */
    private static boolean sameShapes(Operation op, int from) {
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
            RankedTensorType scratch = new RankedTensorType(new long[] {block}, rt.elementType());
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
        return new FusedElementwise(nodes, inputs.toArray(new Value[0]),
                (RankedTensorType) members.get(members.size() - 1).result(0).type());
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
        Tensor out = Tensor.zeros(resultType);
        int last = nodes.length - 1;
        Tensor[] scratch = new Tensor[last];
        for (int n = 0; n < last; n++) scratch[n] = Tensor.zeros(nodes[n].scratchType);
        for (int base = 0; base < size; base += BLOCK) {
            int count = Math.min(BLOCK, size - base);
            for (int n = 0; n <= last; n++) {
                Node node = nodes[n];
                Tensor r = n == last ? out : scratch[n];
                int ri = n == last ? base : 0;
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
        }
        return out;
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
