package org.stablehlo4j.ir;

import java.util.function.BiPredicate;

/**
 * A rewrite of one kind of op (MLIR's {@code RewritePattern}): a root op name (null = any op), a benefit (higher
 * runs first) and {@link #matchAndRewrite}, which changes the IR only through the rewriter and only when it
 * returns true.
 */
public abstract class RewritePattern {
    private final String rootName;
    private final int benefit;

    /**
     * A pattern rooted at {@code rootOpName}.
     *
     * @param rootOpName the full op name, or null for any op
     * @param benefit how much it is preferred over others, 0 or more
     * @throws IllegalArgumentException if the benefit is negative
     */
    protected RewritePattern(String rootOpName, int benefit) {
        if (benefit < 0) throw new IllegalArgumentException("negative benefit");
        this.rootName = rootOpName;
        this.benefit = benefit;
    }

    /** {@return the op name this pattern applies to, or null for any op} */
    public String rootName() { return rootName; }

    /** {@return the benefit: patterns with a higher one are tried first} */
    public int benefit() { return benefit; }

    /** {@return a name for traces: the class name by default} */
    public String debugName() { return getClass().getSimpleName(); }

    /**
     * Rewrites {@code op} if it matches; returns whether it did (false: the IR is unchanged).
     *
     * @param op the op to try
     * @param rewriter makes every change
     * @return whether the IR changed
     */
    public abstract boolean matchAndRewrite(Operation op, PatternRewriter rewriter);

    /**
     * A pattern from a function.
     *
     * @param rootOpName the full op name, or null for any op
     * @param benefit the benefit
     * @param fn the {@code matchAndRewrite} body
     * @return the pattern
     */
    public static RewritePattern of(String rootOpName, int benefit, BiPredicate<Operation, PatternRewriter> fn) {
        return new RewritePattern(rootOpName, benefit) {
            @Override
            public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
                return fn.test(op, rewriter);
            }
        };
    }
}
