package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.Location;

/** A failure while interpreting a program: an unsupported construct, invalid input or a failed check. */
public class InterpreterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private transient Location location;

    public InterpreterException(String message) {
        super(message);
    }

    /** The location of the innermost op being evaluated when the failure happened, or null. */
    public Location location() { return location; }

    /** Records {@code loc} unless a (more precise) location is already known; returns this. */
    InterpreterException at(Location loc) {
        if (location == null) location = loc;
        return this;
    }
}
