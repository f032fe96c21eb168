package org.stablehlo4j.ir;

import java.util.List;

/**
 * An op's {@code InferTypeOpInterface::isCompatibleReturnTypes}, attached to its row as the extension of this
 * kind: whether the inferred result types are compatible with the declared ones. Without it the verifier uses
 * {@link TypeCompat#compatible} pairwise.
 */
@FunctionalInterface
public interface ReturnTypeCompatibility {
    /**
     * Whether {@code declared} is compatible with {@code inferred}.
     *
     * @param op the op
     * @param inferred the inferred result types
     * @param declared the op's result types
     * @return whether they are compatible
     */
    boolean compatible(Operation op, List<Type> inferred, List<Type> declared);
}
