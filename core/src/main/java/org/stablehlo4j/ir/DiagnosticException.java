package org.stablehlo4j.ir;

import java.util.List;

/** Thrown when parsing, reading or verifying fails; carries the diagnostics (at least one error). */
public class DiagnosticException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<Diagnostic> diagnostics;

    /**
     * A failure reported by {@code diagnostics}, first error first.
     *
     * @param diagnostics the diagnostics, at least one
     */
    public DiagnosticException(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "error" : diagnostics.get(0).message());
        this.diagnostics = List.copyOf(diagnostics);
    }

    /**
     * A failure reported by one diagnostic.
     *
     * @param d the diagnostic
     */
    public DiagnosticException(Diagnostic d) {
        this(List.of(d));
    }

    /** {@return the diagnostics, first error first} */
    public List<Diagnostic> diagnostics() { return diagnostics; }
}
