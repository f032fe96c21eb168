package org.stablehlo4j.verify;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

/** Helpers shared by the verifier's rule tests. */
final class VerifyTests {
    private VerifyTests() {}

    static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    /** Parses a program that may use ops of unregistered dialects (test.*). */
    static ModuleOp parseAllowingUnregistered(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
    }

    /** Verifies a program that must be valid. */
    static void valid(String text) throws DiagnosticException {
        Verifier.verify(TestContexts.standard(), parseAllowingUnregistered(text));
    }

    /**
     * All diagnostics of the verifier's failure on an already parsed module, each as "line: message" (with
     * {@code notes}, each diagnostic's notes follow it, prefixed "note ").
     */
    static List<String> locatedErrors(ModuleOp m, boolean notes) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(TestContexts.standard(), m));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) {
            out.add(located(d));
            if (notes) for (Diagnostic n : d.notes()) out.add("note " + located(n));
        }
        return out;
    }

    /** The first diagnostic of the verifier's failure on a program, as "line: message". */
    static String firstLocatedError(String text) throws DiagnosticException {
        return locatedErrors(parseAllowingUnregistered(text), false).get(0);
    }

    /** One diagnostic as "line: message". */
    static String located(Diagnostic d) {
        int line = d.location() instanceof Location.FileLineCol f ? f.line() : -1;
        return line + ": " + d.message();
    }

    /** A function with the given arguments and body. */
    static String fn(String args, String body) {
        return "func.func @f(" + args + ") {\n" + body + "\n  func.return\n}\n";
    }

    /** All diagnostics the verifier reports for a program, messages only (it must report some). */
    static List<String> errors(String text) throws DiagnosticException {
        ModuleOp m = parse(text);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(TestContexts.standard(), m));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) out.add(d.message());
        return out;
    }
}
