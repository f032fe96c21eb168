package org.stablehlo4j.asm;

/**
 * One lexed token: its kind and the half-open character range {@code [start, end)} of the source text.
 * Prefixed tokens ({@code %x}, {@code ^bb}, {@code @f}, {@code #a}, {@code !t}) include their sigil.
 */
public final class Token {
    /** Token kinds of the MLIR assembly language. */
    public enum Kind {
        /** the end of the text */
        EOF,
        /** a character sequence that is no token */
        ERROR,
        /** a keyword or identifier: {@code foo}, {@code i32} */
        BARE_IDENTIFIER,
        /** an SSA name {@code %x} */
        PERCENT_IDENTIFIER,
        /** a block name {@code ^bb0} */
        CARET_IDENTIFIER,
        /** a symbol name {@code @f} or {@code @"f"} */
        AT_IDENTIFIER,
        /** an attribute alias or dialect attribute {@code #a} */
        HASH_IDENTIFIER,
        /** a type alias or dialect type {@code !t} */
        EXCLAMATION_IDENTIFIER,
        /** an integer literal, decimal or hex */
        INTEGER,
        /** a float literal */
        FLOAT,
        /** a string literal {@code "..."} */
        STRING,
        /** {@code ->} */
        ARROW,
        /** {@code :} */
        COLON,
        /** {@code ::} */
        COLON_COLON,
        /** {@code ,} */
        COMMA,
        /** {@code ...} */
        ELLIPSIS,
        /** {@code =} */
        EQUAL,
        /** {@code >} */
        GREATER,
        /** {@code <} */
        LESS,
        /** <code>{</code> */
        L_BRACE,
        /** <code>}</code> */
        R_BRACE,
        /** {@code (} */
        L_PAREN,
        /** {@code )} */
        R_PAREN,
        /** {@code [} */
        L_SQUARE,
        /** {@code ]} */
        R_SQUARE,
        /** {@code -} */
        MINUS,
        /** {@code +} */
        PLUS,
        /** {@code ?} */
        QUESTION,
        /** {@code *} */
        STAR,
        /** {@code |} */
        VERTICAL_BAR,
        /** <code>{-#</code>, opening the file metadata section */
        FILE_METADATA_BEGIN,
        /** <code>#-}</code>, closing it */
        FILE_METADATA_END
    }

    /** The token's kind. */
    public final Kind kind;
    /** The offset of its first character. */
    public final int start;
    /** The offset after its last character. */
    public final int end;

    /**
     * A token of {@code kind} over {@code [start, end)}.
     *
     * @param kind the kind
     * @param start the first character's offset
     * @param end the offset after the last character
     */
    public Token(Kind kind, int start, int end) {
        this.kind = kind;
        this.start = start;
        this.end = end;
    }

    /**
     * Whether this token is of kind {@code k}.
     *
     * @param k the kind
     * @return whether it is
     */
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

    /**
     * The token kind of punctuation {@code p} (e.g. {@code "->"}); fails on anything else.
     *
     * @param p the punctuation
     * @return its kind
     */
    public static Kind punctuation(String p) {
        Kind k = PUNCTUATION.get(p);
        if (k == null) throw new IllegalArgumentException("not punctuation: " + p);
        return k;
    }

    @Override
    public String toString() { return kind + "[" + start + "," + end + ")"; }
}
