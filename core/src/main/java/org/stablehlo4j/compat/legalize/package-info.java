/**
 * Legalization between StableHLO and VHLO and conversion between VHLO versions, driven by the VHLO op table
 * ({@link org.stablehlo4j.dialect.vhlo.ops.VhloOpTable}, {@link org.stablehlo4j.dialect.vhlo.ops.VersionStep}) and
 * the StableHLO op table: no per-op code.
 *
 * <ul>
 *   <li>{@link org.stablehlo4j.compat.legalize.Legalize}: {@code --stablehlo-legalize-to-vhlo} (option
 *       {@code allow-other-dialects}) and {@code --vhlo-legalize-to-stablehlo}.</li>
 *   <li>{@link org.stablehlo4j.compat.legalize.VhloToVersion}: {@code --vhlo-to-version=target=X.Y.Z}, with
 *       upstream's diagnostics.</li>
 *   <li>{@link org.stablehlo4j.compat.legalize.PortableArtifacts}: deserializePortableArtifact (bytecode, then
 *       VHLO at the current version, then StableHLO), getPortableArtifactVersion, and the IR side of
 *       serialization.</li>
 *   <li>{@link org.stablehlo4j.compat.legalize.LegalizePasses}: registration with the pass registry (also
 *       {@code stablehlo-deserialize}).</li>
 * </ul>
 *
 * Learned from openxla/stablehlo 1.20.0: {@code stablehlo/transforms/StablehloLegalizeToVhlo.cpp},
 * {@code VhloLegalizeToStablehlo.cpp}, {@code VhloToVersion.cpp}, {@code stablehlo/dialect/Serialization.cpp}.
 */
package org.stablehlo4j.compat.legalize;
