package org.stablehlo4j.compat.legalize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * The one-pass serialization ({@link VhloWriteConversion}: StableHLO written straight out as VHLO records) gives
 * the very bytes of the two-pass reference (legalize to a VHLO module, convert it to the target, write it) on
 * every JAX sample at the three targets of its libStablehlo artifacts and the current one, on every file of
 * upstream's {@code tests/vhlo} that serializes (each {@code // -----} chunk, at the current target and at the
 * file's own version), and on the benchmark fixtures when present. Where the one pass gives up (null), the
 * reference is what {@code serializeVerified} returns; the test also checks that it gives up rarely.
 */
class VhloWriteConversionTest {
    private static final Context CONTEXT = TestContexts.standard();

    /** Counts of compared cases: [one pass used, one pass gave up]. */
    private final int[] counts = new int[2];

    private void assertSameBytes(String source, String name, String target) throws Exception {
        ModuleOp m;
        try {
            m = AsmParser.parse(CONTEXT, source, ParseOptions.of(name));
            Verifier.verify(CONTEXT, m);
        } catch (DiagnosticException e) {
            return; // not a valid program: nothing is serialized
        }
        byte[] reference;
        try {
            reference = PortableArtifacts.serializeTwoPass(CONTEXT, m, target, false).toByteArray();
        } catch (DiagnosticException e) {
            // The passes reject it: the one pass must give up, so that their errors are reported.
            assertNull(onePass(m, target), name + " @ " + target + ": one pass wrote what the passes reject");
            counts[1]++;
            return;
        }
        BytecodeWriter.Encoded one = onePass(m, target);
        if (one == null) {
            counts[1]++;
            return;
        }
        counts[0]++;
        assertArrayEquals(reference, one.toByteArray(), name + " @ " + target);
        // The module written from is left as it was: writing it again gives the same bytes.
        assertArrayEquals(reference, PortableArtifacts.serializeVerified(CONTEXT, m, target, false).toByteArray(),
                name + " @ " + target + " (again)");
    }

    private static BytecodeWriter.Encoded onePass(ModuleOp m, String target) throws DiagnosticException {
        return PortableArtifacts.serializeOnePass(CONTEXT, m, target, false);
    }

    @Test
    void jaxSamplesAtEveryTarget() throws Exception {
        Path dir = SharedCorpus.jaxSamples();
        Assumptions.assumeTrue(dir != null && Files.isDirectory(dir), "jax-samples not available");
        List<String> names = SharedCorpus.namesWithSuffix(dir, ".jax.mlir");
        assertTrue(names.size() >= 25, "samples: " + names);
        for (String n : names) {
            String text = Files.readString(dir.resolve(n + ".jax.mlir"));
            for (String t : List.of("1.0.0", "1.9.0", "1.17.0")) assertSameBytes(text, n + ".jax.mlir", t);
        }
        int old = counts[0];
        for (String n : names) assertSameBytes(Files.readString(dir.resolve(n + ".jax.mlir")), n + ".jax.mlir", "current");
        System.out.printf("one-pass serialize, jax-samples: %d identical (%d at current), %d two-pass%n", counts[0],
                counts[0] - old, counts[1]);
        // At the current target only the sample with Shardy ops (other dialects) needs two passes; at older
        // targets also those with ops renamed there.
        assertEquals(names.size() - 1, counts[0] - old, "one pass at the current target");
        assertTrue(counts[0] >= 70, "one pass used " + counts[0] + ", gave up " + counts[1]);
    }

    @Test
    void upstreamVhloTestsAtCurrentAndTheirOwnVersion() throws Exception {
        Path dir = DeserializeCorpusTest.vhloDir();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".mlir")).sorted().toList();
        }
        for (Path f : files) {
            String fn = f.getFileName().toString();
            String own = fn.matches(".*\\.\\d+_\\d+_\\d+\\.mlir")
                    ? fn.replaceAll(".*\\.(\\d+)_(\\d+)_(\\d+)\\.mlir", "$1.$2.$3") : null;
            int chunk = 0;
            for (String part : Files.readString(f).split("(?m)^// -----\\s*$")) {
                String name = fn + "#" + chunk++;
                assertSameBytes(part, name, "current");
                if (own != null && !own.startsWith("0.")) assertSameBytes(part, name, own);
            }
        }
        System.out.printf("one-pass serialize, tests/vhlo: %d identical, %d two-pass%n", counts[0], counts[1]);
        assertTrue(counts[0] >= 50, "one pass used " + counts[0] + ", gave up " + counts[1]);
    }

    @Test
    void benchmarkFixturesWhenPresent() throws Exception {
        Path dir = Path.of(System.getProperty("stablehlo.fixtures", "/work/fixtures"));
        Assumptions.assumeTrue(Files.isDirectory(dir), "fixtures not available");
        List<Path> files = new ArrayList<>();
        for (String n : List.of("mixed15.mlir", "transformer24.mlir", "deep400.mlir", "matmul4.mlir")) {
            if (Files.isRegularFile(dir.resolve(n))) files.add(dir.resolve(n));
        }
        Assumptions.assumeFalse(files.isEmpty(), "no fixtures");
        for (Path f : files) assertSameBytes(Files.readString(f), f.toString(), "current");
        assertEquals(files.size(), counts[0], "every fixture is written in one pass");
    }

    /** A module of one function {@code @name(%a: type) -> type} whose body computes {@code %0} from {@code %a}. */
    private static ModuleOp oneOpModule(String name, String type, String op) throws DiagnosticException {
        return AsmParser.parse(CONTEXT, "module {\nfunc.func @" + name + "(%a: " + type + ") -> " + type + " {\n  %0 = "
                + op + "\n  return %0 : " + type + "\n}\n}", ParseOptions.of(name + ".mlir"));
    }

    @Test
    void otherDialectsAndRenamedOpsFallBackToTwoPasses() throws Exception {
        // An op of another dialect needs the passes' casts.
        ModuleOp m = oneOpModule("f", "tensor<2xf32>", "\"chlo.tan\"(%a) : (tensor<2xf32>) -> tensor<2xf32>");
        assertNull(PortableArtifacts.serializeOnePass(CONTEXT, m, "current", true));
        assertNotNull(PortableArtifacts.serializeVerified(CONTEXT, m, "current", true));
        // An op renamed at the target (dot_general gains its algorithm in a later version) is left to the passes.
        ModuleOp g = oneOpModule("g", "tensor<2x2xf32>", "stablehlo.dot_general %a, %a, contracting_dims = [1] x [0]"
                + " : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>");
        assertNull(PortableArtifacts.serializeOnePass(CONTEXT, g, "1.0.0", false));
        assertNotNull(PortableArtifacts.serializeOnePass(CONTEXT, g, "current", false));
        assertArrayEquals(PortableArtifacts.serializeTwoPass(CONTEXT, g, "1.0.0", false).toByteArray(),
                PortableArtifacts.serializeVerified(CONTEXT, g, "1.0.0", false).toByteArray());
    }
}
