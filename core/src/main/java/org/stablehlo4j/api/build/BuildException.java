package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Location;

/**
 * An invalid builder call: the op would not verify (or its result types cannot be inferred). Unchecked, so that
 * region lambdas stay plain; {@link #getMessage()} is the verifier's diagnostics as {@code stablehlo-opt} prints
 * them, {@link #firstMessage()} the first one without its location.
 */
public class BuildException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> diagnostics;

    /**
     * An exception carrying {@code diagnostics}.
     *
     * @param diagnostics the verifier's diagnostics, first error first
     */
    public BuildException(List<Diagnostic> diagnostics) {
        super(StableHloException.render(diagnostics));
        this.diagnostics = List.copyOf(diagnostics);
    }

    /**
     * An exception with one error diagnostic.
     *
     * @param message the error message
     */
    public BuildException(String message) {
        this(List.of(Diagnostic.error(Location.UNKNOWN, message)));
    }

    /**
     * The diagnostics, first error first.
     *
     * @return the diagnostics
     */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /**
     * The message of the first diagnostic, without location or severity.
     *
     * @return the first message
     */
    public String firstMessage() {
        return diagnostics.isEmpty() ? "" : diagnostics.get(0).message();
    }
}
