/**
 * The generic verifier ({@link org.stablehlo4j.verify.Verifier}, MLIR's {@code Verifier.cpp}): runs each op's row
 * from the {@link org.stablehlo4j.ir.Context} (counts, attribute and type constraints, traits, custom verifiers,
 * type inference), block and dominance checks, and symbol uses. It knows no dialect: traits are objects that verify
 * themselves ({@link org.stablehlo4j.ir.OpTrait}; a promised one runs the body the op's dialect hands over), and
 * the type constraints the rows name are read in ODS's combinators over the definitions of the op's dialect
 * ({@link org.stablehlo4j.ir.DialectTypeConstraints}).
 */
package org.stablehlo4j.verify;
