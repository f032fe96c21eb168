package org.stablehlo4j.asm;

import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/**
 * A dialect's view on the parser's lexer (MLIR's {@code DialectAsmParser}), for dialect types whose grammar is
 * parsed token by token ({@code !quant.uniform<...>}): the same lexer, nested types, errors at file positions.
 * The error methods return the exception to throw.
 */
public final class DialectAsmParser {
    private final TypeParser p;

    DialectAsmParser(TypeParser p) {
        this.p = p;
    }

    /** Offset of the current token. */
    public int offset() {
        return p.tok.start;
    }

    /** End offset of the previous token. */
    public int previousEnd() {
        return p.prevEnd;
    }

    public boolean is(Kind kind) {
        return p.is(kind);
    }

    public String spelling() {
        return p.spelling();
    }

    public void consume() {
        p.consume();
    }

    public boolean consumeIf(Kind kind) {
        return p.consumeIf(kind);
    }

    public void expect(Kind kind, String message) {
        p.expect(kind, message);
    }

    public Type parseType() {
        return p.parseType();
    }

    public Type parseNonFunctionType() {
        return p.parseNonFunctionType();
    }

    /** An optionally negative decimal integer that fits in a long. */
    public long parseSignedLong() {
        return p.parseSignedLong();
    }

    /** The signedness of an integer type keyword ({@code i8}, {@code si8}, {@code ui8}), or null. */
    public static IntegerType.Signedness integerTypeSignedness(String keyword) {
        return TypeAttrParser.intTypeSignedness(keyword);
    }

    /** Enters a nesting level (guards the depth); pair with {@link #leave()}. */
    public void enter() {
        p.enter();
    }

    public void leave() {
        p.leave();
    }

    public RuntimeException error(String message) {
        return p.error(message);
    }

    public RuntimeException errorAt(int offset, String message) {
        return ParserBase.errorAt(offset, message);
    }

    /** An "expected ..." error about the current token, as MLIR words it. */
    public RuntimeException wrongToken(String message) {
        return p.wrongToken(message);
    }
}
