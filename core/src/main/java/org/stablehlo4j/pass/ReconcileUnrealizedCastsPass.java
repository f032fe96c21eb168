package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Value;

/**
 * {@code --reconcile-unrealized-casts} (MLIR's pass of that name): removes the
 * {@code builtin.unrealized_conversion_cast} ops that conversions left as no-ops. A cast whose operands, looked at
 * through a chain of one-to-one casts, already have its result types is replaced by them; casts left without uses
 * are erased. Casts that convert to another type for real stay.
 */
public final class ReconcileUnrealizedCastsPass implements OpAgnosticPass {
    /** The command-line name. */
    public static final String NAME = "reconcile-unrealized-casts";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Simplify and eliminate unrealized conversion casts";

    @Override
    public String name() { return NAME; }

    @Override
    public void runOn(Operation root, PassContext context) {
        reconcile(root);
    }

    /**
     * Folds away the no-op casts under {@code root} (see the class comment).
     *
     * @param root the op whose nested casts are reconciled
     */
    public static void reconcile(Operation root) {
        List<Operation> casts = new ArrayList<>();
        root.walk(op -> {
            if (BuiltinOps.isUnrealizedConversionCast(op)) casts.add(op);
        });
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Operation c : casts) {
                if (c.parent() == null || c.numOperands() != c.numResults()) continue;
                List<Value> sources = new ArrayList<>();
                for (int i = 0; i < c.numOperands(); i++) {
                    Value v = c.operand(i);
                    // Look through casts to the value the chain started from.
                    while (v.definingOp() != null && BuiltinOps.isUnrealizedConversionCast(v.definingOp())
                            && v.definingOp().numOperands() == 1 && v.definingOp().numResults() == 1) {
                        v = v.definingOp().operand(0);
                    }
                    sources.add(v.type().equals(c.result(i).type()) ? v : null);
                }
                if (sources.contains(null)) continue;
                for (int i = 0; i < c.numResults(); i++) c.result(i).replaceAllUsesWith(sources.get(i));
                c.erase();
                changed = true;
            }
            // Drop casts left without users.
            for (Operation c : casts) {
                if (c.parent() == null) continue;
                boolean used = false;
                for (Value r : c.results()) used |= r.hasUses();
                if (!used) {
                    c.erase();
                    changed = true;
                }
            }
        }
    }
}
