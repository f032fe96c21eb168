package org.stablehlo4j.verify;

import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * The verifier must accept every valid program upstream ships: all testdata programs and every split chunk of the
 * lit tests that expects no diagnostic. A false error here would turn a passing upstream test into a failure.
 */
class CorpusVerifyTest {
    private static Path root() {
        String p = System.getProperty("stablehlo.shared");
        assumeTrue(p != null && Files.isDirectory(Path.of(p, "stablehlo")), "upstream corpus not available");
        return Path.of(p, "stablehlo");
    }

    private static List<Path> files(Path dir) throws IOException {
        return SharedCorpus.mlirFiles(dir);
    }

    @Test
    void everyValidProgramVerifies() throws IOException {
        Path root = root();
        int verified = 0;
        List<String> rejected = new ArrayList<>();
        for (String sub : List.of("testdata", "tests")) {
            for (Path f : files(root.resolve(sub))) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                if (text.contains("-mlir-very-unsafe-disable-verifier-on-parsing")) continue;
                int line = 1;
                for (String chunk : text.split("(?m)^// -----\\s*$")) {
                    int first = line;
                    line += (int) chunk.chars().filter(c -> c == '\n').count();
                    if (chunk.contains("expected-error") || chunk.contains("expected-warning")) continue;
                    ModuleOp m;
                    try {
                        m = AsmParser.parse(TestContexts.standard(), chunk, new ParseOptions(f.toString(), first, true));
                    } catch (DiagnosticException e) {
                        continue; // what the parser rejects is another test's business
                    }
                    try {
                        Verifier.verify(TestContexts.standard(), m);
                        verified++;
                    } catch (DiagnosticException e) {
                        rejected.add(root.relativize(f) + ":" + first + ": " + e.diagnostics().get(0).message());
                    }
                }
            }
        }
        System.out.println("verifier: " + verified + " valid programs accepted, " + rejected.size() + " rejected");
        rejected.stream().limit(40).forEach(r -> System.out.println("  rejected " + r));
        assertTrue(verified > 3000, "too few programs reached the verifier: " + verified);
        assertEquals(List.of(), rejected.subList(0, Math.min(20, rejected.size())));
    }
}
