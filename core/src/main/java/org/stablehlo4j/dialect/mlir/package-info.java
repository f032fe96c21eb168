/**
 * The ops of upstream MLIR's arith and tensor dialects that StableHLO's tests and passes use: their rows
 * ({@link org.stablehlo4j.dialect.mlir.MlirOps}, plain data the typed classes are generated from), their code
 * ({@link org.stablehlo4j.dialect.mlir.MlirOpHooks}: verifiers, inference, folders), their pretty forms and the
 * two dialect classes. Other ops of these dialects are errors, as in MLIR.
 */
package org.stablehlo4j.dialect.mlir;
