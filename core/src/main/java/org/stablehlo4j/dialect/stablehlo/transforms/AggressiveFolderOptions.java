package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.Set;
import org.stablehlo4j.pass.PassOptions;

/**
 * The options of the StableHLO folding patterns (upstream's {@code StablehloAggressiveFolderPassOptions}, the
 * optimization passes' flags in {@code optimization/Passes.td}).
 *
 * @param assumeNoUndeclaredSideEffects {@code assume-no-undeclared-side-effects}: ops without declared memory
 *                                      effects (notably {@code func.call}) count as pure, so a dead while loop
 *                                      whose body never runs is erased
 * @param foldOpElementLimit            {@code fold-op-element-limit}: the most elements a fold may materialize in
 *                                      a constant that is not a splat (splats are exempt); at least 0
 * @param optimizeFloat                 {@code optimize-float}: whether float (and complex) arithmetic folds; the
 *                                      folds that cannot change a float value (comparisons, data movement) run
 *                                      regardless
 */
public record AggressiveFolderOptions(boolean assumeNoUndeclaredSideEffects, long foldOpElementLimit,
                                      boolean optimizeFloat) {
    /** The option names, as on the command line. */
    public static final String ASSUME_NO_UNDECLARED_SIDE_EFFECTS = "assume-no-undeclared-side-effects";
    /** See {@link #ASSUME_NO_UNDECLARED_SIDE_EFFECTS}. */
    public static final String FOLD_OP_ELEMENT_LIMIT = "fold-op-element-limit";
    /** See {@link #ASSUME_NO_UNDECLARED_SIDE_EFFECTS}. */
    public static final String OPTIMIZE_FLOAT = "optimize-float";

    /** Upstream's defaults: no assumption, 65536 elements, float folding on. */
    public static final AggressiveFolderOptions DEFAULT = new AggressiveFolderOptions(false, 65536, true);

    /**
     * What shape refinement folds with (upstream's {@code StablehloRefineShapes.cpp}): no float arithmetic and no
     * element limit but the folder's own bound on what it materializes.
     */
    public static final AggressiveFolderOptions SHAPE_REFINEMENT =
            new AggressiveFolderOptions(false, Long.MAX_VALUE, false);

    /**
     * Checks the limit.
     *
     * @throws IllegalArgumentException if the element limit is negative
     */
    public AggressiveFolderOptions {
        if (foldOpElementLimit < 0) {
            throw new IllegalArgumentException("option '" + FOLD_OP_ELEMENT_LIMIT + "' must not be negative, got "
                    + foldOpElementLimit);
        }
    }

    /**
     * Reads options as {@code stablehlo-opt} takes them: {@code name=value} pairs separated by spaces (a boolean
     * option given without a value is true), each starting from {@link #DEFAULT}.
     *
     * @param pass the pass name, for messages
     * @param options the option text, possibly empty
     * @return the options
     * @throws IllegalArgumentException on an unknown option or a malformed value
     */
    public static AggressiveFolderOptions parse(String pass, String options) {
        PassOptions o = PassOptions.parse(pass, options,
                Set.of(ASSUME_NO_UNDECLARED_SIDE_EFFECTS, FOLD_OP_ELEMENT_LIMIT, OPTIMIZE_FLOAT));
        return new AggressiveFolderOptions(
                o.bool(ASSUME_NO_UNDECLARED_SIDE_EFFECTS, DEFAULT.assumeNoUndeclaredSideEffects),
                o.int64(FOLD_OP_ELEMENT_LIMIT, DEFAULT.foldOpElementLimit),
                o.bool(OPTIMIZE_FLOAT, DEFAULT.optimizeFloat));
    }
}
