/**
 * The generic verifier ({@link org.stablehlo4j.verify.Verifier}, MLIR's {@code Verifier.cpp}): runs each op's row
 * from the {@link org.stablehlo4j.ir.Context} (counts, attribute and type constraints, traits, custom verifiers,
 * type inference), block and dominance checks, and symbol uses. It knows no dialect.
 */
package org.stablehlo4j.verify;
