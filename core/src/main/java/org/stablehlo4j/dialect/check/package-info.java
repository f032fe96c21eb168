/** The {@code check} dialect of StableHLO's interpreter tests, as an op table ({@link org.stablehlo4j.dialect.check.CheckOps}). */
package org.stablehlo4j.dialect.check;
