package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;

/**
 * The StableHLO folding patterns of {@code --stablehlo-aggressive-folder} (upstream's
 * {@code StablehloAggressiveFolder.cpp}): each replaces an op whose operands are constants by a
 * {@code stablehlo.constant} of its value, or simplifies control flow whose outcome is known.
 *
 * <ul>
 * <li>The shape folder ({@link #populateShapeFolder}, also what shape refinement folds with): add, subtract,
 * multiply, divide, remainder, maximum, minimum, and, or, clamp, compare, convert, select, sign,
 * broadcast_in_dim / dynamic_slice of a splat, concatenate (and the merging of adjacent equal splats),
 * get_dimension_size of a static dimension, reshape, set_dimension_size that changes nothing, slice.</li>
 * <li>The rest: abs, cosine, chlo.erf, exponential, log, logistic, negate, not, round_nearest_afz,
 * round_nearest_even, rsqrt, sine, sqrt, tan, tanh, xor, iota of at most one element, reverse, transpose, a
 * {@code case} with a constant index (the chosen branch is inlined), a {@code while} whose condition is the
 * constant false, and reduces that reduce nothing, return a constant or an outside value, or whose and/or body
 * has splat constant inputs.</li>
 * </ul>
 *
 * <p>Options ({@link AggressiveFolderOptions}): without {@code optimize-float} float and complex arithmetic does
 * not fold; a fold that would write more than {@code fold-op-element-limit} elements into a constant that is not
 * a splat is not done (upstream checks the limit in a few patterns only; here every non-splat result written anew
 * is bounded by it, and by the folder's own bound of {@code 2^22} elements; a reshape shares its operand's data and
 * convert, concatenate, reverse and iota check it for splats too, as upstream's);
 * {@code assume-no-undeclared-side-effects} lets a dead while loop whose body never runs be erased although it
 * calls functions.
 *
 * <p>Values are computed in primitive arrays ({@link AggressiveFolderElements}); the arithmetic is upstream's:
 * integers wrap at their width, division and remainder by a zero integer do not fold, floats round to nearest even
 * in their own format, and a function with no value at an element (log of a non-positive number, the sign of NaN,
 * ...) leaves the op as it is.
 */
public final class AggressiveFolderPatterns {
    private AggressiveFolderPatterns() {}

    /**
     * Adds all the folding patterns (upstream's {@code populateStablehloAggressiveFolderPatterns}): the shape
     * folder's and the others.
     *
     * @param patterns the set to add to
     * @param ctx the context whose op definitions tell side effects apart
     * @param options the options
     * @param benefit the benefit of every pattern
     */
    public static void populate(PatternSet patterns, Context ctx, AggressiveFolderOptions options, int benefit) {
        populateShapeFolder(patterns, options, benefit);
        AggressiveFolderArithmetic.addFolds(patterns, options, benefit);
        AggressiveFolderStructure.addFolds(patterns, options, benefit);
        AggressiveFolderRegions.addFolds(patterns, ctx, options, benefit);
    }

    /**
     * Adds the shape folder's patterns (upstream's {@code populateStablehloShapeFolderPatterns}).
     *
     * @param patterns the set to add to
     * @param options the options
     * @param benefit the benefit of every pattern
     */
    public static void populateShapeFolder(PatternSet patterns, AggressiveFolderOptions options, int benefit) {
        AggressiveFolderArithmetic.addShapeFolds(patterns, options, benefit);
        AggressiveFolderStructure.addShapeFolds(patterns, options, benefit);
    }

    /** The body of a folding pattern. */
    @FunctionalInterface
    interface Rule {
        /**
         * Rewrites {@code op} if the rule applies.
         *
         * @return whether the IR changed
         */
        boolean apply(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options);
    }

    /** A pattern named {@code name} (for traces) running {@code rule} on ops named {@code root}. */
    static RewritePattern pattern(String root, String name, int benefit, AggressiveFolderOptions options, Rule rule) {
        return new RewritePattern(root, benefit) {
            @Override
            public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
                return rule.apply(op, rewriter, options);
            }

            @Override
            public String debugName() {
                return name;
            }
        };
    }

    /**
     * Replaces {@code op} (one result) by a {@code stablehlo.constant} of {@code value} (null: no value, the op
     * stays); whether it did. A single element is stored as a splat, as the parser stores it, so equal constants
     * are equal attributes.
     */
    static boolean replaceWithConstant(PatternRewriter rewriter, Operation op, DenseElementsAttr value) {
        if (value == null) return rewriter.notifyMatchFailure(op, "folding failed");
        if (!value.isSplat() && value.type() instanceof RankedTensorType t && t.numElements() == 1) {
            value = new DenseElementsAttr(t, value.rawBytes(), 0, value.length(), true);
        }
        rewriter.replaceOp(op, Constants.materialize(rewriter, op.location(), value).operation());
        return true;
    }

    /**
     * {@code op}'s only result type when it is a statically shaped ranked tensor, else null (reported:
     * upstream's {@code validateStaticShapeResult}).
     */
    static RankedTensorType staticResult(Operation op, PatternRewriter rewriter) {
        if (op.numResults() == 1 && op.result(0).type() instanceof RankedTensorType t && t.hasStaticShape()) return t;
        rewriter.notifyMatchFailure(op, "unable to fold dynamically shaped result type to constant");
        return null;
    }

    /**
     * Upstream's {@code validateShapeFoldDtype}: integer results always fold, float (and, when allowed, complex)
     * ones with {@code optimize-float} only.
     */
    static boolean foldsDtype(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                              RankedTensorType type, boolean allowComplex) {
        Type e = type.elementType();
        if (e instanceof IntegerType) return true;
        if (options.optimizeFloat() && (e instanceof FloatType || allowComplex && e instanceof ComplexType)) {
            return true;
        }
        return rewriter.notifyMatchFailure(op, "skipping fold of shape op dtype");
    }

    /**
     * Whether a constant of {@code type} that is not a splat may be materialized: at most
     * {@code fold-op-element-limit} elements (upstream's {@code validateElementCountForFold}) and at most the
     * folder's own bound.
     */
    static boolean withinLimit(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                               RankedTensorType type) {
        long n = type.numElements();
        if (n <= options.foldOpElementLimit() && n <= Constants.MAX_FOLD_ELEMENTS) return true;
        return rewriter.notifyMatchFailure(op, "too many elements, fold limit is " + options.foldOpElementLimit());
    }

    /** The most elements a non-splat constant operand may have to be read under {@code options}. */
    static long readCap(AggressiveFolderOptions options) {
        return Math.min(options.foldOpElementLimit(), Constants.MAX_FOLD_ELEMENTS);
    }
}
