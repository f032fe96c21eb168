/**
 * The verification and type-inference rules of StableHLO ops (upstream {@code StablehloOps.cpp} and
 * {@code TypeInference.cpp}), grouped by op family; the op rows of {@code dialect.stablehlo} refer to them.
 */
package org.stablehlo4j.dialect.stablehlo.rules;
