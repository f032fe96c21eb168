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
    /** Rows found by {@link #opDefinition}, by full op name: one lookup per op instead of a substring + two. */
    private final Map<String, OpEntry> opDefinitions = new ConcurrentHashMap<>();

    /** A registered op's row and the (loaded) dialect it belongs to. */
    private record OpEntry(OpDefinition def, Dialect dialect) {}
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
     * The row of registered op {@code fullName} (loading its dialect), or null when it is not registered.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the op's row, or null
     */
    public OpDefinition opDefinition(String fullName) {
        OpEntry e = opEntry(fullName);
        return e == null ? null : e.def;
    }

    /**
     * The dialect of registered op {@code fullName} (loading it), or null when the op is not registered.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the op's dialect, or null
     */
    public Dialect opDialect(String fullName) {
        OpEntry e = opEntry(fullName);
        return e == null ? null : e.dialect;
    }

    private OpEntry opEntry(String fullName) {
        OpEntry e = opDefinitions.get(fullName);
        if (e != null) return e;
        int dot = fullName.indexOf('.');
        if (dot <= 0) return null;
        Dialect d = getOrLoadDialect(fullName.substring(0, dot));
        OpDefinition def = d == null ? null : d.opDefinition(fullName);
        if (def == null) return null;
        // Only rows are remembered: a name without one may still gain it (a dialect registered later).
        e = new OpEntry(def, d);
        opDefinitions.put(fullName, e);
        return e;
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
