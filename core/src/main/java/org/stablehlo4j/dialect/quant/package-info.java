/** The part of MLIR's quant dialect StableHLO uses: the {@code !quant.uniform<...>} type. */
package org.stablehlo4j.dialect.quant;
