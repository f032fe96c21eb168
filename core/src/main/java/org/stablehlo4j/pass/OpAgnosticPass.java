package org.stablehlo4j.pass;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/**
 * A pass that runs on any op (MLIR's op-agnostic passes, such as canonicalize, cse and strip-debuginfo): it has
 * no anchor, so a pipeline may nest it under any op, and on a module it runs on the module's op.
 */
public interface OpAgnosticPass extends Pass {
    /**
     * An op-agnostic pass has no anchor.
     *
     * @return null
     */
    @Override
    default String anchor() {
        return null;
    }

    /**
     * Runs on the module's op ({@link #runOn}).
     *
     * @param module the module to transform
     * @param context where non-fatal diagnostics go, and the IR context
     * @throws DiagnosticException if the pass fails
     */
    @Override
    default void run(ModuleOp module, PassContext context) throws DiagnosticException {
        runOn(module.op(), context);
    }

    /**
     * Transforms {@code op}, whatever op it is, in place.
     *
     * @param op the op to transform
     * @param context where non-fatal diagnostics go, and the IR context
     * @throws DiagnosticException if the pass fails
     */
    @Override
    void runOn(Operation op, PassContext context) throws DiagnosticException;
}
