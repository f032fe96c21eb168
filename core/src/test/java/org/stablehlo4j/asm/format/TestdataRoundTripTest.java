package org.stablehlo4j.asm.format;

import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Upstream's testdata programs are stablehlo-opt output (after their RUN lines): every one must parse, printing
 * must be a fixed point of print -> parse -> print, and we report how many print byte for byte as written, once
 * the old printer's known spacing is brought to today's ({@link #currentSpacing}).
 */
class TestdataRoundTripTest {
    private static Path testdata() {
        String dir = System.getProperty("stablehlo.shared");
        Path p = dir == null ? null : Path.of(dir, "stablehlo", "testdata");
        Assumptions.assumeTrue(p != null && Files.isDirectory(p), "upstream corpus not available");
        return p;
    }

    /** The file's text without its leading comment lines and blank lines: what stablehlo-opt printed. */
    static String body(String text) {
        int at = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(at, end);
            if (!line.startsWith("//") && !line.isBlank()) break;
            at = end + 1;
        }
        return text.substring(Math.min(at, text.length())).stripTrailing();
    }

    private static final Pattern COMPARE_WITH_TYPE = Pattern.compile(
            "(stablehlo\\.compare  [A-Z]+, %[^,\\s]+, %[^,\\s]+),  ([A-Z]+)");
    private static final Pattern COMPARE = Pattern.compile("stablehlo\\.compare  ");
    private static final Pattern ENUM_AFTER_KEYWORD = Pattern.compile(
            "((?:stablehlo\\.fft %[^,\\s]+, type|, algorithm|, distribution) =)  ([A-Z])");
    /** A pretty while's header line, then {@code cond} one column right of the header's indentation. */
    private static final Pattern WHILE_COND = Pattern.compile(
            "(?m)^( *)(%[^\\n]* = stablehlo\\.while\\([^\\n]*\\n)\\1 cond \\{$");

    /**
     * The testdata files were printed by an older stablehlo-opt, and differ from what current upstream prints in
     * exactly two ways, both only spacing:
     * <ul>
     *   <li>its MLIR printed an enum attribute of a declarative op format with a space of its own after the space
     *       the op format puts before it: {@code stablehlo.compare  LT, %a, %b,  FLOAT}, {@code stablehlo.fft %x,
     *       type =  FFT}, {@code algorithm =  DEFAULT} (rng_bit_generator), {@code distribution =  UNIFORM} (rng);
     *       current MLIR prints one space ({@code stablehlo.compare LT, %a, %b, FLOAT});</li>
     *   <li>its pretty {@code stablehlo.while} printed {@code " cond {"} after the newline, one column right of the
     *       block's indentation; current upstream prints {@code "cond {"} (AssemblyFormat.cpp printWhileOp).</li>
     * </ul>
     * This rewrites those and nothing else in the expected text (the jax-samples test checks the current form
     * against libStablehlo's own output).
     */
    static String currentSpacing(String old) {
        String s = COMPARE_WITH_TYPE.matcher(old).replaceAll("$1, $2");
        s = COMPARE.matcher(s).replaceAll("stablehlo.compare ");
        s = ENUM_AFTER_KEYWORD.matcher(s).replaceAll("$1 $2");
        return WHILE_COND.matcher(s).replaceAll("$1$2$1cond {");
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void everyProgramParsesPrintsStablyAndMostlyIdentically() throws IOException {
        List<Path> files = SharedCorpus.mlirFiles(testdata());
        int parsed = 0;
        int identical = 0;
        int identicalTopLevel = 0;
        long topLevel = files.stream().filter(f -> f.getParent().equals(testdata())).count();
        int stable = 0;
        List<String> parseFailures = new ArrayList<>();
        List<String> unstable = new ArrayList<>();
        Map<String, Integer> differences = new TreeMap<>();
        Map<String, String> exampleOf = new TreeMap<>();
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            ModuleOp m;
            try {
                m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions(f.toString(), 1, false));
            } catch (DiagnosticException e) {
                parseFailures.add(f.getFileName() + ": " + e.diagnostics().get(0).message());
                continue;
            }
            parsed++;
            String once = print(m);
            String twice;
            try {
                twice = print(AsmParser.parse(TestContexts.standard(), once, new ParseOptions("printed", 1, false)));
            } catch (DiagnosticException e) {
                unstable.add(f.getFileName() + ": reparse: " + e.diagnostics().get(0).message());
                continue;
            }
            if (once.equals(twice)) stable++;
            else unstable.add(f.getFileName() + ": second print differs");
            String expected = currentSpacing(body(text));
            if (once.stripTrailing().equals(expected)) {
                identical++;
                if (f.getParent().equals(testdata())) identicalTopLevel++;
            } else {
                String why = firstDifference(expected, once.stripTrailing());
                String key = why.replaceAll("[%#]?[0-9]+", "N").replaceAll("\\s+", " ");
                key = key.length() > 80 ? key.substring(0, 80) : key;
                differences.merge(key, 1, Integer::sum);
                exampleOf.putIfAbsent(key, f.getFileName() + ": " + why);
            }
        }
        System.out.printf("testdata: %d files, %d parse, %d print-parse-print stable, %d identical to the file%n",
                files.size(), parsed, stable, identical);
        Map<String, Integer> failureKinds = new TreeMap<>();
        for (String pf : parseFailures) failureKinds.merge(pf.substring(pf.indexOf(": ") + 2), 1, Integer::sum);
        failureKinds.forEach((k, v) -> System.out.println("  parse failure x" + v + ": " + k));
        unstable.stream().limit(20).forEach(s -> System.out.println("  unstable: " + s));
        differences.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(25)
                .forEach(e -> System.out.println("  differs x" + e.getValue() + ": " + exampleOf.get(e.getKey())));
        System.out.printf("testdata: %d files, %d parse, %d print-parse-print stable, %d identical to the file"
                + " (top level: %d of %d identical)%n", files.size(), parsed, stable, identical, identicalTopLevel,
                topLevel);
        assertEquals(List.of(), parseFailures.subList(0, Math.min(parseFailures.size(), 20)), "parse failures");
        assertEquals(List.of(), unstable.subList(0, Math.min(unstable.size(), 20)), "unstable printing");
        // The top-level files are stablehlo-opt output; the subdirectories hold hand-written programs.
        assertTrue(identicalTopLevel * 100 >= topLevel * 99, "fewer than 99% of the top-level files print "
                + "identically: " + identicalTopLevel + " of " + topLevel);
    }

    /** The expected and actual line where the texts first differ. */
    static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
            String el = i < e.length ? e[i] : "<end>";
            String al = i < a.length ? a[i] : "<end>";
            if (!el.equals(al)) {
                return "line " + (i + 1) + ": expected [" + clip(el) + "] got [" + clip(al) + "]";
            }
        }
        return "same lines";
    }

    private static String clip(String s) {
        s = s.strip();
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }
}
