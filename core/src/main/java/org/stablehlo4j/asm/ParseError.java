package org.stablehlo4j.asm;

/** Internal: aborts parsing at the first error; carries the character offset and the message. */
final class ParseError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int offset;
    /** Further errors MLIR reports after this one (e.g. a custom parser's own message after a token error). */
    final java.util.List<ParseError> followUps = new java.util.ArrayList<>();

    ParseError(int offset, String message) {
        super(message, null, false, false);
        this.offset = offset;
    }
}
