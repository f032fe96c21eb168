package org.stablehlo4j.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generic layers ({@code ir}, {@code asm}, {@code bytecode}, {@code pass}, {@code rewrite}, {@code verify}) name
 * no dialect but builtin: the equivalent of
 * {@code grep -rn '"stablehlo\|"chlo\|"vhlo\|"quant\|"sdy\|"sparse\|"func"\|"func\.' ir asm bytecode pass rewrite verify}
 * (func's pretty forms live in {@code dialect.func}). The few
 * hits left are listed in {@link #KNOWN}; that list may only shrink. Nor do they define a dialect's ODS type
 * constraints or traits ({@code "HLO_}: StableHLO's Base.td lives in {@code dialect.stablehlo}). Also: no
 * {@code java.util.regex} under asm, bytecode, ir (§3.10), except the files in {@link #REGEX_KNOWN}.
 */
class GenericLayersTest {
    static final List<String> GENERIC = List.of("ir", "asm", "bytecode", "pass", "rewrite", "verify");
    static final String[] DIALECT_STRINGS = {"\"stablehlo", "\"chlo", "\"vhlo", "\"quant", "\"sdy", "\"sparse",
            "\"func\"", "\"func.", "\"HLO_"};

    /** Remaining hits (file -> count), to be removed. */
    static final Map<String, Integer> KNOWN = Map.of();

    /** Files still using java.util.regex, to be rewritten by hand (ARCHITECTURE.md §3.10). */
    static final Map<String, Integer> REGEX_KNOWN = Map.of(
            "bytecode/BytecodeReader.java", 1);  // the producer version check

    static Map<String, Integer> count(List<String> packages, String... needles) throws IOException {
        Map<String, Integer> hits = new TreeMap<>();
        Path root = Path.of("src/main/java/org/stablehlo4j");
        for (String pkg : packages) {
            try (Stream<Path> files = Files.walk(root.resolve(pkg))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    int n = 0;
                    for (String line : Files.readAllLines(f)) {
                        for (String s : needles) if (line.contains(s)) { n++; break; }
                    }
                    if (n > 0) hits.put(root.relativize(f).toString().replace(java.io.File.separatorChar, '/'), n);
                }
            }
        }
        return hits;
    }

    @Test
    void genericLayersNameNoDialect() throws IOException {
        assertEquals(new TreeMap<>(KNOWN), count(GENERIC, DIALECT_STRINGS));
    }

    @Test
    void noRegexInHotLayers() throws IOException {
        Map<String, Integer> hits = count(List.of("asm", "bytecode", "ir"), "java.util.regex", "Pattern.compile",
                ".matches(\"", ".replaceAll(\"", ".split(\"");
        List<String> unexpected = new ArrayList<>();
        for (var e : hits.entrySet()) if (!REGEX_KNOWN.containsKey(e.getKey())) unexpected.add(e.getKey());
        assertEquals(List.of(), unexpected);
    }
}
