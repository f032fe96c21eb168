package org.stablehlo4j.ir;

/**
 * An attribute of a dialect the core does not model structurally (yet), kept as its textual body:
 * {@code #dialect.body} ({@code pretty}) or {@code #dialect<body>}.
 */
public record DialectAttr(String dialect, String body, boolean pretty) implements Attribute {
    @Override
    public String toString() {
        return pretty ? "#" + dialect + "." + body : "#" + dialect + "<" + body + ">";
    }
}
