package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A finished op table of one dialect: rows keyed by full op name, in definition order. A table made by
 * {@link #withHooksPerOp} attaches each row's code the first time the row is asked for ({@link #spec}), once, and
 * hands out that same object ever after, so identity comparisons of rows hold.
 */
public final class DialectOpTable {
    private final Map<String, OpDefinition> specs;
    /** The code given per op on first use, or null when {@link #specs} is final. */
    private final OpHooks.PerOp perOp;
    /** The rows with their code, as they are first asked for (with {@link #perOp} only). */
    private final Map<String, OpDefinition> attached;

    /**
     * A table of the given rows.
     *
     * @param specs the rows by full op name
     */
    public DialectOpTable(Map<String, OpDefinition> specs) {
        this(specs, null);
    }

    private DialectOpTable(Map<String, OpDefinition> specs, OpHooks.PerOp perOp) {
        this.specs = specs;
        this.perOp = perOp;
        this.attached = perOp == null ? null : new ConcurrentHashMap<>();
    }

    /**
     * The row of op {@code fullName} (e.g. {@code stablehlo.add}), or null.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the row, or null
     */
    public OpDefinition spec(String fullName) {
        if (perOp == null) return specs.get(fullName);
        OpDefinition d = attached.get(fullName);
        return d != null ? d : attach(fullName);
    }

    /** The row of {@code fullName} with its code, attached once (several threads may ask at once). */
    private synchronized OpDefinition attach(String fullName) {
        OpDefinition d = attached.get(fullName);
        if (d != null) return d;
        OpDefinition row = specs.get(fullName);
        if (row == null) return null;
        d = OpHooks.attachOne(row, perOp);
        attached.put(fullName, d);
        return d;
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

    /**
     * This table's rows with the code {@code code} gives each op, attached the first time the op's row is asked for
     * (see {@link OpHooks.PerOp}): a new table, this one unchanged.
     *
     * @param code gives one op's code
     * @return the hooked table
     */
    public DialectOpTable withHooksPerOp(OpHooks.PerOp code) {
        if (perOp != null) throw new IllegalStateException("this table's code is already given per op");
        return new DialectOpTable(specs, code);
    }

    /** {@return the full names of the rows, in definition order, without attaching any code} */
    public Collection<String> names() {
        return Collections.unmodifiableCollection(specs.keySet());
    }

    /**
     * Every row with its code, in definition order (a per-op table attaches the code of all of them).
     *
     * @return the rows
     */
    public Collection<OpDefinition> all() {
        if (perOp == null) return specs.values();
        List<OpDefinition> out = new ArrayList<>(specs.size());
        for (String name : specs.keySet()) out.add(spec(name));
        return out;
    }
}
