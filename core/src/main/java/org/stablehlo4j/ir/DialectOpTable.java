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

    /**
     * This table's rows with the code {@code define} attaches to them by mnemonic (verifiers, inference, folders,
     * patterns; see {@link OpHooks}): a new table, this one unchanged.
     *
     * @param define attaches the hooks
     * @return the hooked table
     */
    public DialectOpTable withHooks(java.util.function.Consumer<OpHooks> define) {
        return OpHooks.attach(this, define);
    }

    /** {@return every row, in definition order} */
    public Collection<OpDefinition> all() {
        return specs.values();
    }
}
