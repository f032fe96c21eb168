package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.DialectAsmParser;

/**
 * The token stream the sdy attribute parsers read (MLIR's {@code AsmParser} as sdy's parsers use it): the file's
 * one lexer, either inside op syntax (stripped attributes, {@link #of(AsmParserContext)}) or in the body of a
 * {@code #sdy.mnemonic<...>} attribute ({@link #of(DialectAsmParser)}).
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

    /** The body of an {@code #sdy.mnemonic<...>} attribute, read from the file's own lexer. */
    static SdyIn of(DialectAsmParser p) {
        return new SdyIn() {
            @Override public int offset() { return p.offset(); }
            @Override public boolean consumeIf(String punct) { return p.consumeIf(punct); }
            @Override public void expect(String punct) { p.expect(punct); }
            @Override public String peekKeyword() { return p.peekKeyword(); }
            @Override public String parseKeyword(String message) { return p.parseKeyword(message); }
            @Override public boolean atString() { return p.atString(); }
            @Override public String parseString(String message) { return p.parseString(message); }
            @Override public long parseInteger() { return p.parseInteger(); }
            @Override public boolean atSymbol() { return p.atSymbolName(); }
            @Override public String parseSymbol() { return p.parseSymbolName(); }
            @Override public RuntimeException errorAt(int offset, String message) { return p.errorAt(offset, message); }

            /** "expected 'x'" as MLIR's parseToken reports it (after the last token when on a new line). */
            @Override
            public RuntimeException error(String message) {
                return message.startsWith("expected '") ? p.wrongToken(message) : p.error(message);
            }

            @Override
            public RuntimeException withFollowUp(RuntimeException failure, int offset, String message) {
                return p.withFollowUp(failure, offset, message);
            }
        };
    }
}
