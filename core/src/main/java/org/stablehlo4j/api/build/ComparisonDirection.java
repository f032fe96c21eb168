package org.stablehlo4j.api.build;

/** The {@code comparison_direction} of {@code stablehlo.compare}. */
public enum ComparisonDirection {
    /** equal */
    EQ,
    /** not equal */
    NE,
    /** greater or equal */
    GE,
    /** greater */
    GT,
    /** less or equal */
    LE,
    /** less */
    LT
}
