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
 * erasing ops left unused that have no side effects. Options: {@code top-down=true|false},
 * {@code max-iterations=N}; {@code test-convergence} is accepted. Not done (yet): op folding (constant
 * materialization) and region simplification.
 */
public final class CanonicalizePass implements Pass {
    /** The command-line name. */
    public static final String NAME = "canonicalize";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Canonicalize operations (patterns only, no folding yet)";

    private final boolean topDown;
    private final int maxIterations;

    /**
     * A canonicalizer with the given driver settings.
     *
     * @param topDown whether the worklist is seeded in pre-order (MLIR's default) rather than post-order
     * @param maxIterations how many sweeps over the module at most before giving up on convergence
     */
    public CanonicalizePass(boolean topDown, int maxIterations) {
        this.topDown = topDown;
        this.maxIterations = maxIterations;
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
                default -> throw new IllegalArgumentException("pass '" + NAME + "' has no option '" + key + "'");
            }
        }
        return new CanonicalizePass(topDown, maxIterations);
    }

    @Override
    public String name() { return NAME; }

    /** Canonicalization needs the loaded dialects: run it with a {@link PassContext} that has their context. */
    @Override
    public void run(ModuleOp module) {
        throw new IllegalStateException(NAME + " needs the context of its dialects");
    }

    @Override
    public void run(ModuleOp module, PassContext context) {
        runOn(module.op(), context);
    }

    /** Canonicalize runs on any op (MLIR's canonicalizer is op-agnostic). */
    @Override
    public String anchor() { return null; }

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
                .withMaxIterations(maxIterations).withFold(false)
                .withIsPure(Effects.triviallyDeadIfUnused(ctx)));
    }
}
