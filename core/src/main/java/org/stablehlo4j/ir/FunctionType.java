package org.stablehlo4j.ir;

import java.util.List;

/** Builtin function type {@code (inputs) -> results}. */
public record FunctionType(List<Type> inputs, List<Type> results) implements Type {
    /**
     * Copies the lists.
     *
     * @param inputs the argument types
     * @param results the result types
     */
    public FunctionType {
        inputs = List.copyOf(inputs);
        results = List.copyOf(results);
    }
}
