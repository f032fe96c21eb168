package org.stablehlo4j.dialect.stablehlo;

import java.util.Collection;
import java.util.Map;
import org.stablehlo4j.dialect.Registry;

/** A finished op table of one dialect: rows keyed by full op name, in definition order. */
public final class DialectOpTable {
    private final Map<String, OpSpec> specs;

    DialectOpTable(Map<String, OpSpec> specs) {
        this.specs = specs;
    }

    /** The row of op {@code fullName} (e.g. {@code stablehlo.add}), or null. */
    public OpSpec spec(String fullName) {
        return specs.get(fullName);
    }

    /** Every row, in definition order. */
    public Collection<OpSpec> all() {
        return specs.values();
    }

    /** Adds every op to {@link Registry}. Idempotent. */
    public void registerAll() {
        for (OpSpec s : specs.values()) Registry.register(s.toOpDef());
    }
}
