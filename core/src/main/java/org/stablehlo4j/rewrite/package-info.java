/**
 * Drivers that apply {@link org.stablehlo4j.ir.RewritePattern}s: the
 * {@link org.stablehlo4j.rewrite.GreedyRewriteDriver} (MLIR's {@code applyPatternsGreedily}) and op folding.
 */
package org.stablehlo4j.rewrite;
