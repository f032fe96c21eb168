package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.util.Arrays;
import java.util.Map;

/**
 * Ops compiled once for their operand and result types and attributes, for {@link RegionProgram} to run without the
 * generic path's per-run work (an operand array and a result list per op, attribute lookups, layout lookups of the
 * result type, a map per call): each {@link Step} reads its operands from the block's value slots and writes its
 * results there. The steps compute exactly what the ops' kernels compute (they call the same element functions
 * and loops; {@code StepsTest} compares both paths); ops without a step run through their kernels.
 */
final class Steps {
    private Steps() {}

    /** One compiled op: reads operand slots, writes result slots. */
    abstract static class Step {
        /** Operand value numbers ({@code -1 - c} is capture {@code c}, as in {@link RegionProgram}). */
        final int[] operands;
        /** Result value numbers. */
        final int[] results;

        Step(int[] operands, int[] results) {
            this.operands = operands;
            this.results = results;
        }

        abstract void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope);

        final Object value(int i, Object[] values, Object[] outer) {
            int s = operands[i];
            Object v = s >= 0 ? values[s] : outer[-1 - s];
            if (v == null) throw new InterpreterException("value used before definition");
            return v;
        }

        final Tensor tensor(int i, Object[] values, Object[] outer) {
            return Interpreter.tensor(value(i, values, outer));
        }
    }

    /**
     * The step of {@code op}, or null when it has none (its kernel runs): element-wise ops, {@code compare},
     * {@code select}, {@code convert}, {@code reshape}, {@code broadcast_in_dim}, {@code slice} and {@code transpose}
     * on static real or integer tensors; {@code func.call} and {@code while}.
     *
     * @param op the op (not quantized, with a kernel)
     * @param operands its operands' value numbers
     * @param results its results' value numbers
     * @param block what the block's earlier ops give: splat constants and broadcasts of one element, which binary
     *     ops and compares read with stride 0 (from the broadcast's operand)
     */
    static Step of(Operation op, int[] operands, int[] results, Block block) {
        OpDefinition d = op.opName().definition();
        if (d == CallOp.DEFINITION) {
            return op.attr("callee") instanceof SymbolRefAttr s ? new Call(operands, results, s.root()) : null;
        }
        if (d == WhileOp.DEFINITION) {
            return op.numRegions() == 2 ? new While(operands, results, op.region(0), op.region(1)) : null;
        }
        if (op.numResults() != 1 || op.numRegions() != 0 || !plain(op.result(0).type())) return null;
        for (int i = 0; i < op.numOperands(); i++) if (!plain(op.operand(i).type())) return null;
        RankedTensorType rt = (RankedTensorType) op.result(0).type();
        Tensor proto = Tensor.prototype(rt);
        if (d == ReshapeOp.DEFINITION) return new Reshape(operands, results, proto);
        if (d == ConvertOp.DEFINITION) return new Convert(operands, results, proto);
        if (d == CompareOp.DEFINITION) {
            String dir = Interpreter.enumAttr(op, "comparison_direction");
            if (dir == null || !FusedElementwise.sameShapes(op, 0)) return null;
            int[] from = operands.clone();
            return new Compare(from, results, proto, dir, Interpreter.enumAttr(op, "compare_type"),
                    stride(block, from, 0, rt), stride(block, from, 1, rt));
        }
        if (d == SelectOp.DEFINITION) {
            RankedTensorType p = (RankedTensorType) op.operand(0).type();
            return FusedElementwise.sameShapes(op, 1) && (p.rank() == 0 || p.numElements() == rt.numElements())
                    ? new Select(operands, results, proto, p.rank() == 0) : null;
        }
        RankedTensorType in0 = op.numOperands() > 0 ? (RankedTensorType) op.operand(0).type() : null;
        if (d == BroadcastInDimOp.DEFINITION) {
            long[] dims = Interpreter.longs(op, "broadcast_dimensions");
            if (dims == null || dims.length != in0.rank()) return null;
            for (long dim : dims) if (dim < 0 || dim >= rt.rank()) return null;
            return new Affine(operands, results, proto, 0, ShapeOps.broadcastStrides(Tensor.dims(in0), dims, rt.rank()),
                    in0.numElements() == 1);
        }
        if (d == TransposeOp.DEFINITION) {
            long[] perm = Interpreter.longs(op, "permutation");
            if (perm == null || perm.length != in0.rank()) return null;
            for (long p : perm) if (p < 0 || p >= perm.length) return null;
            return new Affine(operands, results, proto, 0, ShapeOps.transposeStrides(Tensor.dims(in0), perm), false);
        }
        if (d == SliceOp.DEFINITION) {
            long[] start = Interpreter.longs(op, "start_indices");
            long[] step = Interpreter.longsOr(op, "strides", in0.rank(), 1);
            if (start == null || start.length != in0.rank() || step.length != in0.rank()) return null;
            int[] src = Tensor.dims(in0);
            return new Affine(operands, results, proto, ShapeOps.sliceBase(src, start), ShapeOps.sliceStrides(src, step),
                    false);
        }
        Elementwise.Def def = op.numOperands() == 2 ? Elementwise.BINARY.get(d)
                : op.numOperands() == 1 ? Elementwise.UNARY.get(d) : null;
        if (def == null || !FusedElementwise.sameShapes(op, 0)) return null;
        Tensor.Kind k = Tensor.kindOf(in0.elementType());
        if (k == Tensor.Kind.FLOAT ? def.reals() == null : def.ints() == null) return null;
        if (op.numOperands() == 1) return new Unary(operands, results, proto, op.name(), def);
        int[] from = operands.clone();
        return new Binary(from, results, proto, op.name(), def, stride(block, from, 0, rt), stride(block, from, 1, rt));
    }

    /** {@link Block#stride}, but 1 for a result of one element (the one element is read either way). */
    private static int stride(Block block, int[] from, int i, RankedTensorType result) {
        int s = block.stride(from, i);
        return result.numElements() == 1 ? 1 : s;
    }

    /** What a block's earlier ops tell about a value, for reading it with stride 0. */
    interface Block {
        /**
         * The stride to read operand {@code i} with: 0 for a splat constant, and for a broadcast of one element,
         * whose operand {@code operands[i]} is then made to read instead (the broadcast may then be skipped); else 1.
         */
        int stride(int[] operands, int i);
    }

    /** Whether {@code op} is a splat {@code stablehlo.constant} of its result type. */
    static boolean isSplatConstant(Operation op) {
        return ConstantOp.is(op) && op.attr("value") instanceof DenseElementsAttr d && d.isSplat()
                && d.type().equals(op.result(0).type());
    }

    /** A static real or integer tensor type (not complex, not quantized): as {@link FusedElementwise} takes. */
    private static boolean plain(Type t) {
        return t instanceof RankedTensorType r && FusedElementwise.plain(r);
    }

    /** {@code reshape}: the operand's storage under the result type. */
    static final class Reshape extends Step {
        private final Tensor proto;

        Reshape(int[] operands, int[] results, Tensor proto) {
            super(operands, results);
            this.proto = proto;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            values[results[0]] = proto.sharing(tensor(0, values, outer));
        }
    }

    /** An element-wise unary op. */
    static final class Unary extends Step {
        final Tensor proto;
        final String name;
        final Elementwise.Def def;

        /** The op's {@link RealLoops#unary} number (f32 and f64), else -1. */
        final int realLoop;

        Unary(int[] operands, int[] results, Tensor proto, String name, Elementwise.Def def) {
            super(operands, results);
            this.proto = proto;
            this.name = name;
            this.def = def;
            this.realLoop = proto.floatKind == FloatKind.F32 || proto.floatKind == FloatKind.F64
                    ? RealLoops.unaryOf(def) : -1;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor r = proto.zerosLike();
            apply(tensor(0, values, outer), r);
            values[results[0]] = r;
        }

        /** Computes this op of {@code x} into {@code r} (of the result's type). */
        void apply(Tensor x, Tensor r) {
            if (realLoop >= 0) RealLoops.unary(realLoop, x.reals, r.reals, r.size, r.floatKind == FloatKind.F32);
            else Elementwise.applyRange(name, def, x, 0, 1, null, 0, 1, r, 0, r.size);
        }
    }

    /** An element-wise binary op; a splat constant operand is read with stride 0. */
    static final class Binary extends Step {
        final Tensor proto;
        final String name;
        final Elementwise.Def def;
        final int strideA;
        final int strideB;
        /** The op's {@link IntLoops} number (integer types, not i1), else -1. */
        final int intLoop;
        /** The op's {@link RealLoops} number, else -1. */
        final int realLoop;

        Binary(int[] operands, int[] results, Tensor proto, String name, Elementwise.Def def, int strideA,
               int strideB) {
            super(operands, results);
            this.proto = proto;
            this.name = name;
            this.def = def;
            this.strideA = strideA;
            this.strideB = strideB;
            boolean ints = proto.kind == Tensor.Kind.SINT || proto.kind == Tensor.Kind.UINT;
            this.intLoop = ints ? IntLoops.opOf(def) : -1;
            this.realLoop = proto.floatKind == FloatKind.F32 || proto.floatKind == FloatKind.F64 ? RealLoops.opOf(def)
                    : -1;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor a = tensor(0, values, outer);
            Tensor b = tensor(1, values, outer);
            Tensor r;
            if (intLoop >= 0 && proto.size == 1) {
                r = proto.withInts(new long[] {IntLoops.one(intLoop, a.ints[0], b.ints[0], proto)});
            } else if (intLoop >= 0) {
                r = proto.zerosLike();
                IntLoops.into(intLoop, a.ints, strideA, b.ints, strideB, r.ints, r.size, proto);
            } else if (realLoop >= 0) {
                r = proto.zerosLike();
                RealLoops.into(realLoop, a.reals, strideA, b.reals, strideB, r.reals, r.size,
                        proto.floatKind == FloatKind.F32);
            } else {
                r = proto.zerosLike();
                Elementwise.applyRange(name, def, a, 0, strideA, b, 0, strideB, r, 0, r.size);
            }
            values[results[0]] = r;
        }
    }

    /** {@code convert}. */
    static final class Convert extends Step {
        final Tensor proto;

        Convert(int[] operands, int[] results, Tensor proto) {
            super(operands, results);
            this.proto = proto;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor r = proto.zerosLike();
            Elementwise.convertRange(tensor(0, values, outer), 0, 1, r, 0, r.size);
            values[results[0]] = r;
        }
    }

    /** {@code compare}, its direction and type read once. */
    static final class Compare extends Step {
        final Tensor proto;
        final String direction;
        final String compareType;
        final int strideA;
        final int strideB;

        Compare(int[] operands, int[] results, Tensor proto, String direction, String compareType, int strideA,
                int strideB) {
            super(operands, results);
            this.proto = proto;
            this.direction = direction;
            this.compareType = compareType;
            this.strideA = strideA;
            this.strideB = strideB;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor r = proto.zerosLike();
            Elementwise.compareRange(tensor(0, values, outer), 0, strideA, tensor(1, values, outer), 0, strideB,
                    direction, compareType, r, 0, r.size);
            values[results[0]] = r;
        }
    }

    /** {@code select}, with a scalar or an element-wise predicate. */
    static final class Select extends Step {
        final Tensor proto;
        final boolean scalarPredicate;

        Select(int[] operands, int[] results, Tensor proto, boolean scalarPredicate) {
            super(operands, results);
            this.proto = proto;
            this.scalarPredicate = scalarPredicate;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor r = proto.zerosLike();
            select(tensor(0, values, outer), tensor(1, values, outer), tensor(2, values, outer), scalarPredicate, r);
            values[results[0]] = r;
        }

        /** {@code r[i] = p[i] != 0 ? t[i] : f[i]} ({@code p[0]} for every {@code i} with a scalar predicate). */
        static void select(Tensor p, Tensor t, Tensor f, boolean scalarPredicate, Tensor r) {
            long[] pred = p.ints;
            int ps = scalarPredicate ? 0 : 1;
            int n = r.size;
            if (r.ints != null) {
                long[] out = r.ints;
                for (int i = 0; i < n; i++) out[i] = pred[i * ps] != 0 ? t.ints[i] : f.ints[i];
            } else {
                double[] out = r.reals;
                for (int i = 0; i < n; i++) out[i] = pred[i * ps] != 0 ? t.reals[i] : f.reals[i];
            }
        }
    }

    /**
     * {@code broadcast_in_dim}, {@code transpose}, {@code slice}: result element {@code idx} is operand element
     * {@code base + sum(idx[d] * strides[d])}, the offsets worked out once ({@link ShapeOps#strided}).
     */
    static final class Affine extends Step {
        private final Tensor proto;
        private final int base;
        private final int[] strides;
        /** A broadcast of a single element: a fill. */
        final boolean fill;
        /** The type the result is given (a {@code reshape} of it merged into this step), or null. */
        private final Tensor view;

        Affine(int[] operands, int[] results, Tensor proto, int base, int[] strides, boolean fill) {
            this(operands, results, proto, base, strides, fill, null);
        }

        private Affine(int[] operands, int[] results, Tensor proto, int base, int[] strides, boolean fill,
                       Tensor view) {
            super(operands, results);
            this.proto = proto;
            this.base = base;
            this.strides = strides;
            this.fill = fill;
            this.view = view;
        }

        /** This step giving its result the type of {@code reshape} (its only user), in the reshape's place. */
        Affine reshapedBy(Step reshape) {
            return new Affine(operands, reshape.results, proto, base, strides, fill, ((Reshape) reshape).proto);
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor a = tensor(0, values, outer);
            Tensor as = view != null ? view : proto;
            Tensor r;
            if (proto.size == 1 && !fill) { // one element: copied without the general walk
                r = a.ints != null ? as.withInts(new long[] {a.ints[base]}) : as.withReals(new double[] {a.reals[base]});
            } else {
                r = proto.zerosLike();
                if (fill) {
                    if (r.ints != null) Arrays.fill(r.ints, a.ints[0]);
                    else Arrays.fill(r.reals, a.reals[0]);
                } else {
                    ShapeOps.stridedInto(r, a, base, strides);
                }
                if (view != null) r = view.sharing(r);
            }
            values[results[0]] = r;
        }
    }

    /** {@code func.call}: the callee's body run on the operand values, without argument and result lists. */
    private static final class Call extends Step {
        private final String callee;
        /**
         * The callee's body program, found on the first run (the same for every interpreter of the module: a
         * program depends only on its region; a racing first run finds the same one).
         */
        private RegionProgram body;

        Call(int[] operands, int[] results, String callee) {
            super(operands, results);
            this.callee = callee;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Object[] args = new Object[operands.length];
            for (int i = 0; i < args.length; i++) args[i] = value(i, values, outer);
            RegionProgram p = body;
            if (p == null) body = p = in.bodyOf(in.callee(callee));
            store(in.callArray(p, args), values);
        }

        void store(Object[] out, Object[] values) {
            if (out.length != results.length) {
                throw new InterpreterException("expected " + results.length + " results, got " + out.length);
            }
            for (int i = 0; i < out.length; i++) values[results[i]] = out[i];
        }
    }

    /** {@code while}: the condition and body programs run on the carried values, without lists. */
    private static final class While extends Step {
        private final Region cond;
        private final Region body;
        /** The regions' programs, found on the first run (as {@link Call#body}). */
        private RegionProgram condProgram;
        private RegionProgram bodyProgram;

        While(int[] operands, int[] results, Region cond, Region body) {
            super(operands, results);
            this.cond = cond;
            this.body = body;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Object[] vals = new Object[operands.length];
            for (int i = 0; i < vals.length; i++) vals[i] = value(i, values, outer);
            RegionProgram c = condProgram;
            RegionProgram b = bodyProgram;
            if (c == null || b == null) {
                condProgram = c = in.program(cond);
                bodyProgram = b = in.program(body);
            }
            while (true) {
                if (Interpreter.tensor(c.runArray(in, vals, scope)[0]).ints[0] == 0) break;
                vals = b.runArray(in, vals, scope);
            }
            for (int i = 0; i < vals.length; i++) values[results[i]] = vals[i];
        }
    }
}
