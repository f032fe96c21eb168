package org.stablehlo4j.cli;

import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Diagnostic.Severity;
import org.stablehlo4j.ir.Location;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints diagnostics the way MLIR's SourceMgrDiagnosticHandler does: {@code file:line:col: error: message},
 * then the source line and a caret line when the location lies in the known buffer; {@code <unknown>:0:} for
 * diagnostics without a file location; call-site locations add {@code called from} notes.
 */
public final class DiagnosticPrinter implements DiagnosticHandler {
    private static final int TAB_STOP = 8;
    private static final int CALL_STACK_LIMIT = 10;

    private final SourceBuffer buffer;
    private final PrintStream out;

    /**
     * @param buffer the buffer locations refer to (matched by name); may be null
     * @param out    where diagnostics go (stderr)
     */
    public DiagnosticPrinter(SourceBuffer buffer, PrintStream out) {
        this.buffer = buffer;
        this.out = out;
    }

    public SourceBuffer buffer() { return buffer; }

    @Override
    public void handle(Diagnostic diag) {
        List<Location> stack = new ArrayList<>();
        List<String> contexts = new ArrayList<>();
        Location loc = diag.location();
        stack.add(loc);
        contexts.add("");
        Location.CallSite call = Locations.findCallSite(loc);
        if (call != null) {
            loc = call.caller();
            for (int depth = 0; depth < CALL_STACK_LIMIT; depth++) {
                stack.add(loc);
                contexts.add("called from");
                call = Locations.findCallSite(loc);
                if (call == null) break;
                loc = call.caller();
            }
        }
        emit(stack.get(0), diag.message(), diag.severity(), true);
        for (int i = 1; i < stack.size(); i++) emit(stack.get(i), contexts.get(i), Severity.NOTE, true);
        // A note shows its source line only when its location differs from the previous one.
        for (Diagnostic note : diag.notes()) {
            emit(note.location(), note.message(), note.severity(), !loc.equals(note.location()));
            loc = note.location();
        }
    }

    /** Emits one message at {@code loc}. */
    public void emit(Location loc, String message, Severity severity, boolean showSourceLine) {
        Location.FileLineCol file = Locations.findFileLineCol(loc);
        if (file == null) {
            String text = loc instanceof Location.Unknown ? message : Locations.format(loc) + ": " + message;
            printMessage(-1, severity, text, -1, -1);
            return;
        }
        if (showSourceLine) {
            int offset = offsetOf(file);
            if (offset >= 0) {
                printMessage(offset, severity, message, -1, -1);
                return;
            }
        }
        out.print(file.file().value() + ":" + file.line() + ":" + file.column() + ": " + severity.keyword + ": "
                + message + "\n");
    }

    /** Byte offset of a file location in the known buffer, or -1. */
    int offsetOf(Location.FileLineCol file) {
        if (buffer == null || file.line() == 0 || file.column() == 0) return -1;
        if (!file.file().value().equals(buffer.name())) return -1;
        return buffer.offsetOf(file.line(), file.column());
    }

    /**
     * Prints a message at a byte offset of the buffer (SMDiagnostic layout), or at {@code <unknown>:0} when
     * {@code offset < 0}; {@code [rangeStart, rangeEnd)} is underlined with {@code ~} (ignored if negative).
     */
    public void printMessage(int offset, Severity severity, String message, int rangeStart, int rangeEnd) {
        if (offset < 0 || buffer == null) {
            out.print("<unknown>:0: " + severity.keyword + ": " + message + "\n");
            return;
        }
        byte[] b = buffer.bytes();
        int lineStart = offset;
        while (lineStart > 0 && b[lineStart - 1] != '\n' && b[lineStart - 1] != '\r') lineStart--;
        int lineEnd = buffer.lineEnd(offset);
        int column = offset - lineStart;
        String name = buffer.name().equals("-") ? "<stdin>" : buffer.name();
        out.print(name + ":" + buffer.lineOf(offset) + ":" + (column + 1) + ": " + severity.keyword + ": "
                + message + "\n");
        String line = new String(b, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
        boolean ascii = true;
        for (int i = lineStart; i < lineEnd; i++) ascii &= b[i] >= 0;
        out.print(expandTabs(line, line, true) + "\n");
        if (!ascii) return;
        char[] caret = new char[line.length() + 1];
        java.util.Arrays.fill(caret, ' ');
        if (rangeStart >= 0 && rangeStart <= lineEnd && rangeEnd >= lineStart) {
            int from = Math.max(rangeStart, lineStart) - lineStart;
            int to = Math.min(rangeEnd, lineEnd) - lineStart;
            for (int i = from; i < Math.min(to, caret.length); i++) caret[i] = '~';
        }
        caret[Math.min(column, line.length())] = '^';
        int len = caret.length;
        while (len > 0 && caret[len - 1] == ' ') len--;
        out.print(expandTabs(new String(caret, 0, len), line, false) + "\n");
    }

    /**
     * Expands tabs to the next multiple of 8 columns; {@code text} is the source line itself or the caret line,
     * whose positions follow the tabs of {@code source}.
     */
    private static String expandTabs(String text, String source, boolean isSource) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        int col = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (i >= source.length() || source.charAt(i) != '\t') {
                sb.append(c);
                col += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3; // UTF-8 bytes
                continue;
            }
            char fill = isSource ? ' ' : c;
            do {
                sb.append(fill);
                col++;
            } while (col % TAB_STOP != 0);
        }
        return sb.toString();
    }
}
