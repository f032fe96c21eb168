package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.pass.Effects;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassOptions;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-complex-math-expander}: the complex {@code stablehlo.log}, {@code stablehlo.log_plus_one},
 * {@code stablehlo.exponential} and {@code stablehlo.sqrt} (of the default result accuracy) become formulas of real
 * StableHLO ops (upstream's generated patterns), on each {@code func.func}, patterns applied top-down.
 */
public final class ComplexMathExpanderPass implements Pass {
    /** The pass's command-line name. */
    public static final String NAME = "stablehlo-complex-math-expander";
    /** One line for {@code --help} (upstream's summary). */
    public static final String DESCRIPTION = "Expander for StableHLO complex math operations.";

    /**
     * Reads the options: the pass has none, so any given is an error.
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on any option
     */
    public static ComplexMathExpanderPass fromOptions(String options) {
        PassOptions.parse(NAME, options, Set.of());
        return new ComplexMathExpanderPass();
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        List<Operation> functions = new ArrayList<>();
        for (Operation op : module.body().operations()) if (FuncOp.is(op)) functions.add(op);
        for (Operation function : functions) runOn(function, context);
    }

    @Override
    public void runOn(Operation function, PassContext context) throws DiagnosticException {
        if (!FuncOp.is(function)) {
            run(new ModuleOp(function), context);
            return;
        }
        GreedyRewriteDriver.Config config = GreedyRewriteDriver.Config.DEFAULT.withTopDown(true)
                .withIsPure(Effects.triviallyDeadIfUnused(context.context()));
        if (!GreedyRewriteDriver.apply(function, ComplexMathExpanderPatterns.patterns(), config)) {
            throw new DiagnosticException(List.of(Diagnostic.error(function.location(),
                    "Failed to converge StableHLOComplexMathExpanderPass in " + config.maxIterations()
                            + " iterations")));
        }
    }

    @Override
    public String anchor() {
        return FuncOp.NAME;
    }

    @Override
    public String name() {
        return NAME;
    }
}
