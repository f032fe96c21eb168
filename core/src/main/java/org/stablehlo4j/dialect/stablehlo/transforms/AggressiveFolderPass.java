package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.List;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-aggressive-folder[=assume-no-undeclared-side-effects=B fold-op-element-limit=N
 * optimize-float=B]}: folds StableHLO operations on constants (upstream's {@code StablehloAggressiveFolderPass}).
 * Runs on each {@code func.func}: the patterns of {@link AggressiveFolderPatterns} applied by the greedy driver
 * with MLIR's default settings (folding, constant deduplication, region simplification), unused ops without
 * memory effects being erased. The pass fails, as upstream's does, when the rewrites do not converge.
 */
public final class AggressiveFolderPass implements Pass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-aggressive-folder";
    /** One line for {@code --help} (upstream's summary). */
    public static final String DESCRIPTION = "Folds StableHLO operations";

    private final AggressiveFolderOptions options;

    /**
     * A folder with {@code options}.
     *
     * @param options the options
     */
    public AggressiveFolderPass(AggressiveFolderOptions options) {
        this.options = options;
    }

    /**
     * Makes the pass from its option text ({@link AggressiveFolderOptions#parse}).
     *
     * @param options the options, possibly empty
     * @return the pass
     * @throws IllegalArgumentException on an unknown option or a malformed value
     */
    public static AggressiveFolderPass fromOptions(String options) {
        return new AggressiveFolderPass(AggressiveFolderOptions.parse(NAME, options));
    }

    /** {@return the options} */
    public AggressiveFolderOptions options() {
        return options;
    }

    @Override
    public String name() { return NAME; }

    /** {@return {@code func.func}: the pass runs on each function} */
    @Override
    public String anchor() { return FuncOp.NAME; }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        List<Operation> funcs = module.body().operations().stream().filter(FuncOp::is).toList();
        for (Operation func : funcs) runOn(func, context);
    }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        Context ctx = context.context();
        PatternSet patterns = new PatternSet();
        AggressiveFolderPatterns.populate(patterns, ctx, options, 1);
        boolean converged = GreedyRewriteDriver.apply(func, patterns, GreedyRewriteDriver.Config.DEFAULT
                .withIsPure(AggressiveFolderRegions.triviallyDeadIfUnused(ctx)));
        if (!converged) {
            throw new DiagnosticException(List.of(Diagnostic.error(func.location(), NAME
                    + ": the rewrites did not converge in " + GreedyRewriteDriver.Config.DEFAULT.maxIterations()
                    + " iterations")));
        }
    }
}
