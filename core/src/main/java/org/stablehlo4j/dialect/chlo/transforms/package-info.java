/**
 * CHLO to StableHLO: the {@code --chlo-legalize-to-stablehlo} pass ({@link
 * org.stablehlo4j.dialect.chlo.transforms.ChloLegalizeToStablehloPass}) and its patterns, one per CHLO op, as
 * upstream's {@code ChloLegalizeToStablehlo.cpp} and {@code ChloDecompositionPatterns*.td}; the special functions'
 * are {@link org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions}.
 */
package org.stablehlo4j.dialect.chlo.transforms;
