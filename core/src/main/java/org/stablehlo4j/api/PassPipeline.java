package org.stablehlo4j.api;

import org.stablehlo4j.pass.OpPassManager;
import org.stablehlo4j.pass.PassPipelineParser;
import org.stablehlo4j.pass.PassRegistry;

/**
 * A textual pass pipeline as {@code stablehlo-opt --pass-pipeline} takes it (grammar: {@link PassPipelineParser}),
 * turned into a pass manager of configured passes of a registry (nested pipelines such as
 * {@code builtin.module(func.func(canonicalize), cse)} included).
 */
final class PassPipeline {
    private PassPipeline() {}

    /** Thrown through the parser's resolver to carry a lookup failure out. */
    private static final class Unresolved extends RuntimeException {
        Unresolved(String message) {
            super(message, null, false, false);
        }
    }

    /** The pass manager of {@code pipeline}. */
    static OpPassManager parse(String pipeline, PassRegistry registry) throws StableHloException {
        try {
            return PassPipelineParser.build(pipeline, item -> {
                PassRegistry.Factory f = registry.lookup(item.name());
                if (f == null) {
                    String known = String.join(", ", registry.names());
                    throw new Unresolved(registry.isUpstream(item.name())
                            ? "pass '" + item.name() + "' is not implemented in stablehlo4j (known: " + known + ")"
                            : "unknown pass '" + item.name() + "' (known passes: " + known + ")");
                }
                try {
                    return f.create(item.options());
                } catch (RuntimeException e) {
                    throw new Unresolved("pass '" + item.name() + "': " + e.getMessage());
                }
            });
        } catch (Unresolved | IllegalArgumentException e) {
            throw new StableHloException(e.getMessage());
        }
    }
}
