package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.compat.PortableArtifactWriter;
import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.ModuleOp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The decisive test: every upstream {@code stablehlo_legalize_to_vhlo.X_Y_Z.mlir.bc} is read and written back
 * with the configuration its header and dialect section declare; the bytes must be identical.
 */
class VhloRoundTripTest {
    static Path vhloDir() {
        String shared = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(shared != null, "stablehlo.shared not set");
        Path dir = Path.of(shared, "stablehlo", "tests", "vhlo");
        Assumptions.assumeTrue(Files.isDirectory(dir), "upstream corpus absent: " + dir);
        return dir;
    }

    /** The config a file was written with, as recorded in its header and dialect section. */
    static BytecodeWriterConfig configOf(byte[] data) throws Exception {
        BytecodeReader.FileInfo info = BytecodeReader.describe(data, "input");
        BytecodeWriterConfig cfg = new BytecodeWriterConfig((int) info.version(), info.producer(), Map.of(), false);
        for (Map.Entry<String, byte[]> d : info.dialectVersions().entrySet()) {
            if (d.getValue() != null) cfg = cfg.withDialectVersion(d.getKey(), d.getValue());
        }
        return cfg;
    }

    /** Null if equal, else a description of the first difference. */
    static String compare(byte[] expected, byte[] actual) {
        if (Arrays.equals(expected, actual)) return null;
        int n = Math.min(expected.length, actual.length);
        int i = 0;
        while (i < n && expected[i] == actual[i]) i++;
        return "first difference at byte " + i + " (" + where(expected, i) + "), sizes "
                + expected.length + " vs " + actual.length;
    }

    private static String where(byte[] data, int offset) {
        org.stablehlo4j.bytecode.BytecodeDiff.Section s;
        try {
            s = org.stablehlo4j.bytecode.BytecodeDiff.sectionAt(data, offset);
        } catch (RuntimeException e) {
            return "unparseable position";
        }
        return s == null ? "header or past the end" : s.name() + " section +" + (offset - s.start());
    }

    @Test
    void legalizeToVhloFilesRoundTripByteIdentical() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(vhloDir())) {
            files = s.filter(p -> p.getFileName().toString().matches("stablehlo_legalize_to_vhlo\\..*\\.mlir\\.bc"))
                    .sorted().toList();
        }
        assertEquals(32, files.size(), "upstream has 32 legalize_to_vhlo artifacts");
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), data, f.toString());
            String diff = compare(data, BytecodeWriter.write(TestContexts.standard(), m, configOf(data)));
            if (diff != null) failures.add(f.getFileName() + ": " + diff);
            // The serialization path derives the same configuration from the target version alone.
            Version target = Version.parse(BytecodeReader.getPortableArtifactVersion(data));
            String viaTarget = compare(data, PortableArtifactWriter.write(TestContexts.standard(), m, target));
            if (viaTarget != null) failures.add(f.getFileName() + " (forTarget " + target + "): " + viaTarget);
        }
        System.out.println("[writer] identical: " + (files.size() - failures.size()) + "/" + files.size());
        failures.forEach(x -> System.out.println("[writer] " + x));
        assertEquals(List.of(), failures);
    }

    /** Every other readable bytecode file of the upstream VHLO tests also comes back byte for byte. */
    @Test
    void otherUpstreamBytecodeFilesRoundTrip() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(vhloDir())) {
            files = s.filter(p -> p.toString().endsWith(".bc") && !p.toString().contains("legalize_to_vhlo"))
                    .sorted().toList();
        }
        int identical = 0;
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            ModuleOp m;
            try {
                m = BytecodeReader.read(TestContexts.standard(), data, f.toString());
            } catch (org.stablehlo4j.bytecode.BytecodeException e) {
                continue; // invalid on purpose (e.g. ops from a future version)
            }
            assertEquals(null, compare(data, BytecodeWriter.write(TestContexts.standard(), m, configOf(data))), f.toString());
            identical++;
        }
        assertTrue(identical >= 1, "expected vhlo_emit_version_api.1_1_0.mlir.bc to be readable");
    }
}
