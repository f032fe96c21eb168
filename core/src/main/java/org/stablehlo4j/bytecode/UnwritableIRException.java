package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Location;

/** IR the bytecode format cannot express (an operand defined outside the module, a missing required property). */
public final class UnwritableIRException extends IllegalArgumentException {
    private final transient Location location;

    public UnwritableIRException(Location location, String message) {
        super(message);
        this.location = location;
    }

    /** The location of the offending operation. */
    public Location location() { return location; }
}
