package org.stablehlo4j.api;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassPipelineParser;
import org.stablehlo4j.pass.PassRegistry;

/**
 * A textual pass pipeline as {@code stablehlo-opt --pass-pipeline} takes it (grammar: {@link PassPipelineParser}),
 * turned into configured passes of a registry.
 */
final class PassPipeline {
    private PassPipeline() {}

    /** The configured passes, in order. */
    static List<Pass> parse(String pipeline, PassRegistry registry) throws StableHloException {
        List<PassPipelineParser.Item> items;
        try {
            items = PassPipelineParser.parse(pipeline);
        } catch (IllegalArgumentException e) {
            throw new StableHloException(e.getMessage());
        }
        List<Pass> out = new ArrayList<>();
        for (PassPipelineParser.Item item : items) {
            PassRegistry.Factory f = registry.lookup(item.name());
            if (f == null) {
                String known = String.join(", ", registry.names());
                throw new StableHloException(registry.isUpstream(item.name())
                        ? "pass '" + item.name() + "' is not implemented in stablehlo4j (known: " + known + ")"
                        : "unknown pass '" + item.name() + "' (known passes: " + known + ")");
            }
            try {
                out.add(f.create(item.options()));
            } catch (RuntimeException e) {
                throw new StableHloException("pass '" + item.name() + "': " + e.getMessage());
            }
        }
        return out;
    }
}
