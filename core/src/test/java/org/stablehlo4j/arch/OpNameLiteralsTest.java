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
 * <p>{@link #LITERALS} and {@link #COMPARISONS} list the files not migrated yet with their exact counts: the test
 * fails when a count grows (a new name literal or comparison) and when it shrinks (lower the entry, so the list
 * only shrinks). Both are to reach empty.
 */
class OpNameLiteralsTest {
    /** Files still spelling op names as literals, with how many. */
    static final Map<String, Integer> LITERALS = Map.ofEntries(
            Map.entry("core/src/main/java/org/stablehlo4j/asm/AsmPrinterBuiltin.java", 5),
            Map.entry("core/src/main/java/org/stablehlo4j/asm/BuiltinCustomParsers.java", 4),
            Map.entry("core/src/main/java/org/stablehlo4j/asm/OperationParser.java", 2),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/CollectiveRules.java", 11),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/DotConvSupport.java", 2),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/RegionRules.java", 1),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/ReshapeRules.java", 2),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/ShapeRules.java", 1));

    /** Files still comparing op names as strings, with how many. */
    static final Map<String, Integer> COMPARISONS = Map.ofEntries(
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/CollectiveRules.java", 1),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/RegionRules.java", 1),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/ReshapeRules.java", 2),
            Map.entry("core/src/main/java/org/stablehlo4j/dialect/stablehlo/rules/ShapeRules.java", 1));

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
                if (lit > 0) literals.put(key(f), lit);
                if (cmp > 0) comparisons.put(key(f), cmp);
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Integer>[] out = new Map[] {literals, comparisons};
        return out;
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
    void noOpNameLiteralsOutsideTheDefinitions() throws IOException {
        Map<String, Integer> found = count()[0];
        assertEquals(new TreeMap<>(LITERALS), found, "string literals naming a registered op (outside the op "
                + "definitions) per file; use the typed op classes (AddOp.is/create, AddOp.DEFINITION). Current:\n"
                + table(found));
    }

    @Test
    void noOpNameComparisons() throws IOException {
        Map<String, Integer> found = count()[1];
        assertEquals(new TreeMap<>(COMPARISONS), found, "comparisons of op names as strings per file; compare "
                + "OperationName/row identity (AddOp.is(op)). Current:\n" + table(found));
    }
}
