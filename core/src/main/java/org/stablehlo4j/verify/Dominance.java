package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Dominators;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * MLIR's dominance check of the verifier ({@code verifyDominanceOfContainedRegions} in mlir/lib/IR/Verifier.cpp,
 * {@code DominanceInfo} in mlir/lib/IR/Dominance.cpp): every operand of an op in a block reachable from its
 * region's entry must properly dominate the op. Within one block of a region with SSA dominance the definition
 * must come first; across blocks of one region the defining block must dominate the using block (a dominator
 * tree over the successor edges, built per region on demand); a use in a nested region is checked through the
 * ancestor of the user in the defining region. Graph regions (a predicate says which, e.g. a module's body)
 * accept any order within their block. The walk is iterative and does not enter ops isolated from above: those
 * are checked on their own, as upstream does.
 */
final class Dominance {
    private final Predicate<Region> graphRegion;
    private final Predicate<Operation> isolated;
    /** Per multi-block region: each reachable block's immediate dominator (the entry maps to itself). */
    private final Map<Region, Map<Block, Block>> trees = new IdentityHashMap<>();

    Dominance(Predicate<Region> graphRegion, Predicate<Operation> isolated) {
        this.graphRegion = graphRegion;
        this.isolated = isolated;
    }

    /** Checks the regions nested in {@code root} (not entering isolated ops); throws at the first bad use. */
    void verifyContainedRegions(Operation root) {
        List<Operation> worklist = new ArrayList<>();
        worklist.add(root);
        while (!worklist.isEmpty()) {
            Operation op = worklist.remove(worklist.size() - 1);
            for (Region region : op.regions()) {
                for (Block block : region.blocks()) {
                    boolean reachable = isReachable(block);
                    for (Operation user = block.first(); user != null; user = user.next()) {
                        if (reachable) {
                            for (int i = 0; i < user.numOperands(); i++) {
                                if (!properlyDominates(user.operand(i), user)) throw diagnose(user, i);
                            }
                        }
                        if (user.numRegions() != 0 && !isolated.test(user)) worklist.add(user);
                    }
                }
            }
        }
    }

    /** MLIR's {@code diagnoseInvalidOperandDominance}: the error and a note saying where the operand comes from. */
    private static VerificationError diagnose(Operation user, int operandNo) {
        VerificationError error = VerificationError.at(user.location(),
                "operand #" + operandNo + " does not dominate this use");
        Value operand = user.operand(operandNo);
        Block useBlock = user.parent();
        Region useRegion = useBlock.parent();
        if (operand instanceof OpResult result) {
            Operation def = result.owner();
            Block defBlock = def.parent();
            Region defRegion = defBlock == null ? null : defBlock.parent();
            String where;
            if (defBlock == useBlock) where = " (op in the same block)";
            else if (defRegion == useRegion) where = " (op in the same region)";
            else if (isProperAncestor(defRegion, useRegion)) where = " (op in a parent region)";
            else if (isProperAncestor(useRegion, defRegion)) where = " (op in a child region)";
            else where = " (op is neither in a parent nor in a child region)";
            return error.note(def.location(), "operand defined here" + where);
        }
        Block owner = ((BlockArgument) operand).owner();
        Region defRegion = owner.parent();
        Operation defOp = owner.parentOp();
        org.stablehlo4j.ir.Location loc = defOp == null ? org.stablehlo4j.ir.Location.UNKNOWN : defOp.location();
        if (defRegion == null) return error.note(loc, " (block without parent)");
        int index = defRegion.blocks().indexOf(owner);
        String where;
        if (defRegion == useRegion) where = " in the same region)";
        else if (isProperAncestor(defRegion, useRegion)) where = " in a parent region)";
        else if (isProperAncestor(useRegion, defRegion)) where = " in a child region)";
        else where = " neither in a parent nor in a child region)";
        return error.note(loc, "operand defined as a block argument (block #" + index + where);
    }

    /** Whether {@code ancestor} strictly encloses {@code region}. */
    private static boolean isProperAncestor(Region ancestor, Region region) {
        if (ancestor == null || region == null || ancestor == region) return false;
        for (Region r = parentRegion(region); r != null; r = parentRegion(r)) {
            if (r == ancestor) return true;
        }
        return false;
    }

    private static Region parentRegion(Region r) {
        Operation op = r.parent();
        Block b = op == null ? null : op.parent();
        return b == null ? null : b.parent();
    }

    /** MLIR's {@code DominanceInfo::properlyDominates(Value, Operation*)}. */
    private boolean properlyDominates(Value value, Operation user) {
        if (value instanceof BlockArgument arg) {
            Block owner = arg.owner();
            Block useBlock = user.parent();
            return owner != null && useBlock != null && (owner == useBlock || properlyDominates(owner, useBlock));
        }
        Operation def = ((OpResult) value).owner();
        if (def == user) return false;
        Block defBlock = def.parent();
        Region defRegion = defBlock == null ? null : defBlock.parent();
        if (defRegion == null) return false;
        Operation b = user;
        if (b.parent() == null || b.parent().parent() != defRegion) {
            b = ancestorOpIn(defRegion, user);
            if (b == null) return false;
        }
        Block useBlock = b.parent();
        if (defBlock == useBlock) {
            if (graphRegion.test(defRegion)) return true;
            return def != b && def.isBeforeInBlock(b);
        }
        return treeProperlyDominates(defRegion, defBlock, useBlock);
    }

    /** MLIR's {@code properlyDominates(Block*, Block*)}: {@code b} may sit in a region nested in {@code a}'s. */
    private boolean properlyDominates(Block a, Block b) {
        Region regionA = a.parent();
        if (a == b) return regionA != null && graphRegion.test(regionA);
        if (regionA == null) return false;
        if (b.parent() != regionA) {
            Block ancestor = null;
            for (Block cur = b; cur != null && cur.parent() != null; ) {
                if (cur.parent() == regionA) {
                    ancestor = cur;
                    break;
                }
                Operation parentOp = cur.parent().parent();
                cur = parentOp == null ? null : parentOp.parent();
            }
            if (ancestor == null) return false;
            if (ancestor == a) return true;
            b = ancestor;
        }
        return treeProperlyDominates(regionA, a, b);
    }

    /** The ancestor of {@code op} (or op itself) whose block lies directly in {@code region}, or null. */
    private static Operation ancestorOpIn(Region region, Operation op) {
        Operation cur = op;
        while (cur != null) {
            Block b = cur.parent();
            if (b == null) return null;
            if (b.parent() == region) return cur;
            cur = b.parentOp();
        }
        return null;
    }

    /** Whether {@code block} is its region's entry or reachable from it along successor edges. */
    private boolean isReachable(Block block) {
        Region region = block.parent();
        if (region == null || region.entry() == block) return true;
        return tree(region).containsKey(block);
    }

    /** Dominator-tree query for two different blocks of one region; an unreachable block is dominated by all. */
    private boolean treeProperlyDominates(Region region, Block a, Block b) {
        if (a == b) return false;
        Map<Block, Block> idom = tree(region);
        if (!idom.containsKey(b)) return true;
        if (!idom.containsKey(a)) return false;
        Block cur = b;
        while (true) {
            Block up = idom.get(cur);
            if (up == cur) return false;
            if (up == a) return true;
            cur = up;
        }
    }

    /** The immediate dominators of a region's reachable blocks ({@link Dominators}), computed once per region. */
    private Map<Block, Block> tree(Region region) {
        return trees.computeIfAbsent(region, Dominators::immediate);
    }
}
