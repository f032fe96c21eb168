package org.stablehlo4j.asm;

/** Internal: aborts parsing at the first error; carries the character offset and the message. */
final class ParseError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int offset;

    ParseError(int offset, String message) {
        super(message, null, false, false);
        this.offset = offset;
    }
}
