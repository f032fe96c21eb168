package org.stablehlo4j.ir;

/** The order of {@link Operation#walk}: an op before the ops nested in it, or after them (MLIR's default). */
public enum WalkOrder {
    /** an op before the ops nested in it */
    PRE_ORDER,
    /** an op after the ops nested in it */
    POST_ORDER
}
