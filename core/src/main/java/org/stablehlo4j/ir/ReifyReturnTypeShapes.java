package org.stablehlo4j.ir;

import java.util.List;
import java.util.function.Consumer;

/**
 * An op's shape reification (MLIR's {@code InferShapedTypeOpInterface::reifyReturnTypeShapes}), attached to its row
 * as the extension of this kind ({@link OpDefinition#ext}): builds, at {@code builder}'s insertion point, the ops
 * that compute each result's shape at run time as a 1-D extent tensor ({@code tensor<Nxindex>}) and returns those
 * values. The ops it builds belong to the dialects the op's own dialect depends on; this interface names none.
 */
@FunctionalInterface
public interface ReifyReturnTypeShapes {
    /**
     * Builds the computation of {@code op}'s result shapes from {@code operands}.
     *
     * @param builder where to create the ops (its listener hears of them)
     * @param op the op whose result shapes are wanted
     * @param operands the values standing for the op's operands (usually its own)
     * @param diagnostics receives what the reification reports about {@code op} (MLIR's {@code op->emitWarning()}
     *                    inside the interface method), e.g. why it cannot reify
     * @return one shape value per result, or null when the op cannot reify its shapes (nothing was created then)
     */
    List<Value> reify(OpBuilder builder, Operation op, List<Value> operands, Consumer<Diagnostic> diagnostics);
}
