package org.stablehlo4j.bytecode.writer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to write bytecode: the format version (0 to {@link BytecodeWriter#MAX_VERSION}), the producer string of
 * the header, and per dialect the raw payload of its dialect-version entry (dialects without one write none).
 *
 * @param elideResourceData write resource entries without their data (MLIR's {@code --elide-resource-data})
 */
public record BytecodeWriterConfig(int bytecodeVersion, String producer, Map<String, byte[]> dialectVersions,
                                   boolean elideResourceData) {
    /** The producer MLIR's tools write by default. */
    public static final String DEFAULT_PRODUCER = "MLIR22.0.0git";

    public BytecodeWriterConfig {
        if (bytecodeVersion < 0 || bytecodeVersion > BytecodeWriter.MAX_VERSION) {
            throw new IllegalArgumentException("unsupported version requested " + bytecodeVersion
                    + ", must be in range [0, " + BytecodeWriter.MAX_VERSION + "]");
        }
        if (producer == null) throw new IllegalArgumentException("producer must not be null");
        Map<String, byte[]> copy = new LinkedHashMap<>();
        dialectVersions.forEach((k, v) -> copy.put(k, v.clone()));
        dialectVersions = java.util.Collections.unmodifiableMap(copy);
    }

    /** The newest format with the given producer and no dialect versions. */
    public static BytecodeWriterConfig current(String producer) {
        return new BytecodeWriterConfig(BytecodeWriter.MAX_VERSION, producer, Map.of(), false);
    }

    /** A copy with the dialect-version payload of {@code dialect} set (or removed when null). */
    public BytecodeWriterConfig withDialectVersion(String dialect, byte[] payload) {
        Map<String, byte[]> m = new LinkedHashMap<>(dialectVersions);
        if (payload == null) m.remove(dialect);
        else m.put(dialect, payload);
        return new BytecodeWriterConfig(bytecodeVersion, producer, m, elideResourceData);
    }
}
