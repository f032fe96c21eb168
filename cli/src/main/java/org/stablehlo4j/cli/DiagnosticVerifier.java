package org.stablehlo4j.cli;

import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Diagnostic.Severity;
import org.stablehlo4j.ir.Location;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code --verify-diagnostics}, following MLIR's SourceMgrDiagnosticVerifierHandler: the buffer's
 * {@code expected-(error|warning|note|remark)[-re] [@+N|@-N|@above|@below|@unknown] {{text}}} annotations are
 * collected up front; each produced diagnostic (and each of its notes) must match one on its line, by substring
 * (or, for {@code -re}, by a regex whose {@code {{...}}} parts are patterns and the rest literal text).
 * Unmatched diagnostics are reported as {@code unexpected error: ...}; {@link #verify()} reports annotations
 * that matched nothing as {@code expected error "..." was not produced}.
 */
public final class DiagnosticVerifier implements DiagnosticHandler {
    private static final Pattern EXPECTED = Pattern.compile(
            "expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\\{\\{(.*)\\}\\}$");

    /** One annotation. */
    static final class Expected {
        final Severity kind;
        int line;
        /** Byte offset of {@code expected-} in the buffer, or -1 for {@code @unknown}. */
        int offset;
        final String text;
        Pattern regex;
        boolean matched;

        Expected(Severity kind, int line, int offset, String text) {
            this.kind = kind;
            this.line = line;
            this.offset = offset;
            this.text = text;
        }

        boolean matches(String message) {
            return regex != null ? regex.matcher(message).find() : message.contains(text);
        }
    }

    private final DiagnosticPrinter printer;
    private final boolean onlyExpected;
    private final List<Expected> fileExpected = new ArrayList<>();
    private final List<Expected> unknownExpected = new ArrayList<>();
    private boolean ok = true;

    /**
     * @param printer      prints mismatches; its buffer holds the annotations
     * @param onlyExpected {@code --verify-diagnostics=only-expected}: unexpected diagnostics are not errors
     */
    public DiagnosticVerifier(DiagnosticPrinter printer, boolean onlyExpected) {
        this.printer = printer;
        this.onlyExpected = onlyExpected;
        if (printer.buffer() != null) collect(printer.buffer());
    }

    private void collect(SourceBuffer buf) {
        byte[] b = buf.bytes();
        int lineCount = 0;
        for (byte x : b) if (x == '\n') lineCount++;
        lineCount++;
        int lastNonDesignatorLine = 0;
        List<Expected> pendingBelow = new ArrayList<>();
        int start = 0;
        for (int lineNo = 0; lineNo < lineCount; lineNo++) {
            int end = start;
            while (end < b.length && b[end] != '\n') end++;
            int trimmed = end;
            while (trimmed > start && isTrailingSpace(b[trimmed - 1])) trimmed--;
            String line = new String(b, start, trimmed - start, StandardCharsets.UTF_8);
            Matcher m = EXPECTED.matcher(line);
            if (!m.find()) {
                for (Expected e : pendingBelow) e.line = lineNo + 1;
                pendingBelow.clear();
                lastNonDesignatorLine = lineNo;
            } else {
                int offset = start + utf8Length(line, m.start());
                Expected e = new Expected(severity(m.group(1)), lineNo + 1, offset, m.group(5));
                boolean keep = true;
                if (m.group(2) != null && !compileRegex(e)) {
                    ok = false;
                    keep = false;
                }
                String where = m.group(4);
                if (keep && where != null) {
                    switch (where) {
                        case "unknown" -> {
                            e.offset = -1;
                            unknownExpected.add(e);
                            keep = false;
                        }
                        case "above" -> e.line = lastNonDesignatorLine + 1;
                        case "below" -> {
                            pendingBelow.add(e);
                            e.line = lineCount; // if it dangles
                        }
                        default -> e.line += (where.charAt(0) == '+' ? 1 : -1) * parseOffset(where.substring(1));
                    }
                }
                if (keep) fileExpected.add(e);
            }
            start = end + 1;
        }
    }

    private static boolean isTrailingSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == 0x0C;
    }

    private static int utf8Length(String s, int chars) {
        return s.substring(0, chars).getBytes(StandardCharsets.UTF_8).length;
    }

    /** Like LLVM's getAsInteger with radix 0 on a digit string: a leading 0 means octal. */
    private static int parseOffset(String digits) {
        try {
            return digits.length() > 1 && digits.charAt(0) == '0'
                    ? Integer.parseInt(digits.substring(1), 8) : Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Severity severity(String word) {
        return switch (word) {
            case "error" -> Severity.ERROR;
            case "warning" -> Severity.WARNING;
            case "remark" -> Severity.REMARK;
            default -> Severity.NOTE;
        };
    }

    /** Builds the regex of an {@code -re} annotation; reports a malformed one at the annotation. */
    private boolean compileRegex(Expected e) {
        StringBuilder re = new StringBuilder();
        String rest = e.text;
        while (!rest.isEmpty()) {
            int open = rest.indexOf("{{");
            if (open < 0) {
                re.append(Pattern.quote(rest));
                break;
            }
            if (open > 0) re.append(Pattern.quote(rest.substring(0, open)));
            rest = rest.substring(open + 2);
            int close = rest.indexOf("}}");
            if (close < 0) return fail(e, "found start of regex with no end '}}'");
            String part = PosixRegex.toJava(rest.substring(0, close));
            try {
                Pattern.compile(part);
            } catch (PatternSyntaxException ex) {
                return fail(e, "invalid regex: " + ex.getDescription());
            }
            re.append('(').append(part).append(')');
            rest = rest.substring(close + 2);
        }
        e.regex = Pattern.compile(re.toString(), Pattern.DOTALL);
        return true;
    }

    private boolean fail(Expected e, String message) {
        printer.printMessage(e.offset, Severity.ERROR, message, e.offset, e.offset + e.text.length());
        return false;
    }

    @Override
    public void handle(Diagnostic diagnostic) {
        process(diagnostic.location(), diagnostic.message(), diagnostic.severity());
        for (Diagnostic note : diagnostic.notes()) process(note.location(), note.message(), note.severity());
    }

    private void process(Location loc, String message, Severity kind) {
        Location.FileLineCol file = Locations.findFileLineCol(loc);
        List<Expected> candidates;
        if (file == null) {
            candidates = unknownExpected;
        } else if (printer.buffer() != null && file.file().value().equals(printer.buffer().name())) {
            candidates = fileExpected;
        } else {
            candidates = List.of();
        }
        Expected nearMiss = null;
        for (Expected e : candidates) {
            if (file != null && file.line() != e.line) continue;
            if (e.matches(message)) {
                if (e.kind == kind) {
                    e.matched = true;
                    return;
                }
                nearMiss = e;
            }
        }
        if (onlyExpected) return;
        if (nearMiss != null) {
            printer.printMessage(nearMiss.offset, Severity.ERROR, "'" + kind.keyword
                    + "' diagnostic emitted when expecting a '" + nearMiss.kind.keyword + "'", -1, -1);
        } else {
            printer.emit(loc, "unexpected " + kind.keyword + ": " + message, Severity.ERROR, true);
        }
        ok = false;
    }

    /** Reports every annotation no diagnostic matched; true if all went as expected. */
    public boolean verify() {
        for (List<Expected> list : List.of(fileExpected, unknownExpected)) {
            for (Expected e : list) {
                if (e.matched) continue;
                printer.printMessage(e.offset, Severity.ERROR,
                        "expected " + e.kind.keyword + " \"" + e.text + "\" was not produced",
                        e.offset, e.offset + e.text.getBytes(StandardCharsets.UTF_8).length);
                ok = false;
            }
        }
        fileExpected.clear();
        unknownExpected.clear();
        return ok;
    }
}
