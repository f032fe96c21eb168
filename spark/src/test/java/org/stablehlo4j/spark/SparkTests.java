package org.stablehlo4j.spark;

import java.nio.file.Path;

import org.apache.spark.sql.SparkSession;

/** The tests' local Spark (two threads, loopback only, no UI) and where they find the shared corpora. */
final class SparkTests {
    private SparkTests() {
    }

    static SparkSession session(String name) {
        return SparkSession.builder().master("local[2]").appName(name)
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .getOrCreate();
    }

    /** The upstream checkout: {@code -Dstablehlo.shared} (the build sets it), else {@code ../shared/stablehlo}. */
    static Path upstream() {
        return Path.of(System.getProperty("stablehlo.shared", "../shared/stablehlo"));
    }

    /** Skips the calling test (class) when the shared corpora are absent, as the other modules' corpus tests do. */
    static void assumeCorpus() {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(jaxSamples())
                && java.nio.file.Files.isDirectory(vhloTests()) && java.nio.file.Files.isDirectory(jaxRuntime()),
                "no JAX samples / upstream tests under " + upstream());
    }

    static Path jaxSamples() {
        return upstream().getParent().resolve("jax-samples");
    }

    static Path jaxRuntime() {
        return upstream().getParent().resolve("jax-runtime");
    }

    static Path vhloTests() {
        return upstream().resolve("stablehlo/tests/vhlo");
    }
}
