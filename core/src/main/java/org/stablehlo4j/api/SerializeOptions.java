package org.stablehlo4j.api;

/**
 * How {@link StableHlo#serializePortableArtifact(org.stablehlo4j.ir.ModuleOp, String, SerializeOptions)} treats
 * what a portable artifact cannot hold.
 *
 * @param allowOtherDialects keep ops of other dialects (not StableHLO, func) as they are instead of refusing them
 *                           (upstream's {@code allowOtherDialects}, {@code stablehlo-translate
 *                           --allow-other-dialects})
 * @param lowerChlo          run the CHLO pre-serialization pipeline ({@code --chlo-pre-serialization-pipeline}:
 *                           CHLO ops to StableHLO ops) on a copy of the module first, as JAX lowers CHLO before it
 *                           serializes ({@code stablehlo-translate --serialize --lower-chlo}); without it a CHLO op
 *                           is an error, as upstream
 * @param expandForTarget    run the compatibility expander ({@code --stablehlo-compatibility-expander} with the
 *                           serialization target) on a copy of the module first, so that features newer than the
 *                           target (e.g. {@code stablehlo.tan} before 1.4.0, gather/scatter batching dimensions
 *                           before 1.1.0) are written with ops the target has ({@code stablehlo-translate
 *                           --serialize --expand-for-target}); without it such an op is an error, as upstream
 */
public record SerializeOptions(boolean allowOtherDialects, boolean lowerChlo, boolean expandForTarget) {
    /** Upstream's behaviour: other dialects, CHLO and ops newer than the target are refused. */
    public static final SerializeOptions DEFAULT = new SerializeOptions(false, false, false);

    /**
     * Options without the compatibility expander.
     *
     * @param allowOtherDialects whether ops of other dialects are kept
     * @param lowerChlo whether CHLO is lowered to StableHLO first
     */
    public SerializeOptions(boolean allowOtherDialects, boolean lowerChlo) {
        this(allowOtherDialects, lowerChlo, false);
    }

    /**
     * These options with {@code allowOtherDialects} set.
     *
     * @param allow whether ops of other dialects are kept
     * @return the options
     */
    public SerializeOptions withAllowOtherDialects(boolean allow) {
        return new SerializeOptions(allow, lowerChlo, expandForTarget);
    }

    /**
     * These options with {@code lowerChlo} set.
     *
     * @param lower whether CHLO is lowered to StableHLO first
     * @return the options
     */
    public SerializeOptions withLowerChlo(boolean lower) {
        return new SerializeOptions(allowOtherDialects, lower, expandForTarget);
    }

    /**
     * These options with {@code expandForTarget} set.
     *
     * @param expand whether features newer than the target are expanded first
     * @return the options
     */
    public SerializeOptions withExpandForTarget(boolean expand) {
        return new SerializeOptions(allowOtherDialects, lowerChlo, expand);
    }
}
