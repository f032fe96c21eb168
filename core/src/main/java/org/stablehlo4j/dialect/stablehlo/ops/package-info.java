/**
 * The StableHLO dialect's ops, on top of the dialect's other packages: one {@link org.stablehlo4j.ir.OpDefinition}
 * row per op of StableHLO 1.20.0 (operands, inherent attributes, results, regions, traits, assembly format; data
 * only), built by {@link org.stablehlo4j.ir.OpTable} in one file per op group and collected in
 * {@link org.stablehlo4j.dialect.stablehlo.ops.StablehloOps}; the typed op classes generated from those rows
 * ({@code AddOp}, ...); the verification and inference rules (upstream's {@code StablehloOps.cpp} and
 * {@code TypeInference.cpp}, grouped by op family in the {@code *Rules} classes), which use the typed classes;
 * and {@link org.stablehlo4j.dialect.stablehlo.ops.StablehloOpHooks}, which attaches the rules, folders and
 * canonicalization patterns to the rows. {@link org.stablehlo4j.dialect.stablehlo.ops.StablehloDialect} registers
 * the hooked rows with the custom forms of {@code dialect.stablehlo.asm}, the parse hooks of
 * {@code dialect.stablehlo} and its bytecode ({@link org.stablehlo4j.dialect.stablehlo.ops.StablehloBytecode},
 * whose op properties follow the rows). Nothing below this package names it: what a form needs of a row it gets
 * from the dialect.
 */
package org.stablehlo4j.dialect.stablehlo.ops;
