package org.stablehlo4j.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.init.AllDialects;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.OpDefinition;

/**
 * Issue 23: ops are named once, in their definitions (the rows, and the typed classes generated from them), and
 * dispatched on by identity ({@code AddOp.is(op)}, {@code op.opName()}), never by comparing name strings. Fails on
 * a string literal equal to a registered op name (checked against the Context's registered names, so attribute
 * names such as {@code sdy.sharding}, custom-call targets and composite names pass) and on a comparison of an
 * op's name as a string, in the main sources of core, interpreter and cli outside the op definitions.
 *
 * <p>Both counts are 0 (issue 23): every file must be free of them. {@link #findsLiteralsAndComparisons} holds the
 * scanner to a sample, so the two checks fail on a file that names an op.
 */
class OpNameLiteralsTest {
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    /** {@code x.name().equals(...)}, {@code x.name() == ...}, {@code .equals(x.name())}, {@code switch (x.name())}. */
    private static final Pattern COMPARE = Pattern.compile(
            "(\\w+(?:\\(\\))?)\\.name\\(\\)\\s*(?:\\.(?:equals|startsWith|endsWith|contentEquals)\\(|[!=]=)"
            + "|\\.equals\\(\\s*(\\w+(?:\\(\\))?)\\.name\\(\\)\\s*\\)"
            + "|switch\\s*\\(\\s*(\\w+(?:\\(\\))?)\\.name\\(\\)\\s*\\)");
    /** Receivers that are ops whatever the file declares. */
    private static final Set<String> OP_RECEIVERS = Set.of("owner()", "parentOp()", "getDefiningOp()",
            "definingOp()", "op()", "operation()");

    static Set<String> registeredOpNames() {
        Context ctx = AllDialects.newContext().loadAllAvailableDialects();
        Set<String> names = new HashSet<>();
        for (Dialect d : ctx.loadedDialects()) for (OpDefinition def : d.operations()) names.add(def.name());
        return names;
    }

    static List<Path> roots() {
        return Stream.of(Path.of("src/main/java"), Path.of("../interpreter/src/main/java"),
                Path.of("../cli/src/main/java")).filter(Files::isDirectory).toList();
    }

    /** A file that defines ops (their rows): it may name them. */
    static boolean definesOps(String text, Path file) {
        return text.contains("import org.stablehlo4j.ir.OpTable;") || text.contains("OpTable.define(")
                || file.toString().replace('\\', '/').contains("/dialect/vhlo/ops/");
    }

    /** The file's path from the repository root (the parent of core, where the tests run). */
    static String key(Path file) {
        Path base = Path.of("").toAbsolutePath().normalize().getParent();
        return base.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    static Map<String, Integer>[] count() throws IOException {
        Set<String> names = registeredOpNames();
        Map<String, Integer> literals = new TreeMap<>();
        Map<String, Integer> comparisons = new TreeMap<>();
        for (Path root : roots()) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(root)) {
                files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            }
            for (Path f : files) {
                String text = Files.readString(f);
                if (definesOps(text, f)) continue;
                int[] found = countIn(text, names);
                if (found[0] > 0) literals.put(key(f), found[0]);
                if (found[1] > 0) comparisons.put(key(f), found[1]);
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Integer>[] out = new Map[] {literals, comparisons};
        return out;
    }

    /** The literals naming one of {@code names} and the op-name comparisons in one source text. */
    static int[] countIn(String text, Set<String> names) {
        String code = stripComments(text);
        int lit = 0;
        Matcher m = LITERAL.matcher(code);
        while (m.find()) if (names.contains(m.group(1))) lit++;
        int cmp = 0;
        Matcher c = COMPARE.matcher(code);
        while (c.find()) {
            String recv = c.group(1) != null ? c.group(1) : c.group(2) != null ? c.group(2) : c.group(3);
            if (isOp(recv, code)) cmp++;
        }
        return new int[] {lit, cmp};
    }

    /** Whether {@code recv} is an op: an op-returning call, or a variable the file declares as an Operation. */
    static boolean isOp(String recv, String code) {
        if (OP_RECEIVERS.contains(recv)) return true;
        if (recv.endsWith("()")) return false;
        return Pattern.compile("\\bOperation\\s+" + Pattern.quote(recv) + "\\b").matcher(code).find();
    }

    /** The text without comments (string literals kept). */
    static String stripComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char ch = s.charAt(i);
            if (ch == '"') {
                int j = i + 1;
                if (s.startsWith("\"\"\"", i)) {
                    j = s.indexOf("\"\"\"", i + 3);
                    j = j < 0 ? s.length() : j + 3;
                } else {
                    while (j < s.length() && s.charAt(j) != '"' && s.charAt(j) != '\n') j += s.charAt(j) == '\\' ? 2 : 1;
                    j = Math.min(j + 1, s.length());
                }
                out.append(s, i, j);
                i = j;
            } else if (ch == '\'') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '\'') j += s.charAt(j) == '\\' ? 2 : 1;
                j = Math.min(j + 1, s.length());
                out.append(s, i, j);
                i = j;
            } else if (s.startsWith("//", i)) {
                int j = s.indexOf('\n', i);
                i = j < 0 ? s.length() : j;
            } else if (s.startsWith("/*", i)) {
                int j = s.indexOf("*/", i + 2);
                i = j < 0 ? s.length() : j + 2;
            } else {
                out.append(ch);
                i++;
            }
        }
        return out.toString();
    }

    static String table(Map<String, Integer> m) {
        StringBuilder sb = new StringBuilder();
        for (var e : m.entrySet()) sb.append("            Map.entry(\"").append(e.getKey()).append("\", ").append(e.getValue()).append("),\n");
        return sb.toString();
    }

    @Test
    void findsLiteralsAndComparisons() {
        String sample = """
                class X {
                    // "stablehlo.add" in a comment does not count
                    static final String A = "stablehlo.add", B = "sdy.sharding";
                    boolean f(Operation op) { return op.name().equals(A) || "func.func".equals(op.name()); }
                    boolean g(Operation op) { return op.parentOp().name() == B; }
                }
                """;
        int[] found = countIn(sample, Set.of("stablehlo.add", "func.func"));
        assertEquals(2, found[0], "literals naming registered ops (not attribute names, not comments)");
        assertEquals(3, found[1], "name comparisons on ops");
    }

    @Test
    void noOpNameLiteralsOutsideTheDefinitions() throws IOException {
        Map<String, Integer> found = count()[0];
        assertEquals(Map.of(), found, "string literals naming a registered op (outside the op definitions) per file;"
                + " use the typed op classes (AddOp.is/create, AddOp.NAME, AddOp.DEFINITION):\n" + table(found));
    }

    @Test
    void noOpNameComparisons() throws IOException {
        Map<String, Integer> found = count()[1];
        assertEquals(Map.of(), found, "comparisons of op names as strings per file; compare OperationName/row"
                + " identity (AddOp.is(op)):\n" + table(found));
    }
}
