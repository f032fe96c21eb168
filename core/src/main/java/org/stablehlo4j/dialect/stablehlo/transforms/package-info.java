/** StableHLO passes (upstream's stablehlo/transforms): the hlo-test passes and composite-to-call legalization. */
package org.stablehlo4j.dialect.stablehlo.transforms;
