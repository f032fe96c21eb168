package org.stablehlo4j.asm;

/**
 * One lexed token: its kind and the half-open character range {@code [start, end)} of the source text.
 * Prefixed tokens ({@code %x}, {@code ^bb}, {@code @f}, {@code #a}, {@code !t}) include their sigil.
 */
public final class Token {
    /** Token kinds of the MLIR assembly language. */
    public enum Kind {
        EOF, ERROR,
        BARE_IDENTIFIER, PERCENT_IDENTIFIER, CARET_IDENTIFIER, AT_IDENTIFIER, HASH_IDENTIFIER, EXCLAMATION_IDENTIFIER,
        INTEGER, FLOAT, STRING,
        ARROW, COLON, COLON_COLON, COMMA, ELLIPSIS, EQUAL, GREATER, LESS, L_BRACE, R_BRACE, L_PAREN, R_PAREN,
        L_SQUARE, R_SQUARE, MINUS, PLUS, QUESTION, STAR, VERTICAL_BAR, FILE_METADATA_BEGIN, FILE_METADATA_END
    }

    public final Kind kind;
    public final int start;
    public final int end;

    public Token(Kind kind, int start, int end) {
        this.kind = kind;
        this.start = start;
        this.end = end;
    }

    public boolean is(Kind k) { return kind == k; }

    @Override
    public String toString() { return kind + "[" + start + "," + end + ")"; }
}
