package org.stablehlo4j.dialect.shape;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RewritePattern;

/**
 * The shape dialect's canonicalization patterns (MLIR's {@code Shape.cpp}), attached to the rows by
 * {@link ShapeOpHooks} for {@code --canonicalize}.
 */
final class ShapeCanonicalization {
    private ShapeCanonicalization() {}

    /**
     * MLIR's {@code AssumingWithTrue}: a {@code shape.assuming} whose witness is a passing
     * {@code shape.const_witness} is replaced by its body (MLIR's {@code AssumingOp::inlineRegionIntoParent}).
     */
    static final RewritePattern ASSUMING_WITH_TRUE = new RewritePattern(AssumingOp.NAME, 1) {
        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            Operation witness = AssumingOp.cast(op).witness().definingOp();
            if (witness == null || !ConstWitnessOp.is(witness) || ConstWitnessOp.cast(witness).passing() == null
                    || !ConstWitnessOp.cast(witness).passing().value()) {
                return false;
            }
            Block body = AssumingOp.cast(op).doRegion().entry();
            if (body == null || body.terminator() == null) return false;
            Operation yield = body.terminator();
            for (Operation o = body.first(); o != null && o != yield; ) {
                Operation next = o.next();
                Operation moved = o;
                rewriter.modifyOpInPlace(moved, () -> moved.moveBefore(op));
                o = next;
            }
            List<org.stablehlo4j.ir.Value> results = new ArrayList<>(yield.operands());
            rewriter.replaceOp(op, results);
            return true;
        }
    };
}
