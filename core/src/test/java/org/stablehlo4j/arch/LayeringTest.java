package org.stablehlo4j.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package layering of core (design/ARCHITECTURE.md §3.1), read from the sources: every import and fully
 * qualified reference {@code org.stablehlo4j.x.y.Z} of a main source file is an edge from its package to
 * {@code x.y}. The test fails on an edge not in {@link #ALLOWED} and on a cycle not in {@link #KNOWN_CYCLES};
 * both tables may only shrink.
 */
class LayeringTest {
    static final Path MAIN = Path.of("src/main/java");

    /**
     * Today's edges (after the Context/Dialect change). The format engine ({@code asm.format}) knows no dialect:
     * StableHLO's custom directives, enum handling and while/reduce forms live in {@code dialect.stablehlo.asm}
     * behind {@code asm.format.FormatExtension}. Still wrong w.r.t. §3.1, to be removed:
     * {@code dialect.stablehlo -> dialect.vhlo} (FloatText: fold into ir.FloatFormats);
     * {@code verify -> asm} (messages print types through asm: allowed); {@code compat.legalize -> pass}
     * (RewritePass: fine, L5 over L3).
     * From the merge of main (CHLO verification, the rewrite driver, plain bytecode per dialect):
     * {@code rewrite -> ir},
     * {@code dialect.chlo -> bytecode}, {@code dialect.stablehlo -> bytecode} (the dialects' DialectBytecode) and
     * {@code dialect.chlo -> dialect.stablehlo} (shared HLO types/enums/bytecode and rule helpers, as ChloOps.td)
     * respect §3.1. The verifier reads each op's row (hooks verifier/regionVerifier/inferTypes) from the Context and
     * imports no dialect; the rules live with their dialects.
     * Versions are a leaf ({@code dialect.vhlo.version}, upstream's Version.h) read by the VHLO op tables, the
     * dialect and compat; {@code bytecode.writer} sits above {@code bytecode} and knows no versions
     * ({@code compat.PortableArtifactWriter} turns a target version into a writer config).
     */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            // the public facade (L7, above init): may use everything below it
            Map.entry("api", Set.of("asm", "bytecode", "compat", "compat.legalize", "dialect.vhlo.version", "init",
                    "ir", "pass", "verify")),
            // the typed builder (L7, beside api): StableHLO attributes from Java records, the verifier per op
            Map.entry("api.build", Set.of("api", "asm", "dialect.stablehlo", "ir", "verify")),
            Map.entry("asm", Set.of("ir")),
            Map.entry("asm.format", Set.of("asm", "ir")),
            Map.entry("bytecode", Set.of("asm", "ir")),
            Map.entry("bytecode.writer", Set.of("asm", "bytecode", "ir")),
            Map.entry("compat", Set.of("bytecode", "bytecode.writer", "dialect.vhlo.version", "ir", "verify")),
            Map.entry("compat.legalize", Set.of("asm", "bytecode", "bytecode.writer", "compat", "dialect.quant",
                    "dialect.stablehlo", "dialect.vhlo", "dialect.vhlo.ops", "dialect.vhlo.version", "ir", "pass", "verify")),
            Map.entry("dialect.builtin", Set.of("asm", "ir")),
            Map.entry("dialect.check", Set.of("asm", "asm.format", "ir")),
            Map.entry("dialect.chlo", Set.of("asm", "asm.format", "bytecode", "dialect.stablehlo", "ir")),
            Map.entry("dialect.func", Set.of("asm", "bytecode", "ir")),
            Map.entry("dialect.interpreter", Set.of("asm", "asm.format", "ir")),
            Map.entry("dialect.mlir", Set.of("asm", "asm.format", "ir")),
            Map.entry("dialect.quant", Set.of("asm", "ir")),
            Map.entry("dialect.sdy", Set.of("asm", "asm.format", "bytecode", "ir")),
            Map.entry("dialect.sparse", Set.of("asm", "ir")),
            Map.entry("dialect.stablehlo", Set.of("asm", "asm.format", "bytecode", "dialect.vhlo", "ir")),
            // the StableHLO passes (L4 over L3 pass/rewrite); verify and dialect.chlo for type inference
            Map.entry("dialect.stablehlo.transforms", Set.of("asm", "dialect.chlo", "dialect.stablehlo", "ir", "pass",
                    "rewrite", "verify")),
            Map.entry("dialect.vhlo", Set.of("asm", "bytecode", "dialect.vhlo.ops", "ir")),
            Map.entry("dialect.vhlo.ops", Set.of("dialect.vhlo.version", "ir")),
            Map.entry("dialect.vhlo.version", Set.of()),
            Map.entry("init", Set.of("compat.legalize", "dialect.builtin", "dialect.check", "dialect.chlo",
                    "dialect.func", "dialect.interpreter", "dialect.mlir", "dialect.quant", "dialect.sdy",
                    "dialect.sparse", "dialect.stablehlo", "dialect.stablehlo.transforms", "dialect.vhlo", "ir",
                    "pass")),
            Map.entry("ir", Set.of()),
            Map.entry("pass", Set.of("ir", "rewrite")), // canonicalize runs rewrite.GreedyRewriteDriver
            Map.entry("rewrite", Set.of("ir")),
            Map.entry("verify", Set.of("asm", "ir")));

    /** Cycles that remain (each to be broken later): none. */
    static final Set<Set<String>> KNOWN_CYCLES = Set.of();

    static Map<String, Set<String>> edges() throws IOException {
        Map<String, List<Path>> byPackage = new TreeMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            // module-info.java (the JPMS descriptor, no package) names packages, it imports none
            files.filter(p -> p.toString().endsWith(".java") && !p.endsWith("module-info.java")).forEach(p ->
                    byPackage.computeIfAbsent(packageOf(p), k -> new ArrayList<>()).add(p));
        }
        Set<String> packages = byPackage.keySet();
        Map<String, Set<String>> edges = new TreeMap<>();
        for (var e : byPackage.entrySet()) {
            Set<String> to = new TreeSet<>();
            for (Path f : e.getValue()) {
                String text = stripComments(Files.readString(f));
                // the package declaration names the package itself, not an edge to its parent
                int decl = text.indexOf("package org.stablehlo4j.");
                if (decl >= 0) text = text.substring(text.indexOf(';', decl) + 1);
                int i = 0;
                String prefix = "org.stablehlo4j.";
                while ((i = text.indexOf(prefix, i)) >= 0) {
                    int end = i + prefix.length();
                    // org.stablehlo4j.a.b.C: the package is the lower-case segments before the first upper-case one
                    StringBuilder pkg = new StringBuilder();
                    int seg = end;
                    while (seg < text.length() && Character.isLowerCase(text.charAt(seg))) {
                        int dot = seg;
                        while (dot < text.length() && Character.isJavaIdentifierPart(text.charAt(dot))) dot++;
                        if (dot >= text.length() || text.charAt(dot) != '.') break;
                        if (pkg.length() > 0) pkg.append('.');
                        pkg.append(text, seg, dot);
                        seg = dot + 1;
                    }
                    i = seg;
                    String q = pkg.toString();
                    while (!q.isEmpty() && !packages.contains(q)) q = q.contains(".") ? q.substring(0, q.lastIndexOf('.')) : "";
                    if (!q.isEmpty() && !q.equals(e.getKey())) to.add(q);
                }
            }
            edges.put(e.getKey(), to);
        }
        return edges;
    }

    /**
     * The package of a source file. A dialect's {@code rules} subpackage (the rule bodies its rows reference,
     * ARCHITECTURE.md §3.8) and its {@code asm} subpackage (its custom assembly: format directives, hand-written op
     * forms, which the dialect class registers) count as part of the dialect: they and the rows reference each
     * other.
     */
    static String packageOf(Path file) {
        String rel = MAIN.relativize(file.getParent()).toString().replace(java.io.File.separatorChar, '.');
        String pkg = rel.substring("org.stablehlo4j.".length());
        if (!pkg.startsWith("dialect.")) return pkg;
        for (String part : List.of(".rules", ".asm")) {
            if (pkg.endsWith(part)) return pkg.substring(0, pkg.length() - part.length());
        }
        return pkg;
    }

    static String stripComments(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n') i++;
            } else if (s.startsWith("/*", i)) {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? s.length() : end + 2;
            } else if (s.charAt(i) == '"') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '"' && s.charAt(j) != '\n') j += s.charAt(j) == '\\' ? 2 : 1;
                out.append("\"\"");
                i = j + 1;
            } else {
                out.append(s.charAt(i++));
            }
        }
        return out.toString();
    }

    @Test
    void everyEdgeIsAllowed() throws IOException {
        List<String> bad = new ArrayList<>();
        for (var e : edges().entrySet()) {
            Set<String> allowed = ALLOWED.getOrDefault(e.getKey(), Set.of());
            for (String to : e.getValue()) if (!allowed.contains(to)) bad.add(e.getKey() + " -> " + to);
        }
        assertEquals(List.of(), bad, "package edges not in LayeringTest.ALLOWED");
    }

    @Test
    void noNewCycles() throws IOException {
        Map<String, Set<String>> g = edges();
        List<Set<String>> sccs = stronglyConnected(g);
        List<Set<String>> bad = new ArrayList<>();
        for (Set<String> c : sccs) if (c.size() > 1 && !KNOWN_CYCLES.contains(c)) bad.add(c);
        assertEquals(List.of(), bad, "import cycles between packages");
        assertTrue(g.containsKey("ir") && g.get("ir").isEmpty(), "ir imports no other package: " + g.get("ir"));
    }

    /** Tarjan's algorithm. */
    static List<Set<String>> stronglyConnected(Map<String, Set<String>> g) {
        Map<String, Integer> index = new HashMap<>(), low = new HashMap<>();
        List<String> stack = new ArrayList<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : g.keySet()) if (!index.containsKey(v)) strong(v, g, index, low, stack, onStack, out, counter);
        return out;
    }

    private static void strong(String v, Map<String, Set<String>> g, Map<String, Integer> index,
                               Map<String, Integer> low, List<String> stack, Set<String> onStack,
                               List<Set<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.add(v);
        onStack.add(v);
        for (String w : g.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                strong(w, g, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> c = new TreeSet<>();
            String w;
            do {
                w = stack.remove(stack.size() - 1);
                onStack.remove(w);
                c.add(w);
            } while (!w.equals(v));
            out.add(c);
        }
    }
}
