package org.stablehlo4j.ir;

import java.util.List;

/**
 * An op's folder (MLIR {@code fold}): given the constant values of its operands (null where not constant), the
 * folded results, each an {@link Attribute}, a {@link Value} or null, or null when the op does not fold.
 */
@FunctionalInterface
public interface Folder {
    /**
     * Folds {@code op}.
     *
     * @param op the op
     * @param constOperands each operand's constant value, or null where not constant
     * @return the folded results, or null when the op does not fold
     */
    List<Object> fold(Operation op, Attribute[] constOperands);
}
