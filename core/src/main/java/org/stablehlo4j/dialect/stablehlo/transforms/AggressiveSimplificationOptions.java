package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.Set;
import org.stablehlo4j.pass.PassOptions;

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
        return new AggressiveSimplificationOptions(PassOptions.parse(AggressiveSimplificationPass.NAME, options,
                Set.of(FOLD_OP_ELEMENT_LIMIT)).int64(FOLD_OP_ELEMENT_LIMIT, DEFAULT.foldOpElementLimit()));
    }
}
