package org.stablehlo4j.api;

import java.util.List;

/**
 * A portable artifact with what serialization did to the module first
 * ({@link StableHlo#serialize(org.stablehlo4j.ir.ModuleOp, String, SerializeOptions)}).
 *
 * @param bytes    the artifact
 * @param expanded what the compatibility expander rewrote for the target
 *                 ({@link SerializeOptions#expandForTarget()}), one line per feature, e.g.
 *                 {@code expanded 1 x stablehlo.tan for StableHLO 1.0.0}; empty when it was not asked for or
 *                 nothing was newer than the target
 */
public record SerializedArtifact(byte[] bytes, List<String> expanded) {
    /**
     * The artifact.
     *
     * @param bytes the artifact (not copied)
     * @param expanded the expander's lines
     */
    public SerializedArtifact {
        expanded = List.copyOf(expanded);
    }
}
