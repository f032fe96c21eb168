package org.stablehlo4j.asm.format;

import org.stablehlo4j.TestContexts;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Module;

/**
 * Upstream's testdata programs are stablehlo-opt output (after their RUN lines): every one must parse, printing
 * must be a fixed point of print -> parse -> print, and we report how many print byte for byte as written.
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

    private static String print(Module m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void everyProgramParsesPrintsStablyAndMostlyIdentically() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(testdata())) {
            files = s.filter(p -> p.toString().endsWith(".mlir")).sorted().toList();
        }
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
            Module m;
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
            String expected = body(text);
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
