package org.stablehlo4j.ir;


import java.util.Collection;
import java.util.Map;

/** A finished op table of one dialect: rows keyed by full op name, in definition order. */
public final class DialectOpTable {
    private final Map<String, OpDefinition> specs;

    /**
     * A table of the given rows.
     *
     * @param specs the rows by full op name
     */
    public DialectOpTable(Map<String, OpDefinition> specs) {
        this.specs = specs;
    }

    /**
     * The row of op {@code fullName} (e.g. {@code stablehlo.add}), or null.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the row, or null
     */
    public OpDefinition spec(String fullName) {
        return specs.get(fullName);
    }

    /** {@return every row, in definition order} */
    public Collection<OpDefinition> all() {
        return specs.values();
    }
}
