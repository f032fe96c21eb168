package org.stablehlo4j.rewrite;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;

/**
 * Applies patterns to the ops nested in a root op until nothing changes, as MLIR's
 * {@code applyPatternsGreedily} ({@code GreedyPatternRewriteDriver.cpp}) does:
 * <ol>
 * <li>Seed a worklist with every op nested in the root: post-order (bottom-up; popping from the back then visits
 * users before producers), or pre-order reversed (top-down). Each op is queued at most once, followed by those of its ancestors below the root not queued yet; erased ops are
 * nulled out. With {@link Config#cseConstants}, constant ops met while seeding are handed to the
 * {@link OperationFolder} instead ({@link OperationFolder#insertKnownConstant}): deduplicated and hoisted to the
 * start of the entry block of the nearest isolated-from-above region.</li>
 * <li>Pop from the back. Erase the op if it is trivially dead (no uses and {@link Config#isPure} holds); else, with
 * {@link Config#fold}, fold it through its row's {@link org.stablehlo4j.ir.Folder} (constant-like ops excepted),
 * materializing attribute results as uniqued constants ({@link OperationFolder#tryToFold}); else try the patterns
 * for its name by decreasing benefit, with the rewriter's insertion point before the op.</li>
 * <li>The rewriter's notifications re-queue new ops, modified ops (users of replaced values among them) and the
 * defining ops of the operands of erased ops that are left with at most one other user.</li>
 * <li>After each sweep, simplify the regions ({@link Config#regionSimplify}, {@link RegionSimplify}).</li>
 * <li>Rescan until an iteration changes nothing or {@link Config#maxIterations} is reached.</li>
 * </ol>
 */
public final class GreedyRewriteDriver {
    /** No limit for {@link Config#maxRewrites} / {@link Config#maxIterations}. */
    public static final int NO_LIMIT = -1;

    /** How much region simplification runs after each sweep (MLIR's {@code GreedySimplifyRegionLevel}). */
    public enum RegionSimplification {
        /** None. */
        DISABLED,
        /** Unreachable blocks and dead code ({@link RegionSimplify}). */
        NORMAL,
        /**
         * {@link #NORMAL} plus, in MLIR, merging identical blocks and dropping redundant block arguments. Both only
         * apply to blocks whose predecessors all end in a {@code BranchOpInterface} op, which no dialect here
         * declares, so this level does what {@link #NORMAL} does.
         */
        AGGRESSIVE
    }

    /**
     * The driver's settings (MLIR's {@code GreedyRewriteConfig}).
     *
     * @param topDown        seed in pre-order (reversed) instead of post-order
     * @param maxIterations  rescans at most (MLIR's default 10), or {@link #NO_LIMIT}
     * @param maxRewrites    successful pattern applications per iteration at most, or {@link #NO_LIMIT}
     * @param fold           whether to call the ops' folders
     * @param cseConstants   whether to deduplicate and hoist constants met while seeding the worklist
     * @param regionSimplify the region simplification run after each sweep
     * @param isPure         whether an op may be erased when unused (no side effects, not a terminator); the
     *                       default reads the op rows' traits ({@link TriviallyDead#ifUnused(Operation)})
     * @param listener       told about every change as well (may be null)
     */
    public record Config(boolean topDown, int maxIterations, int maxRewrites, boolean fold, boolean cseConstants,
                         RegionSimplification regionSimplify, Predicate<Operation> isPure,
                         PatternRewriter.Listener listener) {
        /**
         * MLIR's defaults: bottom-up, 10 iterations, folding, constant CSE, normal region simplification, erasure
         * of trivially dead ops.
         */
        public static final Config DEFAULT = new Config(false, 10, NO_LIMIT, true, true,
                RegionSimplification.NORMAL, TriviallyDead::ifUnused, null);

        /** Fills in defaults for null arguments. */
        public Config {
            if (isPure == null) isPure = TriviallyDead::ifUnused;
            if (regionSimplify == null) regionSimplify = RegionSimplification.DISABLED;
        }

        /**
         * A copy with {@link #topDown} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withTopDown(boolean v) { return new Config(v, maxIterations, maxRewrites, fold, cseConstants, regionSimplify, isPure, listener); }
        /**
         * A copy with {@link #maxIterations} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withMaxIterations(int v) { return new Config(topDown, v, maxRewrites, fold, cseConstants, regionSimplify, isPure, listener); }
        /**
         * A copy with {@link #maxRewrites} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withMaxRewrites(int v) { return new Config(topDown, maxIterations, v, fold, cseConstants, regionSimplify, isPure, listener); }
        /**
         * A copy with {@link #fold} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withFold(boolean v) { return new Config(topDown, maxIterations, maxRewrites, v, cseConstants, regionSimplify, isPure, listener); }
        /**
         * A copy with {@link #cseConstants} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withCseConstants(boolean v) { return new Config(topDown, maxIterations, maxRewrites, fold, v, regionSimplify, isPure, listener); }
        /**
         * A copy with {@link #regionSimplify} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withRegionSimplify(RegionSimplification v) { return new Config(topDown, maxIterations, maxRewrites, fold, cseConstants, v, isPure, listener); }
        /**
         * A copy with {@link #isPure} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withIsPure(Predicate<Operation> v) { return new Config(topDown, maxIterations, maxRewrites, fold, cseConstants, regionSimplify, v, listener); }
        /**
         * A copy with {@link #listener} set.
         *
         * @param v the value
         * @return the copy
         */
        public Config withListener(PatternRewriter.Listener v) { return new Config(topDown, maxIterations, maxRewrites, fold, cseConstants, regionSimplify, isPure, v); }
    }

    private final PatternSet patterns;
    private final Config config;
    private final List<Operation> worklist = new ArrayList<>();
    private final Map<Operation, Integer> positions = new IdentityHashMap<>();
    private final PatternRewriter rewriter;
    private final OperationFolder folder;
    private Operation root;

    private GreedyRewriteDriver(PatternSet patterns, Config config) {
        this.patterns = patterns;
        this.config = config;
        this.rewriter = new PatternRewriter(new Listener());
        this.folder = new OperationFolder(rewriter);
    }

    /**
     * Applies the patterns to the ops nested in {@code root} (not to root itself).
     *
     * @param root the op whose regions are rewritten
     * @param patterns the patterns
     * @param config the settings
     * @return true if it converged
     */
    public static boolean apply(Operation root, PatternSet patterns, Config config) {
        GreedyRewriteDriver d = new GreedyRewriteDriver(patterns, config);
        d.root = root;
        return d.run();
    }

    /**
     * {@link #apply} with {@link Config#DEFAULT}.
     *
     * @param root the op whose regions are rewritten
     * @param patterns the patterns
     * @return true if it converged
     */
    public static boolean apply(Operation root, PatternSet patterns) {
        return apply(root, patterns, Config.DEFAULT);
    }

    private boolean run() {
        int iteration = 0;
        boolean changed;
        do {
            worklist.clear();
            positions.clear();
            if (!config.topDown()) {
                for (Region r : root.regions()) {
                    for (Block b : r.blocks()) {
                        for (Operation op = b.first(); op != null; ) {
                            Operation next = op.next();
                            op.walk(o -> {
                                if (!knownConstant(o)) add(o);
                            });
                            op = next;
                        }
                    }
                }
            } else {
                for (Region r : root.regions()) {
                    for (Block b : r.blocks()) {
                        for (Operation op = b.first(); op != null; ) {
                            Operation next = op.next();
                            op.walk(WalkOrder.PRE_ORDER, o -> {
                                if (knownConstant(o)) return WalkResult.SKIP;
                                add(o);
                                return WalkResult.ADVANCE;
                            });
                            op = next;
                        }
                    }
                }
                reverseWorklist();
            }
            changed = processWorklist();
            if (config.regionSimplify() != RegionSimplification.DISABLED) {
                changed |= RegionSimplify.simplify(rewriter, root, config.isPure());
            }
        } while (changed && (config.maxIterations() == NO_LIMIT || ++iteration < config.maxIterations()));
        return !changed;
    }

    /** Hands a constant op to the folder while seeding; true if it is not to be queued (adopted or erased). */
    private boolean knownConstant(Operation op) {
        if (!config.cseConstants() || op == root || op.parent() == null) return false;
        Attribute value = OperationFolder.constantValue(op);
        return value != null && !folder.insertKnownConstant(op, value);
    }

    private void reverseWorklist() {
        java.util.Collections.reverse(worklist);
        for (int i = 0; i < worklist.size(); i++) positions.put(worklist.get(i), i);
    }

    /**
     * MLIR's {@code addToWorklist}: queues {@code op} and then each of its ancestors below the root that is not
     * queued yet (so an op with regions is also revisited after a change inside them); nothing when {@code op} is
     * not nested in the root.
     */
    private void add(Operation op) {
        List<Operation> chain = new ArrayList<>(2);
        for (Operation o = op; o != root; o = o.parentOp()) {
            if (o == null) return;
            chain.add(o);
        }
        for (Operation o : chain) {
            if (positions.containsKey(o)) continue;
            positions.put(o, worklist.size());
            worklist.add(o);
        }
    }

    private void remove(Operation op) {
        Integer i = positions.remove(op);
        if (i != null) worklist.set(i, null);
    }

    private Operation pop() {
        while (!worklist.isEmpty()) {
            Operation op = worklist.remove(worklist.size() - 1);
            if (op != null) {
                positions.remove(op);
                return op;
            }
        }
        return null;
    }

    private boolean processWorklist() {
        boolean changed = false;
        int rewrites = 0;
        while (config.maxRewrites() == NO_LIMIT || rewrites < config.maxRewrites()) {
            Operation op = pop();
            if (op == null) break;
            if (!op.hasUses() && config.isPure().test(op)) {
                rewriter.eraseOp(op);
                changed = true;
                continue;
            }
            rewriter.setInsertionPoint(op);
            if (config.fold() && fold(op)) {
                changed = true;
                continue;
            }
            for (RewritePattern p : patterns.forOp(op.name())) {
                if (p.matchAndRewrite(op, rewriter)) {
                    changed = true;
                    rewrites++;
                    break;
                }
            }
        }
        return changed;
    }

    private boolean fold(Operation op) {
        // Constant ops fold to their own value: folding them would re-materialize them forever.
        if (!folder.isFolderOwnedConstant(op) && OperationFolder.constantValue(op) != null) return false;
        Boolean r = folder.tryToFold(op);
        if (r == null) return false;
        if (r) listener().modified(op);
        return true;
    }

    private PatternRewriter.Listener listener() { return (PatternRewriter.Listener) rewriter.listener(); }

    /** Re-queues what a change affects, then tells the user's listener. */
    private final class Listener implements PatternRewriter.Listener {
        @Override
        public void inserted(Operation op) {
            add(op);
            if (config.listener() != null) config.listener().inserted(op);
        }

        @Override
        public void modified(Operation op) {
            add(op);
            if (config.listener() != null) config.listener().modified(op);
        }

        @Override
        public void replaced(Operation op, List<? extends Value> with) {
            if (config.listener() != null) config.listener().replaced(op, with);
        }

        @Override
        public void erased(Operation op) {
            folder.notifyRemoval(op);
            if (config.listener() != null) config.listener().erased(op);
            addOperandsToWorklist(op);
            remove(op);
        }

        @Override
        public void matchFailure(Operation op, String reason) {
            if (config.listener() != null) config.listener().matchFailure(op, reason);
        }
    }

    /** Queues the producers of {@code op}'s operands that have at most one user besides {@code op}. */
    private void addOperandsToWorklist(Operation op) {
        for (Value v : op.operands()) {
            Operation def = v.definingOp();
            if (def == null) continue;
            Operation other = null;
            boolean more = false;
            for (Value.Use u : v.uses()) {
                Operation user = u.user();
                if (user == op || user == other) continue;
                if (other == null) {
                    other = user;
                    continue;
                }
                more = true;
                break;
            }
            if (!more) add(def);
        }
    }

}
