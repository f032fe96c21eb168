package org.stablehlo4j.pass;

import java.util.Map;
import java.util.TreeMap;

/**
 * The passes stablehlo4j implements, by command-line name. Each entry makes a pass from its option string
 * (the text after {@code =} on the command line, empty when absent); a factory rejects options it does not
 * understand with {@link IllegalArgumentException}, whose message is shown to the user.
 */
public final class PassRegistry {
    /** Creates a configured pass from its option string. */
    @FunctionalInterface
    public interface Factory {
        /**
         * Makes the pass.
         *
         * @param options the option string, empty when none was given
         * @return the configured pass
         * @throws IllegalArgumentException if the options are not understood
         */
        Pass create(String options);
    }

    private final Map<String, Factory> passes = new TreeMap<>();

    /** An empty registry; {@code init.AllPasses} fills one with every pass. */
    public PassRegistry() {}

    /**
     * Registers the passes of this package.
     *
     * @param r the registry to add them to
     */
    public static void registerCorePasses(PassRegistry r) {
        r.register(StripDebugInfoPass.NAME, options -> {
            if (!options.isEmpty()) {
                throw new IllegalArgumentException("pass '" + StripDebugInfoPass.NAME + "' takes no options");
            }
            return new StripDebugInfoPass();
        });
        r.register(InlinePass.NAME, options -> new InlinePass());
        r.register(CanonicalizePass.NAME, CanonicalizePass::fromOptions);
        r.register(CsePass.NAME, options -> {
            if (!options.isEmpty()) throw new IllegalArgumentException("pass '" + CsePass.NAME + "' takes no options");
            return new CsePass();
        });
    }

    /**
     * Adds (or replaces) the pass called {@code name}.
     *
     * @param name the command-line name, without dashes
     * @param factory makes the pass from its option string
     */
    public synchronized void register(String name, Factory factory) {
        passes.put(name, factory);
    }

    /**
     * Looks up a pass by command-line name.
     *
     * @param name the name, without dashes
     * @return the factory for {@code name}, or null if no such pass is implemented
     */
    public synchronized Factory lookup(String name) {
        return passes.get(name);
    }

    /**
     * Names of all implemented passes.
     *
     * @return the names, sorted
     */
    public synchronized Iterable<String> names() {
        return java.util.List.copyOf(passes.keySet());
    }
}
