package org.stablehlo4j.dialect.stablehlo;

/**
 * A malformed StableHLO attribute or type body. {@link #offset()} is the character offset inside the body text
 * where the problem was found, so a caller that knows where the body starts in its file can report
 * {@code file:line:col}.
 */
public final class BodyParseException extends org.stablehlo4j.asm.DialectBodyException {
    public BodyParseException(int offset, String message) {
        super(offset, message);
    }
}
