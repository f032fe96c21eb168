package org.stablehlo4j.dialect.stablehlo;

/**
 * A malformed StableHLO attribute or type body. {@link #offset()} is the character offset inside the body text
 * where the problem was found, so a caller that knows where the body starts in its file can report
 * {@code file:line:col}.
 */
public final class BodyParseException extends IllegalArgumentException {
    private final int offset;

    public BodyParseException(int offset, String message) {
        super(message);
        this.offset = offset;
    }

    public int offset() {
        return offset;
    }

    @Override
    public String getMessage() {
        return "offset " + offset + ": " + super.getMessage();
    }

    /** The message without the offset prefix (what upstream would print after the location). */
    public String reason() {
        return super.getMessage();
    }
}
