package org.stablehlo4j.dialect.chlo.transforms;

import java.util.List;
import org.stablehlo4j.dialect.chlo.IsInfOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassRegistry;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --chlo-legalize-to-stablehlo}, for now only the decompositions of the special functions
 * ({@link ChloMathDecompositions}) and a stand-in for {@code chlo.is_inf} of static shape (which {@code lgamma}
 * creates), applied by the greedy driver without folding; {@code --chlo-pre-serialization-pipeline} runs it.
 */
public final class ChloLegalizeToStablehloPass implements Pass {
    /** The pass's command-line name. */
    public static final String NAME = "chlo-legalize-to-stablehlo";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Legalizes from CHLO ops flow to StableHLO and Shape ops";
    /** Upstream's pipeline that runs this pass before serialization. */
    public static final String PIPELINE = "chlo-pre-serialization-pipeline";

    /** The pass. */
    public ChloLegalizeToStablehloPass() {}

    /**
     * Registers the pass and the pre-serialization pipeline.
     *
     * @param r the registry
     */
    public static void register(PassRegistry r) {
        r.register(NAME, DESCRIPTION, options -> {
            if (!options.isBlank()) throw new IllegalArgumentException("pass '" + NAME + "' takes no options");
            return new ChloLegalizeToStablehloPass();
        });
        r.register(PIPELINE, "Lower as much as possible to StableHLO, including CHLO, Shape dialect, and index types.",
                options -> {
                    if (!options.isBlank()) throw new IllegalArgumentException("pipeline '" + PIPELINE + "' takes no options");
                    return new ChloLegalizeToStablehloPass();
                });
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        PatternSet patterns = new PatternSet();
        ChloMathDecompositions.addPatterns(patterns);
        patterns.add(new IsInfStandIn());
        // upstream runs a dialect conversion: no folding, constant CSE, region simplification or dead-op erasure
        GreedyRewriteDriver.apply(module.op(), patterns,
                GreedyRewriteDriver.Config.DEFAULT.withFold(false).withCseConstants(false).withIsPure(op -> false)
                        .withRegionSimplify(GreedyRewriteDriver.RegionSimplification.DISABLED));
    }

    /** {@code is_inf(x) = (|x| == +inf)} for statically shaped floats, what the full lowering makes of it. */
    private static final class IsInfStandIn extends RewritePattern {
        IsInfStandIn() {
            super(IsInfOp.NAME, 1);
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            Value x = op.operand(0);
            if (!(x.type() instanceof RankedTensorType t) || !t.hasStaticShape()
                    || !(t.elementType() instanceof FloatType f)) {
                return rewriter.notifyMatchFailure(op, "not a statically shaped float tensor");
            }
            rewriter.setInsertionPoint(op);
            Value abs = AbsOp.create(rewriter, op.location(), x).operation().result(0);
            byte[] data = new byte[DenseElementsAttr.elementStorageBytes(f)];
            java.math.BigInteger bits = FloatFormats.fromDouble(f.kind(), Double.POSITIVE_INFINITY);
            for (int k = 0; k < data.length; k++) data[k] = bits.shiftRight(8 * k).byteValue();
            Value inf = ConstantOp.createWithTypes(rewriter, op.location(), List.of(t), new DenseElementsAttr(t, data, 0, data.length, true))
                    .operation().result(0);
            Operation cmp = CompareOp.create(rewriter, op.location(), abs, inf,
                    EnumAttr.of(StablehloEnum.COMPARISON_DIRECTION, "EQ"), null).operation();
            rewriter.replaceOp(op, List.of(cmp.result(0)));
            return true;
        }
    }
}
