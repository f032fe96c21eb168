package org.stablehlo4j.ir;

import java.util.List;

/** An error, warning, note or remark attached to a location, with optional attached notes. */
public record Diagnostic(Severity severity, Location location, String message, List<Diagnostic> notes) {
    /** How serious a diagnostic is; {@link #keyword} is how MLIR prints it. */
    public enum Severity {
        /** A failure. */
        ERROR("error"),
        /** A problem that does not fail. */
        WARNING("warning"),
        /** Extra information attached to another diagnostic. */
        NOTE("note"),
        /** Information. */
        REMARK("remark");

        /** The word MLIR prints: {@code error}, {@code warning}, {@code note}, {@code remark}. */
        public final String keyword;

        Severity(String keyword) { this.keyword = keyword; }
    }

    /**
     * Copies the notes.
     *
     * @param severity error, warning, note or remark
     * @param location where it applies
     * @param message the text
     * @param notes attached notes, in order
     */
    public Diagnostic {
        notes = List.copyOf(notes);
    }

    /**
     * An error at {@code loc}.
     *
     * @param loc where the error is
     * @param message the text
     * @return the diagnostic
     */
    public static Diagnostic error(Location loc, String message) {
        return new Diagnostic(Severity.ERROR, loc, message, List.of());
    }
}
