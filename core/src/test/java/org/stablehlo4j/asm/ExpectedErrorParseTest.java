package org.stablehlo4j.asm;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;

/**
 * Upstream chunks with {@code expected-error} annotations: where our parser rejects the chunk (other than for a
 * not-yet-supported pretty op), the first diagnostic should be one of the expected errors at the expected line.
 */
class ExpectedErrorParseTest {
    private static final Pattern EXPECTED = Pattern.compile("expected-error\\s*(@([+-]?\\d+|above|below))?\\s*\\{\\{(.*?)\\}\\}");

    @Test
    void parseErrorsMatchUpstreamExpectations() throws IOException {
        List<String> mismatches = new ArrayList<>();
        int rejected = 0;
        int matched = 0;
        for (CorpusParseTest.Chunk c : CorpusParseTest.testChunks(true)) {
            Path f = c.file();
            DiagnosticException e;
            try {
                AsmParser.parse(TestContexts.standard(), c.text(), c.options());
                continue;
            } catch (DiagnosticException ex) {
                e = ex;
            }
            String msg = e.diagnostics().get(0).message();
            if (msg.startsWith("custom op '")) continue;
            rejected++;
            int line = ((Location.FileLineCol) e.diagnostics().get(0).location()).line();
            String[] lines = c.text().split("\n", -1);
            boolean ok = false;
            List<String> expectations = new ArrayList<>();
            for (int i = 0; i < lines.length; i++) {
                Matcher m = EXPECTED.matcher(lines[i]);
                while (m.find()) {
                    int target = c.firstLine() + i;
                    String off = m.group(2);
                    if ("below".equals(off)) {
                        target++;
                    } else if ("above".equals(off)) {
                        target--;
                    } else if (off != null) {
                        target += Integer.parseInt(off);
                    }
                    expectations.add(target + ": " + m.group(3));
                    if (target == line && msg.contains(m.group(3))) ok = true;
                }
            }
            if (ok) matched++;
            else mismatches.add(f.getFileName() + ":" + line + ": " + msg + "  EXPECTED " + expectations);
        }
        System.out.printf("expected-error chunks rejected by the parser: %d, matching upstream: %d%n", rejected, matched);
        mismatches.forEach(System.out::println);
        assertTrue(matched >= 2, "the known parse-level expectations should be reproduced");
        // The one known exception needs StableHLO's type-extension verifier, which runs while the type is parsed.
        assertTrue(mismatches.stream().allMatch(m -> m.startsWith("verify_bounds.mlir:")), mismatches.toString());
    }
}
