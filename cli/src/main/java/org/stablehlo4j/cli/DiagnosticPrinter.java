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
 * then the source line (a window around the column when it is longer than {@value #MAX_SOURCE_LINE} bytes) and a
 * caret line when the location lies in the known buffer; {@code <unknown>:0:} for
 * diagnostics without a file location; call-site locations add {@code called from} notes.
 */
public final class DiagnosticPrinter implements DiagnosticHandler {
    private static final int TAB_STOP = 8;
    private static final int CALL_STACK_LIMIT = 10;
    /** Source lines up to this many bytes are echoed whole; longer ones as a window around the column. */
    static final int MAX_SOURCE_LINE = 256;
    /** Bytes of a long line shown, and how many of them before the column. */
    static final int WINDOW = 160;
    static final int WINDOW_BEFORE = 80;
    /** Marks where a long source line was cut. */
    static final String CUT = "...";

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
        // A long line is shown as a window around the column, the cuts marked with "...".
        int from = lineStart;
        int to = lineEnd;
        if (lineEnd - lineStart > MAX_SOURCE_LINE) {
            from = Math.max(lineStart, offset - WINDOW_BEFORE);
            to = Math.min(lineEnd, from + WINDOW);
            from = Math.max(lineStart, to - WINDOW);
            while (from > lineStart && from < lineEnd && (b[from] & 0xC0) == 0x80) from--; // whole UTF-8 chars
            while (to < lineEnd && (b[to] & 0xC0) == 0x80) to++;
        }
        String head = from > lineStart ? CUT : "";
        String line = head + new String(b, from, to - from, StandardCharsets.UTF_8) + (to < lineEnd ? CUT : "");
        boolean ascii = true;
        for (int i = from; i < to; i++) ascii &= b[i] >= 0;
        out.print(expandTabs(line, line, true) + "\n");
        if (!ascii) return;
        int shift = head.length() - from; // buffer offset -> index in line
        char[] caret = new char[line.length() + 1];
        java.util.Arrays.fill(caret, ' ');
        if (rangeStart >= 0 && rangeStart <= to && rangeEnd >= from) {
            int rFrom = Math.max(rangeStart, from) + shift;
            int rTo = Math.min(rangeEnd, to) + shift;
            for (int i = rFrom; i < Math.min(rTo, caret.length); i++) caret[i] = '~';
        }
        caret[Math.min(offset + shift, line.length())] = '^';
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
