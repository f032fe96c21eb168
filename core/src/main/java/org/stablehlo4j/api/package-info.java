/**
 * The front door: {@link org.stablehlo4j.api.StableHlo} (parse, print, verify, run passes, serialize and read
 * portable artifacts, the compatibility API), its one exception type {@link org.stablehlo4j.api.StableHloException},
 * and {@link org.stablehlo4j.api.ArtifactInfo} for what an artifact's header says. The typed builder is in
 * the subpackage {@code build}, which builds on this one.
 */
package org.stablehlo4j.api;
