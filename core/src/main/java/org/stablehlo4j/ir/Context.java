package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The dialects in use (MLIR's {@code MLIRContext}): built from a {@link DialectRegistry}, it loads dialects
 * lazily on first use and owns them. Nothing about dialects is global: two contexts are independent, and whether
 * unregistered dialects are allowed is a per-context flag. Safe for concurrent readers: loading is synchronized
 * and a dialect is published only once its constructor has finished.
 */
public final class Context {
    private final DialectRegistry registry;
    private final Map<String, Dialect> loaded = new ConcurrentHashMap<>();
    /** The interned op names ({@link #opName}), registered or not, by full op name. */
    private final Map<String, OperationName> opNames = new ConcurrentHashMap<>();
    private final List<DialectRegistry.Extension> pending;
    private volatile boolean allowUnregisteredDialects;

    /**
     * A context that loads dialects from {@code registry} on demand.
     *
     * @param registry the dialects this context may load
     */
    public Context(DialectRegistry registry) {
        this.registry = new DialectRegistry().insertAll(registry);
        this.pending = new ArrayList<>(this.registry.extensions());
    }

    /** {@return the registry this context loads from (a copy taken at construction)} */
    public DialectRegistry registry() {
        return registry;
    }

    /**
     * Whether dialect {@code namespace} is registered (loaded or loadable).
     *
     * @param namespace the dialect's namespace, e.g. {@code stablehlo}
     * @return whether it is registered
     */
    public boolean isDialectRegistered(String namespace) {
        return loaded.containsKey(namespace) || registry.contains(namespace);
    }

    /**
     * The loaded dialect, or null when it is not loaded yet (see {@link #getOrLoadDialect}).
     *
     * @param namespace the dialect's namespace
     * @return the dialect, or null
     */
    public Dialect getLoadedDialect(String namespace) {
        return loaded.get(namespace);
    }

    /**
     * The dialect {@code namespace}, constructing it on first use; null if the registry does not have it.
     *
     * @param namespace the dialect's namespace
     * @return the dialect, or null
     */
    public Dialect getOrLoadDialect(String namespace) {
        Dialect d = loaded.get(namespace);
        return d != null ? d : load(namespace);
    }

    private synchronized Dialect load(String namespace) {
        Dialect d = loaded.get(namespace);
        if (d != null) return d;
        Function<Context, ? extends Dialect> ctor = registry.constructor(namespace);
        if (ctor == null) return null;
        d = ctor.apply(this);
        if (!d.namespace().equals(namespace)) {
            throw new IllegalStateException("dialect registered as '" + namespace + "' has namespace '"
                    + d.namespace() + "'");
        }
        loaded.put(namespace, d);
        applyExtensions();
        return d;
    }

    private void applyExtensions() {
        for (int i = 0; i < pending.size(); i++) {
            DialectRegistry.Extension e = pending.get(i);
            List<Dialect> ds = new ArrayList<>(e.requires().size());
            for (String ns : e.requires()) {
                Dialect d = loaded.get(ns);
                if (d == null) break;
                ds.add(d);
            }
            if (ds.size() != e.requires().size()) continue;
            pending.remove(i--);
            e.apply().accept(this, ds);
        }
    }

    /**
     * Loads every registered dialect (MLIR {@code loadAllAvailableDialects}).
     *
     * @return this context
     */
    public Context loadAllAvailableDialects() {
        for (String ns : registry.namespaces()) getOrLoadDialect(ns);
        return this;
    }

    /** {@return the dialects loaded so far} */
    public Collection<Dialect> loadedDialects() {
        return List.copyOf(loaded.values());
    }

    /**
     * The interned {@link OperationName} of {@code fullName} in this context (loading its dialect): the same object
     * for every call with the same name, carrying the op's row and dialect when it is registered. The registry is
     * fixed at construction and dialects add ops only while they are constructed, so a name's registration never
     * changes after it is interned.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the interned name
     */
    public OperationName opName(String fullName) {
        OperationName n = opNames.get(fullName);
        return n != null ? n : intern(fullName);
    }

    private OperationName intern(String fullName) {
        OpDefinition def = null;
        Dialect d = null;
        int dot = fullName.indexOf('.');
        if (dot > 0) {
            d = getOrLoadDialect(fullName.substring(0, dot));
            def = d == null ? null : d.opDefinition(fullName);
            if (def == null) d = null;
        }
        OperationName fresh = new OperationName(def != null ? def.name() : fullName, this, def, d);
        OperationName prior = opNames.putIfAbsent(fresh.name(), fresh);
        return prior != null ? prior : fresh;
    }

    /**
     * The row of registered op {@code fullName} (loading its dialect), or null when it is not registered.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the op's row, or null
     */
    public OpDefinition opDefinition(String fullName) {
        return opName(fullName).definition();
    }

    /**
     * The row of {@code op} in this context: from its interned name when it was made in this context, else by name.
     *
     * @param op an op
     * @return its row, or null when it is not registered here
     */
    public OpDefinition opDefinition(Operation op) {
        OperationName n = op.opName();
        return n.context() == this ? n.definition() : opDefinition(n.name());
    }

    /**
     * The dialect of registered op {@code fullName} (loading it), or null when the op is not registered.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the op's dialect, or null
     */
    public Dialect opDialect(String fullName) {
        return opName(fullName).dialect();
    }

    /**
     * The interface {@code kind} of dialect {@code namespace} (loading it), or null when absent.
     *
     * @param <I> the interface type
     * @param namespace the dialect's namespace
     * @param kind the interface's class
     * @return the implementation, or null
     */
    public <I> I dialectInterface(String namespace, Class<I> kind) {
        Dialect d = getOrLoadDialect(namespace);
        return d == null ? null : d.getInterface(kind);
    }

    /**
     * The interface {@code kind} of the dialect of op {@code fullOpName}, or null.
     *
     * @param <I> the interface type
     * @param fullOpName the op's name with its dialect prefix
     * @param kind the interface's class
     * @return the implementation, or null
     */
    public <I> I opDialectInterface(String fullOpName, Class<I> kind) {
        int dot = fullOpName.indexOf('.');
        return dot <= 0 ? null : dialectInterface(fullOpName.substring(0, dot), kind);
    }

    /** {@return whether ops of dialects that are not registered are accepted (kept as opaque ops)} */
    public boolean allowsUnregisteredDialects() {
        return allowUnregisteredDialects;
    }

    /**
     * Sets whether ops of unregistered dialects are accepted; returns this context.
     *
     * @param allow whether to accept them
     * @return this context
     */
    public Context allowUnregisteredDialects(boolean allow) {
        allowUnregisteredDialects = allow;
        return this;
    }
}
