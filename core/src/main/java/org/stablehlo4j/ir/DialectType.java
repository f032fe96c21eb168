package org.stablehlo4j.ir;

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
}
