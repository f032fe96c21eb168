package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class VersionTest {

    @Test
    void parsesFormatsAndCompares() {
        Version v = Version.parse("1.20.0");
        assertEquals(1, v.major());
        assertEquals(20, v.minor());
        assertEquals(0, v.patch());
        assertEquals("1.20.0", v.toString());
        assertEquals("0.9.0", Version.parse("00.09.00").toString());
        assertTrue(Version.parse("0.20.0").compareTo(Version.parse("1.0.0")) < 0);
        assertTrue(Version.parse("1.9.0").compareTo(Version.parse("1.10.0")) < 0, "numeric, not lexical");
        assertTrue(Version.parse("1.4.1").compareTo(Version.parse("1.4.0")) > 0);
        assertEquals(Version.parse("1.2.3"), new Version(1, 2, 3));
        assertEquals(Version.parse("1.2.3").hashCode(), new Version(1, 2, 3).hashCode());
    }

    @Test
    void rejectsEverythingButThreeDecimalNumbers() {
        for (String bad : new String[] {"", "1", "1.2", "1.2.3.4", "1..3", ".1.2", "1.2.", "x.y.z", "1.2.3 ",
                " 1.2.3", "-1.2.3", "+1.2.3", "1.2.3a", "v1.2.3", "1.2.99999999999999999999", "1,2,3"}) {
            assertEquals(Optional.empty(), Version.tryParse(bad), bad);
        }
        assertEquals(Optional.empty(), Version.tryParse(null));
    }

    @Test
    void currentAndMinimumAreUpstreams() {
        // stablehlo/dialect/Version.h at 3c9301c: getCurrentVersion() 1.20.0, getMinimumVersion() 0.9.0.
        assertEquals("1.20.0", Version.current().toString());
        assertEquals("0.9.0", Version.minimum().toString());
    }

    @Test
    void validateTargetUsesUpstreamWordingAndZeroesThePatch() {
        assertEquals(Version.parse("1.4.0"), Version.validateTarget("1.4.1"));
        assertEquals(Version.parse("0.9.0"), Version.validateTarget("0.9.0"));
        assertEquals(Version.current(), Version.validateTarget("1.20.0"));
        assertEquals("No target version specified.\nTarget version must be of the form `#.#.#`.",
                assertThrows(VersionException.class, () -> Version.validateTarget("")).getMessage());
        assertEquals("Invalid target version argument 'x.y.z'\nTarget version must be of the form `#.#.#`.",
                assertThrows(VersionException.class, () -> Version.validateTarget("x.y.z")).getMessage());
        assertEquals("target version 0.8.9 is less than minimum supported 0.9.0",
                assertThrows(VersionException.class, () -> Version.validateTarget("0.8.9")).getMessage());
        assertEquals("target version 1.20.1 is greater than current version 1.20.0",
                assertThrows(VersionException.class, () -> Version.validateTarget("1.20.1")).getMessage());
        // The pass accepts no keyword; only serialization resolves "current".
        assertThrows(VersionException.class, () -> Version.validateTarget("current"));
        assertEquals(Version.current(), Version.resolveSerializationTarget("current"));
        assertEquals(Version.minimum(), Version.resolveSerializationTarget("minimum"));
        assertEquals("1.16.2", Version.resolveSerializationTarget("1.16.2").toString(), "patch kept for producer");
        assertThrows(VersionException.class, () -> Version.resolveSerializationTarget("2.0.0"));
    }

    /**
     * vhlo_to_version_invalid.mlir runs the pass with several bad targets and checks the diagnostics with a
     * prefix per RUN line; our messages must contain each checked line, in order.
     */
    @Test
    void invalidTargetMessagesMatchUpstreamsTest() {
        Path file = VhloSuite.dir().resolve("vhlo_to_version_invalid.mlir");
        String text = VhloSuite.read(file);
        Pattern run = Pattern.compile("//\\s*RUN:.*?--vhlo-to-version(?:='target=([^']*)')?\\s.*--check-prefix=(\\w+)");
        Matcher m = run.matcher(text);
        int checked = 0;
        while (m.find()) {
            String target = m.group(1) == null ? "" : m.group(1);
            String prefix = m.group(2);
            String message = assertThrows(VersionException.class, () -> Version.validateTarget(target)).getMessage();
            List<String> expected = new ArrayList<>();
            Matcher c = Pattern.compile("//\\s*" + prefix + "(?:-NEXT)?:\\s*(.*)").matcher(text);
            while (c.find()) {
                expected.add(c.group(1).trim());
            }
            assertFalse(expected.isEmpty(), prefix);
            int from = 0;
            for (String line : expected) {
                int at = message.indexOf(line, from);
                assertTrue(at >= 0, prefix + ": '" + line + "' not in '" + message + "'");
                from = at + line.length();
            }
            checked++;
        }
        assertEquals(4, checked, "RUN lines with a check prefix in vhlo_to_version_invalid.mlir");
    }

    @Test
    void everySuiteVersionIsAReleaseInsideTheWindow() {
        TreeSet<Version> seen = new TreeSet<>();
        for (Path p : VhloSuite.files(".mlir")) {
            VhloSuite.versionInName(p).ifPresent(v -> {
                assertTrue(v.isSupported(), p + " has version " + v + " outside the window");
                v.checkSupported();
                seen.add(v);
            });
        }
        List<Version> legalizeSuite = new ArrayList<>();
        for (Path p : VhloSuite.files(".mlir")) {
            if (p.getFileName().toString().startsWith("stablehlo_legalize_to_vhlo.")) {
                VhloSuite.versionInName(p).ifPresent(legalizeSuite::add);
            }
        }
        // One compatibility-suite file per released opset (1.17.0 was never released).
        assertEquals(Version.releases(), legalizeSuite.stream().sorted().toList());
        assertEquals(32, Version.releases().size());
        assertTrue(seen.contains(Version.parse("1.17.0")), "1.17.0 is a valid target used by the suite");
        assertFalse(Version.releases().contains(Version.parse("1.17.0")));
    }

    @Test
    void bytecodeFormatPerVersionFollowsUpstreamsTable() {
        // Version::getBytecodeVersion in stablehlo/dialect/Version.cpp.
        String[][] expected = {{"0.9.0", "0"}, {"0.9.5", "0"}, {"0.10.0", "1"}, {"0.11.0", "1"}, {"0.12.0", "3"},
            {"0.13.0", "3"}, {"0.14.0", "4"}, {"0.14.9", "4"}, {"0.15.0", "6"}, {"1.0.0", "6"}, {"1.20.0", "6"}};
        for (String[] row : expected) {
            assertEquals(OptionalInt.of(Integer.parseInt(row[1])), Version.parse(row[0]).bytecodeVersion(), row[0]);
        }
        assertEquals(OptionalInt.empty(), Version.parse("0.8.0").bytecodeVersion());
        assertEquals(OptionalInt.empty(), Version.parse("1.20.1").bytecodeVersion());
        assertEquals(OptionalInt.empty(), Version.parse("2.0.0").bytecodeVersion());
    }

    /**
     * Every artifact of the compatibility suite was written by upstream for the version in its name: its header
     * holds that bytecode format version (a one-byte PrefixVarInt right after the magic) and the producer
     * {@code StableHLO_vX.Y.Z}.
     */
    @Test
    void suiteArtifactsCarryTheBytecodeVersionAndProducerOfTheirVersion() {
        int checked = 0;
        for (Path p : VhloSuite.files(".mlir.bc")) {
            Optional<Version> named = VhloSuite.versionInName(p);
            if (named.isEmpty() || !p.getFileName().toString().startsWith("stablehlo_legalize_to_vhlo.")) {
                continue;
            }
            byte[] bytes = VhloSuite.readBytes(p);
            int varint = bytes[4] & 0xFF;
            assertEquals(1, varint & 1, p + ": bytecode version should be a one-byte varint");
            assertEquals(named.get().bytecodeVersion().getAsInt(), varint >>> 1, p.toString());
            assertEquals(named, CompatibilityApi.getPortableArtifactVersion(bytes), p.toString());
            String producer = named.get().producerString();
            assertEquals(producer, new String(bytes, 5, producer.length(), StandardCharsets.ISO_8859_1), p.toString());
            assertEquals(0, bytes[5 + producer.length()], p + ": producer string is NUL-terminated");
            checked++;
        }
        assertEquals(32, checked);
    }
}
