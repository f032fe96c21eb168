package org.stablehlo4j.asm;

/**
 * An error in the body of a dialect type or attribute ({@code #ns.body} / {@code !ns<body>}) reported by the
 * dialect's {@link AsmDialectInterface}: {@code offset} is relative to the start of the body; {@code followUp}
 * is an optional second error the parser reports at the same place (as upstream's struct parsers do).
 */
public class DialectBodyException extends IllegalArgumentException {
    private final int offset;
    private String followUp;

    public DialectBodyException(int offset, String message) {
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

    public String reason() {
        return super.getMessage();
    }

    public String followUp() {
        return followUp;
    }

    public DialectBodyException withFollowUp(String message) {
        followUp = message;
        return this;
    }
}
