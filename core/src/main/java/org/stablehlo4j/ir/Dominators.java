package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dominance between the blocks of one region, over the successor edges of their terminators (MLIR's
 * {@code DominanceInfo} for one region): the verifier's dominance check and CSE's walk of the dominator tree
 * build on it.
 */
public final class Dominators {
    private Dominators() {}

    /**
     * The immediate dominator of each block of {@code region} reachable from its entry (Cooper, Harvey and
     * Kennedy's iterative algorithm over the reverse post order).
     *
     * @param region the region
     * @return each reachable block's immediate dominator, the entry mapped to itself; unreachable blocks are
     *     absent, and the map is empty for an empty region
     */
    public static Map<Block, Block> immediate(Region region) {
        Map<Block, Block> idom = new IdentityHashMap<>();
        List<Block> postOrder = postOrder(region);
        int n = postOrder.size();
        if (n == 0) return idom;
        Map<Block, Integer> rpo = new IdentityHashMap<>();
        for (int i = 0; i < n; i++) rpo.put(postOrder.get(i), n - 1 - i);
        Map<Block, List<Block>> preds = new IdentityHashMap<>();
        for (Block b : postOrder) {
            Operation term = b.terminator();
            if (term == null) continue;
            for (Block s : term.successors()) {
                if (rpo.containsKey(s)) preds.computeIfAbsent(s, k -> new ArrayList<>()).add(b);
            }
        }
        Block entry = region.entry();
        idom.put(entry, entry);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                Block b = postOrder.get(i);
                if (b == entry) continue;
                Block newIdom = null;
                for (Block p : preds.getOrDefault(b, List.of())) {
                    if (!idom.containsKey(p)) continue;
                    newIdom = newIdom == null ? p : intersect(p, newIdom, idom, rpo);
                }
                if (newIdom != null && idom.get(b) != newIdom) {
                    idom.put(b, newIdom);
                    changed = true;
                }
            }
        }
        return idom;
    }

    private static Block intersect(Block a, Block b, Map<Block, Block> idom, Map<Block, Integer> rpo) {
        while (a != b) {
            while (rpo.get(a) > rpo.get(b)) a = idom.get(a);
            while (rpo.get(b) > rpo.get(a)) b = idom.get(b);
        }
        return a;
    }

    /** The region's blocks reachable from its entry, in post order (iterative depth-first search). */
    private static List<Block> postOrder(Region region) {
        List<Block> out = new ArrayList<>();
        Block entry = region.entry();
        if (entry == null) return out;
        Map<Block, Boolean> seen = new IdentityHashMap<>();
        List<Block> stack = new ArrayList<>();
        List<Integer> next = new ArrayList<>();
        stack.add(entry);
        next.add(0);
        seen.put(entry, true);
        while (!stack.isEmpty()) {
            int top = stack.size() - 1;
            Block b = stack.get(top);
            Operation term = b.terminator();
            int i = next.get(top);
            if (term != null && i < term.numSuccessors()) {
                next.set(top, i + 1);
                Block s = term.successor(i);
                if (s.parent() == region && seen.putIfAbsent(s, true) == null) {
                    stack.add(s);
                    next.add(0);
                }
                continue;
            }
            stack.remove(top);
            next.remove(top);
            out.add(b);
        }
        return out;
    }
}
