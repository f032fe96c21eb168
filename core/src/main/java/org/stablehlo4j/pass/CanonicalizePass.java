package org.stablehlo4j.pass;

import org.stablehlo4j.ir.CanonicalizationPatterns;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --canonicalize}: applies the canonicalization patterns that the loaded dialects' op rows declare
 * ({@link CanonicalizationPatterns}) with the greedy driver, top-down as MLIR's canonicalizer does by default,
 * folding ops through their rows' folders (constants materialized by their dialects, deduplicated and hoisted),
 * erasing ops left unused that have no side effects and simplifying regions (unreachable blocks, dead code).
 * Options: {@code top-down=true|false}, {@code max-iterations=N},
 * {@code region-simplify=disabled|normal|aggressive} (default normal); {@code test-convergence} is accepted.
 */
public final class CanonicalizePass implements OpAgnosticPass {
    /** The command-line name. */
    public static final String NAME = "canonicalize";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Canonicalize operations";

    private final boolean topDown;
    private final int maxIterations;
    private final GreedyRewriteDriver.RegionSimplification regionSimplify;

    /**
     * A canonicalizer with the given driver settings.
     *
     * @param topDown whether the worklist is seeded in pre-order (MLIR's default) rather than post-order
     * @param maxIterations how many sweeps over the module at most before giving up on convergence
     */
    public CanonicalizePass(boolean topDown, int maxIterations) {
        this(topDown, maxIterations, GreedyRewriteDriver.RegionSimplification.NORMAL);
    }

    /**
     * A canonicalizer with the given driver settings.
     *
     * @param topDown whether the worklist is seeded in pre-order (MLIR's default) rather than post-order
     * @param maxIterations how many sweeps over the module at most before giving up on convergence
     * @param regionSimplify the region simplification after each sweep
     */
    public CanonicalizePass(boolean topDown, int maxIterations,
                            GreedyRewriteDriver.RegionSimplification regionSimplify) {
        this.topDown = topDown;
        this.maxIterations = maxIterations;
        this.regionSimplify = regionSimplify;
    }

    /**
     * Parses the pass options ({@code key=value} separated by spaces); rejects unknown ones.
     *
     * @param options the option string, possibly empty
     * @return the configured pass
     * @throws IllegalArgumentException on an unknown option or a malformed value
     */
    public static CanonicalizePass fromOptions(String options) {
        boolean topDown = true;
        int maxIterations = 10;
        GreedyRewriteDriver.RegionSimplification regionSimplify = GreedyRewriteDriver.RegionSimplification.NORMAL;
        for (String option : options.trim().split("\\s+")) {
            if (option.isEmpty() || option.equals("test-convergence") || option.equals("test-convergence=true")) continue;
            int eq = option.indexOf('=');
            String key = eq < 0 ? option : option.substring(0, eq);
            String value = eq < 0 ? "true" : option.substring(eq + 1);
            switch (key) {
                case "top-down" -> {
                    if (!value.equals("true") && !value.equals("false")) {
                        throw new IllegalArgumentException("invalid value '" + value + "' for option 'top-down'");
                    }
                    topDown = value.equals("true");
                }
                case "max-iterations" -> {
                    try {
                        maxIterations = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("invalid value '" + value + "' for option 'max-iterations'");
                    }
                }
                case "region-simplify" -> {
                    switch (value) {
                        case "disabled" -> regionSimplify = GreedyRewriteDriver.RegionSimplification.DISABLED;
                        case "normal" -> regionSimplify = GreedyRewriteDriver.RegionSimplification.NORMAL;
                        case "aggressive" -> regionSimplify = GreedyRewriteDriver.RegionSimplification.AGGRESSIVE;
                        default -> throw new IllegalArgumentException(
                                "invalid value '" + value + "' for option 'region-simplify'");
                    }
                }
                default -> throw new IllegalArgumentException("pass '" + NAME + "' has no option '" + key + "'");
            }
        }
        return new CanonicalizePass(topDown, maxIterations, regionSimplify);
    }

    @Override
    public String name() { return NAME; }

    /** Canonicalization needs the loaded dialects: run it with a {@link PassContext} that has their context. */
    @Override
    public void run(ModuleOp module) {
        throw new IllegalStateException(NAME + " needs the context of its dialects");
    }

    /** Canonicalizes the ops nested in {@code op}'s regions. */
    @Override
    public void runOn(Operation op, PassContext context) {
        Context ctx = context.context();
        PatternSet patterns = new PatternSet();
        for (Dialect dialect : ctx.loadedDialects()) {
            for (OpDefinition def : dialect.operations()) {
                CanonicalizationPatterns c = def.ext(CanonicalizationPatterns.class);
                if (c == null) continue;
                for (RewritePattern p : c.patterns()) patterns.add(p);
            }
        }
        GreedyRewriteDriver.apply(op, patterns, GreedyRewriteDriver.Config.DEFAULT.withTopDown(topDown)
                .withMaxIterations(maxIterations).withRegionSimplify(regionSimplify)
                .withIsPure(Effects.triviallyDeadIfUnused(ctx)));
    }
}
