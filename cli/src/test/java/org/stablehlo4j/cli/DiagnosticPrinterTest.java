package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Diagnostic.Severity;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.StringAttr;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DiagnosticPrinterTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private void print(String text, Diagnostic d) {
        SourceBuffer buf = new SourceBuffer("f.mlir", text.getBytes(StandardCharsets.UTF_8));
        new DiagnosticPrinter(buf, new PrintStream(err, true, StandardCharsets.UTF_8)).handle(d);
    }

    private String err() { return err.toString(StandardCharsets.UTF_8); }

    @Test
    void sourceLineAndCaret() {
        print("module {\n  %0 = foo\n}\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 2, 8), "bad op"));
        assertEquals("f.mlir:2:8: error: bad op\n  %0 = foo\n       ^\n", err());
    }

    @Test
    void tabsExpandToEightColumns() {
        print("\tx\ty\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 4), "e"));
        assertEquals("f.mlir:1:4: error: e\n        x       y\n                ^\n", err());
    }

    @Test
    void longLinesAreCutToAWindowAroundTheColumn() {
        String line = "x".repeat(300) + "ERR" + "y".repeat(300);
        print(line + "\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 301), "e"));
        assertEquals("f.mlir:1:301: error: e\n..." + "x".repeat(80) + "ERR" + "y".repeat(77) + "...\n"
                + " ".repeat(83) + "^\n", err());
    }

    @Test
    void longLinesKeepTheirStartOrEndWhenTheColumnIsNear() {
        String line = "ab" + "x".repeat(400);
        print(line + "\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 2), "e"));
        assertEquals("f.mlir:1:2: error: e\nab" + "x".repeat(158) + "...\n ^\n", err());
        err.reset();
        print(line + "\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 402), "e"));
        assertEquals("f.mlir:1:402: error: e\n..." + "x".repeat(160) + "\n" + " ".repeat(162) + "^\n", err());
    }

    @Test
    void linesUpToTheLimitAreEchoedWhole() {
        String line = "x".repeat(DiagnosticPrinter.MAX_SOURCE_LINE);
        print(line + "\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 256), "e"));
        assertEquals("f.mlir:1:256: error: e\n" + line + "\n" + " ".repeat(255) + "^\n", err());
    }

    @Test
    void rangesAreUnderlinedWithinTheWindow() {
        String line = "x".repeat(300) + "ERR" + "y".repeat(300);
        SourceBuffer buf = new SourceBuffer("f.mlir", (line + "\n").getBytes(StandardCharsets.UTF_8));
        new DiagnosticPrinter(buf, new PrintStream(err, true, StandardCharsets.UTF_8))
                .printMessage(300, Severity.ERROR, "e", 290, 600);
        assertEquals("f.mlir:1:301: error: e\n..." + "x".repeat(80) + "ERR" + "y".repeat(77) + "...\n"
                + " ".repeat(73) + "~".repeat(10) + "^" + "~".repeat(79) + "\n", err());
    }

    @Test
    void longLinesAreCutBetweenWholeUtf8Characters() {
        String line = "é".repeat(300) + "x";
        print(line + "\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 601), "e"));
        // the window is the line's last 160 bytes, its start moved back to the start of a character
        assertEquals("f.mlir:1:601: error: e\n..." + "é".repeat(80) + "x\n", err());
    }

    @Test
    void nonAsciiLineHasNoCaret() {
        print("\"é\" x\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 1, 6), "e"));
        assertEquals("f.mlir:1:6: error: e\n\"é\" x\n", err());
    }

    @Test
    void locationsOutsideTheBufferAndUnknown() {
        print("x\n", Diagnostic.error(Location.FileLineCol.point("other.mlir", 3, 4), "e1"));
        print("x\n", Diagnostic.error(Location.FileLineCol.point("f.mlir", 30, 1), "e2"));
        print("x\n", Diagnostic.error(Location.UNKNOWN, "e3"));
        print("x\n", Diagnostic.error(new Location.Name(StringAttr.of("nm"), null), "e4"));
        assertEquals("other.mlir:3:4: error: e1\nf.mlir:30:1: error: e2\n<unknown>:0: error: e3\n"
                + "<unknown>:0: error: loc(\"nm\"): e4\n", err());
    }

    @Test
    void notesShowTheirSourceOnlyWhenTheLocationChanges() {
        Location l1 = Location.FileLineCol.point("f.mlir", 1, 1);
        Location l2 = Location.FileLineCol.point("f.mlir", 2, 1);
        Diagnostic d = new Diagnostic(Severity.ERROR, l1, "main", List.of(
                new Diagnostic(Severity.NOTE, l1, "same", List.of()),
                new Diagnostic(Severity.NOTE, l2, "other", List.of())));
        print("a\nb\n", d);
        assertEquals("f.mlir:1:1: error: main\na\n^\nf.mlir:1:1: note: same\nf.mlir:2:1: note: other\nb\n^\n", err());
    }

    @Test
    void callSiteAddsCalledFromNotes() {
        Location callee = Location.FileLineCol.point("f.mlir", 1, 1);
        Location caller = Location.FileLineCol.point("f.mlir", 2, 1);
        print("a\nb\n", Diagnostic.error(new Location.CallSite(callee, caller), "in call"));
        assertEquals("f.mlir:1:1: error: in call\na\n^\nf.mlir:2:1: note: called from\nb\n^\n", err());
    }
}
