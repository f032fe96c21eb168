package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.List;

import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.pass.Effects;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * A pass on each {@code func.func} that applies a set of patterns with the greedy driver's default configuration
 * (unused ops without effects erased); not converging is an error naming the pass, as upstream's.
 */
abstract class GreedyFuncPass extends FuncPass {
    GreedyFuncPass(String name) {
        super(name);
    }

    /** {@return the patterns of one run} */
    abstract PatternSet patterns();

    /** {@return the name upstream's non-convergence error gives the pass} */
    abstract String convergenceName();

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        GreedyRewriteDriver.Config config = GreedyRewriteDriver.Config.DEFAULT
                .withIsPure(Effects.triviallyDeadIfUnused(context.context()));
        if (!GreedyRewriteDriver.apply(func, patterns(), config)) {
            throw new DiagnosticException(List.of(Diagnostic.error(func.location(), "Failed to converge "
                    + convergenceName() + " in " + config.maxIterations() + " iterations")));
        }
    }
}
