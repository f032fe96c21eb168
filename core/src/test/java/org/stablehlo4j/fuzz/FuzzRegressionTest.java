package org.stablehlo4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.ir.DiagnosticException;

/**
 * Every input the fuzzer ever found ({@code src/test/resources/fuzz/{text,bytecode}}) now ends in our typed
 * diagnostic or in a module that prints back; and a short deterministic fuzz run from the upstream seeds finds no
 * crash or hang (the time-boxed run is in {@code .ci/run}; longer runs: README, "Fuzzing").
 */
class FuzzRegressionTest {
    @ParameterizedTest
    @EnumSource(Harness.Target.class)
    void keptFindingsStayFixed(Harness.Target target) throws IOException {
        Path dir = SeedCorpus.findingsDir(target);
        Assumptions.assumeTrue(dir != null, "no findings folder");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(!files.isEmpty() || target == Harness.Target.BYTECODE, "the text findings are kept in " + dir);
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            try {
                Harness.run(target, TestContexts.allowingUnregistered(), Files.readAllBytes(f));
            } catch (DiagnosticException e) {
                // our typed diagnostic: fine
            } catch (Throwable t) {
                failures.add(f.getFileName() + ": " + MutationFuzzer.signature(t) + ": " + t.getMessage());
            }
        }
        assertEquals(List.of(), failures);
    }

    @ParameterizedTest
    @EnumSource(Harness.Target.class)
    void shortDeterministicRunFindsNoCrash(Harness.Target target) {
        List<byte[]> seeds = SeedCorpus.load(target);
        Assumptions.assumeTrue(seeds.size() > 20, "shared seed corpus not present");
        // Enough executions to go past the seeds into mutants; seed 7 makes every run identical.
        long executions = seeds.size() + 400;
        MutationFuzzer.Result r = new MutationFuzzer(target, TestContexts.allowingUnregistered(), seeds, 7, 20_000)
                .run(executions, 600_000);
        assertEquals(executions, r.executions());
        assertTrue(r.rejected() > 0, "mutants must reach the diagnostics");
        List<String> crashes = new ArrayList<>();
        for (MutationFuzzer.Finding f : r.findings()) {
            if (!f.kind().equals("round-trip")) crashes.add(f.kind() + ": " + f.signature() + "\n" + f.detail());
        }
        if (!crashes.isEmpty()) fail(String.join("\n\n", crashes));
    }
}
