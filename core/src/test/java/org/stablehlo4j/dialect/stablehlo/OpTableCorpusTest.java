package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.dialect.stablehlo.ops.StablehloOps;
import org.stablehlo4j.ir.OpDefinition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.check.CheckOps;

/**
 * Cross-checks the op tables against every op name the upstream test corpus uses
 * (stablehlo/tests/**&#47;*.mlir and stablehlo/testdata/*.mlir).
 */
class OpTableCorpusTest {
    /** Generic form {@code "d.op"(} or pretty form {@code = d.op ...} / a statement starting with {@code d.op}. */
    private static Pattern opUse(String dialect) {
        return Pattern.compile("\"" + dialect + "\\.([A-Za-z_][\\w\\-]*)\"\\s*\\(|(?:=\\s*|^\\s*)" + dialect
                + "\\.([a-z_][\\w\\-]*)(?=[\\s(%@{:<]|$)(?!\\s*=)");
    }

    private static Map<String, Path> usedOps(String dialect) {
        Pattern p = opUse(dialect);
        Map<String, Path> used = new TreeMap<>();
        for (Path f : Corpus.mlirFiles()) {
            for (String line : Corpus.lines(f)) {
                String s = line.strip();
                if (s.startsWith("// RUN") || s.startsWith("// CHECK-NOT")) continue;
                s = s.replaceFirst("^//\\s*CHECK[\\w-]*:\\s*", "");
                Matcher m = p.matcher(s);
                while (m.find()) used.putIfAbsent(m.group(1) != null ? m.group(1) : m.group(2), f);
            }
        }
        return used;
    }

    @Test
    void everyStablehloOpUsedUpstreamIsInTheTable() {
        Map<String, Path> used = usedOps("stablehlo");
        TreeSet<String> missing = new TreeSet<>();
        for (Map.Entry<String, Path> e : used.entrySet()) {
            if (StablehloOps.spec("stablehlo." + e.getKey()) == null) missing.add(e.getKey() + " (" + e.getValue() + ")");
        }
        System.out.printf("stablehlo ops used by the corpus: %d distinct; in the table: %d%n", used.size(),
                StablehloOps.all().size());
        assertTrue(missing.isEmpty(), "ops used upstream but missing from the table: " + missing);
        // The corpus exercises every op of the dialect.
        for (OpDefinition s : StablehloOps.all()) {
            assertTrue(used.containsKey(s.mnemonic()), "op never used by the corpus: " + s.name());
        }
    }

    @Test
    void everyCheckOpUsedUpstreamIsInTheTable() {
        Map<String, Path> used = usedOps("check");
        System.out.printf("check ops used by the corpus: %d distinct; in the table: %d%n", used.size(),
                CheckOps.TABLE.all().size());
        assertTrue(used.size() >= 5, "too few check ops found: " + used.keySet());
        for (String op : used.keySet()) assertNotNull(CheckOps.TABLE.spec("check." + op), "check." + op);
    }

    @Test
    void everyGenericFormInherentAttributeIsDeclared() {
        // In the corpus, generic ops print inherent attributes in <{...}>; each such name must be in the row.
        Pattern p = Pattern.compile("\"(stablehlo\\.[\\w\\-]+)\"\\([^)]*\\)\\s*<\\{(.*?)\\}>");
        Pattern name = Pattern.compile("(?:^|,\\s*)([a-z_]+)\\s*=");
        int checked = 0;
        for (Path f : Corpus.mlirFiles()) {
            for (String line : Corpus.lines(f)) {
                Matcher m = p.matcher(line);
                while (m.find()) {
                    OpDefinition spec = StablehloOps.spec(m.group(1));
                    assertNotNull(spec, m.group(1));
                    String props = m.group(2).replaceAll("<[^<>]*>", "").replaceAll("\\[[^\\[\\]]*\\]", "");
                    Matcher n = name.matcher(props);
                    while (n.find()) {
                        assertNotNull(spec.attribute(n.group(1)), m.group(1) + " has no attribute " + n.group(1)
                                + " (" + f + ")");
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 50, "too few property entries checked: " + checked);
    }

    @Test
    void tableHasEveryStablehlo120Op() {
        assertEquals(118, StablehloOps.all().size());
        assertEquals(6, CheckOps.TABLE.all().size());
    }
}
