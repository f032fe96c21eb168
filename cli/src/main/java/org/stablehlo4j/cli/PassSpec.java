package org.stablehlo4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A pass named on the {@code stablehlo-opt} command line, in order: {@code --NAME} or {@code --NAME=OPTIONS}
 * ({@code --pass-pipeline=...}/{@code -p} and {@code -debug-only=...} are kept the same way).
 *
 * @param name    the flag name without dashes
 * @param options the text after {@code =}, empty if none
 * @param arg     the argument as written
 */
public record PassSpec(String name, String options, String arg) {
    /** Pass families of StableHLO/CHLO/VHLO/shape and the interpreter and test passes, by prefix. */
    private static final Pattern FAMILY = Pattern.compile(
            "(stablehlo|vhlo|chlo|shape|hlo-test|interpreter|tosa|linalg)-[a-z0-9-]+");

    /** Core MLIR passes and pipeline options that upstream's stablehlo-opt registers. */
    private static final List<String> GENERIC = List.of("inline", "canonicalize", "cse", "symbol-dce",
            "symbol-privatize", "sccp", "loop-invariant-code-motion", "strip-debuginfo", "pass-pipeline", "p",
            "debug-only", "mem2reg", "remove-dead-values", "topological-sort", "print-ir", "view-op-graph",
            "generate-runtime-verification", "control-flow-sink");

    /** Whether {@code name} is recognised as a pass (or pipeline/debug option) flag. */
    public static boolean isPassName(String name) {
        return GENERIC.contains(name) || FAMILY.matcher(name).matches();
    }

    /** Whether this is a textual pipeline ({@code --pass-pipeline=...} or {@code -p ...}). */
    public boolean isPipeline() {
        return name.equals("pass-pipeline") || name.equals("p");
    }

    /**
     * The passes of a textual pipeline such as {@code builtin.module(inline, vhlo-to-version{target=1.9.0})}, in
     * order. Every pass of stablehlo4j runs on the whole module, so only {@code builtin.module(...)} anchors are
     * accepted (a bare list means the same).
     *
     * @throws IllegalArgumentException on a malformed pipeline or another anchor
     */
    public static List<PassSpec> expandPipeline(String pipeline) {
        String text = pipeline.strip();
        if (text.length() >= 2 && (text.charAt(0) == '\'' || text.charAt(0) == '"')
                && text.charAt(text.length() - 1) == text.charAt(0)) {
            text = text.substring(1, text.length() - 1).strip();
        }
        List<PassSpec> out = new ArrayList<>();
        expandInto(text, out);
        return out;
    }

    private static void expandInto(String text, List<PassSpec> out) {
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(' || c == '{') depth++;
            else if (c == ')' || c == '}') depth--;
            if (depth < 0) throw new IllegalArgumentException("unbalanced ')' or '}' in pass pipeline");
            if (c == ',' && depth == 0) {
                String item = text.substring(start, Math.min(i, text.length())).strip();
                start = i + 1;
                if (!item.isEmpty()) expandItem(item, out);
            }
        }
        if (depth != 0) throw new IllegalArgumentException("unbalanced '(' or '{' in pass pipeline");
    }

    private static void expandItem(String item, List<PassSpec> out) {
        int paren = item.indexOf('(');
        int brace = item.indexOf('{');
        if (paren >= 0 && (brace < 0 || paren < brace)) {
            String anchor = item.substring(0, paren).strip();
            if (!anchor.equals("builtin.module") || !item.endsWith(")")) {
                throw new IllegalArgumentException("pass pipeline anchor '" + anchor
                        + "' is not supported (only builtin.module)");
            }
            expandInto(item.substring(paren + 1, item.length() - 1), out);
            return;
        }
        String passName = brace < 0 ? item : item.substring(0, brace).strip();
        String options = "";
        if (brace >= 0) {
            if (!item.endsWith("}")) throw new IllegalArgumentException("expected '}' after options of " + passName);
            options = item.substring(brace + 1, item.length() - 1).strip();
        }
        out.add(new PassSpec(passName, options, item));
    }

    /** How the pass is shown in errors: {@code --NAME}. */
    public String display() {
        return "--" + name;
    }
}
