package org.stablehlo4j.api;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;

/**
 * Every failure of the public API on bad input: a parse error, a verifier error, an op or type the target version
 * cannot express, a malformed artifact, inputs that do not fit a function. It carries the diagnostics as
 * upstream's tools would print them; {@link #getMessage()} is their text, one per line, in MLIR's
 * {@code file:line:col: error: message} form (notes follow their error).
 */
public class StableHloException extends Exception {
    private static final long serialVersionUID = 1L;
    private static final Pattern BYTE_OFFSET = Pattern.compile("byte offset (\\d+)");

    private final transient List<Diagnostic> diagnostics;

    /**
     * An exception carrying {@code diagnostics}; its message is their text.
     *
     * @param diagnostics the diagnostics, first error first
     */
    public StableHloException(List<Diagnostic> diagnostics) {
        super(render(diagnostics));
        this.diagnostics = List.copyOf(diagnostics);
    }

    /**
     * An exception with one error diagnostic at an unknown location.
     *
     * @param message the error message
     */
    public StableHloException(String message) {
        this(List.of(Diagnostic.error(Location.UNKNOWN, message)));
    }

    /**
     * Wraps a failure of a lower layer, keeping its diagnostics.
     *
     * @param cause the lower layer's failure
     */
    public StableHloException(DiagnosticException cause) {
        this(cause.diagnostics());
        initCause(cause);
    }

    /**
     * The diagnostics, first error first.
     *
     * @return the diagnostics, first error first
     */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /**
     * The message of the first diagnostic, without location.
     *
     * @return the message of the first diagnostic, without location
     */
    public String firstMessage() {
        return diagnostics.isEmpty() ? "" : diagnostics.get(0).message();
    }

    /**
     * For a malformed artifact: the byte offset in the input where reading stopped (from the first diagnostic
     * that names one), else empty.
     *
     * @return the offset, or empty
     */
    public OptionalLong byteOffset() {
        for (Diagnostic d : diagnostics) {
            Matcher m = BYTE_OFFSET.matcher(d.message());
            if (m.find()) return OptionalLong.of(Long.parseLong(m.group(1)));
        }
        return OptionalLong.empty();
    }

    /**
     * The diagnostics as MLIR prints them, one per line.
     *
     * @param diagnostics the diagnostics
     * @return the diagnostics as MLIR prints them, one per line
     */
    public static String render(List<Diagnostic> diagnostics) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : diagnostics) append(sb, d);
        if (sb.length() > 0) sb.setLength(sb.length() - 1);
        return sb.toString();
    }

    private static void append(StringBuilder sb, Diagnostic d) {
        Location.FileLineCol f = fileLineCol(d.location());
        if (f != null) {
            sb.append(f.file().value()).append(':').append(f.line()).append(':').append(f.column()).append(": ");
        }
        sb.append(d.severity().keyword).append(": ").append(d.message()).append('\n');
        for (Diagnostic n : d.notes()) append(sb, n);
    }

    /** The first file location inside {@code loc} (through names, call sites and fused locations), or null. */
    static Location.FileLineCol fileLineCol(Location loc) {
        Deque<Location> work = new ArrayDeque<>();
        if (loc != null) work.push(loc);
        while (!work.isEmpty()) {
            Location l = work.pop();
            if (l instanceof Location.FileLineCol f) return f;
            if (l instanceof Location.Name n && n.child() != null) work.push(n.child());
            if (l instanceof Location.CallSite c) {
                work.push(c.caller());
                work.push(c.callee());
            }
            if (l instanceof Location.Fused fu) {
                for (int i = fu.locations().size() - 1; i >= 0; i--) work.push(fu.locations().get(i));
            }
        }
        return null;
    }
}
