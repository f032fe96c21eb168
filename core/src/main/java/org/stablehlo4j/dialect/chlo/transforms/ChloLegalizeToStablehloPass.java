package org.stablehlo4j.dialect.chlo.transforms;

import java.util.function.Consumer;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.pass.OpAgnosticPass;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --chlo-legalize-to-stablehlo}: rewrites every CHLO op into StableHLO ops, as upstream's pass of that name
 * (a partial conversion with the CHLO dialect illegal, see {@link ChloConversion}). The patterns are
 * {@link ChloBroadcastDecompositions} (the broadcasting ops and {@code constant_like}),
 * {@link ChloOpDecompositions} (the fixed templates), {@link ChloStructuredDecompositions} (top_k, ragged_dot,
 * scan) and {@link ChloMathDecompositions} (the special functions). A CHLO op none of them legalizes fails the pass
 * with upstream's {@code failed to legalize operation 'chlo.X' that was explicitly marked illegal}. The pass runs
 * on any op (upstream anchors it on {@code func.func}); on a module, each function is converted on its own.
 */
public final class ChloLegalizeToStablehloPass implements OpAgnosticPass {
    /** The command-line name. */
    public static final String NAME = "chlo-legalize-to-stablehlo";
    /** One line for {@code --help} (upstream's summary). */
    public static final String DESCRIPTION = "Legalizes from CHLO ops flow to StableHLO and Shape ops";

    /** A pass instance (it has no options). */
    public ChloLegalizeToStablehloPass() {}

    /**
     * Makes the pass from its option string.
     *
     * @param options the options, which must be empty
     * @return the pass
     * @throws IllegalArgumentException if options are given
     */
    public static ChloLegalizeToStablehloPass fromOptions(String options) {
        if (!options.isBlank()) throw new IllegalArgumentException("pass '" + NAME + "' takes no options");
        return new ChloLegalizeToStablehloPass();
    }

    /**
     * All the CHLO patterns (upstream's {@code populateChloToStablehloPatterns}).
     *
     * @param diagnostics receives the warnings and errors patterns emit while they try an op
     * @return a new pattern set
     */
    public static PatternSet patterns(Consumer<Diagnostic> diagnostics) {
        PatternSet patterns = new PatternSet();
        ChloBroadcastDecompositions.addPatterns(patterns, diagnostics);
        ChloOpDecompositions.addPatterns(patterns);
        ChloStructuredDecompositions.addPatterns(patterns);
        ChloMathDecompositions.addPatterns(patterns);
        return patterns;
    }

    /**
     * Whether {@code root} holds an op of the CHLO dialect.
     *
     * @param root the op to search (itself included)
     * @return whether any op under it is a CHLO op
     */
    public static boolean containsChlo(Operation root) {
        boolean[] found = {false};
        root.walk(org.stablehlo4j.ir.WalkOrder.PRE_ORDER, op -> {
            found[0] |= ChloConversion.isIllegal(op);
            return found[0] ? org.stablehlo4j.ir.WalkResult.INTERRUPT : org.stablehlo4j.ir.WalkResult.ADVANCE;
        });
        return found[0];
    }

    /**
     * Rewrites every CHLO op under {@code root} that a pattern legalizes and leaves the others as they are (no
     * error): for a consumer with its own semantics for the CHLO ops this build cannot decompose, such as the
     * interpreter.
     *
     * @param root the op whose nested CHLO ops are rewritten
     * @return whether no CHLO op is left
     */
    public static boolean legalizeWherePossible(Operation root) {
        return ChloConversion.apply(root, patterns(d -> { }), d -> { }, true);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void runOn(Operation op, PassContext context) throws DiagnosticException {
        ChloConversion.applyOrThrow(op, patterns(context::emit), context::emit);
    }
}
