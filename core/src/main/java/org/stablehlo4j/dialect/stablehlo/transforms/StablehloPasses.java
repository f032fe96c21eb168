package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.pass.PassRegistry;

/** Registers the StableHLO passes of this package (upstream's stablehlo/transforms and its test passes). */
public final class StablehloPasses {
    private StablehloPasses() {}

    public static void registerAll(PassRegistry r) {
        r.register(HloTestInferPass.NAME, HloTestInferPass.DESCRIPTION, options -> new HloTestInferPass());
        r.register(HloTestBroadcastPass.NAME, HloTestBroadcastPass.DESCRIPTION, options -> new HloTestBroadcastPass());
        r.register(LegalizeCompositeToCallPass.NAME, LegalizeCompositeToCallPass.DESCRIPTION, LegalizeCompositeToCallPass::fromOptions);
    }
}
