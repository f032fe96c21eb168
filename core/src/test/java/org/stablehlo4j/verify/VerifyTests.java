package org.stablehlo4j.verify;

import org.stablehlo4j.TestContexts;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/** Helpers shared by the verifier's rule tests. */
final class VerifyTests {
    private VerifyTests() {}

    static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
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
