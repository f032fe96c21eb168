package org.stablehlo4j.api;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassRegistry;

/**
 * A textual pass pipeline as {@code stablehlo-opt --pass-pipeline} takes it:
 * {@code builtin.module(inline, vhlo-to-version{target=1.9.0})}, or the bare list {@code inline,strip-debuginfo}.
 * Every stablehlo4j pass runs on the whole module, so only {@code builtin.module(...)} anchors are accepted.
 * (The same grammar as cli's {@code PassSpec.expandPipeline}; the parser lives here too so that the library
 * does not depend on the tools.)
 */
final class PassPipeline {
    private PassPipeline() {}

    /** The configured passes, in order. */
    static List<Pass> parse(String pipeline, PassRegistry registry) throws StableHloException {
        String text = pipeline == null ? "" : pipeline.strip();
        List<String[]> items = new ArrayList<>();
        expandInto(text, items);
        List<Pass> out = new ArrayList<>();
        for (String[] item : items) {
            PassRegistry.Factory f = registry.lookup(item[0]);
            if (f == null) {
                throw new StableHloException("pass '" + item[0] + "' is not implemented in stablehlo4j (known: "
                        + String.join(", ", registry.names()) + ")");
            }
            try {
                out.add(f.create(item[1]));
            } catch (RuntimeException e) {
                throw new StableHloException("pass '" + item[0] + "': " + e.getMessage());
            }
        }
        return out;
    }

    private static void expandInto(String text, List<String[]> out) throws StableHloException {
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(' || c == '{') depth++;
            else if (c == ')' || c == '}') depth--;
            if (depth < 0) throw new StableHloException("unbalanced ')' or '}' in pass pipeline '" + text + "'");
            if (c == ',' && depth == 0) {
                String item = text.substring(start, Math.min(i, text.length())).strip();
                start = i + 1;
                if (!item.isEmpty()) expandItem(item, out);
            }
        }
        if (depth != 0) throw new StableHloException("unbalanced '(' or '{' in pass pipeline '" + text + "'");
    }

    private static void expandItem(String item, List<String[]> out) throws StableHloException {
        int paren = item.indexOf('(');
        int brace = item.indexOf('{');
        if (paren >= 0 && (brace < 0 || paren < brace)) {
            String anchor = item.substring(0, paren).strip();
            if (!anchor.equals("builtin.module") || !item.endsWith(")")) {
                throw new StableHloException("pass pipeline anchor '" + anchor
                        + "' is not supported (only builtin.module)");
            }
            expandInto(item.substring(paren + 1, item.length() - 1), out);
            return;
        }
        String passName = brace < 0 ? item : item.substring(0, brace).strip();
        String options = "";
        if (brace >= 0) {
            if (!item.endsWith("}")) throw new StableHloException("expected '}' after options of " + passName);
            options = item.substring(brace + 1, item.length() - 1).strip();
        }
        out.add(new String[] {passName, options});
    }
}
