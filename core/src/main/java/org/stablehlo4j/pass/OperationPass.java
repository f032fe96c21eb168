package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/**
 * A pass on the ops of one kind, its anchor (MLIR's {@code OperationPass<OpT>}, e.g. one that runs on each
 * function). Run on a module, it runs on each op of that kind the module's body holds, as if nested in a pipeline
 * on them; every op is transformed even when one fails, and the pass then fails with the diagnostics of all.
 */
public interface OperationPass extends Pass {
    /**
     * The name of the ops this pass runs on.
     *
     * @return the op name
     */
    @Override
    String anchor();

    /**
     * Runs {@link #runOn} on each op of the {@link #anchor() anchor's} kind in the module's body (those there when
     * it starts), then fails if any of them failed.
     *
     * @param module the module to transform
     * @param context where non-fatal diagnostics go, and the IR context
     * @throws DiagnosticException with the diagnostics of every op that failed
     */
    @Override
    default void run(ModuleOp module, PassContext context) throws DiagnosticException {
        String anchor = anchor();
        List<Diagnostic> failures = new ArrayList<>();
        for (Operation op : List.copyOf(module.body().operations())) {
            if (!anchor.equals(op.opName().name())) continue;
            try {
                runOn(op, context);
            } catch (DiagnosticException e) {
                failures.addAll(e.diagnostics());
            }
        }
        if (!failures.isEmpty()) throw new DiagnosticException(failures);
    }

    /**
     * Transforms {@code op}, an op of the anchor's kind, in place.
     *
     * @param op the op to transform
     * @param context where non-fatal diagnostics go, and the IR context
     * @throws DiagnosticException if the pass fails on it
     */
    @Override
    void runOn(Operation op, PassContext context) throws DiagnosticException;
}
