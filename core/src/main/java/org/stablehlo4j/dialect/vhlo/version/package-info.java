/**
 * StableHLO/VHLO versions (upstream's {@code stablehlo/dialect/Version.h}, {@code mlir::vhlo::Version}): the
 * supported window, version ranges of the VHLO opset tables, and their parse errors. A leaf package, so the VHLO
 * op tables ({@code dialect.vhlo.ops}), the dialect ({@code dialect.vhlo}) and {@code compat} all read it without
 * a cycle.
 */
package org.stablehlo4j.dialect.vhlo.version;
