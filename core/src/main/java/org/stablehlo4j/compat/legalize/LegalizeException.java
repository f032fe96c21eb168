package org.stablehlo4j.compat.legalize;

/** A conversion step that cannot be done; the rewriter reports it as an error at the op being converted. */
final class LegalizeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LegalizeException(String message) {
        super(message, null, false, false);
    }
}
