package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

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
 * {@code --stablehlo-aggressive-simplification[=fold-op-element-limit=N]}: upstream's
 * {@code StablehloAggressiveSimplificationPass}, graph simplifications of StableHLO ops (constants to the right of
 * commutative ops, no-op removal, merged broadcasts/reshapes/transposes, static forms of dynamic ops, pruned
 * reduce/sort/while operands, zero-extent tensors as empty constants, ...; see
 * {@link AggressiveSimplificationPatterns}) applied by the greedy driver with its default configuration to each
 * {@code func.func}.
 *
 * @param options the options
 */
public record AggressiveSimplificationPass(AggressiveSimplificationOptions options) implements FunctionPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-aggressive-simplification";
    /** One line for {@code --help} (upstream's summary). */
    public static final String DESCRIPTION = "Canonicalizes StableHLO operations";

    /**
     * The pass from its command-line options.
     *
     * @param options the option text, e.g. {@code fold-op-element-limit=100}
     * @return the pass
     * @throws IllegalArgumentException for an unknown option or a bad value
     */
    public static AggressiveSimplificationPass fromOptions(String options) {
        return new AggressiveSimplificationPass(AggressiveSimplificationOptions.parse(options));
    }

    @Override public String name() { return NAME; }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        Context ctx = func.opName().context();
        PatternSet patterns = AggressiveSimplificationPatterns.populate(new PatternSet(), ctx, options);
        if (!GreedyRewriteDriver.apply(func, patterns, config(ctx))) {
            // upstream's applyPatternsGreedily fails when it does not converge, which fails the pass
            throw new DiagnosticException(List.of(Diagnostic.error(func.location(),
                    "Failed to converge " + NAME + " in 10 iterations")));
        }
    }

    /**
     * The greedy driver's configuration for these patterns: the default, with ops erased when unused if they have
     * no effects, a {@code stablehlo.custom_call} counting as effect-free unless {@code has_side_effect} is set.
     *
     * @param ctx the context of the IR (unused: the ops' own rows tell the effects)
     * @return the configuration
     */
    public static GreedyRewriteDriver.Config config(Context ctx) {
        Predicate<Operation> pure = AggressiveSimplificationSupport.triviallyDeadIfUnused();
        return GreedyRewriteDriver.Config.DEFAULT.withIsPure(pure);
    }
}
