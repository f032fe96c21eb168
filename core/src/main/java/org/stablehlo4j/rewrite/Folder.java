package org.stablehlo4j.rewrite;

import java.util.List;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Value;

/**
 * Folds an op (MLIR's {@code fold} hook, as the greedy driver uses it): returns null when the op does not fold,
 * an empty list when it was updated in place, or one value per result to replace it with. Values may be existing
 * ones or results of ops created with {@code builder} (set to insert before {@code op}, e.g. materialized
 * constants).
 */
@FunctionalInterface
public interface Folder {
    List<Value> fold(Operation op, OpBuilder builder);
}
