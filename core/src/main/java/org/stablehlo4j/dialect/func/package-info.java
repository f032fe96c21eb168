/**
 * MLIR's func dialect: {@code func.func}, {@code func.return} and {@code func.call}, their rules and their
 * property layout in bytecode.
 */
package org.stablehlo4j.dialect.func;
