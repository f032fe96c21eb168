package org.stablehlo4j.asm;

import org.stablehlo4j.testing.LossyPrettyForms;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Parses what the printer makes of every parsable upstream chunk (generic files whole, other VHLO legalization
 * files per function) and checks that printing it again gives the same text, in every printing mode. With
 * debug info this exercises {@code #loc} aliases that are used before their definitions at the end of the file.
 */
class RoundTripParseTest {
    private static final PrintOptions[] MODES = AsmPrinterRoundTripPrintTest.MODES;

    @Test
    void printedCorpusParsesBackToTheSameText() throws IOException {
        int units = 0;
        int unprintable = 0;
        int lossyUnits = 0;
        List<String> failures = new ArrayList<>();
        for (CorpusParseTest.Chunk c : CorpusParseTest.testChunks(false)) {
            Path f = c.file();
            for (CorpusParseTest.Chunk unit : CorpusParseTest.splitFunctions(c)) {
                ModuleOp m;
                ParseOptions opts = unit.options();
                try {
                    m = AsmParser.parse(TestContexts.standard(), unit.text(), opts);
                } catch (DiagnosticException e) {
                    continue; // pretty ops, covered by CorpusParseTest
                }
                if (AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT).contains("<<UNKNOWN")) {
                    unprintable++; // e.g. memref types, which the printer does not know yet
                    continue;
                }
                units++;
                // Upstream's pretty form of some ops drops types (LossyPrettyForms): their units are held to the
                // generic modes only; everything else still has to print back identically in every mode.
                boolean lossy = LossyPrettyForms.contains(m.op());
                if (lossy) lossyUnits++;
                for (PrintOptions mode : MODES) {
                    if (lossy && !mode.generic()) continue;
                    String first = AsmPrinter.print(TestContexts.standard(), m, mode);
                    try {
                        String second = AsmPrinter.print(TestContexts.standard(), AsmParser.parse(TestContexts.standard(), first, opts), mode);
                        if (!first.equals(second)) failures.add(f.getFileName() + ":" + unit.firstLine() + " " + mode
                                + " prints differently after a round trip");
                    } catch (DiagnosticException e) {
                        failures.add(f.getFileName() + ":" + unit.firstLine() + " " + mode + ": "
                                + e.diagnostics().get(0).message());
                    }
                }
            }
        }
        System.out.printf("round-tripped units: %d x %d modes, failures: %d (skipped, not printable yet: %d; generic"
                + " modes only, lossy pretty form: %d)%n", units, MODES.length, failures.size(), unprintable, lossyUnits);
        failures.stream().limit(30).forEach(System.out::println);
        assertTrue(units > 1000, "the corpus should provide many parsable units");
        assertEquals(List.of(), failures);
    }
}
