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
        Pass create(String options);
    }

    private static final Map<String, Factory> PASSES = new TreeMap<>();

    static {
        register(StripDebugInfoPass.NAME, options -> {
            if (!options.isEmpty()) {
                throw new IllegalArgumentException("pass '" + StripDebugInfoPass.NAME + "' takes no options");
            }
            return new StripDebugInfoPass();
        });
        register(InlinePass.NAME, options -> new InlinePass());
        register(HloTestInferPass.NAME, options -> new HloTestInferPass());
        register(HloTestBroadcastPass.NAME, options -> new HloTestBroadcastPass());
        register(LegalizeCompositeToCallPass.NAME, LegalizeCompositeToCallPass::fromOptions);
        org.stablehlo4j.compat.legalize.LegalizePasses.registerAll();
    }

    private PassRegistry() {}

    public static synchronized void register(String name, Factory factory) {
        PASSES.put(name, factory);
    }

    /** The factory for {@code name}, or null if no such pass is implemented. */
    public static synchronized Factory lookup(String name) {
        return PASSES.get(name);
    }

    /** Names of all implemented passes, sorted. */
    public static synchronized Iterable<String> names() {
        return java.util.List.copyOf(PASSES.keySet());
    }
}
