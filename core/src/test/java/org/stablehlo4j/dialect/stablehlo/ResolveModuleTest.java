package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * End to end with the real parser and printer, over every upstream corpus module the assembly parser accepts:
 * resolving the StableHLO attributes and types of a parsed module into structured classes leaves no textual
 * StableHLO attribute behind, and the result prints as a fixed point (attributes written in a non-canonical way,
 * e.g. over several lines, come out in upstream's canonical one-line form).
 */
class ResolveModuleTest {
    @Test
    void resolvedModulesReprintAsFixedPoint() throws DiagnosticException {
        int chunks = 0;
        int parsed = 0;
        int withStablehlo = 0;
        int rejected = 0;
        int unchanged = 0;
        int canonicalized = 0;
        List<String> problems = new ArrayList<>();
        for (Path f : Corpus.mlirFiles()) {
            for (String chunk : Corpus.text(f).split("\n// -----")) {
                if (!chunk.contains("stablehlo")) continue;
                chunks++;
                ModuleOp m;
                try {
                    m = AsmParser.parse(TestContexts.standard(), chunk, new ParseOptions(f.getFileName().toString(), 1, true));
                } catch (DiagnosticException e) {
                    continue; // pretty forms the parser does not handle yet, or intentionally invalid input
                }
                parsed++;
                String pretty = AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT);
                String generic = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
                try {
                    StablehloAsm.resolveAll(m.op());
                } catch (DiagnosticException e) {
                    assertTrue(chunk.contains("expected-error"), f + ": " + e.getMessage());
                    String msg = e.diagnostics().get(0).message();
                    assertTrue(chunk.contains(msg), f + ": " + msg);
                    rejected++;
                    continue;
                }
                String pretty2 = AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT);
                String generic2 = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
                if (pretty.equals(pretty2) && generic.equals(generic2)) {
                    unchanged++;
                } else {
                    canonicalized++;
                }
                // The structured form is a fixed point: printing, re-parsing and resolving gives the same text.
                try {
                    ModuleOp again = AsmParser.parse(TestContexts.standard(), pretty2, new ParseOptions("reprinted", 1, true));
                    StablehloAsm.resolveAll(again.op());
                    String pretty3 = AsmPrinter.print(TestContexts.standard(), again, PrintOptions.DEFAULT);
                    if (!pretty3.equals(pretty2)) {
                        problems.add(f.getFileName() + ": " + firstDifference(pretty2, pretty3));
                    }
                } catch (DiagnosticException e) {
                    if (reparses(pretty)) {
                        problems.add(f.getFileName() + ": reprinted module does not parse: " + e.getMessage());
                    } // else the printer cannot print this module yet, resolved or not
                }
                assertTrue(structuredOnly(m), f.toString());
                if (generic.contains("#stablehlo") || generic.contains("!stablehlo")) withStablehlo++;
            }
        }
        System.out.printf("modules parsed by the assembly parser: %d of %d chunks; %d with StableHLO attributes/types;"
                + " %d rejected by diagnostic tests; after resolving %d print the same, %d in canonical form"
                + " (e.g. multi-line attributes on one line); %d problems%n", parsed, chunks, withStablehlo, rejected,
                unchanged, canonicalized, problems.size());
        assertTrue(problems.isEmpty(), problems.subList(0, Math.min(10, problems.size())).toString());
        assertTrue(withStablehlo > 20, "too few modules with StableHLO attributes: " + withStablehlo);
    }

    private static boolean reparses(String text) {
        try {
            AsmParser.parse(TestContexts.standard(), text, new ParseOptions("reprinted", 1, true));
            return true;
        } catch (DiagnosticException e) {
            return false;
        }
    }

    private static String firstDifference(String a, String b) {
        String[] x = a.split("\n");
        String[] y = b.split("\n");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (!x[i].equals(y[i])) return "\n  was: " + x[i].strip() + "\n  now: " + y[i].strip();
        }
        return x.length == y.length ? "" : "\n  (line count differs)";
    }

    /** No textual StableHLO attribute is left anywhere in the module. */
    private static boolean structuredOnly(ModuleOp m) {
        java.util.ArrayDeque<org.stablehlo4j.ir.Operation> work = new java.util.ArrayDeque<>();
        work.push(m.op());
        while (!work.isEmpty()) {
            org.stablehlo4j.ir.Operation op = work.pop();
            if (hasText(op.properties()) || hasText(op.attributes())) return false;
            op.regions().forEach(r -> r.blocks().forEach(b -> b.operations().forEach(work::push)));
        }
        return true;
    }

    private static boolean hasText(org.stablehlo4j.ir.Attribute a) {
        if (a instanceof org.stablehlo4j.ir.DialectAttr d) return d.dialect().equals("stablehlo");
        if (a instanceof org.stablehlo4j.ir.ArrayAttr arr) return arr.elements().stream().anyMatch(ResolveModuleTest::hasText);
        if (a instanceof org.stablehlo4j.ir.DictionaryAttr d) return d.entries().stream().anyMatch(e -> hasText(e.value()));
        return false;
    }
}
