package org.stablehlo4j.ir;

import java.util.List;
import java.util.Objects;

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

    @Override public boolean equals(Object o) { return this == o || o instanceof FunctionType r
            && Objects.equals(inputs, r.inputs) && Objects.equals(results, r.results); }

    @Override public int hashCode() { int h = Objects.hashCode(inputs); h = 31 * h + Objects.hashCode(results); return h;
            }
}
