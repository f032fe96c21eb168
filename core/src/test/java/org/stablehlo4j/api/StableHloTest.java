package org.stablehlo4j.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stablehlo4j.testing.ArtifactAssertions.refusedWithoutWriting;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.compat.CompatibilityRequirement;
import org.stablehlo4j.ir.ModuleOp;

class StableHloTest {
    static final StableHlo API = StableHlo.create();

    static final String ADD = """
            func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
              %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>
              return %0 : tensor<2xf32>
            }
            """;
    static final String PRINTED_ADD = """
            module {
              func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
                %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>
                return %0 : tensor<2xf32>
              }
            }

            """;
    static final String TAN = """
            func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
              %0 = stablehlo.tan %arg0 : tensor<2xf32>
              return %0 : tensor<2xf32>
            }
            """;
    /** Parses, but does not verify: add of a 2- and a 3-element tensor. */
    static final String INVALID = """
            func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
              %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
              return %0 : tensor<2xf32>
            }
            """;

    static Path shared() {
        String p = System.getProperty("stablehlo.shared");
        return p == null ? null : Path.of(p);
    }

    // ---- versions -----------------------------------------------------------------------------------------------

    @Test
    void versions() throws Exception {
        assertEquals(9, StableHlo.apiVersion());
        assertEquals("1.20.0", StableHlo.currentVersion());
        assertEquals("0.9.0", StableHlo.minimumVersion());
        assertEquals("1.1.0", StableHlo.smallerVersion("1.2.3", "01.1.0"));
        assertEquals("0.9.0", StableHlo.smallerVersion("0.9.0", "1.20.0"));
        StableHloException e = assertThrows(StableHloException.class, () -> StableHlo.smallerVersion("1.x", "1.0.0"));
        assertEquals("error: failed to convert version to stablehlo version", e.getMessage());
        assertEquals("1.20.0", StableHlo.versionFromCompatibilityRequirement(CompatibilityRequirement.NONE));
        assertEquals("1.18.0", StableHlo.versionFromCompatibilityRequirement(CompatibilityRequirement.WEEK_4));
        assertEquals("1.16.2", StableHlo.versionFromCompatibilityRequirement(CompatibilityRequirement.WEEK_12));
        assertEquals("0.9.0", StableHlo.versionFromCompatibilityRequirement(CompatibilityRequirement.MAX));
    }

    // ---- text ---------------------------------------------------------------------------------------------------

    @Test
    void parsePrintAndOptions() throws Exception {
        ModuleOp m = API.parse(ADD);
        assertEquals(PRINTED_ADD, API.print(m));
        String generic = API.print(m, new PrintOptions(true, false, false));
        assertTrue(generic.contains("\"stablehlo.add\"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"),
                generic);
        String debug = API.print(API.parse(ADD, ParseOptions.of("add.mlir")), new PrintOptions(false, true, false));
        assertTrue(debug.contains("\"add.mlir\":2:"), debug);
    }

    @Test
    void parseErrorHasFileLineColumn() {
        StableHloException e = assertThrows(StableHloException.class,
                () -> API.parse("func.func @f() {\n  %0 = stablehlo.bogus\n}", ParseOptions.of("bad.mlir")));
        assertTrue(e.getMessage().startsWith("bad.mlir:2:"), e.getMessage());
        assertFalse(e.diagnostics().isEmpty());
    }

    @Test
    void parseVerifiesAndVerifyReportsUpstreamMessage() throws Exception {
        StableHloException e = assertThrows(StableHloException.class, () -> API.parse(INVALID, ParseOptions.of("i.mlir")));
        assertTrue(e.getMessage().startsWith("i.mlir:2:3: error: 'stablehlo.add' op "), e.getMessage());
        ModuleOp unverified = AsmParser.parse(API.context(), INVALID, ParseOptions.of("i.mlir"));
        StableHloException v = assertThrows(StableHloException.class, () -> API.verify(unverified));
        assertEquals(e.getMessage(), v.getMessage());
        API.verify(API.parse(ADD));
    }

    // ---- passes -------------------------------------------------------------------------------------------------

    @Test
    void passPipelines() throws Exception {
        String text = """
                func.func private @g(%x: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.negate %x : tensor<f32>
                  return %0 : tensor<f32>
                }
                func.func @main(%x: tensor<f32>) -> tensor<f32> {
                  %0 = func.call @g(%x) : (tensor<f32>) -> tensor<f32>
                  return %0 : tensor<f32>
                }
                """;
        ModuleOp m = API.parse(text);
        assertEquals(List.of(), API.runPasses(m, "builtin.module(inline, strip-debuginfo)"));
        String printed = API.print(m);
        assertFalse(printed.contains("func.call"), printed);
        ModuleOp v = API.parse(ADD);
        API.runPasses(v, "stablehlo-legalize-to-vhlo, vhlo-to-version{target=1.9.0}");
        assertTrue(API.print(v).contains("vhlo.add_v1"), API.print(v));
        assertTrue(API.passNames().contains("inline"));

        StableHloException unknown = assertThrows(StableHloException.class, () -> API.runPasses(API.parse(ADD), "no-such-pass"));
        String known = String.join(", ", API.passNames());
        assertEquals("error: unknown pass 'no-such-pass' (known passes: " + known + ")", unknown.getMessage());
        StableHloException missing = assertThrows(StableHloException.class,
                () -> API.runPasses(API.parse(ADD), "builtin.module(stablehlo-legalize-to-linalg)"));
        assertEquals("error: pass 'stablehlo-legalize-to-linalg' is not implemented in stablehlo4j (known: "
                + known + ")", missing.getMessage());
        StableHloException badOpt = assertThrows(StableHloException.class,
                () -> API.runPasses(API.parse(ADD), "stablehlo-legalize-to-vhlo,vhlo-to-version{target=0.1.0}"));
        assertTrue(badOpt.getMessage().contains("0.1.0"), badOpt.getMessage());
        assertThrows(StableHloException.class, () -> API.runPasses(API.parse(ADD), "builtin.module(inline"));
        assertThrows(StableHloException.class, () -> API.runPasses(API.parse(ADD), "func.func(inline)"));
    }

    // ---- serialization ------------------------------------------------------------------------------------------

    @Test
    void serializeAt190AndReadBack() throws Exception {
        ModuleOp m = API.parse(ADD);
        String before = API.print(m);
        byte[] artifact = API.serializePortableArtifact(m, "1.9.0");
        assertEquals(before, API.print(m), "the module is not modified");
        assertEquals(Optional.of("1.9.0"), StableHlo.portableArtifactVersion(artifact));
        ArtifactInfo info = StableHlo.artifactInfo(artifact);
        assertEquals("StableHLO_v1.9.0", info.producer());
        assertEquals(6, info.bytecodeVersion());
        assertEquals(Map.of("builtin.module", 1L, "vhlo.func_v1", 1L, "vhlo.add_v1", 1L, "vhlo.return_v1", 1L),
                info.opCounts());
        assertEquals(4, info.totalOps());
        assertTrue(info.dialects().contains("vhlo"), info.dialects().toString());
        assertEquals(PRINTED_ADD, API.print(API.deserializePortableArtifact(artifact)));
        assertEquals(PRINTED_ADD, API.print(API.deserializePortableArtifact(ByteBuffer.wrap(artifact))));
        assertEquals(PRINTED_ADD, API.print(API.deserializePortableArtifact(new ByteArrayInputStream(artifact))));
        assertEquals(PRINTED_ADD, API.deserializePortableArtifactToString(artifact));
        // text overload, keywords
        assertArrayEquals(artifact, API.serializePortableArtifact(ADD, "1.9.0", false));
        assertEquals(Optional.of("1.20.0"), StableHlo.portableArtifactVersion(API.serializePortableArtifact(m, "current")));
        assertEquals(Optional.of("0.9.0"), StableHlo.portableArtifactVersion(API.serializePortableArtifact(m, "minimum")));
        assertEquals(Optional.of("1.16.2"), StableHlo.portableArtifactVersion(API.serializePortableArtifact(m, "1.16.2")));
    }

    @Test
    void deserializeFromPath(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("add.mlir.bc");
        Files.write(f, API.serializePortableArtifact(API.parse(ADD), "1.0.0"));
        assertEquals(PRINTED_ADD, API.print(API.deserializePortableArtifact(f)));
        assertEquals(StableHlo.artifactInfo(Files.readAllBytes(f)), StableHlo.artifactInfo(f));
    }

    @Test
    void wrongTargetVersions() throws Exception {
        ModuleOp m = API.parse(ADD);
        assertEquals("error: target version 0.1.0 is less than minimum supported 0.9.0",
                assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, "0.1.0")).getMessage());
        assertEquals("error: target version 2.0.0 is greater than current version 1.20.0",
                assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, "2.0.0")).getMessage());
        assertEquals("error: Invalid target version argument '1.x'\nTarget version must be of the form `#.#.#`.",
                assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, "1.x")).getMessage());
    }

    @Test
    void invalidModuleIsNotWritten() throws Exception {
        ModuleOp unverified = AsmParser.parse(API.context(), INVALID, ParseOptions.of("i.mlir"));
        String message = refusedWithoutWriting(API, unverified, "1.9.0");
        assertTrue(message.startsWith("i.mlir:2:3: error: 'stablehlo.add' op "), message);
    }

    @Test
    void opTheTargetCannotExpressIsRefused() throws Exception {
        ModuleOp m = API.parse(TAN, ParseOptions.of("tan.mlir"));
        String message = refusedWithoutWriting(API, m, "1.3.0");
        assertTrue(message.contains("tan.mlir:2:3: error: failed to legalize operation 'vhlo.tan_v"), message);
        assertTrue(message.contains("failed to convert VHLO to v1.3.0"), message);
        assertEquals(Optional.of("1.4.0"), StableHlo.portableArtifactVersion(API.serializePortableArtifact(m, "1.4.0")));
        assertEquals("1.4.0", API.minimumVersionFor(m));
        assertEquals("0.9.0", API.minimumVersionFor(ADD));
    }

    @Test
    void otherDialectsOnlyWhenAllowed() throws Exception {
        String text = """
                func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = "foo.bar"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """;
        ModuleOp m = API.parse(text, new ParseOptions("foo.mlir", 1, true));
        StableHloException e = assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, "1.9.0"));
        assertTrue(e.getMessage().contains("foo.bar"), e.getMessage());
        byte[] ok = API.serializePortableArtifact(m, "1.9.0", true);
        assertEquals(1L, StableHlo.artifactInfo(ok).opCounts().get("foo.bar"));
    }

    @Test
    void vhloInputIsRefusedNotWrittenAsIs() throws Exception {
        ModuleOp vhlo = API.parse(ADD);
        API.runPasses(vhlo, "stablehlo-legalize-to-vhlo");
        StableHloException e = assertThrows(StableHloException.class, () -> API.serializePortableArtifact(vhlo, "1.9.0"));
        assertTrue(e.getMessage().contains("vhlo."), e.getMessage());
    }

    @Test
    void truncatedArtifactNamesTheByteOffset() throws Exception {
        byte[] artifact = API.serializePortableArtifact(API.parse(ADD), "1.9.0");
        for (int len : new int[] {5, 20, artifact.length / 2, artifact.length - 1}) {
            byte[] cut = java.util.Arrays.copyOf(artifact, len);
            StableHloException e = assertThrows(StableHloException.class, () -> API.deserializePortableArtifact(cut));
            assertTrue(e.byteOffset().isPresent(), e.getMessage());
            assertTrue(e.byteOffset().getAsLong() <= len, e.getMessage());
            assertTrue(e.getMessage().contains("failed to deserialize portable artifact using StableHLO_v1.20.0"),
                    e.getMessage());
            StableHloException i = assertThrows(StableHloException.class, () -> StableHlo.artifactInfo(cut));
            assertTrue(i.byteOffset().isPresent(), i.getMessage());
        }
        StableHloException notBc = assertThrows(StableHloException.class, () -> StableHlo.artifactInfo(new byte[] {1, 2}));
        assertTrue(notBc.getMessage().contains("not an MLIR bytecode file"), notBc.getMessage());
        assertThrows(StableHloException.class, () -> API.deserializePortableArtifact("garbage %".getBytes()));
    }

    @Test
    void concurrentUseOfOneFacade() throws Exception {
        byte[] expected = API.serializePortableArtifact(API.parse(TAN), "1.9.0");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<byte[]>> fs = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                fs.add(pool.submit(() -> API.serializePortableArtifact(API.parse(TAN), "1.9.0")));
            }
            for (Future<byte[]> f : fs) assertArrayEquals(expected, f.get());
        } finally {
            pool.shutdown();
        }
    }

    // ---- corpus: minimumVersionFor and artifactInfo ---------------------------------------------------------------

    /**
     * Every {@code stablehlo_legalize_to_vhlo.X_Y_Z.mlir}: the oldest version that can express it is at most X.Y.Z
     * (upstream serializes it at X.Y.Z), serialization there succeeds, and at the release before it fails.
     */
    @Test
    void minimumVersionForEveryLegalizeToVhloFile() throws Exception {
        Path dir = shared() == null ? null : shared().resolve("stablehlo/tests/vhlo");
        org.junit.jupiter.api.Assumptions.assumeTrue(dir != null && Files.isDirectory(dir), "no shared corpus");
        List<Path> files;
        try (var s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().matches("stablehlo_legalize_to_vhlo\\.\\d+_\\d+_\\d+\\.mlir"))
                    .sorted().toList();
        }
        assertTrue(files.size() >= 30, "files: " + files.size());
        Map<String, String> results = new TreeMap<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            String fileVersion = name.substring("stablehlo_legalize_to_vhlo.".length(), name.length() - 5).replace('_', '.');
            ModuleOp m = API.parse(Files.readString(f), ParseOptions.of(name));
            String min = API.minimumVersionFor(m);
            results.put(fileVersion, min);
            assertEquals(min, StableHlo.smallerVersion(min, fileVersion), name + ": " + min + " > " + fileVersion);
            assertEquals(Optional.of(min), StableHlo.portableArtifactVersion(API.serializePortableArtifact(m, min)));
            List<org.stablehlo4j.dialect.vhlo.version.Version> rel = org.stablehlo4j.dialect.vhlo.version.Version.releases();
            int at = rel.indexOf(org.stablehlo4j.dialect.vhlo.version.Version.parse(min));
            if (at > 0) {
                String before = rel.get(at - 1).toString();
                assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, before), name + " at " + before);
            }
        }
        System.out.println("minimumVersionFor(stablehlo_legalize_to_vhlo.X_Y_Z.mlir): " + results);
    }

    /** artifactInfo's op counts (no IR built) equal those of the fully read IR, on every artifact of the corpus. */
    @Test
    void artifactInfoMatchesTheReaderOnTheCorpus() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(shared() != null && Files.isDirectory(shared()), "no shared corpus");
        List<Path> files = new ArrayList<>();
        for (Path d : List.of(shared().resolve("stablehlo/tests/vhlo"), shared().resolve("../jax-samples"))) {
            if (!Files.isDirectory(d)) continue;
            try (var s = Files.list(d)) {
                s.filter(p -> p.toString().endsWith(".mlir.bc") || p.toString().endsWith(".mlirbc")).sorted().forEach(files::add);
            }
        }
        int compared = 0;
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            ModuleOp full;
            try {
                full = org.stablehlo4j.bytecode.BytecodeReader.read(API.context(), data, f.toString());
            } catch (org.stablehlo4j.ir.DiagnosticException e) {
                continue; // e.g. invalid_vhlo_future.mlir.bc
            }
            Map<String, Long> expected = new TreeMap<>();
            full.op().walk(op -> expected.merge(op.name(), 1L, Long::sum));
            ArtifactInfo info = StableHlo.artifactInfo(data);
            assertEquals(expected, info.opCounts(), f.toString());
            assertEquals(StableHlo.portableArtifactVersion(data), info.stablehloVersion(), f.toString());
            compared++;
        }
        assertTrue(compared >= 30, "compared " + compared);
    }
}
