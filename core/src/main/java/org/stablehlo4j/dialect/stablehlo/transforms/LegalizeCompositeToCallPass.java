package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompositeOp;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.Pass;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-legalize-composite-to-call[=except=NAME,NAME...]}: every {@code stablehlo.composite} whose
 * name is not excepted becomes a {@code func.call} of its decomposition function with the same operands and
 * results (and the composite's location).
 */
public final class LegalizeCompositeToCallPass implements Pass {
    public static final String NAME = "stablehlo-legalize-composite-to-call";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Replaces composite ops with a call to their decomposition";

    private final Set<String> except;

    public LegalizeCompositeToCallPass(Set<String> except) {
        this.except = Set.copyOf(except);
    }

    /** Reads the options: empty, or {@code except=a,b,...}. */
    public static LegalizeCompositeToCallPass fromOptions(String options) {
        String o = options.trim();
        if (o.isEmpty()) return new LegalizeCompositeToCallPass(Set.of());
        if (!o.startsWith("except=")) {
            throw new IllegalArgumentException("pass '" + NAME + "': unknown option '" + o + "' (expected except=...)");
        }
        String list = o.substring("except=".length());
        if (list.length() >= 2 && (list.startsWith("'") && list.endsWith("'")
                || list.startsWith("\"") && list.endsWith("\""))) {
            list = list.substring(1, list.length() - 1);
        }
        Set<String> names = new java.util.HashSet<>();
        for (String n : list.split(",")) if (!n.isBlank()) names.add(n.trim());
        return new LegalizeCompositeToCallPass(names);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        // Upstream runs a partial conversion: no folding, constant CSE, region simplification or dead-op erasure
        GreedyRewriteDriver.apply(module.op(), new PatternSet().add(new CompositeToCall(except)),
                GreedyRewriteDriver.Config.DEFAULT.withFold(false).withCseConstants(false).withIsPure(op -> false)
                        .withRegionSimplify(GreedyRewriteDriver.RegionSimplification.DISABLED));
    }

    /** {@code stablehlo.composite} (not excepted) → {@code func.call} of its decomposition. */
    static final class CompositeToCall extends RewritePattern {
        private final Set<String> except;

        CompositeToCall(Set<String> except) {
            super(CompositeOp.NAME, 1);
            this.except = except;
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            String name = op.attr("name") instanceof StringAttr s ? s.value() : null;
            if (name == null || except.contains(name)) return rewriter.notifyMatchFailure(op, "excepted composite");
            if (!(op.attr("decomposition") instanceof SymbolRefAttr callee)) {
                return rewriter.notifyMatchFailure(op, "no decomposition");
            }
            List<Type> types = new ArrayList<>();
            for (OpResult r : op.results()) types.add(r.type());
            Operation call = CallOp.createWithTypes(rewriter, op.location(), types, new ArrayList<>(op.operands()),
                    callee, null, null, null).operation();
            rewriter.replaceOp(op, call);
            return true;
        }
    }
}
