package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of rewrite patterns (MLIR's {@code RewritePatternSet} / {@code FrozenRewritePatternSet}), indexed by root
 * op name. {@link #forOp} gives the patterns to try on an op: those rooted at its name and those for any op,
 * by decreasing benefit; at equal benefit, named patterns come before any-op ones, then insertion order.
 */
public final class PatternSet {
    private final List<RewritePattern> patterns = new ArrayList<>();
    private Map<String, List<RewritePattern>> byName;
    private List<RewritePattern> anyOp;

    /** An empty set. */
    public PatternSet() {}

    /**
     * A set of {@code patterns}.
     *
     * @param patterns the patterns, in insertion order
     */
    public PatternSet(List<? extends RewritePattern> patterns) {
        this.patterns.addAll(patterns);
    }

    /**
     * Adds a pattern.
     *
     * @param pattern the pattern
     * @return this set
     */
    public PatternSet add(RewritePattern pattern) {
        patterns.add(pattern);
        byName = null;
        return this;
    }

    /** {@return the patterns, in insertion order} */
    public List<RewritePattern> patterns() { return List.copyOf(patterns); }

    /** {@return whether the set has no patterns} */
    public boolean isEmpty() { return patterns.isEmpty(); }

    private static final Comparator<RewritePattern> ORDER =
            Comparator.comparingInt(RewritePattern::benefit).reversed();

    /**
     * The patterns to try on ops named {@code opName}, in order.
     *
     * @param opName the full op name
     * @return the patterns, best first
     */
    public List<RewritePattern> forOp(String opName) {
        if (byName == null) {
            Map<String, List<RewritePattern>> named = new HashMap<>();
            List<RewritePattern> any = new ArrayList<>();
            for (RewritePattern p : patterns) {
                if (p.rootName() == null) any.add(p);
                else named.computeIfAbsent(p.rootName(), k -> new ArrayList<>()).add(p);
            }
            any.sort(ORDER);
            for (Map.Entry<String, List<RewritePattern>> e : named.entrySet()) {
                List<RewritePattern> list = e.getValue();
                list.addAll(any); // stable sort: named before any-op at equal benefit
                list.sort(ORDER);
                e.setValue(List.copyOf(list));
            }
            anyOp = List.copyOf(any);
            byName = named;
        }
        List<RewritePattern> list = byName.get(opName);
        return list != null ? list : anyOp;
    }
}
