/**
 * StableHLO versions and the version side of the compatibility API, following openxla/stablehlo at 1.20.0
 * ({@code stablehlo/dialect/Version.{h,cpp}}, {@code stablehlo/api/PortableApi.{h,cpp}},
 * {@code stablehlo/dialect/Serialization.cpp}, {@code stablehlo/transforms/VhloToVersion.cpp}).
 *
 * <ul>
 *   <li>{@link org.stablehlo4j.dialect.vhlo.version.Version}: parse/compare/format, current 1.20.0 and minimum 0.9.0, target
 *       validation with upstream's messages, the opset (patch zeroed) legality is checked against, the MLIR
 *       bytecode format each version writes, and the released opsets.</li>
 *   <li>{@link org.stablehlo4j.compat.CompatibilityApi}: getCurrentVersion, getMinimumVersion, getApiVersion,
 *       getSmallerVersion, getVersionFromCompatibilityRequirement, and reading the version out of an artifact.</li>
 * </ul>
 *
 * The VHLO op, type and attribute tables that use these versions are in
 * {@code org.stablehlo4j.dialect.vhlo.ops}.
 */
package org.stablehlo4j.compat;
