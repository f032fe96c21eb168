package org.stablehlo4j.asm;

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
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DiagnosticException;

/**
 * Parses the upstream corpus: every chunk (split at {@code // -----}) of the files written in generic form must
 * parse; files with pretty StableHLO ops must fail with the clean "custom op ... is unknown" error.
 */
class CorpusParseTest {
    private static final String SEPARATOR = "// -----";

    static Path shared() {
        String dir = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(dir != null && Files.isDirectory(Path.of(dir)), "upstream corpus not available");
        return Path.of(dir);
    }

    /** A chunk of a test file with the line it starts on. */
    record Chunk(Path file, int firstLine, String text) {
        /** Parse options as the file's RUN lines ask (unregistered dialects allowed or not). */
        ParseOptions options() throws IOException {
            return new ParseOptions(file.toString(), firstLine,
                    Files.readString(file).contains("allow-unregistered-dialect"));
        }
    }

    /** Chunks of all upstream test files that do (or do not) carry {@code expected-error} annotations. */
    static List<Chunk> testChunks(boolean withExpectedErrors) throws IOException {
        List<Chunk> out = new ArrayList<>();
        for (Path f : mlirFiles(shared().resolve("stablehlo/tests"))) {
            for (Chunk c : chunks(f)) {
                if (c.text().contains("expected-error") == withExpectedErrors) out.add(c);
            }
        }
        return out;
    }

    static List<Chunk> chunks(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<Chunk> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        StringBuilder cur = new StringBuilder();
        int start = 1;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(SEPARATOR)) {
                out.add(new Chunk(file, start, cur.toString()));
                cur.setLength(0);
                start = i + 2;
            } else {
                cur.append(lines[i]).append('\n');
            }
        }
        out.add(new Chunk(file, start, cur.toString()));
        return out;
    }

    private static String parseError(Chunk c, boolean allowUnregistered) {
        try {
            AsmParser.parse(TestContexts.standard(), c.text(), new ParseOptions(c.file().toString(), c.firstLine(), allowUnregistered));
            return null;
        } catch (DiagnosticException e) {
            return e.diagnostics().get(0).location() + ": " + e.diagnostics().get(0).message();
        }
    }

    static List<Path> mlirFiles(Path dir) throws IOException {
        return SharedCorpus.mlirFiles(dir);
    }

    @Test
    void genericFormTestFilesParse() throws IOException {
        Path tests = shared().resolve("stablehlo/tests");
        int genericFiles = 0;
        int parsedChunks = 0;
        int totalChunks = 0;
        List<String> failures = new ArrayList<>();
        List<Path> prettyFiles = new ArrayList<>();
        for (Path f : mlirFiles(tests)) {
            String whole = Files.readString(f);
            boolean allow = whole.contains("allow-unregistered-dialect");
            List<Chunk> chunks = chunks(f);
            List<String> errors = new ArrayList<>();
            boolean pretty = false;
            for (Chunk c : chunks) {
                String err = parseError(c, allow);
                if (err != null && err.contains("custom op '")) pretty = true;
                errors.add(err);
            }
            if (pretty) {
                prettyFiles.add(f);
                continue;
            }
            genericFiles++;
            for (int i = 0; i < chunks.size(); i++) {
                if (chunks.get(i).text().contains("expected-error")) continue;
                totalChunks++;
                if (errors.get(i) == null) parsedChunks++;
                else failures.add(errors.get(i));
            }
        }
        System.out.printf("generic-form files: %d, chunks parsed: %d/%d%n", genericFiles, parsedChunks, totalChunks);
        failures.stream().limit(40).forEach(System.out::println);
        assertTrue(genericFiles >= 40, "expected the generic-form test files to be found");
        assertEquals(List.of(), failures);
        checkFunctionsOfPrettyFiles(prettyFiles);
    }

    /**
     * Files that mix in pretty ops (e.g. the VHLO legalization tests use a few pretty {@code stablehlo.*} ops)
     * are split further at top-level {@code func.func} lines: every function must parse or fail with the clean
     * "custom op ... is unknown" error.
     */
    private static void checkFunctionsOfPrettyFiles(List<Path> files) throws IOException {
        int funcs = 0;
        int parsed = 0;
        int vhloFuncs = 0;
        int vhloParsed = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            boolean vhlo = f.getFileName().toString().startsWith("stablehlo_legalize_to_vhlo.");
            boolean allow = Files.readString(f).contains("allow-unregistered-dialect");
            for (Chunk c : chunks(f)) {
                if (c.text().contains("expected-error")) continue;
                for (Chunk fn : splitFunctions(c)) {
                    funcs++;
                    if (vhlo) vhloFuncs++;
                    String err = parseError(fn, allow);
                    if (err == null) {
                        parsed++;
                        if (vhlo) vhloParsed++;
                    } else if (!err.contains("custom op '")) {
                        failures.add(err);
                    }
                }
            }
        }
        System.out.printf("functions of files with pretty ops: %d parsed / %d (VHLO legalization files: %d / %d)%n",
                parsed, funcs, vhloParsed, vhloFuncs);
        failures.stream().limit(40).forEach(System.out::println);
        assertEquals(List.of(), failures);
    }

    /** Splits a chunk whose top level is a sequence of {@code func.func} definitions at those lines. */
    static List<Chunk> splitFunctions(Chunk c) {
        List<Chunk> out = new ArrayList<>();
        String[] lines = c.text().split("\n", -1);
        boolean topLevelFuncs = true;
        for (String l : lines) {
            if (!l.isEmpty() && !Character.isWhitespace(l.charAt(0)) && !l.startsWith("//") && !l.startsWith("}")
                    && !l.startsWith("func.func ")) {
                topLevelFuncs = false;
            }
        }
        if (!topLevelFuncs) return List.of(c);
        StringBuilder cur = new StringBuilder();
        int start = c.firstLine();
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("func.func ") && cur.length() > 0) {
                out.add(new Chunk(c.file(), start, cur.toString()));
                cur.setLength(0);
                start = c.firstLine() + i;
            }
            cur.append(lines[i]).append('\n');
        }
        out.add(new Chunk(c.file(), start, cur.toString()));
        return out;
    }

    @Test
    void prettyTestdataFailsCleanly() throws IOException {
        Path dir = shared().resolve("stablehlo/testdata");
        int files = 0;
        int clean = 0;
        List<String> other = new ArrayList<>();
        for (Path f : mlirFiles(dir)) {
            files++;
            String err = parseError(new Chunk(f, 1, Files.readString(f)), false);
            if (err == null || err.contains("custom op '")) clean++;
            else other.add(err);
        }
        System.out.printf("testdata files: %d, parsed or clean custom-op error: %d%n", files, clean);
        other.stream().limit(40).forEach(System.out::println);
        assertEquals(List.of(), other);
    }
}
