package org.stablehlo4j.pass;

import org.stablehlo4j.ir.ModuleOp;
import java.util.ArrayList;
import java.util.List;

/**
 * The textual pass pipeline of {@code stablehlo-opt --pass-pipeline}, parsed as MLIR's {@code TextualPipeline}
 * does: {@code builtin.module(func.func(canonicalize, cse), inline, vhlo-to-version{target=1.9.0})}. A name
 * followed by {@code (...)} is a nested pipeline anchored on the operations of that name (or on every operation
 * for {@code any}); a name, optionally followed by {@code {options}}, is a pass. The whole text is one anchored
 * pipeline, as MLIR requires; as a stablehlo4j extension it may also be a bare list ({@code inline,strip-debuginfo},
 * run on the module) or be wrapped in one pair of quotes, as a shell would leave it. Malformed text is rejected
 * with MLIR's messages. One grammar for the tools and the library; {@link #build} turns a parsed pipeline into an
 * {@link OpPassManager}.
 */
public final class PassPipelineParser {
    /** One element of a pipeline: a pass, or a pipeline nested on an anchor op name. */
    public sealed interface Element permits Item, Nested {}

    /**
     * One pass of a pipeline.
     *
     * @param name    the pass name
     * @param options the text between the braces, empty if none
     * @param text    the item as written
     */
    public record Item(String name, String options, String text) implements Element {}

    /**
     * A pipeline nested on the operations named {@code anchor} ({@code any}: on every operation) directly inside
     * the regions of the operation the enclosing pipeline runs on.
     *
     * @param anchor   the op name written before the parenthesis
     * @param elements the nested pipeline
     */
    public record Nested(String anchor, List<Element> elements) implements Element {
        /**
         * Keeps an immutable copy of the elements.
         *
         * @param anchor   the op name written before the parenthesis
         * @param elements the nested pipeline
         */
        public Nested {
            elements = List.copyOf(elements);
        }
    }

    /**
     * A parsed pipeline text.
     *
     * @param anchor   the op name the whole pipeline is anchored on ({@code builtin.module} for a bare list)
     * @param elements its passes and nested pipelines, in order
     * @param anchored whether the text named its anchor ({@code builtin.module(...)}) rather than being a bare list
     */
    public record Pipeline(String anchor, List<Element> elements, boolean anchored) {
        /**
         * Keeps an immutable copy of the elements.
         *
         * @param anchor   the op name the whole pipeline is anchored on
         * @param elements its passes and nested pipelines, in order
         * @param anchored whether the text named its anchor
         */
        public Pipeline {
            elements = List.copyOf(elements);
        }
    }

    /** Makes the pass of one pipeline item, e.g. from a {@link PassRegistry}; throws to reject it. */
    @FunctionalInterface
    public interface PassResolver {
        /**
         * The configured pass for {@code item}.
         *
         * @param item the pass name and options as written
         * @return the pass
         */
        Pass resolve(Item item);
    }

    /** The anchor of a bare list, and the root op of every module. */
    public static final String MODULE = ModuleOp.NAME;

    private PassPipelineParser() {}

    /**
     * Parses a pipeline text.
     *
     * @param pipeline the text, e.g. {@code builtin.module(func.func(cse))}; null or blank means empty
     * @return the parsed pipeline
     * @throws IllegalArgumentException on malformed text (MLIR's messages, e.g. {@code encountered unbalanced
     *                                  parentheses while parsing pipeline})
     */
    public static Pipeline parsePipeline(String pipeline) {
        String text = pipeline == null ? "" : pipeline.strip();
        if (text.length() >= 2 && (text.charAt(0) == '\'' || text.charAt(0) == '"')
                && text.charAt(text.length() - 1) == text.charAt(0)) {
            text = text.substring(1, text.length() - 1).strip();
        }
        if (text.isEmpty()) return new Pipeline(MODULE, List.of(), false);
        List<Element> elements = new TextParser(text).parse();
        if (elements.size() == 1 && elements.get(0) instanceof Nested n) {
            return new Pipeline(n.anchor(), n.elements(), true);
        }
        return new Pipeline(MODULE, elements, false);
    }

    /**
     * The passes of {@code pipeline} in order, for a pipeline without nested anchors: every pass runs on the
     * module.
     *
     * @param pipeline the pipeline text, e.g. {@code builtin.module(canonicalize,inline)}; null means empty
     * @return the pass items in order
     * @throws IllegalArgumentException on a malformed pipeline, one anchored on another op, or one with nested
     *                                  pipelines (use {@link #parsePipeline} and {@link #build} for those)
     */
    public static List<Item> parse(String pipeline) {
        Pipeline p = parsePipeline(pipeline);
        if (!p.anchor().equals(MODULE)) {
            throw new IllegalArgumentException("can't run '" + p.anchor() + "' pass manager on '" + MODULE + "' op");
        }
        List<Item> out = new ArrayList<>();
        for (Element e : p.elements()) {
            if (!(e instanceof Item item)) {
                throw new IllegalArgumentException("nested pipeline '" + ((Nested) e).anchor()
                        + "(...)' needs an OpPassManager (PassPipelineParser.build)");
            }
            out.add(item);
        }
        return out;
    }

    /**
     * Parses {@code pipeline} and builds its pass manager, resolving each pass with {@code resolver}.
     *
     * @param pipeline the pipeline text
     * @param resolver makes each pass; its exceptions propagate
     * @return the pass manager, anchored as the text says
     * @throws IllegalArgumentException on malformed text, or a pass that cannot run where it is nested (MLIR's
     *                                  {@code Can't add pass ... did you intend to nest?})
     */
    public static OpPassManager build(String pipeline, PassResolver resolver) {
        Pipeline p = parsePipeline(pipeline);
        return build(p.anchor(), p.elements(), resolver);
    }

    /**
     * Builds the pass manager of a parsed pipeline.
     *
     * @param anchor   the op name it runs on ({@code any}: every op)
     * @param elements its passes and nested pipelines
     * @param resolver makes each pass
     * @return the pass manager
     * @throws IllegalArgumentException if a pass cannot run on {@code anchor}
     */
    public static OpPassManager build(String anchor, List<Element> elements, PassResolver resolver) {
        OpPassManager pm = new OpPassManager(anchor);
        for (Element e : elements) {
            if (e instanceof Item item) {
                pm.addPass(resolver.resolve(item));
            } else {
                Nested n = (Nested) e;
                pm.addNested(build(n.anchor(), n.elements(), resolver));
            }
        }
        return pm;
    }

    /** MLIR's {@code TextualPipeline::parsePipelineText}, with its error messages. */
    private static final class TextParser {
        private final String text;
        private int pos;

        TextParser(String text) {
            this.text = text;
        }

        /** A mutable element under construction. */
        private static final class Node {
            final String name;
            final int start;
            String options = "";
            String written;
            List<Node> inner;

            Node(String name, int start) {
                this.name = name;
                this.start = start;
            }
        }

        List<Element> parse() {
            List<Node> top = new ArrayList<>();
            List<List<Node>> stack = new ArrayList<>();
            stack.add(top);
            while (true) {
                List<Node> pipeline = stack.get(stack.size() - 1);
                int sep = findSeparator(pos);
                int end = sep < 0 ? text.length() : sep;
                Node node = new Node(text.substring(pos, end).strip(), pos);
                pipeline.add(node);
                if (sep < 0) {
                    node.written = text.substring(pos).strip();
                    pos = text.length();
                    break;
                }
                pos = sep;
                char c = text.charAt(pos);
                if (c == '{') {
                    int close = -1;
                    int braces = 1;
                    for (int i = pos + 1; i < text.length(); i++) {
                        if (text.charAt(i) == '{') braces++;
                        else if (text.charAt(i) == '}' && --braces == 0) {
                            close = i;
                            break;
                        }
                    }
                    if (close < 0) throw error(pos, "missing closing '}' while processing pass options");
                    node.options = text.substring(pos + 1, close).strip();
                    node.written = text.substring(node.start, close + 1).strip();
                    pos = skipSpaces(close + 1);
                } else if (c == '(') {
                    node.inner = new ArrayList<>();
                    pos++;
                    stack.add(node.inner);
                    continue;
                } else {
                    node.written = text.substring(node.start, pos).strip();
                }
                while (pos < text.length() && text.charAt(pos) == ')') {
                    if (stack.size() == 1) {
                        throw error(pos, "encountered extra closing ')' creating unbalanced parentheses while"
                                + " parsing pipeline");
                    }
                    stack.remove(stack.size() - 1);
                    pos = skipSpaces(pos + 1);
                }
                if (pos >= text.length()) break;
                if (text.charAt(pos) != ',') throw error(pos, "expected ',' after parsing pipeline");
                pos++;
            }
            if (stack.size() > 1) throw error(pos, "encountered unbalanced parentheses while parsing pipeline");
            return resolve(top);
        }

        /** MLIR's resolution step: every name that has no nested pipeline must be a pass name. */
        private List<Element> resolve(List<Node> nodes) {
            List<Element> out = new ArrayList<>();
            for (Node n : nodes) {
                if (n.inner != null) {
                    // "name()" holds one empty element: an empty nested pipeline.
                    List<Node> inner = n.inner.size() == 1 && n.inner.get(0).name.isEmpty() && n.inner.get(0).inner == null
                            ? List.of() : n.inner;
                    if (n.name.isEmpty()) throw error(n.start, "expected an operation name before '('");
                    out.add(new Nested(n.name, resolve(inner)));
                } else {
                    if (n.name.isEmpty()) {
                        throw error(n.start, "'' does not refer to a registered pass or pass pipeline");
                    }
                    out.add(new Item(n.name, n.options, n.written));
                }
            }
            return out;
        }

        private int findSeparator(int from) {
            for (int i = from; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == ',' || c == '(' || c == ')' || c == '{') return i;
            }
            return -1;
        }

        private int skipSpaces(int i) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
            return i;
        }

        /** An error at a column of the pipeline text, as MLIR's pipeline source manager prints it. */
        private IllegalArgumentException error(int at, String message) {
            return new IllegalArgumentException(message + " (at column " + (Math.min(at, text.length()) + 1)
                    + " of '" + text + "')");
        }
    }
}
