/**
 * The IR, as in MLIR's {@code mlir/IR}: {@link org.stablehlo4j.ir.Context} (the loaded dialects, their op rows and
 * parsers), {@link org.stablehlo4j.ir.ModuleOp}, {@link org.stablehlo4j.ir.Operation},
 * {@link org.stablehlo4j.ir.Block}, {@link org.stablehlo4j.ir.Region}, {@link org.stablehlo4j.ir.Value}, the
 * builtin types and attributes, locations and diagnostics. It also holds what dialects declare themselves with:
 * {@link org.stablehlo4j.ir.Dialect}, one {@link org.stablehlo4j.ir.OpDefinition} row per op (counts, constraints,
 * traits, verifier, type inference, canonicalization patterns) and the rewrite-pattern interfaces passes use.
 * Nothing here names a dialect.
 */
package org.stablehlo4j.ir;
