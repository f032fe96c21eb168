package org.stablehlo4j.ir;

/**
 * What a walk callback asks for next (MLIR's {@code WalkResult}): go on, skip the ops nested in the current one
 * (meaningful in pre-order; in post-order they were already visited), or stop the whole walk.
 */
public enum WalkResult {
    /** go on */
    ADVANCE,
    /** skip the ops nested in the current one */
    SKIP,
    /** stop the walk */
    INTERRUPT;

    /** {@return whether the walk was interrupted} */
    public boolean wasInterrupted() { return this == INTERRUPT; }
}
