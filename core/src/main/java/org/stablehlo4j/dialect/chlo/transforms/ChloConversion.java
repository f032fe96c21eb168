package org.stablehlo4j.dialect.chlo.transforms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.chlo.ChloOps;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.RewritePattern;

/**
 * Applies the CHLO patterns as MLIR's partial dialect conversion does (upstream runs
 * {@code applyPartialConversion} with the CHLO dialect illegal): the ops are visited in pre-order; each CHLO op is
 * rewritten by the first of its patterns (best benefit first) that applies, and the CHLO ops that rewrite creates
 * are legalized at once, recursively. Nothing else is touched: no folding, no dead-code removal, no re-visiting of
 * legal ops. A CHLO op that no pattern legalizes is an error, {@code failed to legalize operation 'chlo.X' that was
 * explicitly marked illegal}, reported once per function (upstream converts each function on its own).
 */
final class ChloConversion {
    private ChloConversion() {}

    /** Records the ops a rewrite inserts and those erased, so created CHLO ops are legalized and dead ones skipped. */
    private static final class Tracker implements PatternRewriter.Listener {
        final List<Operation> inserted = new ArrayList<>();
        final Set<Operation> erased = Collections.newSetFromMap(new IdentityHashMap<>());

        @Override
        public void inserted(Operation op) {
            inserted.add(op);
        }

        @Override
        public void erased(Operation op) {
            erased.add(op);
        }
    }

    /**
     * Legalizes every CHLO op under {@code root} (the root itself excluded). For a module, each op of its body (a
     * function) is converted on its own and reports its own failure.
     *
     * @param root the op whose regions are converted
     * @param patterns the patterns
     * @param errors receives one {@code failed to legalize} error per unit that failed
     * @return whether every CHLO op was legalized
     */
    static boolean apply(Operation root, PatternSet patterns, java.util.function.Consumer<Diagnostic> errors) {
        return apply(root, patterns, errors, false);
    }

    /**
     * {@link #apply(Operation, PatternSet, java.util.function.Consumer)}, or with {@code lenient} a best effort: a
     * CHLO op no pattern legalizes is left as it is (no error) and the conversion goes on with the next one.
     */
    static boolean apply(Operation root, PatternSet patterns, java.util.function.Consumer<Diagnostic> errors,
                         boolean lenient) {
        boolean ok = true;
        if (ModuleOp.isModule(root)) {
            for (Region region : root.regions()) {
                for (Block block : region.blocks()) {
                    for (Operation unit : new ArrayList<>(block.operations())) {
                        ok &= convertUnit(unit, true, patterns, errors, lenient);
                    }
                }
            }
        } else {
            ok = convertUnit(root, false, patterns, errors, lenient);
        }
        return ok;
    }

    /**
     * Applies {@link #apply} to {@code root} and throws its first error when a CHLO op stays (the pass fails); the
     * other errors go to {@code sink} first.
     *
     * @param root the op whose regions are converted
     * @param patterns the patterns
     * @param sink where the errors go (all but the last, which the exception carries)
     * @throws DiagnosticException if a CHLO op could not be legalized
     */
    static void applyOrThrow(Operation root, PatternSet patterns, java.util.function.Consumer<Diagnostic> sink)
            throws DiagnosticException {
        List<Diagnostic> errors = new ArrayList<>();
        if (apply(root, patterns, errors::add)) return;
        for (int i = 0; i < errors.size() - 1; i++) sink.accept(errors.get(i));
        throw new DiagnosticException(errors.get(errors.size() - 1));
    }

    /** Converts the CHLO ops of one unit (the unit itself too when {@code includeSelf}). */
    private static boolean convertUnit(Operation unit, boolean includeSelf, PatternSet patterns,
                                       java.util.function.Consumer<Diagnostic> errors, boolean lenient) {
        List<Operation> order = new ArrayList<>();
        unit.walk(org.stablehlo4j.ir.WalkOrder.PRE_ORDER, op -> {
            if (includeSelf || op != unit) order.add(op);
            return org.stablehlo4j.ir.WalkResult.ADVANCE;
        });
        Tracker tracker = new Tracker();
        PatternRewriter rewriter = new PatternRewriter(tracker);
        boolean ok = true;
        for (Operation op : order) {
            if (tracker.erased.contains(op) || !isIllegal(op)) continue;
            if (!legalize(op, patterns, rewriter, tracker)) {
                ok = false;
                if (lenient) continue;
                errors.accept(Diagnostic.error(op.location(),
                        "failed to legalize operation '" + op.name() + "' that was explicitly marked illegal"));
                return false;
            }
        }
        return ok;
    }

    /** Whether the conversion must remove {@code op}: every op of the CHLO dialect. */
    static boolean isIllegal(Operation op) {
        return op.dialect().equals(ChloOps.DIALECT);
    }

    /** Rewrites {@code op} with the first pattern that applies, then the CHLO ops it made; false if none does. */
    private static boolean legalize(Operation op, PatternSet patterns, PatternRewriter rewriter, Tracker tracker) {
        for (RewritePattern pattern : patterns.forOp(op.name())) {
            int mark = tracker.inserted.size();
            rewriter.setInsertionPoint(op);
            boolean applied;
            try {
                applied = pattern.matchAndRewrite(op, rewriter);
            } catch (RuntimeException e) {
                // a pattern meeting input its construction does not expect (a type inference refusing it): the op
                // stays, and is reported as not legalized
                applied = false;
            }
            if (!applied) continue;
            List<Operation> created = new ArrayList<>(tracker.inserted.subList(mark, tracker.inserted.size()));
            for (Operation c : created) {
                if (tracker.erased.contains(c) || !isIllegal(c)) continue;
                if (!legalize(c, patterns, rewriter, tracker)) return false;
            }
            // every CHLO pattern replaces its op; one that left it in place did not legalize it
            return tracker.erased.contains(op);
        }
        return false;
    }
}
