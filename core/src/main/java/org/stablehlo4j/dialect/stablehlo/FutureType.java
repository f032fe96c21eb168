package org.stablehlo4j.dialect.stablehlo;

import java.util.List;
import java.util.Objects;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Type;

/** {@code !stablehlo.future<tensor<8x8xf32>, ...>}: the pending results of an async op. */
public record FutureType(List<Type> types) implements StablehloType {
    public FutureType {
        types = List.copyOf(types);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("future<").types(types).append(">");
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof FutureType r
            && Objects.equals(types, r.types); }

    @Override public int hashCode() { return Objects.hashCode(types); }
}
