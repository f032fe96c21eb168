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
 */
public record SerializeOptions(boolean allowOtherDialects, boolean lowerChlo) {
    /** Upstream's behaviour: other dialects and CHLO are refused. */
    public static final SerializeOptions DEFAULT = new SerializeOptions(false, false);

    /**
     * These options with {@code allowOtherDialects} set.
     *
     * @param allow whether ops of other dialects are kept
     * @return the options
     */
    public SerializeOptions withAllowOtherDialects(boolean allow) {
        return new SerializeOptions(allow, lowerChlo);
    }

    /**
     * These options with {@code lowerChlo} set.
     *
     * @param lower whether CHLO is lowered to StableHLO first
     * @return the options
     */
    public SerializeOptions withLowerChlo(boolean lower) {
        return new SerializeOptions(allowOtherDialects, lower);
    }
}
