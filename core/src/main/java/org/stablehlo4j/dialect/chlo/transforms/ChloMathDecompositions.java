package org.stablehlo4j.dialect.chlo.transforms;

import org.stablehlo4j.ir.PatternSet;

/**
 * The decompositions of CHLO's special functions (acos, acosh, asin, asinh, atan, atanh, cosh, sinh, tan, erf,
 * erfc, erf_inv, lgamma, digamma, polygamma, zeta, igamma, igammac, bessel_i1e, ...). They land from branch
 * {@code h-chlomath}, which replaces this file; until then it adds no patterns.
 */
public final class ChloMathDecompositions {
    private ChloMathDecompositions() {}

    /**
     * Adds the special functions' patterns (none on this branch).
     *
     * @param patterns the set to add to
     */
    public static void addPatterns(PatternSet patterns) {
        // the patterns come with branch h-chlomath
    }
}
