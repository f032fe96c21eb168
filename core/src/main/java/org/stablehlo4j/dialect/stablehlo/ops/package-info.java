/**
 * The StableHLO dialect's op rows and the dialect class, on top of the dialect's other packages: one
 * {@link org.stablehlo4j.ir.OpDefinition} row per op of StableHLO 1.20.0 (operands, inherent attributes, results,
 * regions, traits, assembly format and the verification/inference hooks of {@code dialect.stablehlo.ops}),
 * built by {@link org.stablehlo4j.ir.OpTable} in one file per op group and collected in
 * {@link org.stablehlo4j.dialect.stablehlo.ops.StablehloOps};
 * {@link org.stablehlo4j.dialect.stablehlo.ops.StablehloDialect} loads them with the custom forms of
 * {@code dialect.stablehlo.asm}, the parse hooks of {@code dialect.stablehlo} and its bytecode
 * ({@link org.stablehlo4j.dialect.stablehlo.ops.StablehloBytecode}, whose op properties follow the rows).
 * Nothing below this package names it: what a rule or form needs of a row it gets from the dialect.
 */
package org.stablehlo4j.dialect.stablehlo.ops;
