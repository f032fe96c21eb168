/**
 * Running StableHLO functions from Java: {@link org.stablehlo4j.api.run.StableHloRunner} with inputs and outputs as
 * {@link org.stablehlo4j.api.run.TensorValue}s of an {@link org.stablehlo4j.api.run.ElementType}.
 */
package org.stablehlo4j.api.run;
