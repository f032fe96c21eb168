package org.stablehlo4j.ir;

import java.util.List;

/** An error, warning, note or remark attached to a location, with optional attached notes. */
public record Diagnostic(Severity severity, Location location, String message, List<Diagnostic> notes) {
    public enum Severity {
        ERROR("error"), WARNING("warning"), NOTE("note"), REMARK("remark");

        public final String keyword;

        Severity(String keyword) { this.keyword = keyword; }
    }

    public Diagnostic {
        notes = List.copyOf(notes);
    }

    public static Diagnostic error(Location loc, String message) {
        return new Diagnostic(Severity.ERROR, loc, message, List.of());
    }
}
