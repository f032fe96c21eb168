/**
 * StableHLO passes (upstream's stablehlo/transforms): the hlo-test passes, composite-to-call legalization and shape
 * refinement ({@code stablehlo-refine-arguments}, {@code stablehlo-refine-shapes},
 * {@code stablehlo-canonicalize-dynamism}, {@code stablehlo-check-shape-assertions}, and
 * {@link org.stablehlo4j.dialect.stablehlo.transforms.ShapeSpecialization}, the pipeline JAX runs before it calls a
 * shape-polymorphic export).
 */
package org.stablehlo4j.dialect.stablehlo.transforms;
