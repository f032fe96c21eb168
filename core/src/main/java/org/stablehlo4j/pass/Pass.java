package org.stablehlo4j.pass;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * A transformation over a whole module, as named on the command line of {@code stablehlo-opt}
 * ({@code --NAME} or {@code --NAME=OPTIONS}). A pass reports failures through diagnostics.
 */
public interface Pass {
    /**
     * The command-line name, without dashes.
     *
     * @return the name, e.g. {@code strip-debuginfo}
     */
    String name();

    /**
     * Transforms {@code module} in place; diagnostics that do not fail the pass are dropped.
     *
     * @param module the module to transform
     * @throws DiagnosticException if the pass fails
     */
    default void run(ModuleOp module) throws DiagnosticException {
        run(module, PassContext.discarding());
    }

    /**
     * Transforms {@code module} in place, reporting diagnostics that do not fail the pass to {@code context}
     * (a pass that fails throws).
     *
     * @param module the module to transform
     * @param context where non-fatal diagnostics go, and the IR context
     * @throws DiagnosticException if the pass fails
     */
    void run(ModuleOp module, PassContext context) throws DiagnosticException;
}
