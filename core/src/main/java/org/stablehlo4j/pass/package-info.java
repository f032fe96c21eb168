/**
 * Module passes as {@code stablehlo-opt} names them: the {@link org.stablehlo4j.pass.Pass} interface, the
 * {@link org.stablehlo4j.pass.PassRegistry} of factories by command-line name, pipeline parsing
 * ({@link org.stablehlo4j.pass.PassPipelineParser}) and the dialect-independent passes (canonicalize, inline,
 * strip-debuginfo). Passes rewrite with {@link org.stablehlo4j.ir.RewritePattern}s.
 */
package org.stablehlo4j.pass;
