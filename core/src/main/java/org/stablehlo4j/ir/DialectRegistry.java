package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The dialects a {@link Context} may load: a map from namespace to constructor (MLIR's {@code DialectRegistry}),
 * plus extensions that attach behaviour to dialects once they are loaded. Building one loads nothing; a
 * registry is filled once (e.g. by {@code init.AllDialects}) and then only read.
 */
public final class DialectRegistry {
    /** Code run once every dialect it requires is loaded in a context (MLIR {@code DialectExtension}). */
    public record Extension(List<String> requires, BiConsumer<Context, List<Dialect>> apply) {
        /**
         * Copies the list.
         *
         * @param requires the dialects that must all be loaded
         * @param apply what runs then, given the context and those dialects
         */
        public Extension {
            requires = List.copyOf(requires);
        }
    }

    private final Map<String, Function<Context, ? extends Dialect>> constructors = new LinkedHashMap<>();
    private final List<Extension> extensions = new ArrayList<>();

    /** An empty registry. */
    public DialectRegistry() {}

    /**
     * Adds (or replaces) the constructor of dialect {@code namespace}.
     *
     * @param namespace the dialect's namespace
     * @param constructor makes the dialect for a context
     * @return this registry
     */
    public DialectRegistry insert(String namespace, Function<Context, ? extends Dialect> constructor) {
        constructors.put(namespace, constructor);
        return this;
    }

    /**
     * Adds code that runs, once per context, when all dialects in {@code requires} are loaded.
     *
     * @param requires the namespaces of the dialects it needs
     * @param apply what runs, given the context and those dialects in order
     * @return this registry
     */
    public DialectRegistry addExtension(List<String> requires, BiConsumer<Context, List<Dialect>> apply) {
        extensions.add(new Extension(requires, apply));
        return this;
    }

    /**
     * Adds every constructor and extension of {@code other}.
     *
     * @param other the registry to copy from
     * @return this registry
     */
    public DialectRegistry insertAll(DialectRegistry other) {
        constructors.putAll(other.constructors);
        extensions.addAll(other.extensions);
        return this;
    }

    /**
     * Whether dialect {@code namespace} can be loaded.
     *
     * @param namespace the dialect's namespace
     * @return whether its constructor is registered
     */
    public boolean contains(String namespace) {
        return constructors.containsKey(namespace);
    }

    /** {@return the registered namespaces, in insertion order} */
    public Set<String> namespaces() {
        return Collections.unmodifiableSet(constructors.keySet());
    }

    Function<Context, ? extends Dialect> constructor(String namespace) {
        return constructors.get(namespace);
    }

    List<Extension> extensions() {
        return extensions;
    }
}
