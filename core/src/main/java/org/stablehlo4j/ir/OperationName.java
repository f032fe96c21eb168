package org.stablehlo4j.ir;

/**
 * An op's identity (MLIR's {@code OperationName}): its full name, its dialect namespace and, for a registered op,
 * its row and dialect. A {@link Context} interns one per name ({@link Context#opName}), so two ops of the same
 * kind in one context share the same object and code dispatches on an op kind by identity
 * ({@code op.opName() == n}, or a typed view's {@code is(op)}, which compares the row) instead of comparing name
 * strings. The row, dialect and namespace are resolved once, when the name is interned, so the reader, parser,
 * printer and verifier reach an op's row with a field load instead of a map lookup.
 *
 * <p>A name made by {@link #detached} belongs to no context (ops built by hand, outside any context, e.g. in
 * tests); it has no row even when a context would register it.
 */
public final class OperationName {
    private final String name;
    private final String dialectNamespace;
    private final Context context;
    private final OpDefinition definition;
    private final Dialect dialect;

    OperationName(String name, Context context, OpDefinition definition, Dialect dialect) {
        this.name = name;
        int dot = name.indexOf('.');
        this.dialectNamespace = dot < 0 ? "" : name.substring(0, dot);
        this.context = context;
        this.definition = definition;
        this.dialect = dialect;
    }

    /**
     * A name outside any context: no row, no dialect; two calls give two different objects.
     *
     * @param name the full op name
     * @return the name
     */
    public static OperationName detached(String name) {
        return new OperationName(name, null, null, null);
    }

    /** {@return the full op name, e.g. {@code stablehlo.add}} */
    public String name() { return name; }

    /** {@return the dialect namespace: the part of the name before the first dot (empty if none)} */
    public String dialectNamespace() { return dialectNamespace; }

    /** {@return the op name without its dialect prefix, e.g. {@code add}} */
    public String mnemonic() {
        return dialectNamespace.isEmpty() ? name : name.substring(dialectNamespace.length() + 1);
    }

    /** {@return the context that interned this name, or null for a {@link #detached} one} */
    public Context context() { return context; }

    /** {@return the op's row when it is registered in its context, else null} */
    public OpDefinition definition() { return definition; }

    /** {@return the (loaded) dialect of a registered op, else null} */
    public Dialect dialect() { return dialect; }

    /** {@return whether the op is registered (has a row) in its context} */
    public boolean isRegistered() { return definition != null; }

    @Override
    public String toString() { return name; }
}
