package org.stablehlo4j.bytecode.writer;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.ir.Module;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        return "first difference at byte " + i + " (" + SectionMap.describe(expected, i) + "), sizes "
                + expected.length + " vs " + actual.length;
    }

    @Test
    void legalizeToVhloFilesRoundTripByteIdentical() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(vhloDir())) {
            files = s.filter(p -> p.getFileName().toString().matches("stablehlo_legalize_to_vhlo\\..*\\.mlir\\.bc"))
                    .sorted().toList();
        }
        Assumptions.assumeFalse(files.isEmpty());
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            Module m = BytecodeReader.read(data, f.toString());
            byte[] out = BytecodeWriter.write(m, configOf(data));
            String diff = compare(data, out);
            if (diff != null) failures.add(f.getFileName() + ": " + diff);
        }
        System.out.println("[writer] identical: " + (files.size() - failures.size()) + "/" + files.size());
        failures.forEach(x -> System.out.println("[writer] " + x));
        assertEquals(List.of(), failures);
    }
}
