package org.stablehlo4j.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Where tests find the read-only corpora beside the project ({@code -Dstablehlo.shared=.../shared/stablehlo}): upstream
 * StableHLO's tests and testdata, and the JAX samples next to them. A test whose corpus is absent is skipped.
 */
public final class SharedCorpus {
    private SharedCorpus() {}

    /** {@code path} below the upstream StableHLO checkout, e.g. {@code upstream("stablehlo", "tests")}. */
    public static Path upstream(String... path) {
        String shared = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(shared != null, "stablehlo.shared not set");
        Path dir = Path.of(shared, path);
        Assumptions.assumeTrue(Files.exists(dir), "upstream corpus absent at " + dir);
        return dir;
    }

    /** The directory of JAX exports beside the upstream checkout. */
    public static Path jaxSamples() {
        String shared = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(shared != null, "stablehlo.shared not set");
        Path dir = Path.of(shared).resolveSibling("jax-samples");
        Assumptions.assumeTrue(Files.isDirectory(dir), "jax-samples absent at " + dir);
        return dir;
    }

    /** The names {@code NAME} of the files {@code NAME + suffix} in {@code dir}, sorted. */
    public static List<String> namesWithSuffix(Path dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(suffix))
                    .map(n -> n.substring(0, n.length() - suffix.length())).sorted().toList();
        }
    }

    /** Every {@code .mlir} file below {@code dir}, sorted. */
    public static List<Path> mlirFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".mlir")).sorted().toList();
        }
    }
}
