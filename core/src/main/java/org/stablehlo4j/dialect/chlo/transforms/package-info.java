/**
 * CHLO's lowering to StableHLO (upstream's {@code --chlo-legalize-to-stablehlo}): the pass and its patterns, among
 * them {@link org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions}, the decompositions of the special
 * functions.
 */
package org.stablehlo4j.dialect.chlo.transforms;
