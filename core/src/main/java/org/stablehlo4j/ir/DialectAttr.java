package org.stablehlo4j.ir;

import java.util.Objects;

/**
 * An attribute of a dialect the core does not model structurally (yet), kept as its textual body:
 * {@code #dialect.body} ({@code pretty}) or {@code #dialect<body>}.
 */
public record DialectAttr(String dialect, String body, boolean pretty) implements Attribute {
    @Override
    public String toString() {
        return pretty ? "#" + dialect + "." + body : "#" + dialect + "<" + body + ">";
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof DialectAttr r && pretty == r.pretty
            && Objects.equals(dialect, r.dialect) && Objects.equals(body, r.body); }

    @Override public int hashCode() { int h = Objects.hashCode(dialect); h = 31 * h + Objects.hashCode(body);
            h = 31 * h + Boolean.hashCode(pretty); return h; }
}
