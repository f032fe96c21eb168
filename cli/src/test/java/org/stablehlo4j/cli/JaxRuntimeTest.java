package org.stablehlo4j.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
 * The CPU exports of {@code ${stablehlo.shared}/../jax-runtime} ({@code linalg_*} without a platform suffix: JAX's
 * LAPACK custom calls): {@code stablehlo-translate --interpret --args-json=NAME.io.json NAME.mlir.bc} reproduces
 * JAX's outputs within {@link JaxSamplesTest}'s tolerances. Skipped when the folder is absent; the _cuda/_rocm
 * lowerings and the poly_* programs are not run here.
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
                    .filter(n -> n.startsWith("linalg_") && !n.endsWith("_cuda") && !n.endsWith("_rocm"))
                    .sorted().toList();
        }
        assertTrue(names.size() > 0, "no linalg_*.io.json in " + dir);
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

    @AfterAll
    static void printSummary() {
        if (SUMMARY.isEmpty()) return;
        StringBuilder sb = new StringBuilder("JAX runtime exports (" + SUMMARY.size() + " files):\n");
        SUMMARY.forEach((k, v) -> sb.append(String.format("  %-32s %s%n", k, v)));
        System.out.print(sb);
    }
}
