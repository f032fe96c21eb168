package org.stablehlo4j.compat.legalize;

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
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * The round-trip RUN lines of upstream's testdata, in process, for every file that has them and does not need
 * CHLO's pre-serialization pipeline: {@code stablehlo-translate --serialize --target=current %s |
 * stablehlo-translate --deserialize | stablehlo-opt} must print what {@code stablehlo-opt %s} prints.
 */
class TestdataSerializeRoundTripTest {
    private static final String ROUND_TRIP_RUN =
            "// RUN: stablehlo-translate --serialize --target=current %s | stablehlo-translate --deserialize";

    @Test
    void everyRoundTripRunLineHolds() throws IOException {
        Path testdata = SharedCorpus.upstream("stablehlo", "testdata");
        List<Path> files = SharedCorpus.mlirFiles(testdata);
        int withRunLine = 0;
        int passed = 0;
        List<String> failures = new ArrayList<>();
        PrintOptions pretty = new PrintOptions(false, false, false);
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            if (!text.contains(ROUND_TRIP_RUN)) continue;
            withRunLine++;
            String name = testdata.relativize(f).toString();
            try {
                String expected = AsmPrinter.print(TestContexts.standard(), AsmParser.parse(TestContexts.standard(), text, new ParseOptions(name, 1, false)), pretty);
                byte[] artifact = PortableArtifacts.serializePortableArtifact(TestContexts.standard(), 
                        AsmParser.parse(TestContexts.standard(), text, new ParseOptions(name, 1, false)), "current", false);
                ModuleOp back = PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), artifact, name);
                String actual = AsmPrinter.print(TestContexts.standard(), back, pretty);
                if (actual.equals(expected)) passed++;
                else failures.add(name + ": the round trip prints differently");
            } catch (DiagnosticException e) {
                failures.add(name + ": " + e.diagnostics().get(0).message());
            }
        }
        System.out.printf("testdata round trip: %d of %d files with the RUN line pass%n", passed, withRunLine);
        failures.stream().limit(20).forEach(s -> System.out.println("  " + s));
        assertTrue(withRunLine >= 2500, "too few files with the round-trip RUN line: " + withRunLine);
        assertEquals(List.of(), failures.subList(0, Math.min(20, failures.size())));
    }
}
