package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Diagnostic.Severity;
import org.stablehlo4j.ir.Location;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DiagnosticVerifierTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private DiagnosticVerifier verifier(String text) {
        return verifier(text, false);
    }

    private DiagnosticVerifier verifier(String text, boolean onlyExpected) {
        SourceBuffer buf = new SourceBuffer("t.mlir", text.getBytes(StandardCharsets.UTF_8));
        return new DiagnosticVerifier(
                new DiagnosticPrinter(buf, new PrintStream(err, true, StandardCharsets.UTF_8)), onlyExpected);
    }

    private static Diagnostic at(Severity s, int line, int col, String msg, Diagnostic... notes) {
        return new Diagnostic(s, Location.FileLineCol.point("t.mlir", line, col), msg, List.of(notes));
    }

    private String err() { return err.toString(StandardCharsets.UTF_8); }

    @Test
    void relativeDesignators() {
        String text = String.join("\n",
                "// expected-error@+1 {{one}}",     // 1 -> 2
                "op1",                              // 2
                "op2 // expected-error {{two}}",    // 3 -> 3
                "// expected-warning@-2 {{three}}", // 4 -> 2
                "op3",                              // 5
                "// expected-note@above {{four}}",  // 6 -> 5
                "// expected-remark@below {{five}}",// 7 -> 9 (next non-designator line)
                "// expected-error@below {{six}}",  // 8 -> 9
                "op4");                             // 9
        DiagnosticVerifier v = verifier(text);
        v.handle(at(Severity.ERROR, 2, 1, "xx one xx"));
        v.handle(at(Severity.ERROR, 3, 1, "two"));
        v.handle(at(Severity.WARNING, 2, 5, "three"));
        v.handle(at(Severity.NOTE, 5, 1, "four"));
        v.handle(at(Severity.ERROR, 9, 1, "six", at(Severity.REMARK, 9, 2, "five!")));
        assertTrue(v.verify(), err());
        assertEquals("", err());
    }

    @Test
    void unmatchedExpectationIsReportedWithCaretAndRange() {
        DiagnosticVerifier v = verifier("  // expected-error@+1 {{missing}}\nop\n");
        assertFalse(v.verify());
        assertEquals("t.mlir:1:6: error: expected error \"missing\" was not produced\n"
                + "  // expected-error@+1 {{missing}}\n"
                + "     ^~~~~~~\n", err());
    }

    @Test
    void unexpectedDiagnosticIsReported() {
        DiagnosticVerifier v = verifier("op\n");
        v.handle(at(Severity.ERROR, 1, 1, "boom"));
        assertFalse(v.verify());
        assertEquals("t.mlir:1:1: error: unexpected error: boom\nop\n^\n", err());
    }

    @Test
    void wrongLineOrKind() {
        DiagnosticVerifier v = verifier("op // expected-error {{bad}}\nop2\n");
        v.handle(at(Severity.ERROR, 2, 1, "bad"));      // right text, wrong line
        v.handle(at(Severity.WARNING, 1, 1, "bad"));    // right line, wrong kind: near miss
        assertFalse(v.verify());
        assertEquals("t.mlir:2:1: error: unexpected error: bad\nop2\n^\n"
                + "t.mlir:1:7: error: 'warning' diagnostic emitted when expecting a 'error'\n"
                + "op // expected-error {{bad}}\n      ^\n"
                + "t.mlir:1:7: error: expected error \"bad\" was not produced\n"
                + "op // expected-error {{bad}}\n      ^~~\n", err());
    }

    @Test
    void regexAnnotations() {
        DiagnosticVerifier v = verifier(String.join("\n",
                "// expected-error-re@+1 {{operand #0 must be ranked tensor of {{.*}} values, but got 'x'}}",
                "op",
                "// expected-error@+1 {{literal {{.*}} braces}}",
                "op"));
        v.handle(at(Severity.ERROR, 2, 1, "'a.b' op operand #0 must be ranked tensor of f32 or i1 values, but got 'x'"));
        v.handle(at(Severity.ERROR, 4, 1, "has literal {{.*}} braces"));
        assertTrue(v.verify(), err());
        DiagnosticVerifier w = verifier("// expected-error-re@+1 {{a{{[0-9]+}}b(}}\nop\n");
        w.handle(at(Severity.ERROR, 2, 1, "a123b("));
        w.handle(at(Severity.ERROR, 2, 1, "ab("));
        assertFalse(w.verify());
        assertTrue(err().contains("unexpected error: ab("), err());
    }

    @Test
    void malformedRegexIsAnError() {
        DiagnosticVerifier v = verifier("// expected-error-re {{abc {{[0-9]}}\n");
        assertFalse(v.verify());
        assertTrue(err().startsWith("t.mlir:1:4: error: found start of regex with no end '}}'\n"), err());
    }

    @Test
    void unknownLocations() {
        DiagnosticVerifier v = verifier("// expected-error@unknown {{nowhere}}\n");
        v.handle(Diagnostic.error(Location.UNKNOWN, "from nowhere"));
        assertTrue(v.verify(), err());
        DiagnosticVerifier w = verifier("op\n");
        w.handle(Diagnostic.error(Location.UNKNOWN, "lost"));
        assertFalse(w.verify());
        assertEquals("<unknown>:0: error: unexpected error: lost\n", err());
    }

    @Test
    void onlyExpectedIgnoresUnexpected() {
        DiagnosticVerifier v = verifier("op // expected-error {{x}}\n", true);
        v.handle(at(Severity.ERROR, 1, 1, "x"));
        v.handle(at(Severity.ERROR, 1, 1, "other"));
        assertTrue(v.verify());
        assertEquals("", err());
    }

    @Test
    void nestedLocationsAreSearchedForTheFileLocation() {
        DiagnosticVerifier v = verifier("op\nop // expected-error {{inner}}\n");
        Location nested = new Location.Name(org.stablehlo4j.ir.StringAttr.of("n"),
                Location.FileLineCol.point("t.mlir", 2, 1));
        v.handle(new Diagnostic(Severity.ERROR, nested, "inner", List.of()));
        assertTrue(v.verify(), err());
    }
}
