package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A region's block prepared once for repeated runs (a while body per iteration, a reduce_window or sort body per
 * element): values are numbered, so a run keeps them in an {@code Object[]} indexed by value number instead of a
 * map; each op's evaluator, operand and result numbers and whether it computes on quantized values are looked up
 * once. Values the block uses from enclosing regions ("captures") are read from the caller's scope map at the
 * start of a run; an op with regions of its own gets the values of this block that its regions use written to
 * the scope map first, since nested regions read enclosing values from there.
 */
final class RegionProgram {
    /**
     * The system property that turns fusion of element-wise chains off when {@code false} (read when a region is
     * compiled; results are the same either way, only speed differs).
     */
    static final String FUSION_PROPERTY = "stablehlo4j.interpreter.fusion";

    /**
     * The system property that turns compiled steps ({@link Steps}) off when {@code false} (read when a region is
     * compiled; results are the same either way, only speed differs).
     */
    static final String STEPS_PROPERTY = "stablehlo4j.interpreter.steps";
    /**
     * Element-wise chains of fewer elements are not fused: below one block a fused group allocates as much as the
     * separate ops and costs more per run than their compiled steps.
     */
    static final int FUSE_MIN_ELEMENTS = FusedElementwise.BLOCK;

    /**
     * The most elements of an {@code iota} made once when a region is compiled instead of per run, and of a
     * constant that a nested region decodes for itself instead of reading it from the scope map.
     */
    static final int SMALL_CONSTANT = 4096;

    /** Whether {@code op} ends a block (compared by identity: hashing op definitions is deep). */
    private static boolean isTerminator(Operation op) {
        OpDefinition d = op.opName().definition();
        return d == ReturnOp.DEFINITION || d == org.stablehlo4j.dialect.func.ReturnOp.DEFINITION
                || d == org.stablehlo4j.dialect.sdy.ReturnOp.DEFINITION;
    }

    private final int numArguments;
    private final int numSlots;
    private final Operation[] ops;
    private final Interpreter.OpEval[] evals;
    private final boolean[] quantized;
    /**
     * Per op: for a (non-quantized) {@code stablehlo.constant}, its value decoded once and shared by every run (no
     * kernel writes into a tensor once it is made: results are new tensors, as a reshape's shares its operand's).
     */
    private final Tensor[] constants;
    /** Per op: the fused group it is the root of (null if none), and the value numbers of the group's inputs. */
    private final FusedElementwise[] fused;
    private final int[][] fusedInputs;
    /** Per op: whether it is a non-root member of a fused group (it runs inside its root's loop). */
    private final boolean[] inGroup;
    /** The ops a run runs, in block order (not constants, members of groups or skipped broadcasts). */
    private final int[] schedule;
    /** The ops whose values are decoded constants, stored into a run's values first. */
    private final int[] constantOps;
    /** Per op: whether it need not run (a broadcast every user of which reads the broadcast's operand). */
    private final boolean[] skipped;
    /** Per op: its compiled step ({@link Steps}), or null when its kernel runs. */
    private final Steps.Step[] steps;
    /** Whether a run needs a scope map (captures, ops with regions, or kernels that may run regions). */
    private final boolean needsScope;
    /** Per capture: its value when it is a small constant ({@link #smallConstant}), read without the scope map. */
    private final Tensor[] capturedConstants;
    /** Per op: its operands' value numbers; {@code -1 - c} is capture {@code c}. */
    private final int[][] operands;
    private final int[][] results;
    /** Per op with regions: the value numbers (and values) of this block its regions use, else null. */
    private final int[][] exported;
    private final Value[] slotValues;
    private final Value[] captures;
    /** The terminator and its operand numbers, or null if the block has none. */
    private final Operation terminator;
    private final int[] returned;

    private RegionProgram(Block block, Interpreter in) {
        Map<Value, Integer> slotOf = new IdentityHashMap<>();
        List<Value> slots = new ArrayList<>();
        List<Value> captured = new ArrayList<>();
        Map<Value, Integer> captureOf = new IdentityHashMap<>();
        numArguments = block.numArguments();
        for (int i = 0; i < numArguments; i++) {
            slotOf.put(block.argument(i), slots.size());
            slots.add(block.argument(i));
        }
        List<Operation> body = new ArrayList<>();
        Operation term = null;
        for (Operation op : block.operations()) {
            if (isTerminator(op)) {
                term = op;
                break;
            }
            body.add(op);
        }
        int n = body.size();
        ops = body.toArray(new Operation[0]);
        evals = new Interpreter.OpEval[n];
        quantized = new boolean[n];
        constants = new Tensor[n];
        operands = new int[n][];
        results = new int[n][];
        exported = new int[n][];
        steps = new Steps.Step[n];
        skipped = new boolean[n];
        java.util.Set<Integer> splatValues = new java.util.HashSet<>();
        // one-element broadcasts by result number: the op's index, its operand, the ops reading that instead
        Map<Integer, Fill> fills = new java.util.HashMap<>();
        int[] current = new int[1];
        Steps.Block known = (from, i) -> {
            int v = from[i];
            if (splatValues.contains(v)) return 0;
            Fill fill = fills.get(v);
            if (fill == null) return 1;
            from[i] = fill.operand;
            fill.readers.add(current[0]);
            return 0;
        };
        boolean scoped = false;
        boolean compileSteps = !"false".equals(System.getProperty(STEPS_PROPERTY));
        for (int k = 0; k < n; k++) {
            Operation op = ops[k];
            evals[k] = in.kernel(op);
            quantized[k] = Quantization.needsExpressedEvaluation(op);
            if (evals[k] != null && denseConstant(op) != null) {
                constants[k] = decode(denseConstant(op)); // null if not decodable: the kernel reports it
            } else if (!quantized[k] && evals[k] != null && IotaOp.is(op) && op.numResults() == 1
                    && op.result(0).type() instanceof RankedTensorType t && t.hasStaticShape()
                    && t.numElements() <= SMALL_CONSTANT) {
                // an iota has no operands: a small one is made once, like a constant
                try {
                    constants[k] = Interpreter.tensor(evals[k].eval(in, op, new Object[0], Map.of(), null).get(0));
                } catch (RuntimeException e) {
                    constants[k] = null; // the kernel reports it when the op runs
                }
            }
            operands[k] = numbers(op, slotOf, captureOf, captured);
            if (op.numRegions() > 0) exported[k] = usedInside(op, slotOf);
            results[k] = new int[op.numResults()];
            for (int i = 0; i < op.numResults(); i++) {
                results[k][i] = slots.size();
                slotOf.put(op.result(i), slots.size());
                slots.add(op.result(i));
            }
            if (constants[k] != null) {
                if (Steps.isSplatConstant(op)) splatValues.add(results[k][0]);
                continue;
            }
            if (!quantized[k] && evals[k] != null && compileSteps) {
                current[0] = k;
                steps[k] = Steps.of(op, operands[k], results[k], known);
                if (steps[k] instanceof Steps.Affine a && a.fill) {
                    fills.put(results[k][0], new Fill(k, a.operands[0], new ArrayList<>()));
                }
            }
            if (steps[k] == null || exported[k] != null && exported[k].length > 0) scoped = true;
        }
        fused = new FusedElementwise[n];
        fusedInputs = new int[n][];
        inGroup = new boolean[n];
        if (!"false".equals(System.getProperty(FUSION_PROPERTY))) fuse(slotOf, captureOf, captured);
        // a broadcast whose every use is a step reading the broadcast's operand instead need not run
        for (Fill fill : fills.values()) {
            int readers = 0;
            for (int r : fill.readers) if (!inGroup[r] && fused[r] == null) readers++;
            if (!inGroup[fill.op] && readers == ops[fill.op].result(0).uses().size()) skipped[fill.op] = true;
        }
        if (compileSteps) mergeReshapes();
        if (compileSteps && !"false".equals(System.getProperty(FUSION_PROPERTY))) groupSmall();
        terminator = term;
        returned = term == null ? null : numbers(term, slotOf, captureOf, captured);
        numSlots = slots.size();
        slotValues = slots.toArray(new Value[0]);
        captures = captured.toArray(new Value[0]);
        capturedConstants = new Tensor[captures.length];
        boolean scopedCaptures = false;
        for (int c = 0; c < captures.length; c++) {
            // (a small constant that cannot be decoded is never read: its own op fails first, in an enclosing block)
            if (smallConstant(captures[c])) capturedConstants[c] = decode(denseConstant(captures[c].definingOp()));
            if (capturedConstants[c] == null) scopedCaptures = true;
        }
        needsScope = scoped || scopedCaptures;
        List<Integer> run = new ArrayList<>();
        List<Integer> constant = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            if (constants[k] != null) constant.add(k);
            else if (!inGroup[k] && !skipped[k]) run.add(k);
        }
        schedule = run.stream().mapToInt(Integer::intValue).toArray();
        constantOps = constant.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Finds the fused groups ({@link FusedElementwise}): an element-wise op whose result has one use, by a later
     * element-wise op of this block with as many elements, runs inside that consumer's loop; an op that others run
     * inside of is a group's root.
     */
    private void fuse(Map<Value, Integer> slotOf, Map<Value, Integer> captureOf, List<Value> captured) {
        int n = ops.length;
        Map<Operation, Integer> index = new IdentityHashMap<>();
        for (int k = 0; k < n; k++) index.put(ops[k], k);
        boolean[] fusible = new boolean[n];
        boolean[] sink = new boolean[n];
        for (int k = 0; k < n; k++) {
            fusible[k] = !quantized[k] && evals[k] != null && FusedElementwise.fusible(ops[k]);
            sink[k] = !quantized[k] && evals[k] != null && FusedElementwise.sink(ops[k]);
        }
        int[] into = new int[n];
        java.util.Arrays.fill(into, -1);
        boolean any = false;
        for (int k = 0; k < n; k++) {
            if (!fusible[k] || !ops[k].result(0).hasOneUse()) continue;
            Value.Use use = ops[k].result(0).uses().get(0);
            Integer j = index.get(use.user());
            if (j == null || j <= k) continue;
            if (sink[j] && use.index() == 0) {
                into[k] = j; // the reduce folds this op's elements as they are computed
                inGroup[k] = true;
                any = true;
                continue;
            }
            if (!fusible[j] || !FusedElementwise.takesMemberOperand(ops[j], use.index())) continue;
            RankedTensorType a = (RankedTensorType) ops[k].result(0).type();
            RankedTensorType b = (RankedTensorType) ops[j].result(0).type();
            if (a.numElements() != b.numElements() || b.numElements() < FUSE_MIN_ELEMENTS) continue;
            into[k] = j;
            inGroup[k] = true;
            any = true;
        }
        if (!any) return;
        for (int root = 0; root < n; root++) {
            if (into[root] != -1 || !(fusible[root] || sink[root])) continue;
            List<Operation> members = new ArrayList<>();
            for (int k = 0; k < root; k++) if (rootOf(into, k) == root) members.add(ops[k]);
            if (members.isEmpty()) continue;
            FusedElementwise group;
            if (sink[root]) {
                group = FusedElementwise.of(members, ops[root]);
            } else {
                members.add(ops[root]);
                group = FusedElementwise.of(members);
            }
            int[] in = new int[group.inputs.length];
            for (int i = 0; i < in.length; i++) {
                Value v = group.inputs[i];
                Integer slot = slotOf.get(v);
                in[i] = slot != null ? slot : captureOf.get(v);
            }
            fused[root] = group;
            fusedInputs[root] = in;
        }
    }

    /** How many ops of this block run inside fused groups (members and roots). */
    int fusedOps() {
        int n = 0;
        for (FusedElementwise g : fused) if (g != null) n += g.members();
        return n;
    }

    /** How many ops of this block need not run (broadcasts whose users read the broadcast's operand). */
    int skippedOps() {
        int n = 0;
        for (boolean s : skipped) if (s) n++;
        return n;
    }

    /**
     * A {@code reshape} of the result of a {@code slice}, {@code transpose} or {@code broadcast_in_dim} step that
     * has no other user is done by that step (the data movement's new tensor is given the reshape's type).
     */
    private void mergeReshapes() {
        Map<Integer, Integer> producer = new java.util.HashMap<>();
        for (int k = 0; k < ops.length; k++) for (int r : results[k]) producer.put(r, k);
        for (int k = 0; k < ops.length; k++) {
            if (!(steps[k] instanceof Steps.Reshape) || inGroup[k] || fused[k] != null || skipped[k]) continue;
            Integer p = producer.get(operands[k][0]);
            if (p == null || !(steps[p] instanceof Steps.Affine a) || skipped[p] || inGroup[p] || fused[p] != null
                    || !ops[p].result(0).hasOneUse()) {
                continue;
            }
            steps[p] = a.reshapedBy(steps[k]);
            skipped[k] = true;
        }
    }

    /**
     * Gathers element-wise steps on small tensors of one size into {@link SmallGroups.Group}s, each run where its
     * last member is: in block order, a step joins the open group when its size is the group's; an op that reads a
     * member's value (directly or inside its regions) closes the group first, so it runs after the group. Ops
     * between members that read no member run before the group (all ops here are free of side effects on values).
     */
    private void groupSmall() {
        List<Integer> group = new ArrayList<>();
        Set<Integer> memberValues = new java.util.HashSet<>();
        long groupSize = -1;
        for (int k = 0; k < ops.length; k++) {
            if (constants[k] != null || skipped[k] || inGroup[k]) continue;
            long size = -1;
            if (fused[k] == null && SmallGroups.member(steps[k])) {
                size = ((RankedTensorType) ops[k].result(0).type()).numElements();
                if (size < 2 || size >= FUSE_MIN_ELEMENTS) size = -1;
            }
            if (size > 0 && (group.isEmpty() || size == groupSize)) {
                group.add(k);
                memberValues.add(results[k][0]);
                groupSize = size;
                continue;
            }
            if (!group.isEmpty() && (size > 0 || reads(k, memberValues))) {
                closeGroup(group, (int) groupSize);
                group.clear();
                memberValues.clear();
            }
            if (size > 0) {
                group.add(k);
                memberValues.add(results[k][0]);
                groupSize = size;
            }
        }
        if (!group.isEmpty()) closeGroup(group, (int) groupSize);
    }

    /** Whether op {@code k} reads one of {@code values} (as an operand, or inside its regions). */
    private boolean reads(int k, Set<Integer> values) {
        for (int v : fused[k] != null ? fusedInputs[k] : operands[k]) if (values.contains(v)) return true;
        if (exported[k] != null) for (int v : exported[k]) if (values.contains(v)) return true;
        return false;
    }

    /** Makes {@code group} (op indices in block order) one step at its last member, if it has two members or more. */
    private void closeGroup(List<Integer> group, int size) {
        if (group.size() < 2) return;
        int count = group.size();
        Set<Operation> memberOps = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Map<Integer, Integer> memberOf = new java.util.HashMap<>();
        for (int m = 0; m < count; m++) {
            memberOps.add(ops[group.get(m)]);
            memberOf.put(results[group.get(m)][0], m);
        }
        Steps.Step[] members = new Steps.Step[count];
        int[][] refs = new int[count][];
        boolean[] output = new boolean[count];
        int[] memberResults = new int[count];
        List<Integer> inputs = new ArrayList<>();
        for (int m = 0; m < count; m++) {
            int k = group.get(m);
            members[m] = steps[k];
            memberResults[m] = results[k][0];
            int[] from = steps[k].operands;
            refs[m] = new int[from.length];
            for (int i = 0; i < from.length; i++) {
                Integer member = memberOf.get(from[i]);
                if (member != null && member < m) {
                    refs[m][i] = member;
                } else {
                    int at = inputs.indexOf(from[i]);
                    if (at < 0) {
                        at = inputs.size();
                        inputs.add(from[i]);
                    }
                    refs[m][i] = -1 - at;
                }
            }
            for (Value.Use use : ops[k].result(0).uses()) if (!memberOps.contains(use.user())) output[m] = true;
        }
        int last = group.get(count - 1);
        output[count - 1] = true; // the group's last value is always made (it stands for the step's own result)
        for (int m = 0; m < count - 1; m++) inGroup[group.get(m)] = true; // run by the group step
        steps[last] = new SmallGroups.Group(members, refs, inputs.stream().mapToInt(Integer::intValue).toArray(),
                output, memberResults, size);
    }

    /** What a run of this block runs, for a look at a plan: per scheduled op its name, or its group's size. */
    String describe() {
        StringBuilder b = new StringBuilder();
        for (int k : schedule) {
            b.append(steps[k] instanceof SmallGroups.Group g ? "group(" + g.members()
                    + (g.rotations() > 0 ? ", " + g.rotations() + " rotations" : "") + ")"
                    : ops[k].name().substring(ops[k].name().indexOf('.') + 1) + (steps[k] == null ? "*" : ""));
            b.append(' ');
        }
        return b.toString().trim();
    }

    /** How many ops of this block run inside small groups ({@link SmallGroups}). */
    int groupedOps() {
        int n = 0;
        for (Steps.Step s : steps) if (s instanceof SmallGroups.Group g) n += g.members();
        return n;
    }

    /** A broadcast of one element (op {@code op}) and the ops whose steps read its {@code operand} instead. */
    private record Fill(int op, int operand, List<Integer> readers) {}

    private static int rootOf(int[] into, int k) {
        if (into[k] == -1) return -1;
        while (into[k] != -1) k = into[k];
        return k;
    }

    /** The program of {@code region}'s entry block (which must exist), with the kernels of {@code in}. */
    static RegionProgram compile(Region region, Interpreter in) {
        return new RegionProgram(region.entry(), in);
    }

    static int[] numbers(Operation op, Map<Value, Integer> slotOf, Map<Value, Integer> captureOf,
                                 List<Value> captured) {
        int[] out = new int[op.numOperands()];
        for (int i = 0; i < out.length; i++) {
            Value v = op.operand(i);
            Integer s = slotOf.get(v);
            if (s == null) {
                s = captureOf.get(v);
                if (s == null) {
                    s = -1 - captured.size();
                    captureOf.put(v, s);
                    captured.add(v);
                }
            }
            out[i] = s;
        }
        return out;
    }

    /**
     * The value of {@code op} when it is a (not quantized) {@code stablehlo.constant} of a dense value of its own
     * ranked type, else null.
     */
    private static DenseElementsAttr denseConstant(Operation op) {
        return op != null && ConstantOp.is(op) && op.numResults() == 1 && !Quantization.needsExpressedEvaluation(op)
                && op.attr("value") instanceof DenseElementsAttr d && d.type() instanceof RankedTensorType
                && d.type().equals(op.result(0).type()) ? d : null;
    }

    /** {@code d} as a tensor, or null if it cannot be decoded here (the constant's kernel then reports it). */
    private static Tensor decode(DenseElementsAttr d) {
        try {
            return Tensor.fromAttr(d);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether {@code v} is a small constant (at most {@link #SMALL_CONSTANT} elements) that a region using it from
     * outside decodes for itself when compiled, instead of reading it from the scope map at each run. Larger ones
     * are passed down, so a region does not hold a second copy of a large constant.
     */
    private static boolean smallConstant(Value v) {
        DenseElementsAttr d = denseConstant(v.definingOp());
        return d != null && ((RankedTensorType) d.type()).numElements() <= SMALL_CONSTANT;
    }

    /** The value numbers of this block's values (but constants) used anywhere inside {@code op}'s regions. */
    private static int[] usedInside(Operation op, Map<Value, Integer> slotOf) {
        Set<Integer> used = new LinkedHashSet<>();
        collect(op, slotOf, used);
        return used.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void collect(Operation op, Map<Value, Integer> slotOf, Set<Integer> used) {
        for (int r = 0; r < op.numRegions(); r++) {
            for (Block b : op.region(r).blocks()) {
                for (Operation inner : b.operations()) {
                    for (int i = 0; i < inner.numOperands(); i++) {
                        Integer s = slotOf.get(inner.operand(i));
                        // a small constant is not passed down: the region's program decodes it itself
                        if (s != null && !smallConstant(inner.operand(i))) used.add(s);
                    }
                    collect(inner, slotOf, used);
                }
            }
        }
    }

    /** Runs the block with {@code args} bound to its arguments; returns the terminator's operands. */
    List<Object> run(Interpreter in, List<Object> args, Map<Value, Object> scope) {
        return List.of(runArray(in, args.toArray(), scope));
    }

    private static final Object[] NONE = new Object[0];

    /**
     * {@link #run} on an argument array; returns the terminator's operands. {@code scope} may be null when the
     * caller has none (a function body): a map is made if this block needs one.
     */
    Object[] runArray(Interpreter in, Object[] args, Map<Value, Object> scope) {
        if (args.length != numArguments) {
            throw new InterpreterException("expected " + numArguments + " arguments, got " + args.length);
        }
        Object[] values = new Object[numSlots];
        System.arraycopy(args, 0, values, 0, numArguments);
        if (scope == null && needsScope) scope = new java.util.HashMap<>();
        Object[] outer = captures.length == 0 ? NONE : new Object[captures.length];
        for (int c = 0; c < outer.length; c++) {
            outer[c] = capturedConstants[c] != null ? capturedConstants[c] : scope.get(captures[c]);
        }
        for (int k : constantOps) values[results[k][0]] = constants[k];
        for (int k : schedule) {
            Operation op = ops[k];
            int[] export = exported[k];
            if (export != null) for (int s : export) if (values[s] != null) scope.put(slotValues[s], values[s]);
            FusedElementwise group = fused[k];
            Steps.Step step = steps[k];
            if (step != null && group == null) {
                try {
                    step.run(in, values, outer, scope);
                } catch (InterpreterException e) {
                    throw e.at(op.location());
                } catch (RuntimeException e) {
                    throw new InterpreterException("error evaluating " + op.name() + ": " + e).at(op.location());
                }
                continue;
            }
            Object[] operandValues = fetch(group != null ? fusedInputs[k] : operands[k], values, outer, op);
            Interpreter.OpEval eval = evals[k];
            if (eval == null) throw new InterpreterException("Unsupported op: " + op.name()).at(op.location());
            List<Object> out;
            try {
                out = group != null ? List.of(group.run(operandValues))
                        : quantized[k] ? Quantization.evaluate(in, op, eval, operandValues, scope)
                        : eval.eval(in, op, operandValues, scope, null);
            } catch (InterpreterException e) {
                throw e.at(op.location());
            } catch (RuntimeException e) {
                throw new InterpreterException("error evaluating " + op.name() + ": " + e).at(op.location());
            }
            int[] res = results[k];
            for (int i = 0; i < res.length; i++) values[res[i]] = out.get(i);
        }
        if (returned == null) throw new InterpreterException("block has no terminator");
        return fetch(returned, values, outer, terminator);
    }

    private static Object[] fetch(int[] numbers, Object[] values, Object[] outer, Operation op) {
        Object[] out = new Object[numbers.length];
        for (int i = 0; i < out.length; i++) {
            int s = numbers[i];
            Object v = s >= 0 ? values[s] : outer[-1 - s];
            if (v == null) {
                throw new InterpreterException("value used before definition in " + op.name());
            }
            out[i] = v;
        }
        return out;
    }
}
