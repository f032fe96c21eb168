package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;

import java.util.List;

/**
 * Malformed or unsupported MLIR bytecode. Names the section being read and the absolute byte offset in the
 * input where the problem was found.
 */
public final class BytecodeException extends DiagnosticException {
    private static final long serialVersionUID = 1L;
    private final String section;
    private final long offset;

    public BytecodeException(String bufferName, String section, long offset, String message, List<Diagnostic> notes) {
        super(new Diagnostic(Diagnostic.Severity.ERROR, Location.FileLineCol.point(bufferName, 0, 0),
                message + " (" + section + " section, byte offset " + offset + ")", notes));
        this.section = section;
        this.offset = offset;
    }

    /** A copy of this error with one more note attached. */
    BytecodeException withNote(String note) {
        List<Diagnostic> notes = new java.util.ArrayList<>(diagnostics().get(0).notes());
        notes.add(new Diagnostic(Diagnostic.Severity.NOTE, diagnostics().get(0).location(), note, List.of()));
        String msg = diagnostics().get(0).message();
        String suffix = " (" + section + " section, byte offset " + offset + ")";
        String base = msg.endsWith(suffix) ? msg.substring(0, msg.length() - suffix.length()) : msg;
        String file = diagnostics().get(0).location() instanceof Location.FileLineCol f ? f.file().value() : "";
        BytecodeException e = new BytecodeException(file, section, offset, base, notes);
        e.setStackTrace(getStackTrace());
        return e;
    }

    /** The message without the section/offset suffix. */
    public String baseMessage() {
        String msg = diagnostics().get(0).message();
        int i = msg.lastIndexOf(" (" + section + " section, byte offset ");
        return i < 0 ? msg : msg.substring(0, i);
    }

    /** The section that was being read, e.g. {@code "AttrType"}, or {@code "header"}. */
    public String section() { return section; }

    /** Absolute byte offset in the input. */
    public long offset() { return offset; }
}
