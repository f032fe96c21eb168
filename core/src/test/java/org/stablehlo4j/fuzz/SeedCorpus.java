package org.stablehlo4j.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Seeds for the fuzz targets, read from the shared checkouts (never copied into the project): upstream's test
 * files split at {@code // -----} and the JAX samples' text for {@link Harness.Target#TEXT}; the JAX samples' and
 * upstream's bytecode files for {@link Harness.Target#BYTECODE}. Our own fuzz findings are added from the test
 * resources, so a longer run starts from everything that ever failed.
 */
public final class SeedCorpus {
    /** Pieces larger than this are left out: mutants of huge inputs cost much and find little more. */
    private static final int MAX_SEED_BYTES = 64 * 1024;

    private SeedCorpus() {}

    /** The shared folder: {@code -Dstablehlo.shared} (its upstream checkout's parent), else {@code ../shared}. */
    public static Path shared() {
        String upstream = System.getProperty("stablehlo.shared", System.getenv("STABLEHLO_SHARED"));
        if (upstream != null && Files.isDirectory(Path.of(upstream))) return Path.of(upstream).toAbsolutePath().getParent();
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("shared/stablehlo"))) return p.resolve("shared");
            if (Files.isDirectory(p.resolve("../shared/stablehlo"))) return p.resolve("../shared").normalize();
        }
        return null;
    }

    /** Our kept fuzz findings for {@code target} (test resources {@code fuzz/text}, {@code fuzz/bytecode}). */
    public static List<byte[]> findings(Harness.Target target) {
        Path dir = findingsDir(target);
        List<byte[]> out = new ArrayList<>();
        if (dir != null && Files.isDirectory(dir)) addFiles(dir, out, null);
        return out;
    }

    static Path findingsDir(Harness.Target target) {
        String sub = target == Harness.Target.TEXT ? "text" : "bytecode";
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path d = p.resolve("core/src/test/resources/fuzz").resolve(sub);
            if (Files.isDirectory(d)) return d;
            d = p.resolve("src/test/resources/fuzz").resolve(sub);
            if (Files.isDirectory(d)) return d;
        }
        return null;
    }

    /** Seeds for {@code target}: the shared files (when present) and our findings. */
    public static List<byte[]> load(Harness.Target target) {
        List<byte[]> out = new ArrayList<>();
        Path shared = shared();
        if (shared != null) {
            if (target == Harness.Target.TEXT) {
                addFiles(shared.resolve("stablehlo/stablehlo/tests"), out, ".mlir");
                addFiles(shared.resolve("jax-samples"), out, ".jax.mlir");
            } else {
                addFiles(shared.resolve("jax-samples"), out, ".mlir.bc");
                addFiles(shared.resolve("jax-samples"), out, ".mlirbc");
                addFiles(shared.resolve("stablehlo/stablehlo/tests"), out, ".mlir.bc");
            }
        }
        out.addAll(findings(target));
        return out;
    }

    private static void addFiles(Path dir, List<byte[]> out, String suffix) {
        if (!Files.isDirectory(dir)) return;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = f.getFileName().toString();
                if (suffix != null && !name.endsWith(suffix)) continue;
                byte[] data = Files.readAllBytes(f);
                if (suffix != null && suffix.endsWith(".mlir")) {
                    for (String piece : splitInput(new String(data, StandardCharsets.UTF_8))) {
                        byte[] b = piece.getBytes(StandardCharsets.UTF_8);
                        if (b.length <= MAX_SEED_BYTES) out.add(b);
                    }
                } else if (data.length <= MAX_SEED_BYTES || suffix == null) {
                    out.add(data);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pieces of a test file, split at lines that are {@code // -----} as mlir's --split-input-file does. */
    public static List<String> splitInput(String text) {
        List<String> pieces = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.strip().equals("// -----")) {
                pieces.add(current.toString());
                current.setLength(0);
            } else {
                current.append(line).append('\n');
            }
        }
        pieces.add(current.toString());
        return pieces;
    }
}
