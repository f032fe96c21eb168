package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The passes stablehlo4j implements, by command-line name. Each entry makes a pass from its option string
 * (the text after {@code =} on the command line, empty when absent); a factory rejects options it does not
 * understand with {@link IllegalArgumentException}, whose message is shown to the user. Each entry also has a
 * one-line description (the pass's own, e.g. its {@code DESCRIPTION} constant), listed by {@code --help}.
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
    private final Map<String, String> descriptions = new TreeMap<>();
    private final List<Predicate<String>> upstream = new ArrayList<>();
    private final List<Predicate<String>> passShaped = new ArrayList<>();

    /** An empty registry; {@code init.AllPasses} fills one with every pass. */
    public PassRegistry() {}

    /**
     * Registers the passes of this package.
     *
     * @param r the registry to add them to
     */
    public static void registerCorePasses(PassRegistry r) {
        r.register(StripDebugInfoPass.NAME, StripDebugInfoPass.DESCRIPTION, options -> {
            if (!options.isEmpty()) {
                throw new IllegalArgumentException("pass '" + StripDebugInfoPass.NAME + "' takes no options");
            }
            return new StripDebugInfoPass();
        });
        r.register(InlinePass.NAME, InlinePass.DESCRIPTION, options -> new InlinePass());
        r.register(CanonicalizePass.NAME, CanonicalizePass.DESCRIPTION, CanonicalizePass::fromOptions);
        r.register(ReconcileUnrealizedCastsPass.NAME, ReconcileUnrealizedCastsPass.DESCRIPTION, options -> {
            if (!options.isEmpty()) {
                throw new IllegalArgumentException("pass '" + ReconcileUnrealizedCastsPass.NAME + "' takes no options");
            }
            return new ReconcileUnrealizedCastsPass();
        });
        r.register(CsePass.NAME, CsePass.DESCRIPTION, options -> {
            if (!options.isEmpty()) throw new IllegalArgumentException("pass '" + CsePass.NAME + "' takes no options");
            return new CsePass();
        });
    }

    /**
     * Adds (or replaces) the pass called {@code name}.
     *
     * @param name the command-line name, without dashes
     * @param description one line saying what the pass does, as {@code --help} lists it
     * @param factory makes the pass from its option string
     */
    public synchronized void register(String name, String description, Factory factory) {
        passes.put(name, factory);
        descriptions.put(name, description == null ? "" : description);
    }

    /**
     * Declares names of passes that upstream's tools have, whether or not this registry implements them, so that a
     * missing one is told apart from a name that is no pass at all. A dialect's pass package declares its own.
     *
     * @param isUpstream   whether a name is a pass (or pipeline) of upstream's tools
     * @param isPassShaped whether a name has the shape of one of those passes (e.g. their prefix), so that a
     *                     flag of that name is a misspelt pass rather than an unknown argument
     */
    public synchronized void declareUpstream(Predicate<String> isUpstream, Predicate<String> isPassShaped) {
        upstream.add(isUpstream);
        passShaped.add(isPassShaped);
    }

    /**
     * Whether upstream's tools have a pass or pipeline of this name (see {@link #declareUpstream}).
     *
     * @param name the name, without dashes
     * @return whether a declaration claims it
     */
    public synchronized boolean isUpstream(String name) {
        for (Predicate<String> p : upstream) if (p.test(name)) return true;
        return false;
    }

    /**
     * Whether a flag of this name is meant as a pass: an implemented one, an upstream one, or one of their shape.
     *
     * @param name the flag name, without dashes
     * @return whether the name is taken as a pass name
     */
    public synchronized boolean isPassShaped(String name) {
        if (passes.containsKey(name) || isUpstream(name)) return true;
        for (Predicate<String> p : passShaped) if (p.test(name)) return true;
        return false;
    }

    /**
     * Adds (or replaces) the pass called {@code name}, without a description.
     *
     * @param name the command-line name, without dashes
     * @param factory makes the pass from its option string
     */
    public void register(String name, Factory factory) {
        register(name, "", factory);
    }

    /**
     * The one-line description of a pass.
     *
     * @param name the name, without dashes
     * @return the description ({@code ""} if it has none), or null if no such pass is implemented
     */
    public synchronized String description(String name) {
        return descriptions.get(name);
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
