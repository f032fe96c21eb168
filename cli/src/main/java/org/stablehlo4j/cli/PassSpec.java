package org.stablehlo4j.cli;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.pass.PassPipelineParser;
import org.stablehlo4j.pass.PassRegistry;

/**
 * A pass named on the {@code stablehlo-opt} command line, in order: {@code --NAME} or {@code --NAME=OPTIONS}
 * ({@code --pass-pipeline=...}/{@code -p} and {@code -debug-only=...} are kept the same way).
 *
 * @param name    the flag name without dashes
 * @param options the text after {@code =}, empty if none
 * @param arg     the argument as written
 */
public record PassSpec(String name, String options, String arg) {
    /** Pipeline and debug options that upstream's stablehlo-opt takes in the pass flags' place. */
    private static final List<String> OPTIONS = List.of("pass-pipeline", "p", "debug-only");

    /**
     * Whether {@code name} is taken as a pass (or pipeline/debug option) flag rather than an unknown command-line
     * argument: the options above, an implemented pass, or a pass-shaped name ({@link PassRegistry#isPassShaped}).
     */
    public static boolean isPassName(String name, PassRegistry registry) {
        return OPTIONS.contains(name) || registry.isPassShaped(name);
    }

    /** Whether this is a textual pipeline ({@code --pass-pipeline=...} or {@code -p ...}). */
    public boolean isPipeline() {
        return name.equals("pass-pipeline") || name.equals("p");
    }

    /**
     * The passes of a textual pipeline such as {@code builtin.module(inline, vhlo-to-version{target=1.9.0})}, in
     * order (grammar: {@link PassPipelineParser}).
     *
     * @throws IllegalArgumentException on a malformed pipeline or another anchor
     */
    public static List<PassSpec> expandPipeline(String pipeline) {
        List<PassSpec> out = new ArrayList<>();
        for (PassPipelineParser.Item item : PassPipelineParser.parse(pipeline)) {
            out.add(new PassSpec(item.name(), item.options(), item.text()));
        }
        return out;
    }

    /** How the pass is shown in errors: {@code --NAME}. */
    public String display() {
        return "--" + name;
    }
}
