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
        private static final int INT = 0, REAL = 1, BINARY = 2, UNARY = 3, COMPARE = 4, CONVERT = 5, SELECT = 6;
        /** An {@code or} of a {@code shift_left} and a {@code shift_right_logical} of one value (a rotation). */
        private static final int SHIFT_OR = 7;
        /** A member computed by another one (a shift folded into its {@code or}). */
        private static final int NONE = 8;

        private final Steps.Step[] members;
        /** Per member: its kind (above), result prototype, and for binary loops the loop number. */
        private final int[] kind;
        private final Tensor[] protos;
        private final int[] loop;
        /**
         * Per member, its operands 0, 1, 2 as indices into a run's values: the group's inputs first, then the
         * members' results ({@code inputs + member}); strides of operands 0 and 1 (1, or 0 for one element).
         */
        private final int[] refA;
        private final int[] refB;
        private final int[] refC;
        private final int[] strideA;
        private final int[] strideB;
        /** Per member: whether its value is needed outside the group (a new tensor per run). */
        private final boolean[] output;
        private final int size;
        /**
         * Per thread: the members' kept buffers (null for outputs), then a run's values (inputs, members; left in
         * place after the run: clearing them cost more than the tensors of one run kept reachable until the next).
         */
        private final ThreadLocal<Tensor[][]> buffers;

        Group(Steps.Step[] members, int[][] refs, int[] inputs, boolean[] output, int[] results, int size) {
            super(inputs, results);
            int count = members.length;
            this.members = members;
            this.output = output;
            this.size = size;
            kind = new int[count];
            protos = new Tensor[count];
            loop = new int[count];
            refA = new int[count];
            refB = new int[count];
            refC = new int[count];
            strideA = new int[count];
            strideB = new int[count];
            for (int m = 0; m < count; m++) {
                Steps.Step s = members[m];
                protos[m] = proto(s);
                strideA[m] = 1;
                strideB[m] = 1;
                if (s instanceof Steps.Binary op) {
                    kind[m] = op.intLoop >= 0 ? INT : op.realLoop >= 0 ? REAL : BINARY;
                    loop[m] = op.intLoop >= 0 ? op.intLoop : op.realLoop;
                    strideA[m] = op.strideA;
                    strideB[m] = op.strideB;
                } else if (s instanceof Steps.Compare op) {
                    kind[m] = COMPARE;
                    strideA[m] = op.strideA;
                    strideB[m] = op.strideB;
                } else {
                    kind[m] = s instanceof Steps.Unary ? UNARY : s instanceof Steps.Convert ? CONVERT : SELECT;
                }
                int[] r = refs[m];
                refA[m] = index(r, 0, inputs.length);
                refB[m] = index(r, 1, inputs.length);
                refC[m] = index(r, 2, inputs.length);
            }
            foldRotations(inputs.length);
            this.buffers = ThreadLocal.withInitial(() -> {
                Tensor[] kept = new Tensor[count];
                for (int m = 0; m < count; m++) if (!output[m]) kept[m] = protos[m].zerosLike();
                return new Tensor[][] {kept, new Tensor[inputs.length + count]};
            });
        }

        /** Operand {@code i}'s place in a run's values ({@code refs[i] >= 0}: a member; else an input), or 0. */
        private static int index(int[] refs, int i, int inputs) {
            if (i >= refs.length) return 0;
            return refs[i] >= 0 ? inputs + refs[i] : -1 - refs[i];
        }

        /**
         * Finds {@code or(shift_left(x, a), shift_right_logical(x, b))} on integers where both shifts are members
         * read by nothing else: the {@code or} computes all three ({@link IntLoops#shiftOr}), the shifts not at all.
         */
        private void foldRotations(int inputs) {
            int count = kind.length;
            int[] readers = new int[count];
            for (int m = 0; m < count; m++) {
                if (kind[m] == NONE) continue;
                for (int r : new int[] {refA[m], refB[m], refC[m]}) if (r >= inputs) readers[r - inputs]++;
            }
            // (refB/refC of members with fewer operands are 0, an input: not counted)
            for (int m = 0; m < count; m++) {
                if (kind[m] != INT || loop[m] != IntLoops.OR || refA[m] < inputs || refB[m] < inputs) continue;
                int p = refA[m] - inputs;
                int q = refB[m] - inputs;
                if (p == q || kind[p] != INT || kind[q] != INT || output[p] || output[q] || readers[p] != 1
                        || readers[q] != 1) {
                    continue;
                }
                if (loop[p] == IntLoops.SHRL && loop[q] == IntLoops.SHL) {
                    int t = p;
                    p = q;
                    q = t;
                }
                if (loop[p] != IntLoops.SHL || loop[q] != IntLoops.SHRL || refA[p] != refA[q] || strideA[p] != 1
                        || strideA[q] != 1) {
                    continue;
                }
                kind[m] = SHIFT_OR;
                refA[m] = refA[p];
                refB[m] = refB[p];
                strideA[m] = strideB[p]; // the left shift's amounts
                refC[m] = refB[q];
                strideB[m] = strideB[q]; // the right shift's amounts
                kind[p] = NONE;
                kind[q] = NONE;
            }
        }

        /** How many rotations the group computes in one loop each ({@link #foldRotations}). */
        int rotations() {
            int n = 0;
            for (int k : kind) if (k == SHIFT_OR) n++;
            return n;
        }

        /** How many ops the group runs. */
        int members() {
            return members.length;
        }

        @Override
        void run(Interpreter in, Object[] values, Object[] outer, Map<Value, Object> scope) {
            Tensor[][] b = buffers.get();
            Tensor[] kept = b[0];
            Tensor[] v = b[1];
            int base = operands.length;
            for (int i = 0; i < base; i++) v[i] = tensor(i, values, outer);
            int n = size;
            for (int m = 0; m < kind.length; m++) {
                Tensor r = output[m] ? protos[m].zerosLike() : kept[m];
                Tensor x = v[refA[m]];
                switch (kind[m]) {
                    case INT -> IntLoops.into(loop[m], x.ints, strideA[m], v[refB[m]].ints, strideB[m], r.ints, n, r);
                    case REAL -> RealLoops.into(loop[m], x.reals, strideA[m], v[refB[m]].reals, strideB[m], r.reals, n,
                            r.floatKind == org.stablehlo4j.ir.FloatKind.F32);
                    case BINARY -> {
                        Steps.Binary op = (Steps.Binary) members[m];
                        Elementwise.applyRange(op.name, op.def, x, 0, strideA[m], v[refB[m]], 0, strideB[m], r, 0, n);
                    }
                    case UNARY -> ((Steps.Unary) members[m]).apply(x, r);
                    case COMPARE -> {
                        Steps.Compare op = (Steps.Compare) members[m];
                        Elementwise.compareRange(x, 0, strideA[m], v[refB[m]], 0, strideB[m], op.direction,
                                op.compareType, r, 0, n);
                    }
                    case CONVERT -> Elementwise.convertRange(x, 0, 1, r, 0, n);
                    case SHIFT_OR -> IntLoops.shiftOr(x.ints, v[refB[m]].ints, strideA[m], v[refC[m]].ints, strideB[m],
                            r.ints, n, r);
                    case NONE -> { }
                    default -> Steps.Select.select(x, v[refB[m]], v[refC[m]], ((Steps.Select) members[m]).scalarPredicate,
                            r);
                }
                v[base + m] = r;
                if (output[m]) values[results[m]] = r;
            }
        }
    }
}
