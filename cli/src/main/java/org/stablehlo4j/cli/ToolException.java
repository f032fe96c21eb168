package org.stablehlo4j.cli;

/** A fatal, already formatted tool error: the message is printed to stderr as is and the tool exits 1. */
public final class ToolException extends Exception {
    private static final long serialVersionUID = 1L;

    public ToolException(String message) {
        super(message);
    }
}
