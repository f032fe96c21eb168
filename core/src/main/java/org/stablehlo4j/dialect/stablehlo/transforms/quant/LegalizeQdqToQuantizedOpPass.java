package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.stablehlo.ops.UniformDequantizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformQuantizeOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;

/**
 * {@code --stablehlo-legalize-qdq-to-quantized-op}: a {@code uniform_quantize} of the only result of an op without
 * regions whose operands are all {@code uniform_dequantize} results becomes that op on the quantized values
 * (upstream's {@code StablehloLegalizeQDQToQuantizedOpPass}). The pass deletes no op itself; the ops left unused
 * are erased as the greedy driver erases dead ops. Runs on each {@code func.func}.
 */
public final class LegalizeQdqToQuantizedOpPass extends GreedyFuncPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-legalize-qdq-to-quantized-op";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Fuse (de-quantize, floating-point operation and quantize) pattern "
            + "into StableHLO quantized operation";

    /** The pass. */
    public LegalizeQdqToQuantizedOpPass() {
        super(NAME);
    }

    @Override
    String convergenceName() {
        return "StablehloLegalizeQDQToQuantizedOpPass";
    }

    @Override
    PatternSet patterns() {
        return new PatternSet().add(RewritePattern.of(UniformQuantizeOp.NAME, 1,
                LegalizeQdqToQuantizedOpPass::fuse));
    }

    /** dequantize → op → quantize: the op on the quantized operands, its result replacing the quantize's. */
    static boolean fuse(Operation quantize, PatternRewriter rewriter) {
        Operation compute = quantize.operand(0).definingOp();
        if (compute == null) return rewriter.notifyMatchFailure(quantize, "requires operand to be defined by an op");
        if (compute.numRegions() != 0) return rewriter.notifyMatchFailure(compute, "ops with regions are not supported");
        if (compute.numResults() > 1) {
            return rewriter.notifyMatchFailure(compute, "ops with variadic results are not supported");
        }
        if (QuantTypes.anyQuantized(QuantTypes.types(compute.operands()))) {
            return rewriter.notifyMatchFailure(compute, "requires non quantized operands");
        }
        if (compute.numOperands() == 0) return rewriter.notifyMatchFailure(compute, "requires non empty operands");
        List<Value> quantized = new ArrayList<>();
        for (Value operand : compute.operands()) {
            Operation def = operand.definingOp();
            if (def == null) return rewriter.notifyMatchFailure(compute, "requires operand to be defined by an op");
            if (!UniformDequantizeOp.is(def)) {
                return rewriter.notifyMatchFailure(def,
                        "requires operand to be defined by an stablehlo.uniform_dequantize op");
            }
            quantized.add(def.operand(0));
        }
        rewriter.setInsertionPointAfter(compute);
        Operation fused = rewriter.create(compute.location(), compute.opName(), quantized,
                QuantTypes.resultTypes(quantize), compute.properties(), compute.attributes(), 0, List.of());
        rewriter.replaceAllUsesWith(quantize.result(0), fused.result(0));
        return true;
    }
}
