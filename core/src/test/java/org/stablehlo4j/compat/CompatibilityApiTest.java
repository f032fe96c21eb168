package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * Expected values come from openxla/stablehlo at 3c9301c (StableHLO 1.20.0): stablehlo/api/PortableApi.h
 * ({@code getApiVersion() { return 9; }}), stablehlo/dialect/Version.{h,cpp} (current 1.20.0, minimum 0.9.0,
 * WEEK_4 anchor 1.18.0, WEEK_12 anchor 1.16.2) and the Python binding's error text for getSmallerVersion.
 */
class CompatibilityApiTest {

    @Test
    void versionsAndApiVersion() {
        assertEquals("1.20.0", CompatibilityApi.getCurrentVersion());
        assertEquals("0.9.0", CompatibilityApi.getMinimumVersion());
        assertEquals(9, CompatibilityApi.getApiVersion());
    }

    @Test
    void versionFromCompatibilityRequirement() {
        assertEquals("1.20.0", CompatibilityApi.getVersionFromCompatibilityRequirement(CompatibilityRequirement.NONE));
        assertEquals("1.18.0",
                CompatibilityApi.getVersionFromCompatibilityRequirement(CompatibilityRequirement.WEEK_4));
        assertEquals("1.16.2",
                CompatibilityApi.getVersionFromCompatibilityRequirement(CompatibilityRequirement.WEEK_12));
        assertEquals("0.9.0", CompatibilityApi.getVersionFromCompatibilityRequirement(CompatibilityRequirement.MAX));
        // The C/Python enums number them NONE=0, WEEK_4=1, WEEK_12=2, MAX=3.
        assertEquals(3, CompatibilityRequirement.MAX.ordinal());
        for (CompatibilityRequirement r : CompatibilityRequirement.values()) {
            assertTrue(r.version().isSupported(), r.name());
        }
        // WEEK_12's anchor is a patch release; the opset it converts to is 1.16.0.
        assertEquals(Version.parse("1.16.0"),
                Version.validateTarget(CompatibilityRequirement.WEEK_12.version().toString()));
    }

    @Test
    void smallerVersion() {
        assertEquals("0.9.0", CompatibilityApi.getSmallerVersion("0.9.0", "1.20.0"));
        assertEquals("0.9.0", CompatibilityApi.getSmallerVersion("1.20.0", "0.9.0"));
        assertEquals("1.9.0", CompatibilityApi.getSmallerVersion("1.10.0", "1.9.0"));
        assertEquals("1.4.0", CompatibilityApi.getSmallerVersion("1.4.1", "1.4.0"));
        assertEquals("1.2.3", CompatibilityApi.getSmallerVersion("01.02.03", "5.0.0"), "canonical form");
        assertEquals("7.0.0", CompatibilityApi.getSmallerVersion("7.0.0", "7.0.0"));
        // Not limited to the supported window: upstream only parses.
        assertEquals("99.0.0", CompatibilityApi.getSmallerVersion("99.0.0", "100.0.0"));
        assertEquals("failed to convert version to stablehlo version",
                assertThrows(VersionException.class, () -> CompatibilityApi.getSmallerVersion("1.0", "1.0.0"))
                        .getMessage());
        assertThrows(VersionException.class, () -> CompatibilityApi.getSmallerVersion("1.0.0", "current"));
    }

    @Test
    void messages() {
        assertEquals("failed to deserialize portable artifact using StableHLO_v1.20.0",
                CompatibilityApi.deserializationFailureMessage());
        assertEquals("failed to convert VHLO to v1.9.0",
                CompatibilityApi.conversionFailureMessage(Version.parse("1.9.0")));
    }

    @Test
    void artifactVersionFromHeader() {
        byte[] ok = header("StableHLO_v1.2.3");
        assertEquals(Optional.of(Version.parse("1.2.3")), CompatibilityApi.getPortableArtifactVersion(ok));
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(header("MLIR22.0.0git")));
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(header("StableHLO_v1.2")));
        byte[] badMagic = ok.clone();
        badMagic[0] = 'X';
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(badMagic));
        byte[] noTerminator = java.util.Arrays.copyOf(ok, ok.length - 1);
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(noTerminator));
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(new byte[3]));
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(null));
        assertEquals(Optional.empty(), CompatibilityApi.getPortableArtifactVersion(
                "// not bytecode at all, just text\n".getBytes(StandardCharsets.UTF_8)));
    }

    /** Magic, a one-byte varint for format 6, the producer, NUL. */
    private static byte[] header(String producer) {
        byte[] p = producer.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[5 + p.length + 1];
        out[0] = 'M';
        out[1] = 'L';
        out[2] = (byte) 0xEF;
        out[3] = 'R';
        out[4] = (byte) ((6 << 1) | 1);
        System.arraycopy(p, 0, out, 5, p.length);
        return out;
    }
}
