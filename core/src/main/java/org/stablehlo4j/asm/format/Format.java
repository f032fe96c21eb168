package org.stablehlo4j.asm.format;

import java.util.ArrayList;
import java.util.List;

/**
 * The syntax tree of an MLIR declarative assembly format ({@code assemblyFormat} of an op definition), read from
 * its string form. One tree is interpreted twice: by {@link FormatOp} for printing and for parsing.
 */
public final class Format {
    private Format() {}

    /** One element of a format (opaque outside this package: a {@link CustomDirective} only passes them back). */
    public sealed interface Elem permits Literal, Space, Var, Operands, Results, Regions, AttrDict, PropDict, TypeOf,
            FunctionalType, Ref, Custom, Optional {}

    /** A backquoted keyword or punctuation, e.g. {@code `dims`} or {@code `,`}. */
    record Literal(String text) implements Elem {}

    /** {@code ` `} (a space) or {@code ``} (suppresses the automatic space). */
    record Space(boolean space) implements Elem {}

    /** {@code $name}: an operand group, attribute, region or result group of the op. */
    record Var(String name) implements Elem {}

    record Operands() implements Elem {}

    record Results() implements Elem {}

    record Regions() implements Elem {}

    record AttrDict(boolean withKeyword) implements Elem {}

    record PropDict() implements Elem {}

    record TypeOf(Elem arg) implements Elem {}

    record FunctionalType(Elem inputs, Elem results) implements Elem {}

    /** {@code ref($x)} inside a custom directive: a variable parsed earlier. */
    record Ref(Elem arg) implements Elem {}

    record Custom(String name, List<Elem> args) implements Elem {}

    /** {@code (then ^anchor ...)?} with an optional {@code :(else)} part. */
    record Optional(List<Elem> then, List<Elem> otherwise, Elem anchor) implements Elem {}

    /** Parses a format string. */
    static List<Elem> parse(String format) {
        Reader r = new Reader(format);
        List<Elem> out = r.elements(false);
        r.skipSpace();
        if (r.pos < format.length()) throw r.fail("unexpected text");
        return out;
    }

    private static final class Reader {
        final String s;
        int pos;
        Elem anchor;

        Reader(String s) {
            this.s = s;
        }

        IllegalArgumentException fail(String message) {
            return new IllegalArgumentException(message + " at " + pos + " in format: " + s);
        }

        void skipSpace() {
            while (pos < s.length() && s.charAt(pos) == ' ') pos++;
        }

        boolean peek(char c) {
            skipSpace();
            return pos < s.length() && s.charAt(pos) == c;
        }

        void expect(char c) {
            if (!peek(c)) throw fail("expected '" + c + "'");
            pos++;
        }

        /** Elements until ')' or the end. */
        List<Elem> elements(boolean nested) {
            List<Elem> out = new ArrayList<>();
            while (true) {
                skipSpace();
                if (pos >= s.length() || (nested && s.charAt(pos) == ')')) return out;
                out.add(element());
            }
        }

        Elem element() {
            skipSpace();
            char c = s.charAt(pos);
            if (c == '`') {
                int end = s.indexOf('`', pos + 1);
                if (end < 0) throw fail("unterminated literal");
                String lit = s.substring(pos + 1, end);
                pos = end + 1;
                if (lit.isEmpty() || lit.equals(" ")) return new Space(!lit.isEmpty());
                return new Literal(lit);
            }
            if (c == '(') {
                pos++;
                Elem saved = anchor;
                anchor = null;
                List<Elem> then = elements(true);
                expect(')');
                Elem a = anchor;
                anchor = saved;
                List<Elem> otherwise = List.of();
                if (peek(':')) {
                    pos++;
                    expect('(');
                    otherwise = elements(true);
                    expect(')');
                }
                expect('?');
                if (a == null) throw fail("optional group without anchor");
                return new Optional(then, otherwise, a);
            }
            Elem e = c == '$' ? variable() : directive();
            if (peek('^')) {
                pos++;
                anchor = e;
            }
            return e;
        }

        String word() {
            skipSpace();
            int start = pos;
            while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_'
                    || s.charAt(pos) == '-')) pos++;
            if (start == pos) throw fail("expected a name");
            return s.substring(start, pos);
        }

        Elem variable() {
            pos++;
            return new Var(word());
        }

        Elem argument() {
            skipSpace();
            return s.charAt(pos) == '$' ? variable() : directive();
        }

        Elem directive() {
            String w = word();
            switch (w) {
                case "operands": return new Operands();
                case "results": return new Results();
                case "regions": return new Regions();
                case "attr-dict": return new AttrDict(false);
                case "attr-dict-with-keyword": return new AttrDict(true);
                case "prop-dict": return new PropDict();
                case "type":
                case "ref": {
                    expect('(');
                    Elem arg = argument();
                    expect(')');
                    return w.equals("type") ? new TypeOf(arg) : new Ref(arg);
                }
                case "functional-type": {
                    expect('(');
                    Elem in = argument();
                    expect(',');
                    Elem res = argument();
                    expect(')');
                    return new FunctionalType(in, res);
                }
                case "custom": {
                    expect('<');
                    String name = word();
                    expect('>');
                    expect('(');
                    List<Elem> args = new ArrayList<>();
                    if (!peek(')')) {
                        do {
                            if (peek(',')) pos++;
                            args.add(argument());
                        } while (peek(','));
                    }
                    expect(')');
                    return new Custom(name, args);
                }
                default: throw fail("unknown directive '" + w + "'");
            }
        }
    }
}
