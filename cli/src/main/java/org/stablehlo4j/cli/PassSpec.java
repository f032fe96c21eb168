package org.stablehlo4j.cli;

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

    /** Makes the pass of one flag or pipeline item; may reject it. */
    @FunctionalInterface
    interface PassMaker {
        /** The configured pass for {@code spec}. */
        org.stablehlo4j.pass.Pass make(PassSpec spec) throws ToolException;
    }

    /** Carries a {@link ToolException} out of the pipeline builder. */
    private static final class Rejected extends RuntimeException {
        final ToolException cause;

        Rejected(ToolException cause) {
            super(cause.getMessage(), null, false, false);
            this.cause = cause;
        }
    }

    /**
     * The pass manager of a textual pipeline such as {@code builtin.module(func.func(canonicalize), cse)}
     * (grammar and scheduling: {@link PassPipelineParser}, {@link org.stablehlo4j.pass.OpPassManager}), each pass
     * made by {@code maker} from a spec of its item.
     *
     * @throws IllegalArgumentException on a malformed pipeline or a pass nested where it cannot run
     * @throws ToolException            when {@code maker} rejects a pass
     */
    static org.stablehlo4j.pass.OpPassManager buildPipeline(String pipeline, PassMaker maker) throws ToolException {
        try {
            return PassPipelineParser.build(pipeline, item -> {
                try {
                    return maker.make(new PassSpec(item.name(), item.options(), item.text()));
                } catch (ToolException e) {
                    throw new Rejected(e);
                }
            });
        } catch (Rejected r) {
            throw r.cause;
        }
    }

    /** How the pass is shown in errors: {@code --NAME}. */
    public String display() {
        return "--" + name;
    }
}
