package org.stablehlo4j.ir;

import java.util.List;
import java.util.function.Supplier;

/**
 * A tensor encoding that carries dimension bounds (StableHLO's {@code #stablehlo.bounds}, MLIR's
 * {@code BoundedAttrInterface}): one bound per dimension, {@link ShapedType#DYNAMIC} where unbounded.
 */
public interface BoundedEncoding {
    /** {@return the bound of each dimension, {@link ShapedType#DYNAMIC} where unbounded} */
    List<Long> bounds();

    /**
     * StableHLO's {@code verifyBounds}: one bound per dimension, and a bound only on a dynamic dimension. The
     * check of the {@code #stablehlo.bounds} encoding, made where the text parser builds a tensor type and where a
     * bytecode reader does.
     *
     * @param bounds the bounds ({@link ShapedType#DYNAMIC} where unbounded)
     * @param shape the tensor's shape
     * @param tensor the tensor as the message names it
     * @return null when they fit, else upstream's diagnostic text
     */
    static String boundsProblem(List<Long> bounds, long[] shape, Supplier<String> tensor) {
        if (bounds.size() != shape.length) {
            return "Bounds length is " + bounds.size() + ", expected to be equal to rank(" + shape.length
                    + ") of the tensor " + tensor.get();
        }
        for (int d = 0; d < shape.length; d++) {
            if (bounds.get(d) != ShapedType.DYNAMIC && shape[d] != ShapedType.DYNAMIC) {
                return "Static dimension " + d + " cannot have a bound, use ShapedType::kDynamic to indicate a missing"
                        + " bound in tensor " + tensor.get();
            }
        }
        return null;
    }
}
