package org.stablehlo4j.api.build;

/** The optional {@code compare_type} of {@code stablehlo.compare}. */
public enum ComparisonType {
    /** no type given */
    NOTYPE,
    /** floating-point comparison */
    FLOAT,
    /** floating-point total order */
    TOTALORDER,
    /** signed integer comparison */
    SIGNED,
    /** unsigned integer comparison */
    UNSIGNED
}
