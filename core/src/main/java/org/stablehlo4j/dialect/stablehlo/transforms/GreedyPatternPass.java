package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.pass.Effects;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * A pass that is a set of rewrite patterns applied to the whole module by the greedy driver with its default
 * configuration, ops that are trivially dead once unused being erased (the test passes' shape upstream).
 */
interface GreedyPatternPass extends Pass {
    /**
     * The patterns of one run.
     *
     * @param ctx the IR context
     * @param context where non-fatal diagnostics go
     * @return the patterns
     */
    PatternSet patterns(Context ctx, PassContext context);

    @Override
    default void run(ModuleOp module, PassContext context) throws DiagnosticException {
        Context ctx = context.context();
        GreedyRewriteDriver.apply(module.op(), patterns(ctx, context),
                GreedyRewriteDriver.Config.DEFAULT.withIsPure(Effects.triviallyDeadIfUnused(ctx)));
    }
}
