package org.stablehlo4j.dialect.interpreter;

import org.stablehlo4j.ir.DialectOpTable;

/**
 * The interpreter ops' rows ({@link InterpreterOps}) with their code: run_parallel's verifier
 * ({@link RunParallelRules}). {@link #TABLE} is what the dialect registers and the typed classes compare with.
 */
public final class InterpreterOpHooks {
    /** The interpreter rows with their code. */
    public static final DialectOpTable TABLE = InterpreterOps.SIGNATURES.withHooks(
            h -> h.op("run_parallel").verifier(RunParallelRules::verify));

    private InterpreterOpHooks() {}
}
