package org.stablehlo4j.ir;

import java.util.List;

/** An error, warning, note or remark attached to a location, with optional attached notes. */
public record Diagnostic(Severity severity, Location location, String message, List<Diagnostic> notes) {
    /** How serious a diagnostic is; {@link #keyword} is how MLIR prints it. */
    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note"), REMARK("remark");

        /** The word MLIR prints: {@code error}, {@code warning}, {@code note}, {@code remark}. */
        public final String keyword;

        Severity(String keyword) { this.keyword = keyword; }
    }

    /** Copies the notes. */
    public Diagnostic {
        notes = List.copyOf(notes);
    }

    /** An error at {@code loc}. */
    public static Diagnostic error(Location loc, String message) {
        return new Diagnostic(Severity.ERROR, loc, message, List.of());
    }
}
