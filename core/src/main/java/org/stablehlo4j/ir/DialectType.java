package org.stablehlo4j.ir;

import java.util.Objects;

/**
 * A type of a dialect the core does not model structurally (yet), kept as its textual body:
 * {@code !dialect.body} or {@code !dialect<body>}. {@code body} is exactly what follows the dialect
 * namespace's dot (or what is inside the angle brackets for the {@code !dialect<...>} form, with
 * {@code pretty == false}).
 */
public record DialectType(String dialect, String body, boolean pretty) implements Type {
    @Override
    public String toString() {
        return pretty ? "!" + dialect + "." + body : "!" + dialect + "<" + body + ">";
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof DialectType r && pretty == r.pretty
            && Objects.equals(dialect, r.dialect) && Objects.equals(body, r.body); }

    @Override public int hashCode() { int h = Objects.hashCode(dialect); h = 31 * h + Objects.hashCode(body);
            h = 31 * h + Boolean.hashCode(pretty); return h; }
}
