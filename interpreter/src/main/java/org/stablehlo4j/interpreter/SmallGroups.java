package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.Value;

import java.util.Map;

/**
 * Element-wise ops on small tensors (of equal sizes, below a fused block: {@link RegionProgram#FUSE_MIN_ELEMENTS})
 * run as one {@link Steps.Step}: each member computes its whole result by the loop its own step would use, but
 * into a buffer of the running thread that is kept from run to run, unless the value is needed outside the group
 * (then it gets a new tensor, as the member's step would make). Per member there is no step dispatch, no value
 * slot traffic and no allocation; the elements and their roundings are exactly the members' steps' own.
 */
final class SmallGroups {
    private SmallGroups() {}

    /** Whether {@code step} may be a member: an element-wise step that computes its result from its operands. */
    static boolean member(Steps.Step step) {
        return step instanceof Steps.Binary || step instanceof Steps.Unary || step instanceof Steps.Compare
                || step instanceof Steps.Convert || step instanceof Steps.Select;
    }

    /** The result prototype of a member step. */
    static Tensor proto(Steps.Step step) {
        if (step instanceof Steps.Binary b) return b.proto;
        if (step instanceof Steps.Unary u) return u.proto;
        if (step instanceof Steps.Compare c) return c.proto;
        if (step instanceof Steps.Convert c) return c.proto;
        return ((Steps.Select) step).proto;
    }

    /** A group: its inputs are its {@link Steps.Step#operands}, its members' results go to their value numbers. */
    static final class Group extends Steps.Step {
        private final Steps.Step[] members;
        /** Per member, per operand: {@code >= 0} a member, else input {@code -1 - ref}. */
        private final int[][] refs;
        /** Per member: whether its value is needed outside the group (a new tensor per run). */
        private final boolean[] output;
        private final int size;
        /** Per thread: the members' kept buffers (null for outputs), then this run's member values. */
        private final ThreadLocal<Tensor[][]> buffers;

        Group(Steps.Step[] members, int[][] refs, int[] inputs, boolean[] output, int[] results, int size) {
            super(inputs, results);
            this.members = members;
            this.refs = refs;
            this.output = output;
            this.size = size;
            this.buffers = ThreadLocal.withInitial(() -> {
                Tensor[] kept = new Tensor[members.length];
                for (int m = 0; m < kept.length; m++) if (!output[m]) kept[m] = proto(members[m]).zerosLike();
                return new Tensor[][] {kept, new Tensor[members.length], new Tensor[operands.length]};
            });
        }

        /** How many ops the group runs. */
        int members() {
            return members.length;
        }

        private Tensor operand(int m, int i, Tensor[] current, Tensor[] inputs) {
            int ref = refs[m][i];
            return ref >= 0 ? current[ref] : inputs[-1 - ref];
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor[][] b = buffers.get();
            Tensor[] kept = b[0];
            Tensor[] current = b[1];
            Tensor[] inputs = b[2];
            for (int i = 0; i < inputs.length; i++) inputs[i] = tensor(i, values, outer);
            int n = size;
            for (int m = 0; m < members.length; m++) {
                Steps.Step s = members[m];
                Tensor r = output[m] ? proto(s).zerosLike() : kept[m];
                Tensor x = operand(m, 0, current, inputs);
                if (s instanceof Steps.Binary op) {
                    Tensor y = operand(m, 1, current, inputs);
                    if (op.intLoop >= 0) {
                        IntLoops.into(op.intLoop, x.ints, op.strideA, y.ints, op.strideB, r.ints, n, r);
                    } else if (op.realLoop >= 0) {
                        RealLoops.into(op.realLoop, x.reals, op.strideA, y.reals, op.strideB, r.reals, n,
                                r.floatKind == org.stablehlo4j.ir.FloatKind.F32);
                    } else {
                        Elementwise.applyRange(op.name, op.def, x, 0, op.strideA, y, 0, op.strideB, r, 0, n);
                    }
                } else if (s instanceof Steps.Unary op) {
                    Elementwise.applyRange(op.name, op.def, x, 0, 1, null, 0, 1, r, 0, n);
                } else if (s instanceof Steps.Compare op) {
                    Elementwise.compareRange(x, 0, op.strideA, operand(m, 1, current, inputs), 0, op.strideB,
                            op.direction, op.compareType, r, 0, n);
                } else if (s instanceof Steps.Convert) {
                    Elementwise.convertRange(x, 0, 1, r, 0, n);
                } else {
                    Steps.Select.select(x, operand(m, 1, current, inputs), operand(m, 2, current, inputs),
                            ((Steps.Select) s).scalarPredicate, r);
                }
                current[m] = r;
                if (output[m]) values[results[m]] = r;
            }
            java.util.Arrays.fill(current, null); // the run's values are not kept past it
            java.util.Arrays.fill(inputs, null);
        }
    }
}
