package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.DialectBodyException;

/**
 * The token stream the sdy attribute parsers read (MLIR's {@code AsmParser} as sdy's parsers use it): either the
 * op parser's own lexer (stripped attributes inside op syntax, {@link #of(AsmParserContext)}) or the body of a
 * {@code #sdy.mnemonic<...>} attribute ({@link SdyLexer}).
 */
interface SdyIn {
    int offset();

    boolean consumeIf(String punct);

    void expect(String punct);

    /** The bare identifier at the current token, or null. */
    String peekKeyword();

    /** Consumes the bare identifier at the current token. */
    String parseKeyword(String message);

    boolean atString();

    String parseString(String message);

    long parseInteger();

    boolean atSymbol();

    String parseSymbol();

    RuntimeException error(String message);

    RuntimeException errorAt(int offset, String message);

    /** Adds an error reported after {@code failure} (a custom op parser's own message after its cause). */
    default RuntimeException withFollowUp(RuntimeException failure, int offset, String message) {
        return failure;
    }

    /**
     * The rest of a list whose opening punctuation has been read: nothing but {@code close}, or items read by
     * {@code item} separated by commas and then {@code close}.
     */
    default <T> List<T> listUntil(String close, Supplier<T> item) {
        List<T> out = new ArrayList<>();
        if (!consumeIf(close)) {
            do {
                out.add(item.get());
            } while (consumeIf(","));
            expect(close);
        }
        return out;
    }

    /** A list opened by {@code open}: see {@link #listUntil}. */
    default <T> List<T> list(String open, String close, Supplier<T> item) {
        expect(open);
        return listUntil(close, item);
    }

    static SdyIn of(AsmParserContext p) {
        return new SdyIn() {
            @Override public int offset() { return p.offset(); }
            @Override public boolean consumeIf(String punct) { return p.consumeIf(punct); }
            @Override public void expect(String punct) { p.expect(punct); }
            @Override public String peekKeyword() { return p.peekKeyword(); }
            @Override public String parseKeyword(String message) { return p.parseKeyword(message); }

            @Override
            public boolean atString() {
                int at = p.offset();
                return at < p.text().length() && p.text().charAt(at) == '"';
            }

            @Override
            public String parseString(String message) {
                if (!atString()) throw p.error(message);
                return p.parseKeywordOrString(message);
            }

            @Override public long parseInteger() { return p.parseInteger(); }
            @Override public boolean atSymbol() { return p.atSymbolName(); }
            @Override public String parseSymbol() { return p.parseSymbolName(); }
            @Override public RuntimeException error(String message) { return p.error(message); }
            @Override public RuntimeException errorAt(int offset, String message) { return p.errorAt(offset, message); }

            @Override
            public RuntimeException withFollowUp(RuntimeException failure, int offset, String message) {
                return p.withFollowUp(failure, offset, message, true);
            }
        };
    }

    /** A lexer over the body text of an {@code #sdy...} attribute; errors are {@link DialectBodyException}s. */
    final class SdyLexer implements SdyIn {
        private final String text;
        private int pos;
        private int tokStart;

        SdyLexer(String text, int pos) {
            this.text = text;
            this.pos = pos;
            skipSpace();
        }

        private void skipSpace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
            tokStart = pos;
        }

        boolean atEnd() {
            return pos >= text.length();
        }

        @Override public int offset() { return pos; }

        @Override
        public boolean consumeIf(String punct) {
            if (!text.startsWith(punct, pos)) return false;
            if (punct.equals("-") && text.startsWith("->", pos)) return false;
            pos += punct.length();
            skipSpace();
            return true;
        }

        @Override
        public void expect(String punct) {
            if (!consumeIf(punct)) throw error("expected '" + punct + "'");
        }

        private static boolean identStart(char c) {
            return Character.isLetter(c) || c == '_';
        }

        private static boolean identPart(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
        }

        @Override
        public String peekKeyword() {
            if (pos >= text.length() || !identStart(text.charAt(pos))) return null;
            int e = pos + 1;
            while (e < text.length() && identPart(text.charAt(e))) e++;
            return text.substring(pos, e);
        }

        @Override
        public String parseKeyword(String message) {
            String k = peekKeyword();
            if (k == null) throw error(message);
            pos += k.length();
            skipSpace();
            return k;
        }

        @Override
        public boolean atString() {
            return pos < text.length() && text.charAt(pos) == '"';
        }

        @Override
        public String parseString(String message) {
            if (!atString()) throw error(message);
            StringBuilder sb = new StringBuilder();
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            int p = pos + 1;
            while (true) {
                if (p >= text.length()) throw errorAt(pos, "expected '\"' in string literal");
                char c = text.charAt(p);
                if (c == '"') break;
                if (c == '\\' && p + 1 < text.length()) {
                    char d = text.charAt(p + 1);
                    if (d == '"' || d == '\\') {
                        bytes.write(d);
                        p += 2;
                        continue;
                    }
                    if (d == 'n') { bytes.write('\n'); p += 2; continue; }
                    if (d == 't') { bytes.write('\t'); p += 2; continue; }
                    if (p + 2 < text.length()) {
                        bytes.write(Integer.parseInt(text.substring(p + 1, p + 3), 16));
                        p += 3;
                        continue;
                    }
                }
                byte[] b = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
                p++;
            }
            pos = p + 1;
            skipSpace();
            sb.append(new String(bytes.toByteArray(), java.nio.charset.StandardCharsets.UTF_8));
            return sb.toString();
        }

        @Override
        public long parseInteger() {
            int start = pos;
            boolean neg = false;
            int p = pos;
            if (p < text.length() && text.charAt(p) == '-') {
                neg = true;
                p++;
            }
            int ds = p;
            while (p < text.length() && Character.isDigit(text.charAt(p))) p++;
            if (p == ds) throw error("expected integer value");
            java.math.BigInteger v = new java.math.BigInteger(text.substring(ds, p));
            if (neg) v = v.negate();
            if (v.bitLength() > 63) throw errorAt(start, "integer value too large");
            pos = p;
            skipSpace();
            return v.longValue();
        }

        @Override
        public boolean atSymbol() {
            return pos < text.length() && text.charAt(pos) == '@';
        }

        @Override
        public String parseSymbol() {
            if (!atSymbol()) throw error("expected valid '@'-identifier for symbol name");
            pos++;
            if (atString()) return parseString("expected string");
            String k = peekKeyword();
            if (k == null) throw error("expected valid '@'-identifier for symbol name");
            pos += k.length();
            skipSpace();
            return k;
        }

        @Override
        public RuntimeException withFollowUp(RuntimeException failure, int offset, String message) {
            if (failure instanceof DialectBodyException d) d.withFollowUp(message);
            return failure;
        }

        @Override
        public RuntimeException error(String message) {
            return new DialectBodyException(pos, message);
        }

        @Override
        public RuntimeException errorAt(int offset, String message) {
            return new DialectBodyException(offset, message);
        }
    }
}
