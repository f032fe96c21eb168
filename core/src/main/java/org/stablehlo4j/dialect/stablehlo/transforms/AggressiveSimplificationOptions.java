package org.stablehlo4j.dialect.stablehlo.transforms;

/**
 * The options of {@code --stablehlo-aggressive-simplification} (upstream's
 * {@code StablehloAggressiveSimplificationPassOptions}), which its patterns read.
 *
 * @param foldOpElementLimit the most elements a fold may materialize into a new non-splat constant
 *                           ({@code fold-op-element-limit}, 65536 by default); splat folds are exempt
 */
public record AggressiveSimplificationOptions(long foldOpElementLimit) {
    /** Upstream's defaults: {@code fold-op-element-limit=65536}. */
    public static final AggressiveSimplificationOptions DEFAULT = new AggressiveSimplificationOptions(65536);

    /** The option's name on the command line. */
    static final String FOLD_OP_ELEMENT_LIMIT = "fold-op-element-limit";

    /**
     * Parses a pass option string as upstream's command line does ({@code fold-op-element-limit=100}; options are
     * separated by spaces).
     *
     * @param options the text after {@code --stablehlo-aggressive-simplification=}, possibly blank
     * @return the options
     * @throws IllegalArgumentException for an unknown option or a value that is not a 64-bit integer
     */
    public static AggressiveSimplificationOptions parse(String options) {
        long limit = DEFAULT.foldOpElementLimit();
        for (String option : options.trim().split("\\s+")) {
            if (option.isEmpty()) continue;
            int eq = option.indexOf('=');
            String key = eq < 0 ? option : option.substring(0, eq);
            if (!key.equals(FOLD_OP_ELEMENT_LIMIT)) {
                throw new IllegalArgumentException("unknown option '" + key + "' (expected " + FOLD_OP_ELEMENT_LIMIT
                        + ")");
            }
            String value = eq < 0 ? "" : option.substring(eq + 1);
            try {
                limit = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("invalid value '" + value + "' for option '" + FOLD_OP_ELEMENT_LIMIT
                        + "' (expected a 64-bit integer)");
            }
        }
        return new AggressiveSimplificationOptions(limit);
    }
}
