package org.stablehlo4j.dialect.stablehlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.DialectBodyException;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.StringAttr;

/** The attribute directives of StableHLO pretty forms, with texts from upstream tests. */
class PrettyDirectivesTest {
    private static <T> String reprint(String text, Function<DialectAsmParser, T> parse,
                                      java.util.function.BiConsumer<AsmSink, T> print) {
        T v = StablehloAsm.parseText(text, parse);
        return AsmPrinter.printBody(s -> print.accept(s, v));
    }

    @Test
    void dotGeneral() {
        // tests/print_stablehlo.mlir CHECK lines
        String[] texts = {
            "batching_dims = [0] x [0], contracting_dims = [2] x [1]",
            "contracting_dims = [1] x [0]",
        };
        for (String t : texts) {
            assertEquals(t, reprint(t, PrettyDirectives::parseDotDimensionNumbers,
                    PrettyDirectives::printDotDimensionNumbers));
        }
        String tail = ", precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = "
                + "tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, "
                + "num_primitive_operations = 1, allow_imprecise_accumulation = false>";
        assertEquals(tail, reprint(tail, r -> PrettyDirectives.parsePrecisionConfigAndAlgorithm(r, true),
                PrettyDirectives::printPrecisionConfigAndAlgorithm));
        String algOnly = tail.substring(tail.indexOf(", algorithm"));
        PrettyDirectives.PrecisionAndAlgorithm p =
                StablehloAsm.parseText(algOnly, r -> PrettyDirectives.parsePrecisionConfigAndAlgorithm(r, true));
        assertNull(p.precisionConfig());
        assertEquals("tf32", p.algorithm().lhsPrecisionType().toString());
        assertEquals("", reprint("", r -> PrettyDirectives.parsePrecisionConfigAndAlgorithm(r, false),
                PrettyDirectives::printPrecisionConfigAndAlgorithm));
    }

    @Test
    void sliceExponentAndTarget() {
        // tests/print_stablehlo.mlir CHECK lines
        for (String t : new String[] {"[0:1:2]", "[0:4:2]", "[0:1]", "[]", "[1:3, 4:8:2]"}) {
            assertEquals(t, reprint(t, PrettyDirectives::parseSliceRanges, PrettyDirectives::printSliceRanges));
        }
        assertEquals("e8m10", reprint("e8m10", PrettyDirectives::parseExponentMantissa,
                (s, v) -> PrettyDirectives.printExponentMantissa(s, v[0], v[1])));
        DialectBodyException e = assertThrows(DialectBodyException.class,
                () -> StablehloAsm.parseText("f8m10", PrettyDirectives::parseExponentMantissa));
        assertTrue(e.reason().startsWith("expected exponent mantissa in format e#m#"), e.reason());
        assertEquals("@foo", reprint("@foo", PrettyDirectives::parseCustomCallTarget,
                PrettyDirectives::printCustomCallTarget));
        assertEquals("@\"foo-not-id\"", reprint("@\"foo-not-id\"", PrettyDirectives::parseCustomCallTarget,
                PrettyDirectives::printCustomCallTarget));
        assertEquals(StringAttr.of("foo-not-id"),
                StablehloAsm.parseText("@\"foo-not-id\"", PrettyDirectives::parseCustomCallTarget));
    }

    @Test
    void convolutionDimensionsAndWindow() {
        String dims = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]";
        assertEquals(dims, reprint(dims, ConvDimensionNumbersAttr::parseCompact,
                (s, v) -> s.append(v.compactText())));
        String w = "stride = [1, 1], pad = [[0, 1], [0, 1]], rhs_dilate = [2, 2]";
        assertEquals(w, reprint(w, PrettyDirectives::parseWindowAttributes,
                PrettyDirectives::printWindowAttributes));
        DialectBodyException e = assertThrows(DialectBodyException.class,
                () -> StablehloAsm.parseText("stride = [1], stride = [2]", PrettyDirectives::parseWindowAttributes));
        assertEquals("Unexpected keyword stride", e.reason());
        e = assertThrows(DialectBodyException.class,
                () -> StablehloAsm.parseText("pad = [[0, 1, 2]]", PrettyDirectives::parseWindowAttributes));
        assertEquals("Expected array with 2 elements, got 3 elements instead", e.reason());
    }

    /** Every single-line convolution window and layout written in the corpus prints back as written. */
    @Test
    void corpusConvolutions() {
        Pattern window = Pattern.compile("window = \\{([^{}]*)\\}");
        Pattern layout = Pattern.compile("dim_numbers = (\\[[^\\]]*\\]x\\[[^\\]]*\\]->\\[[^\\]]*\\])");
        int n = 0;
        List<String> problems = new ArrayList<>();
        for (Path f : Corpus.mlirFiles()) {
            for (String line : Corpus.lines(f)) {
                if (line.contains("{{")) continue;
                Matcher m = window.matcher(line);
                while (m.find()) {
                    String t = m.group(1);
                    try {
                        String p = reprint(t, PrettyDirectives::parseWindowAttributes,
                                PrettyDirectives::printWindowAttributes);
                        if (p.equals(t)) n++;
                        else problems.add(f.getFileName() + ": " + t + " -> " + p);
                    } catch (DialectBodyException e) {
                        if (!Corpus.text(f).contains("expected-error")) problems.add(t + ": " + e.getMessage());
                    }
                }
                m = layout.matcher(line);
                while (m.find()) {
                    String t = m.group(1);
                    try {
                        String p = reprint(t, ConvDimensionNumbersAttr::parseCompact,
                                (s, v) -> s.append(v.compactText()));
                        if (p.equals(t)) n++;
                        else problems.add(f.getFileName() + ": " + t + " -> " + p);
                    } catch (DialectBodyException e) {
                        if (!Corpus.text(f).contains("expected-error")) problems.add(t + ": " + e.getMessage());
                    }
                }
            }
        }
        System.out.printf("convolution windows/layouts: %d reprinted exactly, %d problems%n", n, problems.size());
        assertTrue(problems.isEmpty(), problems.subList(0, Math.min(10, problems.size())).toString());
        assertTrue(n > 100, "too few: " + n);
    }
}
