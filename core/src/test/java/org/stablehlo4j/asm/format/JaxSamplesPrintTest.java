package org.stablehlo4j.asm.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.stablehlo4j.testing.TestContexts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.compat.legalize.PortableArtifacts;

/**
 * Byte-exact printing against libStablehlo: each {@code jax-samples/NAME.deserialized.mlir} is what libStablehlo
 * 1.17 (current MLIR) prints after deserializing {@code NAME.mlir.bc}, debug info off. Deserializing and printing
 * must give exactly those bytes, and printing the parsed text must give them back (fixed point). Samples that
 * carry Shardy ({@code sdy}) attributes are left out: that dialect is not implemented.
 */
class JaxSamplesPrintTest {
    private static Path samples() {
        String shared = System.getProperty("stablehlo.shared");
        Path p = shared == null ? null : Path.of(shared).resolve("../jax-samples").normalize();
        Assumptions.assumeTrue(p != null && Files.isDirectory(p), "jax-samples not available");
        return p;
    }

    /**
     * The module as MLIR's top-level printing gives it (what {@code str(module)} returns): {@link AsmPrinter}
     * prints as stablehlo-opt does, which writes one more newline after the module.
     */
    private static String print(org.stablehlo4j.ir.ModuleOp m) {
        String text = AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT);
        assertTrue(text.endsWith("}\n\n"), "stablehlo-opt's final newline");
        return text.substring(0, text.length() - 1);
    }

    @TestFactory
    Stream<DynamicTest> deserializedArtifactsPrintAsLibStablehlo() throws IOException {
        Path dir = samples();
        List<Path> expectedFiles;
        try (Stream<Path> s = Files.list(dir)) {
            expectedFiles = s.filter(p -> p.getFileName().toString().endsWith(".deserialized.mlir")).sorted().toList();
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Path expectedFile : expectedFiles) {
            String name = expectedFile.getFileName().toString().replace(".deserialized.mlir", "");
            String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
            if (expected.contains("sdy.")) continue;
            Path artifact = dir.resolve(name + ".mlir.bc");
            tests.add(DynamicTest.dynamicTest(name + " deserializes and prints identically", () -> {
                byte[] bytes = Files.readAllBytes(artifact);
                assertEquals(expected, print(PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), bytes, artifact.toString())));
            }));
            tests.add(DynamicTest.dynamicTest(name + " prints back as parsed", () -> assertEquals(expected,
                    print(AsmParser.parse(TestContexts.standard(), expected, new ParseOptions(expectedFile.toString(), 1, false))))));
        }
        // SOURCE.md: 26 programs, one of them with Shardy attributes
        assertTrue(tests.size() >= 2 * 25, "expected the 25 samples without Shardy, found " + tests.size() / 2);
        return tests.stream();
    }
}
