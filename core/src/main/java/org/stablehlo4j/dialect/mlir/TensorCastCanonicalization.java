package org.stablehlo4j.dialect.mlir;

import java.util.List;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

/**
 * The folding and canonicalization of {@code tensor.cast} (MLIR's {@code TensorOps.cpp}): a cast to its own
 * type is its operand ({@code CastOpInterface}'s fold), and a cast of a cast drops the middle one when it adds no
 * runtime check ({@code ChainedTensorCast}).
 */
final class TensorCastCanonicalization {
    private TensorCastCanonicalization() {}

    /** A cast whose source already has the result type folds to the source. */
    static List<Object> fold(Operation op, Attribute[] constants) {
        return op.operand(0).type().equals(op.result(0).type()) ? List.of(op.operand(0)) : null;
    }

    /**
     * {@code ChainedTensorCast}: {@code cast(cast(x : A -> B) -> C)} is {@code cast(x : A -> C)} when joining the
     * three shapes gives what joining A and C gives (else the middle cast checks something at run time).
     */
    static final RewritePattern CHAINED_CASTS = new RewritePattern(CastOp.NAME, 1) {
        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            Operation inner = op.operand(0).definingOp();
            if (inner == null || !CastOp.is(inner)) return false;
            Type source = inner.operand(0).type();
            Type intermediate = inner.result(0).type();
            Type result = op.result(0).type();
            Type firstJoin = join(join(source, intermediate), result);
            if (firstJoin == null || !firstJoin.equals(join(source, result))) return false;
            rewriter.replaceOp(op, CastOp.create(rewriter, op.location(), result, inner.operand(0)).operation());
            return true;
        }
    };

    /**
     * MLIR's {@code joinShapes}: the most specific tensor type both shapes allow, or null when they conflict.
     *
     * @param one a tensor type
     * @param two another with the same element type
     * @return the join, or null
     */
    static Type join(Type one, Type two) {
        if (one == null || two == null) return null;
        if (!(one instanceof ShapedType a) || !a.hasRank()) return two;
        if (!(two instanceof ShapedType b) || !b.hasRank()) return one;
        if (!(one instanceof RankedTensorType r1) || !(two instanceof RankedTensorType r2)) return null;
        if (r1.rank() != r2.rank()) return null;
        long[] joined = new long[r1.rank()];
        for (int i = 0; i < joined.length; i++) {
            long x = r1.dim(i);
            long y = r2.dim(i);
            if (x < 0) {
                joined[i] = y;
            } else if (y < 0 || x == y) {
                joined[i] = x;
            } else {
                return null;
            }
        }
        return new RankedTensorType(joined, r1.elementType());
    }
}
