package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;

class PortableArtifactsTest {
    @Test
    void futureOpReportsTheReaderErrorThenTheDeserializationFailure() throws Exception {
        Path bc = DeserializeCorpusTest.vhloDir().resolve("invalid_vhlo_future.mlir.bc");
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), bc));
        List<Diagnostic> d = e.diagnostics();
        assertTrue(d.get(0).message().contains(
                "unregistered operation 'vhlo.constant_v99' found in dialect ('vhlo') that does not allow unknown"
                        + " operations"), d.get(0).message());
        assertTrue(d.get(0).notes().get(0).message().contains("produced by: StableHLO_v2.0.0"));
        assertEquals("failed to deserialize portable artifact using StableHLO_v" + Version.current(),
                d.get(d.size() - 1).message());
    }

    @Test
    void artifactVersionComesFromTheProducer() throws Exception {
        Path dir = DeserializeCorpusTest.vhloDir();
        byte[] bc = Files.readAllBytes(dir.resolve("vhlo_emit_version_api.1_1_0.mlir.bc"));
        assertEquals(Optional.of(Version.parse("1.1.0")), PortableArtifacts.getPortableArtifactVersion(bc));
        byte[] text = Files.readAllBytes(dir.resolve("vhlo_emit_version_api.1_1_0.mlir"));
        assertEquals(Optional.empty(), PortableArtifacts.getPortableArtifactVersion(text));
        String out = PortableArtifacts.deserializePortableArtifactToString(TestContexts.standard(), bc);
        assertTrue(out.contains("\"stablehlo.add\"(%arg0, %arg0)"), out);
        assertTrue(out.contains("\"func.func\"()"), out);
    }

    @Test
    void garbageIsAnErrorNotACrash() {
        byte[][] inputs = {"ML\u00efR".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
            {'M', 'L', (byte) 0xEF, 'R', 6, 'x', 0, (byte) 0xFF, (byte) 0xFF}, "module {".getBytes(),
            "not an artifact".getBytes()};
        for (byte[] in : inputs) {
            DiagnosticException e = assertThrows(DiagnosticException.class,
                    () -> PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), in));
            assertTrue(e.diagnostics().get(e.diagnostics().size() - 1).message()
                    .startsWith("failed to deserialize portable artifact"));
        }
    }

    @Test
    void assemblyTextIsAcceptedLikeUpstream() throws Exception {
        // tests/vhlo/vhlo_emit_version_api.1_1_0.mlir deserializes a text file: upstream parses either kind
        org.stablehlo4j.ir.ModuleOp m = PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), 
                "func.func @f(%a: tensor<f32>) -> tensor<f32> { return %a : tensor<f32> }".getBytes());
        assertTrue(org.stablehlo4j.asm.AsmPrinter.print(TestContexts.standard(), m, org.stablehlo4j.asm.PrintOptions.DEFAULT)
                .contains("func.func @f(%arg0: tensor<f32>) -> tensor<f32>"));
    }

    @Test
    void serializationSideLegalizesToTheTargetVersion() throws Exception {
        String src = VhloToVersionTest.cbrt("DEFAULT");
        String v = VhloToVersionTest.print(PortableArtifacts.legalizeForSerialization(
                VhloToVersionTest.parse(src), "1.1.0", false));
        assertTrue(v.contains("\"vhlo.cbrt_v1\"(%arg0)"), v);
        assertTrue(v.contains("\"vhlo.func_v1\"()"), v);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> PortableArtifacts
                .legalizeForSerialization(VhloToVersionTest.parse(src), "1.2", false));
        assertTrue(e.diagnostics().get(0).message().startsWith("Invalid target version argument '1.2'"));
    }
}
