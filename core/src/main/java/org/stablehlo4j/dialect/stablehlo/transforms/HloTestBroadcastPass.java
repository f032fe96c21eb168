package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.transforms.NumpyBroadcasting.NotBroadcastable;
import org.stablehlo4j.pass.PassContext;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * {@code --hlo-test-broadcast}, upstream's test pass for NumPy-style broadcasting with bounded dynamism: each
 * {@code hlo_test_broadcast.numpy_broadcast} op becomes a {@code stablehlo.custom_call @numpy_broadcasted} of its
 * operands broadcast to their common shape ({@code broadcast_in_dim}, and {@code get_dimension_size} /
 * {@code set_dimension_size} where a padded static size must become a bounded dynamic one). Operands that cannot
 * be broadcast together leave the op as it is, and the reason is reported as an error (the pass succeeds).
 */
public final class HloTestBroadcastPass implements GreedyPatternPass {
    public static final String NAME = "hlo-test-broadcast";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Uses test ops to invoke BroadcastUtils methods";

    @Override
    public String name() {
        return NAME;
    }

    /**
     * As upstream: a pattern on {@code hlo_test_broadcast.numpy_broadcast} applied by the greedy driver; when the
     * operands cannot be broadcast, the error is emitted (the pass still succeeds) and the op stays.
     */
    @Override
    public PatternSet patterns(Context ctx, PassContext context) {
        return new PatternSet().add(RewritePattern.of("hlo_test_broadcast.numpy_broadcast", 1, (op, rewriter) -> {
            try {
                rewrite(ctx, op, rewriter);
                return true;
            } catch (NotBroadcastable e) {
                context.emitError(e.location, e.getMessage());
                return false;
            }
        }));
    }

    private static void rewrite(Context ctx, Operation op, PatternRewriter rewriter) throws NotBroadcastable {
        List<Value> broadcast = NumpyBroadcasting.broadcastAll(ctx, rewriter, op.location(), new ArrayList<>(op.operands()));
        List<Type> resultTypes = new ArrayList<>();
        for (OpResult r : op.results()) resultTypes.add(r.type());
        Operation call = CustomCallOp.createWithTypes(rewriter, op.location(), resultTypes, broadcast,
                StringAttr.of("numpy_broadcasted"), BoolAttr.TRUE, null, null, null, null, null, null, null).operation();
        rewriter.replaceOp(op, call);
    }
}
