package org.stablehlo4j.ir;

import java.util.List;

/**
 * An op's canonicalization patterns (MLIR's {@code getCanonicalizationPatterns}), an extension of its
 * {@link OpTable} row ({@link OpTable.Row#canonicalization}); the {@code canonicalize} pass collects those of
 * every loaded dialect's ops.
 */
public record CanonicalizationPatterns(List<RewritePattern> patterns) {
    /**
     * Copies the list.
     *
     * @param patterns the op's patterns, in order
     */
    public CanonicalizationPatterns {
        patterns = List.copyOf(patterns);
    }
}
