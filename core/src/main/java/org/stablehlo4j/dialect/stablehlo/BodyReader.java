package org.stablehlo4j.dialect.stablehlo;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import org.stablehlo4j.asm.DialectAsmParser;

/**
 * A small cursor-based tokenizer over the text of a dialect attribute or type body (what follows
 * {@code #stablehlo.} or sits inside {@code #stablehlo<...>}). Whitespace between tokens is skipped; every
 * failure is a {@link BodyParseException} naming the offset and what was expected.
 */
public final class BodyReader {
    /** Nesting limit for recursive structures, so hostile input cannot overflow the stack. */
    static final int MAX_DEPTH = 256;

    private final String text;
    private int pos;
    private int depth;

    public BodyReader(String text) {
        this.text = text;
    }

    public String text() { return text; }

    public int position() { return pos; }

    public BodyParseException error(String message) {
        return new BodyParseException(pos, message);
    }

    /** Skips whitespace and reports whether the whole text is consumed. */
    public boolean atEnd() {
        skipSpace();
        return pos >= text.length();
    }

    /** Fails unless the whole text is consumed. */
    public void expectEnd() {
        if (!atEnd()) throw error("unexpected '" + text.charAt(pos) + "' after the end of the body");
    }

    /**
     * A type or attribute nested in this body ({@code tensor<2xf32>}, {@code [1, 2]}, {@code #stablehlo<...>}),
     * read with the file grammar ({@link DialectAsmParser#parsePrefix}) from the current position; StableHLO's
     * own types and attributes in it become structured through {@code hooks}.
     */
    <T> T nested(java.util.function.Function<String, org.stablehlo4j.asm.AsmDialectInterface> hooks,
                 java.util.function.Function<org.stablehlo4j.asm.DialectAsmParser, T> fn) {
        skipSpace();
        DialectAsmParser.Parsed<T> parsed;
        try {
            parsed = DialectAsmParser.parsePrefix(text, pos, hooks, fn);
        } catch (BodyParseException e) {
            throw e;
        } catch (org.stablehlo4j.asm.DialectBodyException e) {
            BodyParseException b = new BodyParseException(e.offset(), e.reason());
            for (String f : e.followUps()) b.withFollowUp(f);
            throw b;
        }
        pos = parsed.end();
        return parsed.value();
    }

    void enter() {
        if (++depth > MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH + " levels");
    }

    void leave() {
        depth--;
    }

    /** Skips whitespace and {@code //} comments (to the end of the line), as MLIR's lexer does. */
    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '/' && text.startsWith("//", pos)) {
                int nl = text.indexOf('\n', pos);
                pos = nl < 0 ? text.length() : nl + 1;
            } else {
                return;
            }
        }
    }

    /** The next non-space character, or 0 at the end. */
    public char peek() {
        skipSpace();
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    /** Consumes {@code punct} (e.g. {@code ","}, {@code "->"}) if it comes next. */
    public boolean tryPunct(String punct) {
        skipSpace();
        if (text.startsWith(punct, pos)) {
            pos += punct.length();
            return true;
        }
        return false;
    }

    public void expect(String punct) {
        if (!tryPunct(punct)) throw error("expected '" + punct + "'");
    }

    private static boolean identStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean identPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
    }

    /** Consumes a bare identifier if one comes next ({@code [A-Za-z_][A-Za-z0-9_$.]*}), else returns null. */
    public String tryIdent() {
        skipSpace();
        if (pos >= text.length() || !identStart(text.charAt(pos))) return null;
        int start = pos;
        while (pos < text.length() && identPart(text.charAt(pos))) pos++;
        return text.substring(start, pos);
    }

    public String ident(String what) {
        String id = tryIdent();
        if (id == null) throw error("expected " + what);
        return id;
    }

    /** Consumes the keyword {@code kw} if it is the next identifier. */
    public boolean tryKeyword(String kw) {
        skipSpace();
        int end = pos + kw.length();
        if (text.startsWith(kw, pos) && (end >= text.length() || !identPart(text.charAt(end)))) {
            pos = end;
            return true;
        }
        return false;
    }

    public void expectKeyword(String kw) {
        if (!tryKeyword(kw)) throw error("expected '" + kw + "'");
    }

    /**
     * {@code open elem, elem, ... close} (possibly empty), each element read by {@code element}; {@code open} is
     * consumed first.
     */
    public <T> java.util.List<T> commaList(String open, String close, java.util.function.Supplier<T> element) {
        expect(open);
        java.util.List<T> out = new java.util.ArrayList<>();
        if (tryPunct(close)) return out;
        do {
            out.add(element.get());
        } while (tryPunct(","));
        expect(close);
        return out;
    }

    /** Whether an integer literal (optionally negative) comes next. */
    public boolean peekInteger() {
        skipSpace();
        int p = pos;
        if (p < text.length() && text.charAt(p) == '-') p++;
        return p < text.length() && Character.isDigit(text.charAt(p));
    }

    /** An integer literal (decimal or {@code 0x} hex, optionally negative) as a big integer. */
    public BigInteger bigInteger(String what) {
        skipSpace();
        int start = pos;
        boolean neg = tryPunct("-");
        if (pos >= text.length() || !Character.isDigit(text.charAt(pos))) {
            pos = start;
            throw error("expected " + what);
        }
        int radix = 10;
        if (text.startsWith("0x", pos) && pos + 2 < text.length() && hexDigit(text.charAt(pos + 2))) {
            radix = 16;
            pos += 2;
        }
        int digits = pos;
        while (pos < text.length() && (radix == 16 ? hexDigit(text.charAt(pos)) : Character.isDigit(text.charAt(pos)))) {
            pos++;
        }
        if (pos - digits > 4096) throw error("integer literal too long");
        BigInteger v = new BigInteger(text.substring(digits, pos), radix);
        return neg ? v.negate() : v;
    }

    private static boolean hexDigit(char c) {
        return Character.digit(c, 16) >= 0;
    }

    /** An integer that must fit in 64 signed bits. */
    public long integer(String what) {
        int start = pos;
        BigInteger v = bigInteger(what);
        if (v.bitLength() > 63) {
            pos = start;
            throw error("integer value too large for " + what);
        }
        return v.longValue();
    }

    /** Whether a decimal digit comes next (no sign). */
    public boolean peekDigit() {
        return Character.isDigit(peek());
    }

    /** A non-negative decimal integer that stops at the first non-digit (e.g. a shape dimension in {@code 4x5}). */
    public long decimal(String what) {
        skipSpace();
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) pos++;
        if (pos == start) throw error("expected " + what);
        try {
            return Long.parseLong(text.substring(start, pos));
        } catch (NumberFormatException e) {
            pos = start;
            throw error(what + " is too large");
        }
    }

    /** Whether the character right at the cursor (no space skipping) is {@code c}. */
    public boolean atChar(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    /** Whether the next token is a floating-point literal (digits with a '.' or exponent). */
    public boolean peekFloat() {
        skipSpace();
        int p = pos;
        if (p < text.length() && text.charAt(p) == '-') p++;
        int d = p;
        while (p < text.length() && Character.isDigit(text.charAt(p))) p++;
        return p > d && p < text.length() && (text.charAt(p) == '.' || text.charAt(p) == 'e' || text.charAt(p) == 'E')
                && !text.startsWith("0x", d);
    }

    /** The text of a decimal floating-point (or integer) literal: {@code -?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?}. */
    public String floatLiteral(String what) {
        skipSpace();
        int start = pos;
        int p = pos;
        if (p < text.length() && text.charAt(p) == '-') p++;
        int d = p;
        while (p < text.length() && Character.isDigit(text.charAt(p))) p++;
        if (p == d) throw error("expected " + what);
        if (p < text.length() && text.charAt(p) == '.') {
            p++;
            while (p < text.length() && Character.isDigit(text.charAt(p))) p++;
        }
        if (p < text.length() && (text.charAt(p) == 'e' || text.charAt(p) == 'E')) {
            int q = p + 1;
            if (q < text.length() && (text.charAt(q) == '+' || text.charAt(q) == '-')) q++;
            int e = q;
            while (q < text.length() && Character.isDigit(text.charAt(q))) q++;
            if (q > e) p = q;
        }
        pos = p;
        return text.substring(start, p);
    }

    /** A double-quoted string literal with MLIR escapes ({@code \n \t \" \\ \XX}), as raw bytes. */
    public byte[] stringBytes(String what) {
        skipSpace();
        if (pos >= text.length() || text.charAt(pos) != '"') throw error("expected " + what);
        int start = pos++;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            if (pos >= text.length()) {
                pos = start;
                throw error("unterminated string literal");
            }
            char c = text.charAt(pos++);
            if (c == '"') return out.toByteArray();
            if (c != '\\') {
                byte[] b = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && pos < text.length()) {
                    b = text.substring(pos - 1, pos + 1).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    pos++;
                }
                out.write(b, 0, b.length);
                continue;
            }
            if (pos >= text.length()) continue;
            char e = text.charAt(pos++);
            switch (e) {
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case '"' -> out.write('"');
                case '\\' -> out.write('\\');
                default -> {
                    if (pos < text.length() && hexDigit(e) && hexDigit(text.charAt(pos))) {
                        out.write(Character.digit(e, 16) * 16 + Character.digit(text.charAt(pos++), 16));
                    } else {
                        pos -= 2;
                        throw error("unknown escape in string literal");
                    }
                }
            }
        }
    }

    public String string(String what) {
        return new String(stringBytes(what), java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * After an opening {@code open} was consumed, returns the raw text up to the matching {@code close}
     * (consumed), honouring nested brackets of all kinds and string literals.
     */
    public String balancedUntil(char close) {
        int start = pos;
        int level = 0;
        char[] stack = new char[MAX_DEPTH];
        stack[level++] = close;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '"') {
                stringBytes("string");
                continue;
            }
            if (c == '/' && text.startsWith("//", pos)) {
                skipSpace();
                continue;
            }
            pos++;
            char want = switch (c) {
                case '<' -> '>';
                case '[' -> ']';
                case '(' -> ')';
                case '{' -> '}';
                default -> 0;
            };
            if (want != 0) {
                if (level == MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH + " levels");
                stack[level++] = want;
            } else if (c == '-' && pos < text.length() && text.charAt(pos) == '>') {
                pos++; // an arrow, not a closing angle bracket
            } else if (c == stack[level - 1]) {
                if (--level == 0) return text.substring(start, pos - 1);
            } else if (c == '>' || c == ']' || c == ')' || c == '}') {
                pos--;
                throw error("unbalanced '" + c + "'");
            }
        }
        throw new BodyParseException(start, "missing '" + close + "'");
    }
}
