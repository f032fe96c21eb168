package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: for every module the parser accepts from upstream's test files and every format version, what the
 * writer emits is accepted by the reader, reads back to the same IR (compared through the generic printer with
 * locations), and writing that again gives the same bytes.
 */
class WriterRoundTripPropertyTest {
    private static final PrintOptions GENERIC = new PrintOptions(true, true, false);

    @Test
    void upstreamTestModulesRoundTripAtEveryVersion() throws Exception {
        List<Path> files = SharedCorpus.mlirFiles(SharedCorpus.upstream("stablehlo", "tests"));
        int modules = 0;
        int checks = 0;
        List<String> failures = new ArrayList<>();
        for (Path p : files) {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            for (String chunk : text.split("(?m)^// -----\\s*$")) {
                ModuleOp m;
                try {
                    m = AsmParser.parse(TestContexts.standard(), chunk, new ParseOptions(p.toString(), 1, true));
                } catch (Exception e) {
                    continue; // chunks the parser rejects (expected-error tests, unsupported syntax)
                }
                modules++;
                // Every module at the newest format; a quarter of them at each older format (keeps the run short).
                for (int v = modules % 4 == 0 ? 0 : BytecodeWriter.MAX_VERSION; v <= BytecodeWriter.MAX_VERSION; v++) {
                    checks++;
                    String problem = roundTrip(m, chunk, p, v);
                    if (problem != null && failures.size() < 10) failures.add(p.getFileName() + " v" + v + ": " + problem);
                }
            }
        }
        System.out.println("[writer] round trip: " + modules + " modules, " + checks + " (module, version) checks, "
                + failures.size() + " failures");
        assertTrue(modules > 1000, "expected most upstream test modules to parse, got " + modules);
        assertEquals(List.of(), failures);
    }

    private static String roundTrip(ModuleOp m, String chunk, Path p, int version) throws Exception {
        BytecodeWriterConfig cfg = new BytecodeWriterConfig(version, "test", Map.of(), false);
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, cfg);
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "roundtrip");
        byte[] again = BytecodeWriter.write(TestContexts.standard(), back, cfg);
        if (!Arrays.equals(bytes, again)) return "writing the read-back module gives different bytes";
        String expected = AsmPrinter.print(TestContexts.standard(), m, GENERIC);
        String actual = AsmPrinter.print(TestContexts.standard(), back, GENERIC);
        if (version < BytecodeWriter.V_NATIVE_PROPERTIES) {
            // Before native properties, inherent attributes travel in the attribute dictionary; ops the bytecode
            // layer has no property layout for come back with them there.
            ModuleOp fresh = AsmParser.parse(TestContexts.standard(), chunk, new ParseOptions(p.toString(), 1, true));
            mergeProperties(fresh.op());
            mergeProperties(back.op());
            expected = AsmPrinter.print(TestContexts.standard(), fresh, GENERIC);
            actual = AsmPrinter.print(TestContexts.standard(), back, GENERIC);
        }
        return expected.equals(actual) ? null : "read-back module prints differently";
    }

    /** Moves every op's properties into its attribute dictionary. */
    static void mergeProperties(Operation op) {
        if (!op.properties().isEmpty()) {
            List<NamedAttribute> all = new ArrayList<>(op.properties().entries());
            all.addAll(op.attributes().entries());
            op.setAttributes(DictionaryAttr.of(all));
            op.setProperties(DictionaryAttr.EMPTY);
        }
        for (Region r : op.regions()) for (Block b : r.blocks()) for (Operation o : b.operations()) mergeProperties(o);
    }
}
