package org.stablehlo4j.asm;

import java.util.function.Function;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/**
 * A dialect's view on the parser's lexer (MLIR's {@code DialectAsmParser}), for the bodies of dialect types and
 * attributes parsed token by token ({@code !quant.uniform<...>}, {@code #sdy.sharding<...>}): the same lexer and
 * grammar as everything else, nested types and attributes, errors at file positions. The error methods return the
 * exception to throw.
 */
public final class DialectAsmParser {
    private final TypeParser p;
    /** The token cursor of {@link #p}. */
    private final ParserState in;
    /**
     * Whether this reads a body kept as text ({@link #parsePrefix}): its "expected ..." errors stay at the token, the
     * caller that maps the body into its file moving them back as MLIR does for a wrong token.
     */
    private final boolean fromText;
    /** Put before the text of errors (a custom op parser's {@code custom op 'X' }), or empty. */
    private final String errorPrefix;

    DialectAsmParser(TypeParser p) {
        this(p, false, "");
    }

    /** A view for a custom op parser: errors other than wrong-token ones start with {@code errorPrefix}. */
    DialectAsmParser(TypeParser p, String errorPrefix) {
        this(p, false, errorPrefix);
    }

    private DialectAsmParser(TypeParser p, boolean fromText, String errorPrefix) {
        this.p = p;
        this.in = p.in;
        this.fromText = fromText;
        this.errorPrefix = errorPrefix;
    }

    /** A value parsed from a prefix of a text, and the offset just after its last token. */
    public record Parsed<T>(T value, int end) {}

    /**
     * Parses one value with the file grammar from {@code text} starting at {@code offset} (a type or attribute
     * nested in a dialect body kept as text), dialect types and attributes going to {@code hooks} (namespace to
     * hooks, or null to keep them opaque). Offsets seen by {@code fn} are relative to the start of {@code text};
     * errors are {@link DialectBodyException}s at offsets into {@code text}.
     *
     * @param <T> what is parsed
     * @param text the text holding the value
     * @param offset where the value starts
     * @param hooks the dialect interface of a namespace, or null
     * @param fn parses the value
     * @return the value and where it ends
     */
    public static <T> Parsed<T> parsePrefix(String text, int offset, Function<String, AsmDialectInterface> hooks,
                                            Function<DialectAsmParser, T> fn) {
        String rest = text.substring(offset);
        try {
            TypeParser p = AttributeParser.of(null, rest, ParseOptions.of("<body>")).types;
            p.hookLookup = hooks == null ? ns -> null : hooks;
            T value = fn.apply(new DialectAsmParser(p, true, ""));
            return new Parsed<>(value, offset + p.in.prevEnd);
        } catch (ParseError e) {
            DialectBodyException b = new DialectBodyException(offset + e.offset, e.getMessage());
            for (ParseError f : e.followUps) b.withFollowUp(f.getMessage());
            throw b;
        }
    }

    /** {@return offset of the current token} */
    public int offset() {
        return in.tok.start;
    }

    /** {@return end offset of the previous token} */
    public int previousEnd() {
        return in.prevEnd;
    }

    /**
     * Whether the current token is of {@code kind}.
     *
     * @param kind the token kind
     * @return whether it is
     */
    public boolean is(Kind kind) {
        return in.is(kind);
    }

    /** {@return the current token's source text} */
    public String spelling() {
        return in.spelling();
    }

    /** Moves to the next token. */
    public void consume() {
        in.consume();
    }

    /**
     * Consumes the current token if it is of {@code kind}.
     *
     * @param kind the token kind
     * @return whether it was consumed
     */
    public boolean consumeIf(Kind kind) {
        return in.consumeIf(kind);
    }

    /**
     * Consumes a token of {@code kind} or fails with {@code message}.
     *
     * @param kind the token kind
     * @param message the error text
     */
    public void expect(Kind kind, String message) {
        if (!in.is(kind)) throw wrongToken(message);
        in.consume();
    }

    /**
     * Consumes punctuation {@code punct} (e.g. {@code "->"}, <code>"{"</code>) if it is next.
     *
     * @param punct the punctuation
     * @return whether it was consumed
     */
    public boolean consumeIf(String punct) {
        return in.consumeIf(Token.punctuation(punct));
    }

    /**
     * Consumes punctuation {@code punct} or fails with {@code expected 'punct'}.
     *
     * @param punct the punctuation
     */
    public void expect(String punct) {
        expect(Token.punctuation(punct), "expected '" + punct + "'");
    }

    /** {@return whether every token has been read} */
    public boolean atEnd() {
        return in.is(Kind.EOF);
    }

    /** Fails unless every token has been read (a body parsed from text must be used up). */
    public void expectEnd() {
        if (atEnd()) return;
        String s = in.spelling();
        throw error("unexpected '" + (s.isEmpty() ? "" : s.substring(0, 1)) + "' after the end of the body");
    }

    /** {@return whether an integer literal, possibly negative, comes next} */
    public boolean atInteger() {
        return in.is(Kind.INTEGER) || in.is(Kind.MINUS);
    }

    /**
     * Consumes the bare identifier {@code keyword} if it is next (MLIR's {@code parseOptionalKeyword}).
     *
     * @param keyword the keyword
     * @return whether it was consumed
     */
    public boolean consumeKeyword(String keyword) {
        if (!in.isKeyword(keyword)) return false;
        in.consume();
        return true;
    }

    /**
     * Consumes the bare identifier {@code keyword}, or fails with {@code expected 'keyword'} at the current token.
     *
     * @param keyword the keyword
     */
    public void expectKeyword(String keyword) {
        if (!consumeKeyword(keyword)) throw error("expected '" + keyword + "'");
    }

    /**
     * Consumes a bare identifier if one is next.
     *
     * @return the identifier, or null when none is next
     */
    public String parseOptionalKeyword() {
        String s = peekKeyword();
        if (s != null) in.consume();
        return s;
    }

    /** {@return the bare identifier at the current token, or null} */
    public String peekKeyword() {
        return in.is(Kind.BARE_IDENTIFIER) ? in.spelling() : null;
    }

    /**
     * Consumes a bare identifier, or fails with {@code message}.
     *
     * @param message the error text
     * @return the identifier
     */
    public String parseKeyword(String message) {
        if (!in.is(Kind.BARE_IDENTIFIER)) throw error(message);
        String s = in.spelling();
        in.consume();
        return s;
    }

    /** {@return whether the current token is a string literal} */
    public boolean atString() {
        return in.is(Kind.STRING);
    }

    /**
     * Consumes a string literal (its value), or fails with {@code message}.
     *
     * @param message the error text
     * @return the string's value
     */
    public String parseString(String message) {
        if (!in.is(Kind.STRING)) throw error(message);
        String s = in.lex.stringValue(in.tok);
        in.consume();
        return s;
    }

    /** {@return the parsed optionally negative integer that fits in a long} Else "expected integer value". */
    public long parseInteger() {
        if (!in.is(Kind.INTEGER) && !in.is(Kind.MINUS)) throw error("expected integer value");
        return p.parseSignedLong();
    }

    /** {@return whether the current token is {@code @name}} */
    public boolean atSymbolName() {
        return in.is(Kind.AT_IDENTIFIER);
    }

    /**
     * Consumes {@code @name} or {@code @"name"} (the name), else "expected valid '@'-identifier for symbol name".
     *
     * @return the name
     */
    public String parseSymbolName() {
        if (!in.is(Kind.AT_IDENTIFIER)) throw error("expected valid '@'-identifier for symbol name");
        String s = in.text.charAt(in.tok.start + 1) == '"' ? in.lex.stringValue(in.tok)
                : in.text.substring(in.tok.start + 1, in.tok.end);
        in.consume();
        return s;
    }

    /**
     * Parses a type of any dialect.
     *
     * @return the type
     */
    public Type parseType() {
        return p.parseType();
    }

    /** {@return the parsed nested attribute of any dialect} */
    public Attribute parseAttribute() {
        return p.parseAttribute(null);
    }

    /**
     * Parses a type other than a function type.
     *
     * @return the type
     */
    public Type parseNonFunctionType() {
        return p.parseNonFunctionType();
    }

    /** {@return the parsed optionally negative decimal integer that fits in a long} */
    public long parseSignedLong() {
        return p.parseSignedLong();
    }

    /**
     * The signedness of an integer type keyword ({@code i8}, {@code si8}, {@code ui8}), or null.
     *
     * @param keyword the keyword
     * @return the signedness, or null
     */
    public static IntegerType.Signedness integerTypeSignedness(String keyword) {
        return TypeParser.intTypeSignedness(keyword);
    }

    /** Enters a nesting level (guards the depth); pair with {@link #leave()}. */
    public void enter() {
        in.enter();
    }

    /** Leaves the nesting level entered last. */
    public void leave() {
        in.leave();
    }

    /**
     * An error at the current token.
     *
     * @param message the error text
     * @return the failure, to throw
     */
    public RuntimeException error(String message) {
        return in.error(errorPrefix + message);
    }

    /**
     * An error at a character offset.
     *
     * @param offset the character offset
     * @param message the error text
     * @return the failure, to throw
     */
    public RuntimeException errorAt(int offset, String message) {
        return ParserState.errorAt(offset, errorPrefix + message);
    }

    /**
     * Adds {@code message} at {@code offset}, reported after {@code failure} (a parser's own error after its cause).
     *
     * @param failure the failure
     * @param offset where the further error is
     * @param message its text
     * @return the failure to throw
     */
    public RuntimeException withFollowUp(RuntimeException failure, int offset, String message) {
        if (failure instanceof ParseError pe) pe.followUps.add(ParserState.errorAt(offset, errorPrefix + message));
        return failure;
    }

    /**
     * Adds {@code later}'s error and its follow-ups after {@code failure}'s (a parser that goes on after an error
     * and reports every error it met, in order).
     *
     * @param failure the first failure
     * @param later a failure met afterwards
     * @return the first failure, to throw
     */
    public RuntimeException withFollowUps(RuntimeException failure, RuntimeException later) {
        if (failure instanceof ParseError pe && later instanceof ParseError l) {
            pe.followUps.add(ParserState.errorAt(l.offset, l.getMessage()));
            pe.followUps.addAll(l.followUps);
        }
        return failure;
    }

    /**
     * A list opened by {@code open} (MLIR's {@code parseCommaSeparatedList} with a delimiter): nothing but
     * {@code close}, or items read by {@code item} separated by commas and then {@code close}.
     *
     * @param <T> the items
     * @param open the opening punctuation
     * @param close the closing punctuation
     * @param item parses one item
     * @return the items
     */
    public <T> java.util.List<T> parseList(String open, String close, java.util.function.Supplier<T> item) {
        expect(open);
        java.util.List<T> out = new java.util.ArrayList<>();
        if (!consumeIf(close)) {
            do {
                out.add(item.get());
            } while (consumeIf(","));
            expect(close);
        }
        return out;
    }

    /**
     * An "expected ..." error about the current token, as MLIR words it.
     *
     * @param message the error text
     * @return the failure, to throw
     */
    public RuntimeException wrongToken(String message) {
        return fromText ? in.error(message) : in.wrongToken(message);
    }
}
