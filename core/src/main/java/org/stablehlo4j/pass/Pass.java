package org.stablehlo4j.pass;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/**
 * A transformation, as named on the command line of {@code stablehlo-opt} ({@code --NAME} or
 * {@code --NAME=OPTIONS}) or in a pipeline ({@link PassPipelineParser}). A pass reports failures through
 * diagnostics. Most passes run on a whole module ({@link #anchor()} is {@code builtin.module}); an op-agnostic
 * pass (anchor null, e.g. canonicalize or cse) runs on any op and can be nested in a pipeline on other ops
 * ({@code builtin.module(func.func(cse))}, see {@link OpPassManager}).
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

    /**
     * The name of the ops this pass runs on (MLIR's {@code Pass::getOpName}), or null for an op-agnostic pass.
     *
     * @return {@code builtin.module} unless overridden
     */
    default String anchor() {
        return PassPipelineParser.MODULE;
    }

    /**
     * Transforms {@code op} (an op named by {@link #anchor()}, or any op for an op-agnostic pass) in place. The
     * default wraps a {@code builtin.module} op and calls {@link #run(ModuleOp, PassContext)}; op-agnostic passes
     * override it.
     *
     * @param op the op to transform
     * @param context where non-fatal diagnostics go, and the IR context
     * @throws DiagnosticException if the pass fails
     */
    default void runOn(Operation op, PassContext context) throws DiagnosticException {
        run(new ModuleOp(op), context);
    }
}
