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

    private static final java.util.Map<String, Kind> PUNCTUATION = java.util.Map.ofEntries(
            java.util.Map.entry("->", Kind.ARROW), java.util.Map.entry(":", Kind.COLON),
            java.util.Map.entry("::", Kind.COLON_COLON), java.util.Map.entry(",", Kind.COMMA),
            java.util.Map.entry("...", Kind.ELLIPSIS), java.util.Map.entry("=", Kind.EQUAL),
            java.util.Map.entry(">", Kind.GREATER), java.util.Map.entry("<", Kind.LESS),
            java.util.Map.entry("{", Kind.L_BRACE), java.util.Map.entry("}", Kind.R_BRACE),
            java.util.Map.entry("(", Kind.L_PAREN), java.util.Map.entry(")", Kind.R_PAREN),
            java.util.Map.entry("[", Kind.L_SQUARE), java.util.Map.entry("]", Kind.R_SQUARE),
            java.util.Map.entry("-", Kind.MINUS), java.util.Map.entry("+", Kind.PLUS),
            java.util.Map.entry("?", Kind.QUESTION), java.util.Map.entry("*", Kind.STAR),
            java.util.Map.entry("|", Kind.VERTICAL_BAR));

    /** The token kind of punctuation {@code p} (e.g. {@code "->"}); fails on anything else. */
    public static Kind punctuation(String p) {
        Kind k = PUNCTUATION.get(p);
        if (k == null) throw new IllegalArgumentException("not punctuation: " + p);
        return k;
    }

    @Override
    public String toString() { return kind + "[" + start + "," + end + ")"; }
}
