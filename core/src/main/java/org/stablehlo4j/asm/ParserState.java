package org.stablehlo4j.asm;

import java.util.HashMap;
import java.util.Map;

import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/**
 * Shared parser state, one per parse: the token cursor (lexer, current token, end of the previous one), alias tables,
 * nesting depth, open-op locations and error reporting. The type, attribute, SSA and operation parsers each hold it
 * (composed, not inherited). Errors abort parsing by
 * throwing {@link ParseError}; the entry point turns it into a diagnostic.
 */
final class ParserState {
    /** Maximum nesting of types, attributes and regions: the limit bytecode shares ({@link org.stablehlo4j.ir.Limits}). */
    static final int MAX_NESTING = org.stablehlo4j.ir.Limits.MAX_NESTING;

    final Lexer lex;
    final ParseOptions options;
    final String text;
    Token tok;
    /** End offset of the previously consumed token. */
    int prevEnd;
    private int depth;

    final Map<String, Type> typeAliases = new HashMap<>();
    final Map<String, Attribute> attributeAliases = new HashMap<>();

    ParserState(String text, ParseOptions options) {
        this.text = text;
        this.lex = new Lexer(text);
        this.options = options;
        this.tok = lex.next();
    }

    // ---- tokens

    void consume() {
        prevEnd = tok.end;
        tok = lex.next();
    }

    boolean is(Kind k) { return tok.kind == k; }

    boolean consumeIf(Kind k) {
        if (tok.kind != k) return false;
        consume();
        return true;
    }

    /** Consumes a token of kind {@code k} or fails with {@code message} at the current token. */
    Token expect(Kind k, String message) {
        if (tok.kind != k) throw wrongToken(message);
        Token t = tok;
        consume();
        return t;
    }

    boolean isKeyword(String word) {
        return tok.kind == Kind.BARE_IDENTIFIER && lex.spells(tok, word);
    }

    boolean consumeKeyword(String word) {
        if (!isKeyword(word)) return false;
        consume();
        return true;
    }

    String spelling() { return lex.spelling(tok); }

    /**
     * The text of the current token as one String per spelling for the whole parse (attribute names, keywords):
     * no new String each time, and later lookups by the name find its hash cached and equal names identical.
     */
    String internedSpelling() {
        int at = tok.start;
        int len = tok.end - at;
        char[] buf = lex.buffer();
        int hash = SpanTable.hash(buf, at, len);
        if (spellings == null) spellings = new SpanTable<>(buf);
        String s = spellings.get(at, len, hash);
        if (s == null) {
            s = text.substring(at, tok.end);
            spellings.put(at, len, hash, s);
        }
        return s;
    }

    private SpanTable<String> spellings;

    /** Re-lexes from {@code offset} (used to split tokens such as {@code 0x3} or {@code x3xf32}). */
    void resetTo(int offset) {
        lex.reset(offset);
        tok = lex.next();
    }

    // ---- nesting

    void enter() {
        if (++depth > MAX_NESTING) {
            throw new ParseError(tok.start, "nesting depth exceeded: more than " + MAX_NESTING + " nested levels");
        }
    }

    void leave() { depth--; }

    /** {@return the current nesting depth} */
    int depth() { return depth; }

    // ---- errors

    ParseError error(String message) { return new ParseError(tok.start, message); }

    static ParseError errorAt(int offset, String message) { return new ParseError(offset, message); }

    /**
     * An error about the current token. Like MLIR, when the token starts a line the error is moved back to the
     * end of the previous non-blank, non-comment text, where the missing piece belongs.
     */
    ParseError wrongToken(String message) {
        int loc = tok.start;
        if (tok.kind == Kind.EOF && loc > 0) loc--;
        return wrongTokenAt(loc, message);
    }

    /** {@link #wrongToken(String)} for a token starting at {@code loc}. */
    ParseError wrongTokenAt(int loc, String message) {
        int original = loc;
        int end = loc;
        while (true) {
            while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) end--;
            if (end == 0) return new ParseError(original, message);
            char c = text.charAt(end - 1);
            if (c != '\n' && c != '\r') return new ParseError(end, message);
            end--;
            int lineStart = end;
            while (lineStart > 0 && text.charAt(lineStart - 1) != '\n' && text.charAt(lineStart - 1) != '\r') {
                lineStart--;
            }
            int comment = text.indexOf("//", lineStart);
            if (comment >= 0 && comment < end) end = comment;
        }
    }

    // ---- text of types and attributes in messages

    /** A type as MLIR prints it, for diagnostics. */
    static String show(Type t) {
        try {
            return AsmPrinter.printType(t);
        } catch (RuntimeException e) {
            return String.valueOf(t);
        }
    }

    /** An attribute as MLIR prints it, for diagnostics. */
    static String show(Attribute a) {
        try {
            return AsmPrinter.printAttribute(a);
        } catch (RuntimeException e) {
            return String.valueOf(a);
        }
    }

    // ---- locations of source positions

    Location.FileLineCol locationOf(int offset) {
        if (openOps > 0 && openOpAt[openOps - 1] == offset) {
            int l = openOpLine[openOps - 1] + options.firstLine() - 1;
            int col = openOpCol[openOps - 1];
            return new Location.FileLineCol(bufferNameAttr(), l, col, l, col, false);
        }
        return pointLocation(lex, bufferNameAttr(), options.firstLine(), offset);
    }

    /*
     * Line and column of the ops being parsed, outermost first: an op's location is made when it is complete,
     * after its regions, and its start is then behind the lexer's forward line cursor.
     */
    private int[] openOpAt = new int[16];
    private int[] openOpLine = new int[16];
    private int[] openOpCol = new int[16];
    private int openOps;

    /** Notes the line and column of an op starting at {@code offset} (until {@link #closeOp}). */
    void openOp(int offset) {
        if (openOps == openOpAt.length) {
            openOpAt = java.util.Arrays.copyOf(openOpAt, openOps * 2);
            openOpLine = java.util.Arrays.copyOf(openOpLine, openOps * 2);
            openOpCol = java.util.Arrays.copyOf(openOpCol, openOps * 2);
        }
        int line = lex.line(offset);
        openOpAt[openOps] = offset;
        openOpLine[openOps] = line;
        openOpCol[openOps] = lex.column(offset, line);
        openOps++;
    }

    void closeOp() { openOps--; }

    /** {@code loc("buffer":line:col)} of a character offset, lines shifted so the text starts at firstLine. */
    static Location.FileLineCol pointLocation(Lexer lex, StringAttr buffer, int firstLine, int offset) {
        int line = lex.line(offset);
        int col = lex.column(offset, line);
        int l = line + firstLine - 1;
        return new Location.FileLineCol(buffer, l, col, l, col, false);
    }

    private StringAttr bufferName;

    StringAttr bufferNameAttr() {
        if (bufferName == null) bufferName = StringAttr.of(options.bufferName());
        return bufferName;
    }
}
