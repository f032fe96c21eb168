package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dominators;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;

/**
 * {@code --cse}: MLIR's common-subexpression elimination (mlir/lib/Transforms/CSE.cpp). It walks the regions of
 * the op it runs on with a scoped table of the ops seen so far: an op is replaced by an equivalent one that
 * dominates it, i.e. one earlier in its block, in a block that dominates its block, or in an enclosing region
 * (but not across an op isolated from above, whose regions start with an empty table). Only ops free of memory
 * effects ({@link Effects#memoryEffectFree}) are merged; ops whose results are unused and that have no effects are
 * erased on the way (MLIR's CSE does so too); terminators and ops with multi-block regions are left alone.
 *
 * <p>Two ops are equivalent (MLIR's {@code OperationEquivalence::isEquivalentTo}, ignoring locations) when they
 * have the same name, properties, attributes (discardable ones too), operands (of a commutative op, in any
 * order), result types and regions (block by block, op by op, with block arguments and nested results matched up).
 * When the kept op has an unknown location and the erased one has not, the kept op takes the erased op's location.
 * Ops that only read memory are not merged: stablehlo4j's op rows do not say which ops only read.
 */
public final class CsePass implements OpAgnosticPass {
    /** The command-line name. */
    public static final String NAME = "cse";
    /** What {@code --help} says of it (MLIR's summary). */
    public static final String DESCRIPTION = "Eliminate common sub-expressions";

    @Override
    public String name() { return NAME; }

    @Override
    public void runOn(Operation root, PassContext context) {
        new Run(context.context()).run(root);
    }

    /** One run's state. */
    private static final class Run {
        private final Context ctx;
        private final Predicate<Operation> deadIfUnused;
        private final Predicate<Operation> effectFree;
        private final Predicate<Operation> commutative;
        /** Ops marked for erasure, erased in this order at the end (nested ops before their parents). */
        private final List<Operation> toErase = new ArrayList<>();
        /** Every op entered in a table: such ops keep their operands (their hash must not change). */
        private final Set<Operation> known = Collections.newSetFromMap(new IdentityHashMap<>());

        Run(Context ctx) {
            this.ctx = ctx;
            this.deadIfUnused = Effects.triviallyDeadIfUnused(ctx);
            this.effectFree = Effects.memoryEffectFree(ctx);
            this.commutative = op -> hasTrait(op, OpTrait.COMMUTATIVE);
        }

        void run(Operation root) {
            ScopedTable table = new ScopedTable();
            for (Region region : root.regions()) simplifyRegion(table, region);
            for (Operation op : toErase) op.erase();
        }

        private OpDefinition def(Operation op) {
            return ctx.opDefinition(op.name());
        }

        private boolean hasTrait(Operation op, OpTrait trait) {
            OpDefinition d = def(op);
            return d != null && d.hasTrait(trait);
        }

        /** MLIR's {@code mightHaveTrait<IsIsolatedFromAbove>}: unregistered ops might be. */
        private boolean mightBeIsolated(Operation op) {
            OpDefinition d = def(op);
            return d == null || d.hasTrait(OpTrait.ISOLATED_FROM_ABOVE) || d.hasTrait(OpTrait.FUNCTION_LIKE);
        }

        /** Whether uses in {@code region} must follow their definitions (false in graph regions such as a module's). */
        private boolean hasSsaDominance(Region region) {
            Operation parent = region.parent();
            return parent == null || !hasTrait(parent, OpTrait.GRAPH_REGION);
        }

        private void simplifyRegion(ScopedTable table, Region region) {
            if (region.isEmpty()) return;
            boolean ssa = hasSsaDominance(region);
            if (region.numBlocks() == 1) {
                table.push();
                simplifyBlock(table, region.entry(), ssa);
                table.pop();
                return;
            }
            if (!ssa) return;
            // Walk the dominator tree depth first: a block sees the ops of the blocks that dominate it.
            Map<Block, List<Block>> children = dominatorChildren(region);
            record Frame(Block block, List<Block> children, int[] next) {}
            List<Frame> stack = new ArrayList<>();
            Block entry = region.entry();
            table.push();
            simplifyBlock(table, entry, true);
            stack.add(new Frame(entry, children.getOrDefault(entry, List.of()), new int[1]));
            while (!stack.isEmpty()) {
                Frame top = stack.get(stack.size() - 1);
                if (top.next()[0] < top.children().size()) {
                    Block child = top.children().get(top.next()[0]++);
                    table.push();
                    simplifyBlock(table, child, true);
                    stack.add(new Frame(child, children.getOrDefault(child, List.of()), new int[1]));
                } else {
                    table.pop();
                    stack.remove(stack.size() - 1);
                }
            }
        }

        private void simplifyBlock(ScopedTable table, Block block, boolean ssa) {
            for (Operation op = block.first(); op != null; op = op.next()) {
                if (op.numRegions() != 0) {
                    if (mightBeIsolated(op)) {
                        ScopedTable nested = new ScopedTable();
                        for (Region r : op.regions()) simplifyRegion(nested, r);
                    } else {
                        for (Region r : op.regions()) simplifyRegion(table, r);
                    }
                }
                simplifyOperation(table, op, ssa);
            }
        }

        private void simplifyOperation(ScopedTable table, Operation op, boolean ssa) {
            if (hasTrait(op, OpTrait.TERMINATOR)) return;
            if (!op.hasUses() && deadIfUnused.test(op)) {
                toErase.add(op);
                return;
            }
            for (Region r : op.regions()) if (r.numBlocks() > 1) return;
            if (!effectFree.test(op)) return;
            Key key = new Key(op, commutative);
            Operation existing = table.lookup(key);
            if (existing == null) {
                table.insert(key, op);
                known.add(op);
                return;
            }
            replaceUsesAndDelete(op, existing, ssa);
        }

        private void replaceUsesAndDelete(Operation op, Operation existing, boolean ssa) {
            if (ssa) {
                op.replaceAllUsesWith(existing);
                toErase.add(op);
            } else {
                // In a graph region a user may come first: ops already in the table keep their operands.
                for (int i = 0; i < op.numResults(); i++) {
                    op.result(i).replaceUsesWithIf(existing.result(i), use -> !known.contains(use.user()));
                }
                if (!op.hasUses()) toErase.add(op);
            }
            if (existing.location() instanceof Location.Unknown && !(op.location() instanceof Location.Unknown)) {
                existing.setLocation(op.location());
            }
        }
    }

    /** MLIR's {@code ScopedHashTable}: a stack of scopes; a lookup sees the innermost entry. */
    private static final class ScopedTable {
        private final List<Map<Key, Operation>> scopes = new ArrayList<>();

        void push() {
            scopes.add(new HashMap<>());
        }

        void pop() {
            scopes.remove(scopes.size() - 1);
        }

        Operation lookup(Key key) {
            for (int i = scopes.size() - 1; i >= 0; i--) {
                Operation op = scopes.get(i).get(key);
                if (op != null) return op;
            }
            return null;
        }

        void insert(Key key, Operation op) {
            scopes.get(scopes.size() - 1).put(key, op);
        }
    }

    /**
     * An op as a table key: MLIR's {@code OperationEquivalence::computeHash} (name, attributes, properties,
     * result types, operands; the operands of a commutative op hashed as a multiset; not regions) and
     * {@code isEquivalentTo} ignoring locations.
     */
    private static final class Key {
        final Operation op;
        final Predicate<Operation> commutative;
        final int hash;

        Key(Operation op, Predicate<Operation> commutative) {
            this.op = op;
            this.commutative = commutative;
            int h = Objects.hash(op.name(), op.attributes(), op.properties());
            for (OpResult r : op.results()) h = 31 * h + r.type().hashCode();
            if (commutative.test(op)) {
                int sum = 0;
                for (Value v : op.operands()) sum += v.hashCode();
                h = 31 * h + sum;
            } else {
                for (Value v : op.operands()) h = 31 * h + v.hashCode();
            }
            this.hash = h;
        }

        @Override
        public int hashCode() { return hash; }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key k)) return false;
            return k.op == op || (k.hash == hash && new Equivalence(commutative).ops(op, k.op));
        }
    }

    /** MLIR's {@code OperationEquivalence} with its value-equivalence cache, ignoring locations. */
    private static final class Equivalence {
        private final Predicate<Operation> commutative;
        private final Map<Value, Value> equivalent = new IdentityHashMap<>();

        Equivalence(Predicate<Operation> commutative) {
            this.commutative = commutative;
        }

        private boolean same(Value l, Value r) {
            return l == r || equivalent.get(l) == r;
        }

        /** Whether {@code lhs} and {@code rhs} are equivalent. */
        boolean ops(Operation lhs, Operation rhs) {
            if (lhs == rhs) return true;
            if (!lhs.attributes().equals(rhs.attributes())) return false;
            if (lhs.opName() != rhs.opName() || lhs.numRegions() != rhs.numRegions()
                    || lhs.numSuccessors() != rhs.numSuccessors() || lhs.numOperands() != rhs.numOperands()
                    || lhs.numResults() != rhs.numResults()) {
                return false;
            }
            if (!lhs.properties().equals(rhs.properties())) return false;
            if (commutative.test(lhs)) {
                if (!commutativeOperands(lhs.operands(), rhs.operands())) return false;
            } else {
                for (int i = 0; i < lhs.numOperands(); i++) {
                    Value l = lhs.operand(i);
                    Value r = rhs.operand(i);
                    if (l == r) continue;
                    if (!l.type().equals(r.type()) || !same(l, r)) return false;
                }
            }
            for (int i = 0; i < lhs.numResults(); i++) {
                if (!lhs.result(i).type().equals(rhs.result(i).type())) return false;
                equivalent.put(lhs.result(i), rhs.result(i));
            }
            for (int i = 0; i < lhs.numRegions(); i++) {
                if (!regions(lhs.region(i), rhs.region(i))) return false;
            }
            return true;
        }

        /** Operands equal in order, or else the same values in another order (after mapping nested results). */
        private boolean commutativeOperands(List<Value> lhs, List<Value> rhs) {
            int n = lhs.size();
            int i = 0;
            while (i < n && same(lhs.get(i), rhs.get(i))) i++;
            if (i == n) return true;
            List<Value> l = new ArrayList<>();
            List<Value> r = new ArrayList<>(rhs.subList(i, n));
            for (Value v : lhs.subList(i, n)) l.add(equivalent.getOrDefault(v, v));
            for (Value v : l) {
                boolean found = false;
                for (int j = 0; j < r.size(); j++) {
                    if (r.get(j) == v) {
                        r.remove(j);
                        found = true;
                        break;
                    }
                }
                if (!found) return false;
            }
            return true;
        }

        private boolean regions(Region lhs, Region rhs) {
            if (lhs.numBlocks() != rhs.numBlocks()) return false;
            Map<Block, Block> blocks = new IdentityHashMap<>();
            for (int b = 0; b < lhs.numBlocks(); b++) {
                Block lb = lhs.block(b);
                Block rb = rhs.block(b);
                if (lb.numArguments() != rb.numArguments()) return false;
                Block mapped = blocks.putIfAbsent(lb, rb);
                if (mapped != null && mapped != rb) return false;
                for (int a = 0; a < lb.numArguments(); a++) {
                    if (!lb.argument(a).type().equals(rb.argument(a).type())) return false;
                    equivalent.put(lb.argument(a), rb.argument(a));
                }
                if (lb.numOperations() != rb.numOperations()) return false;
                Operation lo = lb.first();
                Operation ro = rb.first();
                for (; lo != null; lo = lo.next(), ro = ro.next()) {
                    if (!ops(lo, ro)) return false;
                    for (int s = 0; s < lo.numSuccessors(); s++) {
                        Block prev = blocks.putIfAbsent(lo.successor(s), ro.successor(s));
                        if (prev != null && prev != ro.successor(s)) return false;
                    }
                }
            }
            return true;
        }
    }

    /** Each reachable block's children in the dominator tree of a multi-block region, in block order. */
    static Map<Block, List<Block>> dominatorChildren(Region region) {
        Map<Block, Block> idom = Dominators.immediate(region);
        Map<Block, List<Block>> children = new IdentityHashMap<>();
        for (Block b : region.blocks()) {
            Block parent = idom.get(b);
            if (parent != null && parent != b) children.computeIfAbsent(parent, k -> new ArrayList<>()).add(b);
        }
        return children;
    }
}
