package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --stablehlo-target-independent-optimization[=assume-no-undeclared-side-effects=B
 * fold-op-element-limit=N optimize-float=B]} (upstream's {@code StablehloTargetIndependentOptimizationPass}): the
 * folder's patterns ({@link AggressiveFolderPatterns}, at benefit 2) and the simplification patterns
 * ({@link AggressiveSimplificationPatterns}) in one set, applied by the greedy driver to each {@code func.func}, so
 * that folding and canonicalization feed each other. The pass fails when the rewrites do not converge.
 *
 * @param options the folder's options ({@link AggressiveFolderOptions#parse}); the simplification patterns take
 *     its {@code fold-op-element-limit}
 */
public record TargetIndependentOptimizationPass(AggressiveFolderOptions options) implements FunctionPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-target-independent-optimization";
    /** One line for {@code --help} (upstream's summary). */
    public static final String DESCRIPTION =
            "Runs canonicalizers, folders, and other target-independent optimizations.";

    @Override
    public String name() { return NAME; }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        Context ctx = context.context();
        PatternSet patterns = new PatternSet();
        AggressiveFolderPatterns.populate(patterns, ctx, options, 2);
        AggressiveSimplificationPatterns.populate(patterns, ctx,
                new AggressiveSimplificationOptions(options.foldOpElementLimit()));
        AggressiveFolderPass.apply(NAME, func, patterns, ctx);
    }
}
