package org.stablehlo4j.dialect.stablehlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.DialectBodyException;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;

/**
 * Parses every {@code #stablehlo...} attribute written in the upstream corpus. Text that upstream's printer
 * produced (the JAX programs in testdata/, and complete attributes in CHECK lines) must print back exactly;
 * every other occurrence must parse and print stably, or fail with exactly the diagnostic its test expects.
 */
class AttributeCorpusTest {
    /** One attribute occurrence: its full text and where it is. */
    private record Occurrence(String text, Path file, int line, boolean printed) {}

    private static List<Occurrence> occurrences() {
        List<Occurrence> out = new ArrayList<>();
        for (Path f : Corpus.mlirFiles()) {
            boolean generated = f.getParent().getFileName().toString().equals("testdata");
            String text = Corpus.text(f);
            int from = 0;
            while ((from = text.indexOf("#stablehlo", from)) >= 0) {
                int start = from;
                from += "#stablehlo".length();
                int end = attributeEnd(text, from);
                if (end < 0) continue;
                String attr = text.substring(start, end);
                int lineStart = text.lastIndexOf('\n', start) + 1;
                int lineEnd = text.indexOf('\n', start);
                String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd).strip();
                boolean check = line.startsWith("// CHECK") && !line.startsWith("// CHECK-NOT");
                if (line.startsWith("//") && !check) continue;
                if (attr.contains("\n") && check) continue; // split across CHECK-SAME lines
                if (attr.contains("{{") || attr.contains("[[")) continue; // FileCheck patterns
                int lineNo = (int) text.substring(0, start).chars().filter(c -> c == '\n').count() + 1;
                out.add(new Occurrence(attr, f, lineNo, generated || check));
                from = end;
            }
        }
        return out;
    }

    /**
     * The end of the attribute or type whose dialect name ends at {@code p} (read with the file grammar, kept
     * opaque), or -1 if it is not one we can delimit.
     */
    private static int attributeEnd(String text, int p) {
        int start = p - "#stablehlo".length();
        String window = text.substring(start, Math.min(text.length(), start + 65536));
        try {
            return start + DialectAsmParser.parsePrefix(window, 0, null,
                    window.startsWith("#") ? DialectAsmParser::parseAttribute : DialectAsmParser::parseType).end();
        } catch (DialectBodyException e) {
            return -1;
        }
    }

    private static DialectAttr asDialectAttr(String text) {
        String rest = text.substring("#stablehlo".length());
        return rest.startsWith(".") ? new DialectAttr("stablehlo", rest.substring(1), true)
                : new DialectAttr("stablehlo", rest.substring(1, rest.length() - 1), false);
    }

    /** The {@code expected-error {{...}}} texts in the few lines before an occurrence. */
    private static List<String> expectedErrorsBefore(Occurrence o) {
        List<String> lines = Corpus.lines(o.file());
        List<String> out = new ArrayList<>();
        for (int i = Math.max(0, o.line() - 5); i < o.line() - 1; i++) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("expected-error[^{]*\\{\\{(.*?)}}")
                    .matcher(lines.get(i));
            while (m.find()) out.add(m.group(1));
        }
        return out;
    }

    @Test
    void corpusAttributesRoundTrip() {
        int exact = 0;
        int stable = 0;
        int expectedFailures = 0;
        List<String> problems = new ArrayList<>();
        for (Occurrence o : occurrences()) {
            String where = o.file().getFileName() + ":" + o.line() + ": " + o.text().replaceAll("\\s+", " ");
            Attribute a;
            try {
                a = StablehloAsm.parseAttribute(asDialectAttr(o.text()));
            } catch (DialectBodyException e) {
                if (!o.printed() && expectedErrorsBefore(o).stream().anyMatch(e.reason()::contains)) {
                    expectedFailures++;
                } else {
                    problems.add(where + " -> " + e.getMessage());
                }
                continue;
            }
            String printed = StablehloAsm.print(a);
            if (o.printed()) {
                if (printed.equals(o.text())) exact++;
                else problems.add(where + " printed as " + printed);
            } else {
                Attribute again = StablehloAsm.parseAttribute(asDialectAttr(printed));
                if (again.equals(a) && StablehloAsm.print(again).equals(printed)) stable++;
                else problems.add(where + " not stable: " + printed);
            }
        }
        System.out.printf("stablehlo attributes: %d printed exactly as upstream, %d inputs re-print stably, "
                + "%d rejected in diagnostic tests, %d problems%n", exact, stable, expectedFailures, problems.size());
        assertTrue(problems.isEmpty(), problems.size() + " problems, e.g. "
                + problems.subList(0, Math.min(20, problems.size())));
        assertTrue(exact > 1000, "too few exact round trips: " + exact);
    }

    @Test
    void corpusTypesRoundTrip() {
        int exact = 0;
        List<String> problems = new ArrayList<>();
        for (Path f : Corpus.mlirFiles()) {
            String text = Corpus.text(f);
            int from = 0;
            while ((from = text.indexOf("!stablehlo.", from)) >= 0) {
                int start = from;
                int end = attributeEnd(text, from + "!stablehlo".length());
                from += "!stablehlo.".length();
                if (end < 0) continue;
                String type = text.substring(start, end);
                if (type.contains("{{") || type.contains("\n")) continue;
                try {
                    String printed = StablehloAsm.print(StablehloAsm.parseTypeBody(type.substring(11)));
                    if (printed.equals(type)) exact++;
                    else problems.add(f.getFileName() + ": " + type + " printed as " + printed);
                } catch (DialectBodyException e) {
                    if (!text.contains("expected-error")) problems.add(f.getFileName() + ": " + type + " -> " + e);
                }
            }
        }
        System.out.printf("stablehlo types: %d printed exactly as written, %d problems%n", exact, problems.size());
        assertTrue(problems.isEmpty(), problems.subList(0, Math.min(20, problems.size())).toString());
        assertTrue(exact > 2500, "too few types: " + exact);
    }

    /** Every truncation and a few corruptions of distinct corpus attributes fail cleanly, never with a crash. */
    @Test
    void damagedAttributesFailCleanly() {
        java.util.Set<String> distinct = new java.util.TreeSet<>();
        for (Occurrence o : occurrences()) distinct.add(o.text());
        int tried = 0;
        for (String text : distinct) {
            List<String> variants = new ArrayList<>();
            for (int cut = "#stablehlo".length() + 2; cut < text.length(); cut++) variants.add(text.substring(0, cut));
            variants.add(text.replace("[", "[["));
            variants.add(text.replace(",", ""));
            variants.add(text.replace("=", ":"));
            variants.add(text.replaceAll("[0-9]+", "99999999999999999999"));
            variants.add(text.replaceAll("[0-9]+", "-1"));
            for (String v : variants) {
                tried++;
                try {
                    StablehloAsm.parseAttribute(asDialectAttr(v.endsWith(">") || v.contains(".") ? v : v + ">"));
                } catch (DialectBodyException e) {
                    assertTrue(e.offset() >= 0 && e.offset() <= v.length(), v + ": " + e.getMessage());
                } catch (RuntimeException e) {
                    throw new AssertionError("crash on " + v, e);
                }
            }
        }
        assertTrue(tried > 10000, "too few variants: " + tried);
    }

    @Test
    void occurrencesAreFound() {
        assertEquals(true, occurrences().size() > 2000);
    }
}
