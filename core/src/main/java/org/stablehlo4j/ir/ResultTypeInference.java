package org.stablehlo4j.ir;

import java.util.List;

/** An op's result type inference (MLIR {@code InferTypeOpInterface::inferReturnTypes}). */
@FunctionalInterface
public interface ResultTypeInference {
    List<Type> infer(Operation op);
}
