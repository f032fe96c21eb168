package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BytecodeReaderTest {
    static Path vhloDir() {
        String shared = System.getProperty("stablehlo.shared", "../shared/stablehlo");
        Path dir = Path.of(shared, "stablehlo", "tests", "vhlo");
        Assumptions.assumeTrue(Files.isDirectory(dir), "upstream corpus not present: " + dir);
        return dir;
    }

    static List<Path> artifacts() throws IOException {
        try (Stream<Path> s = Files.list(vhloDir())) {
            return s.filter(p -> p.getFileName().toString().endsWith(".mlir.bc")).sorted().toList();
        }
    }

    static boolean isInvalid(Path p) {
        return p.getFileName().toString().startsWith("invalid_");
    }

    @Test
    void readsEveryValidArtifact() throws Exception {
        int read = 0;
        List<String> failures = new ArrayList<>();
        for (Path p : artifacts()) {
            if (isInvalid(p)) continue;
            try {
                ModuleOp m = BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(p), p.toString());
                assertTrue(m.body().operations().size() > 0, p.toString());
                read++;
            } catch (DiagnosticException e) {
                failures.add(p.getFileName() + ": " + e.getMessage() + " " + e.diagnostics().get(0).notes());
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(33, read, "number of valid upstream artifacts read");
    }

    @Test
    void futureArtifactReportsUnknownOpAndProducer() throws Exception {
        Path p = vhloDir().resolve("invalid_vhlo_future.mlir.bc");
        byte[] data = Files.readAllBytes(p);
        assertEquals("2.0.0", BytecodeReader.getPortableArtifactVersion(data));
        BytecodeException e = assertThrows(BytecodeException.class, () -> BytecodeReader.read(TestContexts.standard(), data, p.toString()));
        assertEquals("unregistered operation 'vhlo.constant_v99' found in dialect ('vhlo') that does not allow "
                + "unknown operations", e.baseMessage());
        assertEquals("IR", e.section());
        assertEquals("in bytecode version 6 produced by: StableHLO_v2.0.0",
                e.diagnostics().get(0).notes().get(0).message());
    }

    @Test
    void portableArtifactVersion() throws Exception {
        byte[] data = Files.readAllBytes(vhloDir().resolve("vhlo_emit_version_api.1_1_0.mlir.bc"));
        assertEquals("1.1.0", BytecodeReader.getPortableArtifactVersion(data));
        assertEquals(null, BytecodeReader.getPortableArtifactVersion("// text".getBytes()));
        assertEquals(6, BytecodeReader.readHeader(data, "x").version());
    }

    @Test
    void describeListsDialectsAndOps() throws Exception {
        byte[] data = Files.readAllBytes(vhloDir().resolve("invalid_vhlo_future.mlir.bc"));
        BytecodeReader.FileInfo info = BytecodeReader.describe(data, "future");
        assertEquals(6, info.version());
        assertEquals("StableHLO_v2.0.0", info.producer());
        assertTrue(info.dialectVersions().containsKey("vhlo"), info.dialectVersions().keySet().toString());
        assertTrue(info.opNames().contains("vhlo.constant_v99"), info.opNames().toString());
    }

    @Test
    void artifactTopLevelIsVhloFunctions() throws Exception {
        for (Path p : artifacts()) {
            if (isInvalid(p)) continue;
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(p), p.toString());
            assertEquals("builtin.module", m.op().name());
            for (Operation op : m.body().operations()) {
                assertEquals("vhlo.func_v1", op.name(), p.toString());
                assertTrue(op.properties().get("sym_name") != null, p + ": func without sym_name");
            }
        }
    }
}
