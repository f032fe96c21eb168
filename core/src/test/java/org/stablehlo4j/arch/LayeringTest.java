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
 * {@code x.y}. Every package is its own node, a subpackage too ({@code dialect.stablehlo.ops} is not
 * {@code dialect.stablehlo}). The test fails on an edge of core not in {@link #ALLOWED} and on a cycle not in
 * {@link #KNOWN_CYCLES} among the packages of core, interpreter and cli; both tables may only shrink.
 */
class LayeringTest {
    static final Path MAIN = Path.of("src/main/java");
    /** The typed op classes generated from the rows at build time (a second source root of core's main code). */
    static final Path GENERATED = Path.of("target/generated-sources/typed-ops");

    /** The sources of the modules above core (the tests run in core/), read for cycles when present. */
    static final List<Path> ABOVE = List.of(Path.of("../interpreter/src/main/java"), Path.of("../cli/src/main/java"));

    /**
     * Today's edges (after the Context/Dialect change). The format engine ({@code asm.format}) knows no dialect:
     * StableHLO's custom directives, enum handling and while/reduce forms live in {@code dialect.stablehlo.asm}
     * behind {@code asm.format.FormatExtension}. Still wrong w.r.t. §3.1, to be removed:
     * {@code verify -> asm} (messages print types through asm: allowed); {@code compat.legalize -> pass}
     * (RewritePass: fine, L5 over L3).
     * From the merge of main (CHLO verification, the rewrite driver, plain bytecode per dialect):
     * {@code rewrite -> ir},
     * {@code dialect.chlo -> bytecode}, {@code dialect.stablehlo -> bytecode} (the dialects' DialectBytecode) and
     * {@code dialect.chlo -> dialect.stablehlo} (shared HLO types/enums/bytecode and rule helpers, as ChloOps.td)
     * respect §3.1. The verifier reads each op's row (hooks verifier/regionVerifier/inferTypes) from the Context and
     * imports no dialect; the rules live with their dialects.
     * StableHLO is three packages, bottom up: {@code dialect.stablehlo} (attributes, types, enums, their text and
     * the namespace) and {@code dialect.stablehlo.asm} (custom assembly), then {@code dialect.stablehlo.ops}: the op
     * rows (data only), the typed op classes generated from them, the rules that use those classes, the hooks class
     * that attaches the rules to the rows, the dialect class and its bytecode. The typed classes compare with the
     * hooked rows and the rules use the typed classes, so rows, rules and hooks are one package. A form that needs
     * an op's row gets it from the dialect ({@code WhileReduceForms.reduce(rows)}), never from the table.
     * Versions are a leaf ({@code dialect.vhlo.version}, upstream's Version.h) read by the VHLO op tables, the
     * dialect and compat; {@code bytecode.writer} sits above {@code bytecode} and knows no versions
     * ({@code compat.PortableArtifactWriter} turns a target version into a writer config).
     */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            // the public facade (L7, above init): may use everything below it
            Map.entry("api", Set.of("asm", "bytecode", "compat", "compat.legalize", "dialect.stablehlo.transforms",
                    "dialect.vhlo.version", "init", "ir", "pass", "verify")),
            // the typed builder (L7, beside api): StableHLO attributes from Java records, the verifier per op;
            // the CHLO ops' typed builders (ChloBuilder)
            Map.entry("api.build", Set.of("api", "asm", "dialect.chlo", "dialect.func", "dialect.stablehlo",
                    "dialect.stablehlo.ops", "ir", "verify")),
            Map.entry("asm", Set.of("ir")),
            Map.entry("asm.format", Set.of("asm", "ir")),
            Map.entry("bytecode", Set.of("asm", "ir")),
            Map.entry("bytecode.writer", Set.of("asm", "bytecode", "ir")),
            Map.entry("compat", Set.of("bytecode", "bytecode.writer", "dialect.vhlo.version", "ir", "verify")),
            Map.entry("compat.legalize", Set.of("asm", "bytecode", "bytecode.writer", "compat", "dialect.quant",
                    "dialect.stablehlo", "dialect.stablehlo.ops", "dialect.vhlo", "dialect.vhlo.ops", "dialect.vhlo.version", "ir", "pass", "verify")),
            Map.entry("dialect.builtin", Set.of("asm", "ir")),
            Map.entry("dialect.check", Set.of("asm", "asm.format", "ir")),
            // (and the shape ops CHLO's shape reification builds, as ChloOps.cpp with BroadcastUtils.cpp)
            Map.entry("dialect.chlo", Set.of("asm", "asm.format", "bytecode", "dialect.mlir", "dialect.shape",
                    "dialect.stablehlo", "dialect.stablehlo.ops", "ir")),
            // the CHLO lowering (upstream's ChloLegalizeToStablehlo): CHLO ops to StableHLO ops, with StableHLO's
            // NumPy broadcasting helper (dialect.stablehlo.transforms, which knows no CHLO transform); the shape
            // and arith/tensor ops of dynamic broadcasting
            Map.entry("dialect.chlo.transforms", Set.of("dialect.chlo", "dialect.mlir", "dialect.shape",
                    "dialect.stablehlo", "dialect.stablehlo.ops", "dialect.stablehlo.transforms", "ir", "pass",
                    "rewrite")),
            Map.entry("dialect.func", Set.of("asm", "bytecode", "ir")),
            Map.entry("dialect.interpreter", Set.of("asm", "asm.format", "ir")),
            // the interpreter's passes (upstream's stablehlo/reference/InterpreterPasses.td)
            Map.entry("dialect.interpreter.transforms", Set.of("dialect.interpreter", "dialect.stablehlo.ops", "ir",
                    "pass")),
            Map.entry("dialect.mlir", Set.of("asm", "asm.format", "ir")),
            // MLIR's shape dialect depends on arith and tensor (ShapeBase.td's dependentDialects)
            Map.entry("dialect.shape", Set.of("asm", "asm.format", "dialect.mlir", "ir")),
            Map.entry("dialect.quant", Set.of("asm", "ir")),
            // sdy's code matches on the typed classes of the ops it meets (its own are generated into dialect.sdy)
            Map.entry("dialect.sdy", Set.of("asm", "asm.format", "bytecode", "dialect.func",
                    "dialect.stablehlo.ops", "ir")),
            Map.entry("dialect.sparse", Set.of("asm", "ir")),
            Map.entry("dialect.stablehlo", Set.of("asm", "bytecode", "ir")),
            Map.entry("dialect.stablehlo.asm", Set.of("asm", "asm.format", "dialect.stablehlo", "ir")),
            // the rows, typed ops, rules, hooks and the dialect class: on top of the dialect's other packages
            // (and, for the shape reification of StablehloOps.cpp, the shape, arith and tensor ops it builds)
            Map.entry("dialect.stablehlo.ops", Set.of("asm", "asm.format", "bytecode", "dialect.func", "dialect.mlir",
                    "dialect.shape", "dialect.stablehlo", "dialect.stablehlo.asm", "ir")),
            // the StableHLO passes (L4 over L3 pass/rewrite); verify and dialect.chlo for type inference
            // (shape-legalize-to-stablehlo converts shape, arith and tensor ops; shape refinement reuses the
            // rules' shape functions in dialect.stablehlo.ops)
            Map.entry("dialect.stablehlo.transforms", Set.of("asm", "dialect.chlo", "dialect.func",
                    "dialect.mlir", "dialect.shape", "dialect.stablehlo", "dialect.stablehlo.ops",
                    "dialect.stablehlo.transforms.quant", "ir", "pass", "rewrite", "verify",
                    "dialect.vhlo.version")), // the compatibility expander's target (upstream's Version.h)
            // the quantization passes (registered by dialect.stablehlo.transforms, so they do not use it)
            Map.entry("dialect.stablehlo.transforms.quant", Set.of("dialect.chlo", "dialect.func", "dialect.mlir",
                    "dialect.stablehlo", "dialect.stablehlo.ops", "ir", "pass", "rewrite")),
            Map.entry("dialect.vhlo", Set.of("asm", "bytecode", "dialect.vhlo.ops", "ir")),
            Map.entry("dialect.vhlo.ops", Set.of("dialect.vhlo.version", "ir")),
            Map.entry("dialect.vhlo.version", Set.of()),
            Map.entry("init", Set.of("compat.legalize", "dialect.builtin", "dialect.check", "dialect.chlo",
                    "dialect.chlo.transforms",
                    "dialect.func", "dialect.interpreter", "dialect.interpreter.transforms", "dialect.mlir",
                    "dialect.quant", "dialect.sdy",
                    "dialect.shape",
                    "dialect.sparse", "dialect.stablehlo.ops", "dialect.stablehlo.transforms", "dialect.vhlo", "ir",
                    "pass")),
            Map.entry("ir", Set.of()),
            Map.entry("pass", Set.of("ir", "rewrite")), // canonicalize runs rewrite.GreedyRewriteDriver
            Map.entry("rewrite", Set.of("ir")),
            Map.entry("verify", Set.of("asm", "ir")));

    /** Cycles that remain (each to be broken later): none. */
    static final Set<Set<String>> KNOWN_CYCLES = Set.of();

    /** The package graph of core's main sources. */
    static Map<String, Set<String>> edges() throws IOException {
        return edges(mainRoots());
    }

    /** {@return core's main source roots: src/main/java and, once generated, the typed op classes} */
    static List<Path> mainRoots() {
        return Files.isDirectory(GENERATED) ? List.of(MAIN, GENERATED) : List.of(MAIN);
    }

    /** The package graph of the main sources under {@code roots} (each a source root such as src/main/java). */
    static Map<String, Set<String>> edges(List<Path> roots) throws IOException {
        return edges(roots, false);
    }

    /**
     * The package graph of the main sources under {@code roots}; with {@code docs}, fully qualified names in doc
     * comments ({@code {@link org.stablehlo4j.x.Y}}, {@code @see}) count as edges too.
     */
    static Map<String, Set<String>> edges(List<Path> roots, boolean docs) throws IOException {
        Map<String, List<Path>> byPackage = new TreeMap<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                // module-info.java (the JPMS descriptor, no package) names packages, it imports none
                files.filter(p -> p.toString().endsWith(".java") && !p.endsWith("module-info.java")).forEach(p ->
                        byPackage.computeIfAbsent(packageOf(root, p), k -> new ArrayList<>()).add(p));
            }
        }
        Map<String, Set<String>> edges = new TreeMap<>();
        for (var e : byPackage.entrySet()) {
            Set<String> to = new TreeSet<>();
            for (Path f : e.getValue()) to.addAll(referencedPackages(Files.readString(f), byPackage.keySet(), docs));
            to.remove(e.getKey());
            edges.put(e.getKey(), to);
        }
        return edges;
    }

    /**
     * The packages among {@code packages} that a source text names: {@code org.stablehlo4j.a.b.C} (an import, a
     * static import or a fully qualified reference) names the longest known package of its lower-case segments.
     */
    static Set<String> referencedPackages(String source, Set<String> packages) {
        return referencedPackages(source, packages, false);
    }

    /** As {@link #referencedPackages(String, Set)}; with {@code docs}, names in comments count too. */
    static Set<String> referencedPackages(String source, Set<String> packages, boolean docs) {
        String text = stripComments(source, docs);
        // the package declaration names the package itself, not an edge to its parent
        int decl = text.indexOf("package org.stablehlo4j.");
        // (only the declaration is cut: a package-info's doc comment stands before it)
        if (decl >= 0) text = text.substring(0, decl) + text.substring(text.indexOf(';', decl) + 1);
        Set<String> to = new TreeSet<>();
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
            if (!q.isEmpty()) to.add(q);
        }
        return to;
    }

    /** The package of a source file under {@code root}, without {@code org.stablehlo4j.}: each package its own. */
    static String packageOf(Path root, Path file) {
        String rel = root.relativize(file.getParent()).toString().replace(java.io.File.separatorChar, '.');
        return rel.substring("org.stablehlo4j.".length());
    }

    /** {@code s} with string literals emptied and, unless {@code keepComments}, comments removed. */
    static String stripComments(String s, boolean keepComments) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            if (keepComments && (s.startsWith("//", i) || s.startsWith("/*", i))) {
                int end = s.startsWith("//", i) ? s.indexOf('\n', i) : s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end;
                // a comment is copied as it is: a quote inside it opens no string
                out.append(s, i, end);
                i = end;
            } else if (s.startsWith("//", i)) {
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

    /** The edges of {@code g} that {@code allowed} does not list, as "from -> to". */
    static List<String> forbiddenEdges(Map<String, Set<String>> g, Map<String, Set<String>> allowed) {
        List<String> bad = new ArrayList<>();
        for (var e : g.entrySet()) {
            Set<String> ok = allowed.getOrDefault(e.getKey(), Set.of());
            for (String to : e.getValue()) if (!ok.contains(to)) bad.add(e.getKey() + " -> " + to);
        }
        return bad;
    }

    /** The import cycles of {@code g} (strongly connected sets of two packages or more) not in {@code known}. */
    static List<Set<String>> cycles(Map<String, Set<String>> g, Set<Set<String>> known) {
        List<Set<String>> bad = new ArrayList<>();
        for (Set<String> c : stronglyConnected(g)) if (c.size() > 1 && !known.contains(c)) bad.add(c);
        return bad;
    }

    @Test
    void everyEdgeIsAllowed() throws IOException {
        assertEquals(List.of(), forbiddenEdges(edges(), ALLOWED), "package edges not in LayeringTest.ALLOWED");
    }

    @Test
    void noNewCycles() throws IOException {
        List<Path> roots = new ArrayList<>(mainRoots());
        for (Path p : ABOVE) if (Files.isDirectory(p)) roots.add(p);
        Map<String, Set<String>> g = edges(roots);
        assertTrue(g.containsKey("dialect.stablehlo.ops") && g.containsKey("dialect.stablehlo"),
                "a subpackage is a node of its own: " + g.keySet());
        assertEquals(List.of(), cycles(g, KNOWN_CYCLES), "import cycles between packages");
        // a doc comment that links to a package above its own makes a cycle for any reader that follows links
        assertEquals(List.of(), cycles(edges(roots, true), KNOWN_CYCLES),
                "cycles between packages when doc-comment links ({@link org.stablehlo4j...}) count as edges");
        Map<String, Set<String>> core = edges();
        assertTrue(core.containsKey("ir") && core.get("ir").isEmpty(), "ir imports no other package: " + core.get("ir"));
    }

    /** The checker itself: a cycle through a subpackage, and an upward edge, are found; a layered graph passes. */
    @Test
    void checkerFindsCyclesAndUpwardEdges() {
        Map<String, Set<String>> g = new TreeMap<>(Map.of(
                "ir", Set.of(),
                "dialect.x", Set.of("ir", "dialect.x.rules"),
                "dialect.x.rules", Set.of("dialect.x.ops"),
                "dialect.x.ops", Set.of("dialect.x", "ir"),
                "init", Set.of("dialect.x.ops")));
        assertEquals(List.of(Set.of("dialect.x", "dialect.x.ops", "dialect.x.rules")), cycles(g, Set.of()));
        assertEquals(List.of(), cycles(g, Set.of(Set.of("dialect.x", "dialect.x.ops", "dialect.x.rules"))));
        g.put("dialect.x", Set.of("ir"));
        assertEquals(List.of(), cycles(g, Set.of()), "layered: no cycle");
        g.put("ir", Set.of("init"));
        assertEquals(1, cycles(g, Set.of()).size(), "ir -> init closes a long cycle");
        Map<String, Set<String>> allowed = Map.of("dialect.x", Set.of("ir"), "dialect.x.ops", Set.of("dialect.x", "ir"),
                "init", Set.of("dialect.x.ops"));
        assertEquals(List.of("dialect.x.rules -> dialect.x.ops", "ir -> init"), forbiddenEdges(g, allowed),
                "edges up the layers are not in the table");
    }

    /** The reader: imports, static imports and qualified names give the longest known package; comments none. */
    @Test
    void readerNamesTheLongestKnownPackage() {
        Set<String> known = Set.of("a", "a.b", "c");
        String src = "package org.stablehlo4j.c;\nimport org.stablehlo4j.a.b.X;\nimport static org.stablehlo4j.a.Y.z;\n"
                + "// org.stablehlo4j.d.Q\nclass C { org.stablehlo4j.a.b.c.Z q; String s = \"org.stablehlo4j.e.F\"; }";
        assertEquals(Set.of("a", "a.b"), referencedPackages(src, known));
        // as in a package-info.java, the doc comment stands before the package declaration
        String doc = "/** See {@link org.stablehlo4j.a.b.X} and \"q\". */\npackage org.stablehlo4j.c;\n"
                + "class C { String s = \"org.stablehlo4j.e.F\"; } // org.stablehlo4j.a.Q";
        assertEquals(Set.of(), referencedPackages(doc, known, false));
        assertEquals(Set.of("a", "a.b"), referencedPackages(doc, known, true), "doc links count when asked");
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
