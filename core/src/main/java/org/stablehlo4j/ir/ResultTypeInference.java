package org.stablehlo4j.ir;

import java.util.List;

/** An op's result type inference (MLIR {@code InferTypeOpInterface::inferReturnTypes}). */
@FunctionalInterface
public interface ResultTypeInference {
    /**
     * Infers the result types of {@code op}.
     *
     * @param op the op
     * @return one type per result
     * @throws VerificationError if the operands do not allow inference
     */
    List<Type> infer(Operation op);
}
