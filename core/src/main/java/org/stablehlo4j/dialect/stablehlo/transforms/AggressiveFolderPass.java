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
 *
 * @param options the options
 */
public record AggressiveFolderPass(AggressiveFolderOptions options) implements FunctionPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-aggressive-folder";
    /** One line for {@code --help} (upstream's summary). */
    public static final String DESCRIPTION = "Folds StableHLO operations";

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

    @Override
    public String name() { return NAME; }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        PatternSet patterns = new PatternSet();
        AggressiveFolderPatterns.populate(patterns, context.context(), options, 1);
        apply(NAME, func, patterns, context.context());
    }

    /**
     * Applies {@code patterns} to {@code func} with MLIR's default driver settings, an op counting as dead when
     * unused as the folder decides ({@link AggressiveFolderRegions#triviallyDeadIfUnused}).
     *
     * @throws DiagnosticException naming pass {@code pass} when the rewrites do not converge
     */
    static void apply(String pass, Operation func, PatternSet patterns, Context ctx) throws DiagnosticException {
        GreedyRewriteDriver.Config config = GreedyRewriteDriver.Config.DEFAULT
                .withIsPure(AggressiveFolderRegions.triviallyDeadIfUnused(ctx));
        if (!GreedyRewriteDriver.apply(func, patterns, config)) {
            throw new DiagnosticException(List.of(Diagnostic.error(func.location(), pass
                    + ": the rewrites did not converge in " + config.maxIterations() + " iterations")));
        }
    }
}
