package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.pass.PassRegistry;

/** Registers the StableHLO passes of this package (upstream's stablehlo/transforms and its test passes). */
public final class StablehloPasses {
    private StablehloPasses() {}

    /**
     * Registers the passes and declares upstream's StableHLO and MLIR pass names ({@link UpstreamPasses}).
     *
     * @param r the registry
     */
    public static void registerAll(PassRegistry r) {
        r.declareUpstream(UpstreamPasses::isUpstream, UpstreamPasses::isPassShaped);
        r.register(HloTestInferPass.NAME, HloTestInferPass.DESCRIPTION, options -> new HloTestInferPass());
        r.register(HloTestBroadcastPass.NAME, HloTestBroadcastPass.DESCRIPTION, options -> new HloTestBroadcastPass());
        r.register(LegalizeCompositeToCallPass.NAME, LegalizeCompositeToCallPass.DESCRIPTION, LegalizeCompositeToCallPass::fromOptions);
        r.register(ShapeLegalizeToStablehloPass.NAME, ShapeLegalizeToStablehloPass.DESCRIPTION,
                options -> new ShapeLegalizeToStablehloPass());
    }
}
