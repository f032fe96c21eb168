package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Over upstream's test files: every {@code expected-*} annotation must be understood (regexes compile), and
 * with nothing produced the verifier must report exactly one "was not produced" error per annotation.
 */
class CorpusAnnotationsTest {
    @Test
    void upstreamAnnotationsAreUnderstood() throws IOException {
        String shared = System.getProperty("stablehlo.shared", "");
        Path tests = Path.of(shared, "stablehlo", "tests");
        assumeTrue(!shared.isEmpty() && Files.isDirectory(tests), "upstream corpus not available");
        List<Path> files;
        try (Stream<Path> s = Files.walk(tests)) {
            files = s.filter(p -> p.toString().endsWith(".mlir")).sorted().toList();
        }
        int annotated = 0;
        int annotations = 0;
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            String text = new String(bytes, StandardCharsets.UTF_8);
            long expected = text.lines().filter(l -> l.contains("expected-") && l.matches(".*expected-(error|note|remark|warning).*\\{\\{.*\\}\\}\\s*")).count();
            if (expected == 0) continue;
            annotated++;
            annotations += expected;
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            DiagnosticVerifier v = new DiagnosticVerifier(new DiagnosticPrinter(new SourceBuffer(f.toString(), bytes),
                    new PrintStream(err, true, StandardCharsets.UTF_8)), false);
            String before = err.toString(StandardCharsets.UTF_8);
            assertEquals("", before, f + ": annotations not understood");
            v.verify();
            long reported = err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("was not produced")).count();
            assertEquals(expected, reported, f.toString());
        }
        assertTrue(annotated > 20 && annotations > 1000, "corpus has annotated files: " + annotated + "/" + annotations);
    }
}
