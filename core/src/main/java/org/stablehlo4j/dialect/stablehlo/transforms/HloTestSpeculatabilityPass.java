package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Speculation;
import org.stablehlo4j.ir.Speculation.Speculatability;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --hlo-test-speculatability}, upstream's test pass for the ops' speculatability ({@code TestUtils.cpp}):
 * a {@code hlo_test_speculatability.is_speculatable}, {@code .is_not_speculatable} or
 * {@code .is_recursively_speculatable} op whose one operand is the only use of an op whose
 * {@linkplain Speculation#of speculatability} is the one it names is erased, together with that op. Any other
 * stays, so a test that expects an empty function body sees the mismatch.
 */
public final class HloTestSpeculatabilityPass implements GreedyPatternPass {
    /** The command-line name. */
    public static final String NAME = "hlo-test-speculatability";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Uses test ops to invoke ConditionallySpeculatable::getSpeculatability.";

    @Override
    public PatternSet patterns(Context ctx, PassContext context) {
        return new PatternSet()
                .add(check("hlo_test_speculatability.is_speculatable", Speculatability.SPECULATABLE))
                .add(check("hlo_test_speculatability.is_not_speculatable", Speculatability.NOT_SPECULATABLE))
                .add(check("hlo_test_speculatability.is_recursively_speculatable",
                        Speculatability.RECURSIVELY_SPECULATABLE));
    }

    private static RewritePattern check(String root, Speculatability expected) {
        return RewritePattern.of(root, 1, (op, rewriter) -> matches(op, expected, rewriter));
    }

    private static boolean matches(Operation op, Speculatability expected, PatternRewriter rewriter) {
        if (op.numOperands() != 1) return false;
        Operation def = op.operand(0).definingOp();
        if (def == null) return false;
        int uses = 0;
        for (var r : def.results()) uses += r.numUses();
        if (uses != 1) return false;
        if (Speculation.of(def) != expected) return false;
        rewriter.eraseOp(op);
        rewriter.eraseOp(def);
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }
}
