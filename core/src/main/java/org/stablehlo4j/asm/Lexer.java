package org.stablehlo4j.asm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.stablehlo4j.asm.Token.Kind;

/**
 * Hand-written MLIR assembly lexer working directly on the text by index (no regular expressions). Errors are
 * reported by throwing {@link ParseError} with the offending offset.
 */
public final class Lexer {
    private final String text;
    /** The text's characters: indexing an array is cheaper than {@code String.charAt} in the hot loops. */
    private final char[] buf;
    private final int length;
    private int pos;
    private int[] lineStarts;

    /**
     * A lexer positioned at the start of {@code text}.
     *
     * @param text the source text
     */
    public Lexer(String text) {
        this.text = text;
        this.buf = text.toCharArray();
        this.length = buf.length;
    }

    private Lexer(Lexer shared) {
        this.text = shared.text;
        this.buf = shared.buf;
        this.length = shared.length;
    }

    /** {@return a second lexer over the same text and character buffer, at offset 0 (no copy of the text)} */
    Lexer fork() {
        return new Lexer(this);
    }

    /** {@return the text's characters (shared, never to be changed)} */
    char[] buffer() { return buf; }

    /** {@return the whole source text} */
    public String text() { return text; }

    /**
     * Moves the lexer so that the next token starts at {@code offset}.
     *
     * @param offset the character offset
     */
    public void reset(int offset) { pos = offset; }

    /** {@return the offset the next token starts at or before} */
    public int position() { return pos; }

    /**
     * Lexes the next token.
     *
     * @return the token; {@link Token.Kind#EOF} at the end, {@link Token.Kind#ERROR} on bad input
     */
    public Token next() {
        while (true) {
            if (pos >= length) return new Token(Kind.EOF, length, length);
            int start = pos;
            char c = buf[pos++];
            switch (c) {
                case ' ', '\t', '\n', '\r' -> { continue; }
                case ':' -> {
                    if (pos < length && buf[pos] == ':') { pos++; return tok(Kind.COLON_COLON, start); }
                    return tok(Kind.COLON, start);
                }
                case ',' -> { return tok(Kind.COMMA, start); }
                case '.' -> {
                    if (pos + 1 < length && buf[pos] == '.' && buf[pos + 1] == '.') {
                        pos += 2;
                        return tok(Kind.ELLIPSIS, start);
                    }
                    throw new ParseError(start, "unexpected character");
                }
                case '(' -> { return tok(Kind.L_PAREN, start); }
                case ')' -> { return tok(Kind.R_PAREN, start); }
                case '{' -> {
                    if (pos + 1 < length && buf[pos] == '-' && buf[pos + 1] == '#') {
                        pos += 2;
                        return tok(Kind.FILE_METADATA_BEGIN, start);
                    }
                    return tok(Kind.L_BRACE, start);
                }
                case '}' -> { return tok(Kind.R_BRACE, start); }
                case '[' -> { return tok(Kind.L_SQUARE, start); }
                case ']' -> { return tok(Kind.R_SQUARE, start); }
                case '<' -> { return tok(Kind.LESS, start); }
                case '>' -> { return tok(Kind.GREATER, start); }
                case '=' -> { return tok(Kind.EQUAL, start); }
                case '+' -> { return tok(Kind.PLUS, start); }
                case '*' -> { return tok(Kind.STAR, start); }
                case '?' -> { return tok(Kind.QUESTION, start); }
                case '|' -> { return tok(Kind.VERTICAL_BAR, start); }
                case '-' -> {
                    if (pos < length && buf[pos] == '>') { pos++; return tok(Kind.ARROW, start); }
                    return tok(Kind.MINUS, start);
                }
                case '/' -> {
                    if (pos < length && buf[pos] == '/') {
                        while (pos < length && buf[pos] != '\n' && buf[pos] != '\r') pos++;
                        continue;
                    }
                    throw new ParseError(start, "unexpected character");
                }
                case '@' -> { return lexAtIdentifier(start); }
                case '#' -> {
                    if (pos + 1 < length && buf[pos] == '-' && buf[pos + 1] == '}') {
                        pos += 2;
                        return tok(Kind.FILE_METADATA_END, start);
                    }
                    return lexPrefixed(start, Kind.HASH_IDENTIFIER, "invalid attribute name");
                }
                case '!' -> { return lexPrefixed(start, Kind.EXCLAMATION_IDENTIFIER, "invalid type identifier"); }
                case '%' -> { return lexPrefixed(start, Kind.PERCENT_IDENTIFIER, "invalid SSA name"); }
                case '^' -> { return lexPrefixed(start, Kind.CARET_IDENTIFIER, "invalid block name"); }
                case '"' -> { return lexString(start); }
                default -> {
                    if (isLetter(c) || c == '_') return lexBareIdentifier(start);
                    if (c >= '0' && c <= '9') return lexNumber(start);
                    throw new ParseError(start, "unexpected character");
                }
            }
        }
    }

    private Token tok(Kind k, int start) { return new Token(k, start, pos); }

    private static boolean isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Bits of the ASCII characters 0-63 and 64-127 that may follow the first of a bare identifier: [a-zA-Z0-9_$.]. */
    private static final long BARE_LO = 0x03FF_4010_0000_0000L;
    private static final long BARE_HI = 0x07FF_FFFE_87FF_FFFEL;
    /** The same for suffix identifiers ({@code %x}, {@code #a}, ...), which also allow '-'. */
    private static final long SUFFIX_LO = BARE_LO | 1L << '-';

    /** Characters allowed after the first in suffix identifiers ({@code %x}, {@code #a}, ...). */
    private static boolean isSuffixChar(char c) {
        return c < 64 ? (SUFFIX_LO >>> c & 1) != 0 : c < 128 && (BARE_HI >>> (c - 64) & 1) != 0;
    }

    private static boolean isBareChar(char c) {
        return c < 64 ? (BARE_LO >>> c & 1) != 0 : c < 128 && (BARE_HI >>> (c - 64) & 1) != 0;
    }

    private Token lexBareIdentifier(int start) {
        char[] b = buf;
        int p = pos;
        int n = length;
        while (p < n && isBareChar(b[p])) p++;
        pos = p;
        return tok(Kind.BARE_IDENTIFIER, start);
    }

    private Token lexAtIdentifier(int start) {
        if (pos < length && buf[pos] == '"') {
            lexString(pos);
            return tok(Kind.AT_IDENTIFIER, start);
        }
        if (pos >= length || !(isLetter(buf[pos]) || buf[pos] == '_')) {
            throw new ParseError(start, "@ identifier expected to start with letter or '_'");
        }
        lexBareIdentifier(pos);
        return tok(Kind.AT_IDENTIFIER, start);
    }

    private Token lexPrefixed(int start, Kind kind, String error) {
        if (pos < length && isDigit(buf[pos])) {
            while (pos < length && isDigit(buf[pos])) pos++;
        } else if (pos < length && isSuffixChar(buf[pos]) && !isDigit(buf[pos])) {
            char[] b = buf;
            int p = pos + 1;
            int n = length;
            while (p < n && isSuffixChar(b[p])) p++;
            pos = p;
        } else {
            throw new ParseError(start, error);
        }
        return tok(kind, start);
    }

    private Token lexNumber(int start) {
        char first = buf[start];
        if (first == '0' && pos + 1 <= length && pos < length && buf[pos] == 'x'
                && pos + 1 < length && isHexDigit(buf[pos + 1])) {
            pos++;
            while (pos < length && isHexDigit(buf[pos])) pos++;
            return tok(Kind.INTEGER, start);
        }
        while (pos < length && isDigit(buf[pos])) pos++;
        if (pos >= length || buf[pos] != '.') return tok(Kind.INTEGER, start);
        pos++;
        while (pos < length && isDigit(buf[pos])) pos++;
        if (pos < length && (buf[pos] == 'e' || buf[pos] == 'E')) {
            int p = pos + 1;
            if (p < length && (buf[p] == '-' || buf[p] == '+')) p++;
            if (p < length && isDigit(buf[p])) {
                pos = p;
                while (pos < length && isDigit(buf[pos])) pos++;
            }
        }
        return tok(Kind.FLOAT, start);
    }

    private Token lexString(int start) {
        pos = start + 1;
        while (true) {
            if (pos >= length) throw new ParseError(start, "expected '\"' in string literal");
            char c = buf[pos++];
            switch (c) {
                case '"' -> { return tok(Kind.STRING, start); }
                case '\n', '\r', 0x0B, '\f' -> throw new ParseError(pos - 1, "expected '\"' in string literal");
                case '\\' -> {
                    if (pos >= length) throw new ParseError(start, "expected '\"' in string literal");
                    char e = buf[pos];
                    if (e == '"' || e == '\\' || e == 'n' || e == 't') {
                        pos++;
                    } else if (pos + 1 < length && isHexDigit(e) && isHexDigit(buf[pos + 1])) {
                        pos += 2;
                    } else {
                        throw new ParseError(pos - 1, "unknown escape in string literal");
                    }
                }
                default -> { }
            }
        }
    }

    /**
     * The source text of a token.
     *
     * @param t a token of this lexer
     * @return its text
     */
    public String spelling(Token t) { return text.substring(t.start, t.end); }

    /**
     * Whether the token's text equals {@code s}, without allocating.
     *
     * @param t a token of this lexer
     * @param s the text to compare with
     * @return whether they are equal
     */
    public boolean spells(Token t, String s) {
        return t.end - t.start == s.length() && text.startsWith(s, t.start);
    }

    /**
     * The bytes of a string literal token (or of {@code @"..."}), escapes decoded, UTF-8 encoded.
     *
     * @param t a string token
     * @return the bytes
     */
    public byte[] stringBytes(Token t) {
        int s = t.start;
        if (buf[s] == '@') s++;
        return decodeString(s + 1, t.end - 1);
    }

    /**
     * The value of a string token as a Java string (UTF-8 decoded, lossy for non-UTF-8 bytes).
     *
     * @param t a string token
     * @return the value
     */
    public String stringValue(Token t) {
        int s = t.start;
        if (buf[s] == '@') s++;
        boolean plain = true;
        for (int i = s + 1; i < t.end - 1 && plain; i++) plain = buf[i] != '\\';
        if (plain) return text.substring(s + 1, t.end - 1);
        return new String(decodeString(s + 1, t.end - 1), StandardCharsets.UTF_8);
    }

    private byte[] decodeString(int from, int to) {
        boolean ascii = true;
        for (int i = from; i < to && ascii; i++) {
            char c = buf[i];
            ascii = c < 0x80 && c != '\\';
        }
        if (ascii) {
            byte[] b = new byte[to - from];
            for (int i = from; i < to; i++) b[i - from] = (byte) buf[i];
            return b;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        int i = from;
        while (i < to) {
            char c = buf[i];
            if (c == '\\') {
                char e = buf[i + 1];
                switch (e) {
                    case 'n' -> { out.write('\n'); i += 2; }
                    case 't' -> { out.write('\t'); i += 2; }
                    case '"', '\\' -> { out.write(e); i += 2; }
                    default -> {
                        out.write((Character.digit(e, 16) << 4) | Character.digit(buf[i + 2], 16));
                        i += 3;
                    }
                }
            } else {
                int j = i;
                while (j < to && buf[j] != '\\') j++;
                byte[] chunk = text.substring(i, j).getBytes(StandardCharsets.UTF_8);
                out.write(chunk, 0, chunk.length);
                i = j;
            }
        }
        return out.toByteArray();
    }

    /**
     * 1-based line of a character offset.
     *
     * @param offset the character offset
     * @return the line
     */
    public int line(int offset) {
        if (offset >= cursorOffset && offset <= length) {
            advanceCursor(offset);
            return cursorLine;
        }
        int[] ls = lineStarts();
        int idx = Arrays.binarySearch(ls, offset);
        return (idx >= 0 ? idx : -idx - 2) + 1;
    }

    /**
     * 1-based column of a character offset.
     *
     * @param offset the character offset
     * @return the column
     */
    public int column(int offset) {
        return column(offset, line(offset));
    }

    /**
     * 1-based column of a character offset known to be on 1-based {@code line}. Like MLIR, columns count UTF-8
     * bytes, so characters outside ASCII before the offset count more than once.
     *
     * @param offset the character offset
     * @param line its line
     * @return the column
     */
    public int column(int offset, int line) {
        if (offset == cursorOffset && line == cursorLine && !cursorNonAscii) return offset - cursorLineStart + 1;
        int start = lineStarts()[line - 1];
        if (!nonAsciiLines.get(line - 1)) return offset - start + 1;
        int col = 1;
        for (int i = start; i < offset; i++) {
            char c = buf[i];
            if (c < 0x80) col += 1;
            else if (c < 0x800) col += 2;
            else if (Character.isHighSurrogate(c) && i + 1 < offset && Character.isLowSurrogate(buf[i + 1])) {
                col += 4;
                i++;
            } else col += 3;
        }
        return col;
    }

    /*
     * Lines of offsets asked for in increasing order (every op's location, as the parse moves on) are counted by a
     * cursor that reads each character once; an offset before the cursor uses the table of line starts.
     */
    private int cursorOffset;
    private int cursorLine = 1;
    private int cursorLineStart;
    /** Whether the cursor's line has a character outside ASCII before the cursor. */
    private boolean cursorNonAscii;

    /** The first line break at or after the cursor, when it was looked for (-1: none up to the end). */
    private int cursorNextBreak = -2;

    private void advanceCursor(int offset) {
        int from = cursorOffset;
        if (cursorNextBreak == -2 || cursorNextBreak >= 0 && cursorNextBreak < offset) {
            // Whole lines are skipped by String.indexOf, which the JIT vectorizes over the compact text.
            int line = cursorLine;
            int lineStart = cursorLineStart;
            int br = cursorNextBreak >= 0 ? cursorNextBreak : text.indexOf('\n', from);
            while (br >= 0 && br < offset) {
                line++;
                lineStart = br + 1;
                br = text.indexOf('\n', lineStart);
            }
            cursorNextBreak = br;
            if (lineStart != cursorLineStart) {
                cursorLine = line;
                cursorLineStart = lineStart;
                cursorNonAscii = false;
                from = lineStart;
            }
        }
        if (!cursorNonAscii) {
            char[] b = buf;
            for (int i = from; i < offset; i++) {
                if (b[i] >= 0x80) {
                    cursorNonAscii = true;
                    break;
                }
            }
        }
        cursorOffset = offset;
    }

    private java.util.BitSet nonAsciiLines;

    private int[] lineStarts() {
        if (lineStarts == null) {
            int[] ls = new int[Math.max(16, length / 32)];
            ls[0] = 0;
            java.util.BitSet nonAscii = new java.util.BitSet();
            int k = 1;
            char[] b = buf;
            for (int i = 0, n = length; i < n; i++) {
                char c = b[i];
                if (c == '\n') {
                    if (k == ls.length) ls = Arrays.copyOf(ls, ls.length * 2);
                    ls[k++] = i + 1;
                } else if (c >= 0x80) {
                    nonAscii.set(k - 1);
                }
            }
            nonAsciiLines = nonAscii;
            lineStarts = Arrays.copyOf(ls, k);
        }
        return lineStarts;
    }
}
