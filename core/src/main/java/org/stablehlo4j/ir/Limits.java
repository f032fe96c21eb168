package org.stablehlo4j.ir;

/**
 * Bounds that every reader of untrusted input shares, so that what one front end accepts the others (and the
 * printer, verifier and passes, which recurse on nesting) can handle too.
 */
public final class Limits {
    /**
     * Maximum nesting of regions, and separately of types and attributes, in text and in bytecode. Each level costs
     * the printer and the verifier a few Java frames, so this bound keeps any accepted module within a default
     * thread stack.
     */
    public static final int MAX_NESTING = 256;

    private Limits() {}
}
