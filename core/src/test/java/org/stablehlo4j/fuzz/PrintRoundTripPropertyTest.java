package org.stablehlo4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/**
 * Printing is always re-parseable: every piece of every upstream test file ({@code stablehlo/tests/**.mlir} split
 * at {@code // -----}) that parses and verifies prints, in the pretty and in the generic form, text that parses,
 * verifies and prints the same again (a fixed point). Pieces that do not parse or verify are the expected-error
 * tests and are skipped.
 */
class PrintRoundTripPropertyTest {
    private static final Context CONTEXT = TestContexts.allowingUnregistered();

    @Test
    void everyVerifiedUpstreamTestModulePrintsBackToItself() throws IOException {
        Path shared = SeedCorpus.shared();
        Path tests = shared == null ? null : shared.resolve("stablehlo/stablehlo/tests");
        Assumptions.assumeTrue(tests != null && Files.isDirectory(tests), "upstream tests not present");
        List<Path> files;
        try (Stream<Path> s = Files.walk(tests)) {
            files = s.filter(p -> p.toString().endsWith(".mlir")).sorted().toList();
        }
        int checked = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            List<String> pieces = SeedCorpus.splitInput(Files.readString(f, StandardCharsets.UTF_8));
            for (int i = 0; i < pieces.size(); i++) {
                ModuleOp module;
                try {
                    module = AsmParser.parse(CONTEXT, pieces.get(i), ParseOptions.of(f.getFileName().toString()));
                    Verifier.verify(CONTEXT, module);
                } catch (DiagnosticException e) {
                    continue;
                }
                checked++;
                try {
                    Harness.checkPrintsBack(CONTEXT, module);
                } catch (RuntimeException e) {
                    String m = String.valueOf(e.getMessage());
                    failures.add(tests.relativize(f) + " piece " + i + ": "
                            + (m.length() > 600 ? m.substring(0, 600) + "..." : m));
                }
            }
        }
        System.out.println("print round trip: " + checked + " verified upstream test modules, " + failures.size()
                + " not printing back");
        assertTrue(checked > 1000, "only " + checked + " verified pieces: is the upstream checkout complete?");
        assertTrue(failures.isEmpty(), failures.size() + " of " + checked + " verified modules do not print back:\n"
                + String.join("\n\n", failures));
    }
}
