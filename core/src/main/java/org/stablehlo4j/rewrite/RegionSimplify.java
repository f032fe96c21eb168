package org.stablehlo4j.rewrite;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;

/**
 * Region simplification as MLIR's {@code simplifyRegions} ({@code RegionUtils.cpp}) at its default level: erases
 * blocks unreachable from their region's entry block, then runs a liveness-based dead code elimination over the
 * regions (an op is live if it is not trivially dead, i.e. has effects or is a terminator, or if a live op uses
 * one of its results; the rest are erased, including use-def cycles of otherwise dead ops). Arguments of non-entry
 * blocks would be dropped when dead through the branch ops' successor operands (MLIR's {@code BranchOpInterface});
 * no loaded dialect declares such an interface, so their arguments stay (as MLIR keeps those of blocks reached by
 * other terminators). Block merging (MLIR's {@code aggressive} level) likewise needs every predecessor to be
 * such a branch op, so it never applies here and is not implemented.
 */
public final class RegionSimplify {
    private RegionSimplify() {}

    /**
     * Simplifies the regions of {@code root} (recursively).
     *
     * @param rewriter the rewriter erasing ops (its listener hears of them)
     * @param root the op whose regions are simplified
     * @param triviallyDeadIfUnused whether an op without uses may be erased (no effects, not a terminator)
     * @return whether anything changed
     */
    public static boolean simplify(PatternRewriter rewriter, Operation root,
                                   Predicate<Operation> triviallyDeadIfUnused) {
        boolean changed = eraseUnreachableBlocks(rewriter, root.regions());
        changed |= runRegionDce(rewriter, root, triviallyDeadIfUnused);
        return changed;
    }

    /**
     * Erases the blocks of {@code regions} (and of the regions nested in their reachable blocks) that cannot be
     * reached from their region's entry block.
     *
     * @param rewriter the rewriter erasing the blocks' ops
     * @param regions the regions
     * @return whether a block was erased
     */
    public static boolean eraseUnreachableBlocks(PatternRewriter rewriter, List<Region> regions) {
        boolean changed = false;
        ArrayDeque<Region> work = new ArrayDeque<>(regions);
        while (!work.isEmpty()) {
            Region region = work.pop();
            if (region.isEmpty()) continue;
            if (region.numBlocks() == 1) {
                for (Operation op = region.entry().first(); op != null; op = op.next()) work.addAll(op.regions());
                continue;
            }
            Set<Block> reachable = Collections.newSetFromMap(new IdentityHashMap<>());
            ArrayDeque<Block> blocks = new ArrayDeque<>();
            blocks.push(region.entry());
            reachable.add(region.entry());
            while (!blocks.isEmpty()) {
                Block b = blocks.pop();
                Operation t = b.terminator();
                if (t == null) continue;
                for (Block s : t.successors()) if (reachable.add(s)) blocks.push(s);
            }
            List<Block> dead = new ArrayList<>();
            for (Block b : region.blocks()) {
                if (reachable.contains(b)) {
                    for (Operation op = b.first(); op != null; op = op.next()) work.addAll(op.regions());
                } else {
                    dead.add(b);
                }
            }
            // Uses of their values can only be in other unreachable blocks: drop them all before erasing.
            for (Block b : dead) {
                for (Operation op = b.first(); op != null; op = op.next()) op.dropAllReferences();
            }
            for (Block b : dead) {
                while (b.last() != null) rewriter.eraseOp(b.last());
                region.remove(b);
                changed = true;
            }
        }
        return changed;
    }

    private static boolean runRegionDce(PatternRewriter rewriter, Operation root, Predicate<Operation> trivial) {
        // Liveness: seed the ops that are not trivially dead, propagate to the producers of their operands.
        Set<Operation> live = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Operation> work = new ArrayDeque<>();
        List<Operation> all = new ArrayList<>();
        for (Region r : root.regions()) {
            for (Block b : r.blocks()) {
                for (Operation op = b.first(); op != null; op = op.next()) op.walk(all::add);
            }
        }
        for (Operation op : all) {
            if (!trivial.test(op) && live.add(op)) work.push(op);
        }
        while (!work.isEmpty()) {
            Operation op = work.pop();
            for (Value v : op.operands()) {
                Operation d = v.definingOp();
                if (d != null && live.add(d)) work.push(d);
            }
        }
        List<Operation> dead = new ArrayList<>();
        for (Operation op : all) {
            if (live.contains(op)) continue;
            // Ops nested in a dead op go with it.
            Operation p = op.parentOp();
            boolean nestedInDead = false;
            for (; p != null && p != root; p = p.parentOp()) {
                if (!live.contains(p)) {
                    nestedInDead = true;
                    break;
                }
            }
            if (!nestedInDead) dead.add(op);
        }
        if (dead.isEmpty()) return false;
        // Only dead ops use dead values (cycles included): drop their references, then erase users first.
        for (Operation op : dead) op.dropAllReferences();
        for (int i = dead.size() - 1; i >= 0; i--) rewriter.eraseOp(dead.get(i));
        return true;
    }
}
