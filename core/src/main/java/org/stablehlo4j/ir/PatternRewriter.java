package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * An {@link OpBuilder} through which patterns change the IR (MLIR's {@code PatternRewriter}): every change goes
 * through one of its methods, which report it to the {@link Listener} (a rewrite driver re-queues what is
 * affected). Changing the IR behind the rewriter's back leaves the driver unaware of it.
 */
public class PatternRewriter extends OpBuilder {
    /** Told about every change; {@code erased} comes before the op is erased (operands still attached). */
    public interface Listener extends OpBuilder.Listener {
        /**
         * Called after {@code op} was changed in place.
         *
         * @param op the op
         */
        default void modified(Operation op) {}

        /**
         * Called before {@code op} is erased.
         *
         * @param op the op
         */
        default void erased(Operation op) {}

        /**
         * {@code op}'s results are about to be replaced by {@code with}.
         *
         * @param op the op being replaced
         * @param with the replacement values
         */
        default void replaced(Operation op, List<? extends Value> with) {}

        /**
         * Called when a pattern reports why it did not apply.
         *
         * @param op the op it was tried on
         * @param reason why not
         */
        default void matchFailure(Operation op, String reason) {}
    }

    /** A rewriter without a listener. */
    public PatternRewriter() {}

    /**
     * A rewriter that reports to {@code listener} (a {@link Listener} also hears of modifications and erasures).
     *
     * @param listener told about changes, or null
     */
    public PatternRewriter(OpBuilder.Listener listener) { super(listener); }

    private Listener rewriteListener() { return listener instanceof Listener l ? l : null; }

    /**
     * Replaces the uses of {@code op}'s results by {@code with} (one value per result), then erases {@code op}.
     *
     * @param op the op to replace
     * @param with one value per result of {@code op}
     */
    public void replaceOp(Operation op, List<? extends Value> with) {
        if (with.size() != op.numResults()) {
            throw new IllegalArgumentException(op.name() + " has " + op.numResults() + " results, got " + with.size());
        }
        Listener l = rewriteListener();
        if (l != null) l.replaced(op, with);
        for (int i = 0; i < with.size(); i++) replaceAllUsesWith(op.result(i), with.get(i));
        eraseOp(op);
    }

    /**
     * Replaces {@code op} by the results of {@code with}.
     *
     * @param op the op to replace
     * @param with an op with as many results
     */
    public void replaceOp(Operation op, Operation with) { replaceOp(op, with.results()); }

    /**
     * Points every use of {@code from} at {@code to}, reporting each user as modified.
     *
     * @param from the value whose uses move
     * @param to the new value
     */
    public void replaceAllUsesWith(Value from, Value to) {
        replaceUsesWithIf(from, to, u -> true);
    }

    /**
     * Points the uses of {@code from} that {@code predicate} accepts at {@code to}, reporting the users.
     *
     * @param from the value whose uses move
     * @param to the new value
     * @param predicate which uses move
     */
    public void replaceUsesWithIf(Value from, Value to, java.util.function.Predicate<Value.Use> predicate) {
        if (from == to) return;
        for (Value.Use u : List.copyOf(from.uses())) {
            if (!predicate.test(u)) continue;
            u.user().setOperand(u.index(), to);
            Listener l = rewriteListener();
            if (l != null) l.modified(u.user());
        }
    }

    /**
     * Erases {@code op}, which must have no uses. The listener hears of each nested op (post-order) and then of
     * {@code op}, before anything is detached.
     *
     * @param op the op to erase
     */
    public void eraseOp(Operation op) {
        if (op.hasUses()) throw new IllegalStateException("cannot erase " + op.name() + ": its results still have uses");
        Listener l = rewriteListener();
        if (l != null) {
            List<Operation> nested = new ArrayList<>();
            op.walk(nested::add);
            for (Operation n : nested) l.erased(n);
        }
        op.erase();
    }

    /**
     * Runs {@code change} (which modifies {@code op}'s operands, attributes, ...) and reports {@code op} modified.
     *
     * @param op the op that changes
     * @param change the change
     */
    public void modifyOpInPlace(Operation op, Runnable change) {
        change.run();
        Listener l = rewriteListener();
        if (l != null) l.modified(op);
    }

    /**
     * Reports why a pattern did not apply to {@code op} (for debugging); returns false (no match).
     *
     * @param op the op the pattern was tried on
     * @param reason why it did not apply
     * @return false
     */
    public boolean notifyMatchFailure(Operation op, String reason) {
        Listener l = rewriteListener();
        if (l != null) l.matchFailure(op, reason);
        return false;
    }
}
