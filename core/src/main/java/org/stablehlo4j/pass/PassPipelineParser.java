package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;

/**
 * The textual pass pipeline of {@code stablehlo-opt --pass-pipeline}:
 * {@code builtin.module(inline, vhlo-to-version{target=1.9.0})}, or the bare list {@code inline,strip-debuginfo}
 * (also in one pair of quotes, as a shell would leave it). Every stablehlo4j pass runs on the whole module, so
 * only {@code builtin.module(...)} anchors are accepted; nested anchors are flattened. One grammar for the tools
 * and the library.
 */
public final class PassPipelineParser {
    /**
     * One pass of a pipeline.
     *
     * @param name    the pass name
     * @param options the text between the braces, empty if none
     * @param text    the item as written
     */
    public record Item(String name, String options, String text) {}

    private PassPipelineParser() {}

    /**
     * The passes of {@code pipeline}, in order.
     *
     * @param pipeline the pipeline text, e.g. {@code builtin.module(canonicalize,inline)}; null means empty
     * @return the pass items in order
     * @throws IllegalArgumentException on a malformed pipeline or an anchor other than {@code builtin.module}
     */
    public static List<Item> parse(String pipeline) {
        String text = pipeline == null ? "" : pipeline.strip();
        if (text.length() >= 2 && (text.charAt(0) == '\'' || text.charAt(0) == '"')
                && text.charAt(text.length() - 1) == text.charAt(0)) {
            text = text.substring(1, text.length() - 1).strip();
        }
        List<Item> out = new ArrayList<>();
        expandInto(text, out);
        return out;
    }

    private static void expandInto(String text, List<Item> out) {
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(' || c == '{') depth++;
            else if (c == ')' || c == '}') depth--;
            if (depth < 0) throw new IllegalArgumentException("unbalanced ')' or '}' in pass pipeline '" + text + "'");
            if (c == ',' && depth == 0) {
                String item = text.substring(start, Math.min(i, text.length())).strip();
                start = i + 1;
                if (!item.isEmpty()) expandItem(item, out);
            }
        }
        if (depth != 0) throw new IllegalArgumentException("unbalanced '(' or '{' in pass pipeline '" + text + "'");
    }

    private static void expandItem(String item, List<Item> out) {
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
        out.add(new Item(passName, options, item));
    }
}
