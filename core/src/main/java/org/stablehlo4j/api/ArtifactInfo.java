package org.stablehlo4j.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a portable artifact (or any MLIR bytecode file) holds, read without building its IR: see
 * {@link StableHlo#artifactInfo(byte[])}.
 *
 * @param producer         the producer string of the header, e.g. {@code StableHLO_v1.9.0}
 * @param bytecodeVersion  the MLIR bytecode format version (0..6)
 * @param stablehloVersion the StableHLO version of the producer string, when it is {@code StableHLO_vX.Y.Z}
 * @param dialects         the dialects the file declares, in file order
 * @param opCounts         how many operations of each name the IR holds (including the top-level
 *                         {@code builtin.module} and every nested op), sorted by name
 * @param sizeBytes        the file size
 */
public record ArtifactInfo(String producer, long bytecodeVersion, Optional<String> stablehloVersion,
                           List<String> dialects, Map<String, Long> opCounts, long sizeBytes) {
    /**
     * Copies the lists and sorts the op counts by name.
     *
     * @param producer         the producer string
     * @param bytecodeVersion  the bytecode format version
     * @param stablehloVersion the StableHLO version of the producer, if it names one
     * @param dialects         the dialects
     * @param opCounts         how many operations of each name
     * @param sizeBytes        the file size
     */
    public ArtifactInfo {
        dialects = List.copyOf(dialects);
        opCounts = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(opCounts));
    }

    /**
     * The total number of operations.
     *
     * @return the total number of operations
     */
    public long totalOps() {
        long n = 0;
        for (long c : opCounts.values()) n += c;
        return n;
    }
}
