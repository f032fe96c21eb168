package org.stablehlo4j.dialect.stablehlo;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The upstream test corpus (system property {@code stablehlo.shared}); tests skip when it is absent. */
final class Corpus {
    private Corpus() {}

    static Path root() {
        String p = System.getProperty("stablehlo.shared");
        assumeTrue(p != null && Files.isDirectory(Path.of(p, "stablehlo")), "upstream corpus not available");
        return Path.of(p, "stablehlo");
    }

    /** Every {@code .mlir} file under {@code tests/} and {@code testdata/}. */
    static List<Path> mlirFiles() {
        Path root = root();
        List<Path> out = new ArrayList<>();
        for (String sub : List.of("tests", "testdata")) {
            try (Stream<Path> s = Files.walk(root.resolve(sub))) {
                s.filter(f -> f.toString().endsWith(".mlir")).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static List<String> lines(Path f) {
        try {
            return Files.readAllLines(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
