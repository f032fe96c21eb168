package org.stablehlo4j.init;

import org.stablehlo4j.compat.legalize.LegalizePasses;
import org.stablehlo4j.dialect.chlo.transforms.ChloLegalizeToStablehloPass;
import org.stablehlo4j.dialect.stablehlo.transforms.StablehloPasses;
import org.stablehlo4j.pass.PassRegistry;

/** The composition root of the passes: the core passes, the StableHLO transforms and the
 * StableHLO/VHLO legalization passes. */
public final class AllPasses {
    private AllPasses() {}

    public static PassRegistry register(PassRegistry registry) {
        PassRegistry.registerCorePasses(registry);
        StablehloPasses.registerAll(registry);
        LegalizePasses.registerAll(registry);
        ChloLegalizeToStablehloPass.register(registry);
        return registry;
    }

    /** A new registry with every pass stablehlo4j implements. */
    public static PassRegistry registry() {
        return register(new PassRegistry());
    }
}
