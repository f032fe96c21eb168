package org.stablehlo4j.ir;

import java.util.List;

/**
 * A tensor encoding that carries dimension bounds (StableHLO's {@code #stablehlo.bounds}, MLIR's
 * {@code BoundedAttrInterface}): one bound per dimension, {@link ShapedType#DYNAMIC} where unbounded.
 */
public interface BoundedEncoding {
    /** {@return the bound of each dimension, {@link ShapedType#DYNAMIC} where unbounded} */
    List<Long> bounds();
}
