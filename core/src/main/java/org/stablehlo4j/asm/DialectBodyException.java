package org.stablehlo4j.asm;

/**
 * An error in the body of a dialect type or attribute ({@code #ns.body} / {@code !ns<body>}) reported by the
 * dialect's {@link AsmDialectInterface}: {@code offset} is relative to the start of the body; the follow-ups are
 * further errors the parser reports at the same place, in order (as upstream's struct parsers do when a nested
 * parameter fails: each enclosing parser adds its own "failed to parse ..." error).
 */
public class DialectBodyException extends IllegalArgumentException {
    /** Where the error is, relative to the start of the body. */
    private final int offset;
    /** Further errors at the same place, in order. */
    private final java.util.List<String> followUps = new java.util.ArrayList<>();

    /**
     * An error at {@code offset} in the body.
     *
     * @param offset the character offset, relative to the body
     * @param message the error text
     */
    public DialectBodyException(int offset, String message) {
        super(message);
        this.offset = offset;
    }

    /** {@return where the error is, relative to the start of the body} */
    public int offset() {
        return offset;
    }

    @Override
    public String getMessage() {
        return "offset " + offset + ": " + super.getMessage();
    }

    /** {@return the error text, without the offset} */
    public String reason() {
        return super.getMessage();
    }

    /** {@return the first follow-up error, or null} */
    public String followUp() {
        return followUps.isEmpty() ? null : followUps.get(0);
    }

    /** {@return every follow-up error, in the order they were added} */
    public java.util.List<String> followUps() {
        return java.util.List.copyOf(followUps);
    }

    /**
     * Adds a follow-up error (after those added before).
     *
     * @param message the error text
     * @return this exception
     */
    public DialectBodyException withFollowUp(String message) {
        followUps.add(message);
        return this;
    }
}
