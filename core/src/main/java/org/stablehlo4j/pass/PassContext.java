package org.stablehlo4j.pass;

import java.util.List;
import java.util.function.Consumer;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Location;

/**
 * What a running pass may use besides the module: for now a sink for diagnostics that do not stop the pass
 * (MLIR's {@code emitError}/{@code emitWarning} on a location: printed, or checked by
 * {@code --verify-diagnostics}, while the pass goes on and may still succeed). A pass that fails throws
 * {@link org.stablehlo4j.ir.DiagnosticException} instead.
 */
public final class PassContext {
    private final Consumer<Diagnostic> sink;
    private final Context ctx;
    private int errors;
    private AfterPass afterPass;

    /** A check run after each pass of a pipeline, e.g. the verifier of {@code --verify-each}. */
    @FunctionalInterface
    public interface AfterPass {
        /**
         * Called by {@link OpPassManager} after each of its passes and nested pipelines.
         *
         * @param op the op the pass (or the nested pipeline's adaptor) ran on
         * @throws org.stablehlo4j.ir.DiagnosticException to fail the pipeline
         */
        void after(org.stablehlo4j.ir.Operation op) throws org.stablehlo4j.ir.DiagnosticException;
    }

    /**
     * A pass context without an IR context (for passes that need no op definitions).
     *
     * @param sink receives every emitted diagnostic
     */
    public PassContext(Consumer<Diagnostic> sink) {
        this(null, sink);
    }

    /**
     * A pass context whose passes find op definitions in {@code ctx}.
     *
     * @param ctx the IR context of the module being transformed
     * @param sink receives every emitted diagnostic
     */
    public PassContext(Context ctx, Consumer<Diagnostic> sink) {
        this.ctx = ctx;
        this.sink = sink;
    }

    /**
     * The IR context the module belongs to (op definitions, dialects).
     *
     * @return the context
     * @throws IllegalStateException if this pass context was made without one
     */
    public Context context() {
        if (ctx == null) throw new IllegalStateException("this pass needs a PassContext with an ir.Context");
        return ctx;
    }

    /**
     * A context whose diagnostics go nowhere (a pass run through {@link Pass#run(org.stablehlo4j.ir.ModuleOp)}).
     *
     * @return a new discarding pass context
     */
    public static PassContext discarding() {
        return new PassContext(d -> { });
    }

    /**
     * Reports a diagnostic to the sink, counting it if it is an error.
     *
     * @param d the diagnostic
     */
    public void emit(Diagnostic d) {
        if (d.severity() == Diagnostic.Severity.ERROR) errors++;
        sink.accept(d);
    }

    /**
     * Reports an error that does not stop the pass.
     *
     * @param loc where the error is
     * @param message the diagnostic text
     */
    public void emitError(Location loc, String message) {
        emit(Diagnostic.error(loc, message));
    }

    /**
     * Reports a warning.
     *
     * @param loc where the warning is
     * @param message the diagnostic text
     */
    public void emitWarning(Location loc, String message) {
        emit(new Diagnostic(Diagnostic.Severity.WARNING, loc, message, List.of()));
    }

    /**
     * Reports a remark.
     *
     * @param loc where the remark is
     * @param message the diagnostic text
     */
    public void emitRemark(Location loc, String message) {
        emit(new Diagnostic(Diagnostic.Severity.REMARK, loc, message, List.of()));
    }

    /**
     * Sets the check {@link OpPassManager} runs after each pass (and each nested pipeline) of a pipeline.
     *
     * @param hook the check, or null for none
     * @return this
     */
    public PassContext afterEachPass(AfterPass hook) {
        this.afterPass = hook;
        return this;
    }

    /**
     * Runs the {@link #afterEachPass} check, if any.
     *
     * @param op the op a pass ran on
     * @throws org.stablehlo4j.ir.DiagnosticException if the check fails
     */
    public void afterPass(org.stablehlo4j.ir.Operation op) throws org.stablehlo4j.ir.DiagnosticException {
        if (afterPass != null) afterPass.after(op);
    }

    /**
     * The number of errors emitted so far.
     *
     * @return the error count
     */
    public int errorCount() { return errors; }
}
