/**
 * Running StableHLO functions from Java: {@link org.stablehlo4j.api.run.StableHloRunner} with inputs and outputs as
 * {@link org.stablehlo4j.api.run.TensorValue}s of an {@link org.stablehlo4j.api.run.ElementType}, read from and
 * written to files by {@link org.stablehlo4j.api.run.TensorJson} (the CLI's {@code --args-json} layout) and
 * {@link org.stablehlo4j.api.run.Npy} (NumPy's {@code .npy}).
 */
package org.stablehlo4j.api.run;
