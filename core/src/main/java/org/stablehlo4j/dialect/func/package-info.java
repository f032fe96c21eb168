/**
 * MLIR's func dialect: {@code func.func}, {@code func.return} and {@code func.call}: their rows, rules (attached by
 * {@code FuncOpHooks}), pretty forms ({@code FuncOpAsm}) and property layout in bytecode.
 */
package org.stablehlo4j.dialect.func;
