/**
 * The few ops of upstream MLIR dialects (arith, tensor) whose pretty forms StableHLO's tests use; the rest of those
 * dialects is accepted only in the generic form.
 */
package org.stablehlo4j.dialect.mlir;
