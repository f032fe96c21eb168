package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The version side of upstream's portable API (openxla/stablehlo {@code stablehlo/api/PortableApi.{h,cpp}},
 * {@code stablehlo/dialect/Serialization.cpp} and the C/Python bindings), at StableHLO 1.20.0.
 */
public final class CompatibilityApi {
    /** Upstream {@code getApiVersion()}: "increments on all meaningful changes" to PortableApi.h; 9 at 1.20.0. */
    public static final int API_VERSION = 9;

    /** The magic number every MLIR bytecode file starts with: "ML\xEFR". */
    private static final byte[] BYTECODE_MAGIC = {'M', 'L', (byte) 0xEF, 'R'};
    private static final String PRODUCER_PREFIX = "StableHLO_v";
    /** Upstream's minimum header length for {@code MLiRxStableHLO_vX.Y.Z}. */
    private static final int MIN_HEADER_LENGTH = 19;

    private CompatibilityApi() {}

    /**
     * Upstream's {@code getApiVersion}: the version of this compatibility API itself, not of StableHLO.
     *
     * @return the API version number
     */
    public static int getApiVersion() {
        return API_VERSION;
    }

    /**
     * The newest StableHLO version this build reads and writes.
     *
     * @return the version, e.g. {@code "1.20.0"}
     */
    public static String getCurrentVersion() {
        return Version.current().toString();
    }

    /**
     * The oldest StableHLO version this build can serialize to.
     *
     * @return the version, e.g. {@code "0.9.0"}
     */
    public static String getMinimumVersion() {
        return Version.minimum().toString();
    }

    /**
     * The smaller of two version strings, formatted canonically (so {@code "01.2.3"} comes back as
     * {@code "1.2.3"}), as upstream {@code getSmallerVersion}.
     *
     * @param version1 a version {@code #.#.#}
     * @param version2 a version {@code #.#.#}
     * @return the smaller one, canonically formatted
     * @throws VersionException "failed to convert version to stablehlo version" (the Python binding's text) if
     *                          either string is not of the form {@code #.#.#}
     */
    public static String getSmallerVersion(String version1, String version2) {
        Optional<Version> v1 = Version.tryParse(version1);
        Optional<Version> v2 = Version.tryParse(version2);
        if (v1.isEmpty() || v2.isEmpty()) {
            throw new VersionException("failed to convert version to stablehlo version");
        }
        return Version.min(v1.get(), v2.get()).toString();
    }

    /**
     * Upstream {@code Version::fromCompatibilityRequirement}, as a string.
     *
     * @param requirement how far back the artifact must be readable
     * @return the version to serialize at
     */
    public static String getVersionFromCompatibilityRequirement(CompatibilityRequirement requirement) {
        return requirement.version().toString();
    }

    /**
     * The diagnostic upstream's deserializer emits (at an unknown location) when an artifact cannot be parsed:
     * {@code failed to deserialize portable artifact using StableHLO_v1.20.0}.
     *
     * @return the message text
     */
    public static String deserializationFailureMessage() {
        return "failed to deserialize portable artifact using " + Version.current().producerString();
    }

    /**
     * The error the vhlo-to-version pass emits on the module when conversion fails:
     * {@code failed to convert VHLO to v1.9.0}.
     *
     * @param target the version conversion was attempted to
     * @return the message text
     */
    public static String conversionFailureMessage(Version target) {
        return "failed to convert VHLO to v" + target;
    }

    /**
     * The StableHLO version recorded in a portable artifact's producer string, following upstream
     * {@code getPortableArtifactVersion}: the bytes up to the first NUL must start with the bytecode magic and
     * contain {@code StableHLO_v}, followed by exactly {@code #.#.#}. Empty if any of that does not hold.
     *
     * @param artifact the artifact's bytes (only the header is read); may be null
     * @return the producer's version, or empty
     */
    public static Optional<Version> getPortableArtifactVersion(byte[] artifact) {
        if (artifact == null || artifact.length < MIN_HEADER_LENGTH) {
            return Optional.empty();
        }
        int end = 0;
        while (end < artifact.length && artifact[end] != 0) {
            end++;
        }
        if (end == artifact.length || end < BYTECODE_MAGIC.length) {
            return Optional.empty();
        }
        for (int i = 0; i < BYTECODE_MAGIC.length; i++) {
            if (artifact[i] != BYTECODE_MAGIC[i]) {
                return Optional.empty();
            }
        }
        // Latin-1 keeps one char per byte, so indexes stay byte offsets and any byte value is representable.
        String header = new String(artifact, 0, end, StandardCharsets.ISO_8859_1);
        int at = header.indexOf(PRODUCER_PREFIX);
        if (at < 0) {
            return Optional.empty();
        }
        return Version.tryParse(header.substring(at + PRODUCER_PREFIX.length()));
    }

    /**
     * Writes a module that has already been legalized to VHLO and converted to the target's opset as a portable
     * artifact for {@code targetVersion} ({@code X.Y.Z}, {@code current} or {@code minimum}).
     *
     * @param context the context the module belongs to
     * @param vhloModule the module, already in VHLO at the target's opset
     * @param targetVersion the version to write for
     * @param os where the bytes go
     * @throws java.io.IOException if writing to {@code os} fails
     * @throws VersionException if the target is malformed or outside the supported window
     */
    public static void serializePortableArtifact(org.stablehlo4j.ir.Context context,
                                                 org.stablehlo4j.ir.ModuleOp vhloModule, String targetVersion,
                                                 java.io.OutputStream os) throws java.io.IOException {
        org.stablehlo4j.compat.PortableArtifactWriter.write(context, vhloModule,
                Version.resolveSerializationTarget(targetVersion), os);
    }
}
