/**
 * MLIR's builtin dialect: {@code builtin.module} and {@code builtin.unrealized_conversion_cast}. The builtin types
 * and attributes themselves are in {@link org.stablehlo4j.ir}.
 */
package org.stablehlo4j.dialect.builtin;
