package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.Atan2Op;
import org.stablehlo4j.dialect.stablehlo.ops.BatchNormGradOp;
import org.stablehlo4j.dialect.stablehlo.ops.BatchNormInferenceOp;
import org.stablehlo4j.dialect.stablehlo.ops.BatchNormTrainingOp;
import org.stablehlo4j.dialect.stablehlo.ops.CbrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.CeilOp;
import org.stablehlo4j.dialect.stablehlo.ops.CholeskyOp;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.CosineOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialMinusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.ExponentialOp;
import org.stablehlo4j.dialect.stablehlo.ops.FloorOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogPlusOneOp;
import org.stablehlo4j.dialect.stablehlo.ops.LogisticOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.NegateOp;
import org.stablehlo4j.dialect.stablehlo.ops.PowerOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReducePrecisionOp;
import org.stablehlo4j.dialect.stablehlo.ops.RemainderOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestAfzOp;
import org.stablehlo4j.dialect.stablehlo.ops.RoundNearestEvenOp;
import org.stablehlo4j.dialect.stablehlo.ops.RsqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SignOp;
import org.stablehlo4j.dialect.stablehlo.ops.SineOp;
import org.stablehlo4j.dialect.stablehlo.ops.SqrtOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanOp;
import org.stablehlo4j.dialect.stablehlo.ops.TanhOp;
import org.stablehlo4j.dialect.stablehlo.ops.TriangularSolveOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformDequantizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformQuantizeOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * {@code --stablehlo-legalize-quantized-op-to-qdq}: an op of a fixed list (the elementwise math, compare, select,
 * clamp, dot, dot_general, convolution, the batch norms, cholesky, triangular_solve, reduce_precision) with
 * quantized operands or results becomes {@code uniform_dequantize} of its quantized operands, the op on the
 * expressed types, and {@code uniform_quantize} of its quantized results (upstream's
 * {@code StablehloLegalizeQuantizedOpToQDQPass}). Runs on each {@code func.func}.
 */
public final class LegalizeQuantizedOpToQdqPass extends GreedyFuncPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-legalize-quantized-op-to-qdq";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Decompose quantized StableHLO operation to (de-quantize, "
            + "floating-point operation and quantize) pattern.";

    /** The ops decomposed, upstream's list. */
    static final List<String> OPS = List.of(AbsOp.NAME, AddOp.NAME, Atan2Op.NAME, BatchNormGradOp.NAME,
            BatchNormInferenceOp.NAME, BatchNormTrainingOp.NAME, CbrtOp.NAME, CeilOp.NAME, CholeskyOp.NAME,
            ClampOp.NAME, CompareOp.NAME, ConvolutionOp.NAME, CosineOp.NAME, DivideOp.NAME, DotGeneralOp.NAME,
            DotOp.NAME, ExponentialMinusOneOp.NAME, ExponentialOp.NAME, FloorOp.NAME, LogPlusOneOp.NAME,
            LogisticOp.NAME, LogOp.NAME, MaximumOp.NAME, MinimumOp.NAME, MultiplyOp.NAME, NegateOp.NAME,
            PowerOp.NAME, ReducePrecisionOp.NAME, RemainderOp.NAME, RoundNearestAfzOp.NAME, RoundNearestEvenOp.NAME,
            RsqrtOp.NAME, SelectOp.NAME, SignOp.NAME, SineOp.NAME, SqrtOp.NAME, SubtractOp.NAME, TanhOp.NAME,
            TanOp.NAME, TriangularSolveOp.NAME);

    /** The pass. */
    public LegalizeQuantizedOpToQdqPass() {
        super(NAME);
    }

    @Override
    String convergenceName() {
        return "StablehloLegalizeQuantizedOpToQDQ";
    }

    @Override
    PatternSet patterns() {
        return addPatterns(new PatternSet(), 1);
    }

    /**
     * Adds the decomposition patterns, one per op of {@link #OPS}.
     *
     * @param set the set to add to
     * @param benefit their benefit
     * @return {@code set}
     */
    static PatternSet addPatterns(PatternSet set, int benefit) {
        for (String name : OPS) set.add(RewritePattern.of(name, benefit, LegalizeQuantizedOpToQdqPass::decompose));
        return set;
    }

    /**
     * The op on dequantized operands, its quantized results quantized again.
     *
     * @param op the op
     * @param rewriter the rewriter
     * @return whether the op had quantized types (and was replaced)
     */
    static boolean decompose(Operation op, PatternRewriter rewriter) {
        if (!QuantTypes.anyQuantized(QuantTypes.types(op.operands()))
                && !QuantTypes.anyQuantized(QuantTypes.resultTypes(op))) {
            return false;
        }
        rewriter.setInsertionPoint(op);
        List<Value> operands = new ArrayList<>();
        for (Value operand : op.operands()) {
            Type type = operand.type();
            operands.add(QuantTypes.isQuantized(type)
                    ? UniformDequantizeOp.createWithTypes(rewriter, op.location(),
                            List.of(QuantTypes.expressed(type)), operand).result()
                    : operand);
        }
        List<Type> types = new ArrayList<>();
        for (OpResult r : op.results()) types.add(QuantTypes.expressed(r.type()));
        Operation replacement = rewriter.create(op.location(), op.opName(), operands, types, op.properties(),
                op.attributes(), 0, List.of());
        List<Value> results = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            Type old = op.result(i).type();
            Value r = replacement.result(i);
            results.add(QuantTypes.isQuantized(old)
                    ? UniformQuantizeOp.createWithTypes(rewriter, op.location(), List.of(old), r).result() : r);
        }
        rewriter.replaceOp(op, results);
        return true;
    }
}
