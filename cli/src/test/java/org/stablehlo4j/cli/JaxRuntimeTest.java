package org.stablehlo4j.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The linear-algebra exports of {@code ${stablehlo.shared}/../jax-runtime} ({@code linalg_*}: JAX's LAPACK custom
 * calls on CPU, and the {@code _cuda}/{@code _rocm} lowerings' cuSOLVER/hipSOLVER/cuSPARSE calls) and its
 * shape-polymorphic exports ({@code poly_*}, specialized to the inputs' shapes before
 * they run): {@code stablehlo-translate --interpret --args-json=NAME.io.json NAME.mlir.bc} reproduces JAX's outputs
 * within {@link JaxSamplesTest}'s tolerances, and {@code poly_mlp} given a {@code [0, 8]} input fails with JAX's
 * shape assertion message, filled in. Skipped when the folder is absent.
 */
class JaxRuntimeTest {
    @TempDir
    static Path tmp;

    private static final Map<String, String> SUMMARY = new TreeMap<>();

    static Path runtimeDir() {
        String shared = System.getProperty("stablehlo.shared", "../shared/stablehlo");
        return Path.of(shared).resolve("..").resolve("jax-runtime").normalize();
    }

    @TestFactory
    Stream<DynamicTest> everyCpuExportReproducesJaxsOutputs() throws IOException {
        Path dir = runtimeDir();
        assumeTrue(Files.isDirectory(dir), "jax-runtime not available at " + dir);
        List<String> names;
        try (Stream<Path> s = Files.list(dir)) {
            names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".io.json"))
                    .map(n -> n.substring(0, n.length() - ".io.json".length()))
                    .filter(n -> n.startsWith("linalg_") || n.startsWith("poly_"))
                    .sorted().toList();
        }
        assertTrue(names.stream().anyMatch(n -> n.startsWith("linalg_")), "no linalg_*.io.json in " + dir);
        assertTrue(names.stream().filter(n -> n.endsWith("_cuda") || n.endsWith("_rocm")).count() >= 13,
                "no linalg_*_cuda/_rocm.io.json in " + dir);
        assertTrue(names.stream().filter(n -> n.startsWith("poly_")).count() >= 4, "no poly_*.io.json in " + dir);
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> run(dir, name)));
    }

    private static void run(Path dir, String name) throws Exception {
        String file = name + ".mlir.bc";
        Path out = tmp.resolve(name + ".out.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = JaxSamplesTest.interpret(dir, name, file, out, err);
        assertEquals(0, code, file + ": " + err.toString(StandardCharsets.UTF_8));
        SUMMARY.put(file, JaxSamplesTest.compareOutputs(dir, name, file, out, null));
    }

    @Test
    void polyMlpWithAnEmptyBatchFailsWithJaxsAssertionMessage() throws Exception {
        Path dir = runtimeDir();
        assumeTrue(Files.isRegularFile(dir.resolve("poly_mlp.mlir.bc")), "jax-runtime not available at " + dir);
        // The io.json's weights, and x of shape [0, 8]: the export asserts b >= 1 for x's shape (b, 8).
        String io = Files.readString(dir.resolve("poly_mlp.io.json"));
        int weights = io.indexOf("{\"shape\": [8, 4]");
        assertTrue(weights > 0, "poly_mlp.io.json's second input");
        int end = io.indexOf("]}", io.indexOf("\"data\"", weights)) + 2;
        Path args = tmp.resolve("poly_mlp.empty.json");
        Files.writeString(args, "{\"inputs\": [{\"shape\": [0, 8], \"dtype\": \"float32\", \"data\": []}, "
                + io.substring(weights, end) + "]}");
        Path out = tmp.resolve("poly_mlp.empty.out.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.runGuarded(new String[] {"translate", "--interpret", "--args-json=" + args,
            "--results-json=" + out, dir.resolve("poly_mlp.mlir.bc").toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, message);
        assertTrue(message.contains("error: ") && message.contains("Expected value >= 1 for dimension variable 'b'")
                && message.contains("Obtained dimension variables: 'b' = 0 from specification 'b' for dimension "
                + "args[0].shape[0] (= 0)"), message);
        assertTrue(!message.contains("{0}"), message);
        assertTrue(!Files.exists(out), "no results are written");
    }

    @AfterAll
    static void printSummary() {
        if (SUMMARY.isEmpty()) return;
        StringBuilder sb = new StringBuilder("JAX runtime exports (" + SUMMARY.size() + " files):\n");
        SUMMARY.forEach((k, v) -> sb.append(String.format("  %-32s %s%n", k, v)));
        System.out.print(sb);
    }
}
