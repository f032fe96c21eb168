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
        default void modified(Operation op) {}

        default void erased(Operation op) {}

        /** {@code op}'s results are about to be replaced by {@code with}. */
        default void replaced(Operation op, List<? extends Value> with) {}

        default void matchFailure(Operation op, String reason) {}
    }

    public PatternRewriter() {}

    public PatternRewriter(OpBuilder.Listener listener) { super(listener); }

    private Listener rewriteListener() { return listener instanceof Listener l ? l : null; }

    /** Replaces the uses of {@code op}'s results by {@code with} (one value per result), then erases {@code op}. */
    public void replaceOp(Operation op, List<? extends Value> with) {
        if (with.size() != op.numResults()) {
            throw new IllegalArgumentException(op.name() + " has " + op.numResults() + " results, got " + with.size());
        }
        Listener l = rewriteListener();
        if (l != null) l.replaced(op, with);
        for (int i = 0; i < with.size(); i++) replaceAllUsesWith(op.result(i), with.get(i));
        eraseOp(op);
    }

    /** Replaces {@code op} by the results of {@code with}. */
    public void replaceOp(Operation op, Operation with) { replaceOp(op, with.results()); }

    /** Points every use of {@code from} at {@code to}, reporting each user as modified. */
    public void replaceAllUsesWith(Value from, Value to) {
        replaceUsesWithIf(from, to, u -> true);
    }

    /** Points the uses of {@code from} that {@code predicate} accepts at {@code to}, reporting the users. */
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

    /** Runs {@code change} (which modifies {@code op}'s operands, attributes, ...) and reports {@code op} modified. */
    public void modifyOpInPlace(Operation op, Runnable change) {
        change.run();
        Listener l = rewriteListener();
        if (l != null) l.modified(op);
    }

    /** Reports why a pattern did not apply to {@code op} (for debugging); returns false (no match). */
    public boolean notifyMatchFailure(Operation op, String reason) {
        Listener l = rewriteListener();
        if (l != null) l.matchFailure(op, reason);
        return false;
    }
}
