package org.stablehlo4j.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.stablehlo4j.testing.TestContexts;

/**
 * Time-boxed fuzz run from the command line (see the README's "Fuzzing" section and {@code .ci/run}):
 * <pre>
 * java -Xmx512m -cp core/target/classes:core/target/test-classes org.stablehlo4j.fuzz.FuzzMain \
 *     [--target text|bytecode|both] [--seconds 60] [--seed 1] [--out build/fuzz] [--strict]
 * </pre>
 * Prints executions, exec/s and the findings of each target; each finding's smallest input is written to
 * {@code --out} (with its stack trace) so that it can be kept under {@code core/src/test/resources/fuzz/}.
 * Exits 1 when there is a crash (any exception or error other than our typed diagnostic, out-of-memory included)
 * or a hang; round-trip findings (a verified module whose print does not parse back) count too with
 * {@code --strict}.
 */
public final class FuzzMain {
    private FuzzMain() {}

    public static void main(String[] args) throws IOException {
        String targets = "both";
        long seconds = 60;
        long seed = 1;
        long hangMillis = 5000;
        Path out = Path.of("build/fuzz");
        boolean strict = false;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--target" -> targets = value;
                case "--seconds" -> seconds = Long.parseLong(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--hang-ms" -> hangMillis = Long.parseLong(value);
                case "--out" -> out = Path.of(value);
                case "--strict" -> {
                    strict = true;
                    i--;
                }
                default -> {
                    System.err.println("usage: FuzzMain [--target text|bytecode|both] [--seconds N] [--seed N] "
                            + "[--hang-ms N] [--out DIR] [--strict]");
                    System.exit(2);
                }
            }
            i++;
        }
        int findings = 0;
        for (Harness.Target target : Harness.Target.values()) {
            if (!targets.equals("both") && !targets.equalsIgnoreCase(target.name())) continue;
            List<byte[]> seeds = SeedCorpus.load(target);
            if (seeds.isEmpty()) {
                System.err.println("fuzz: no seeds for " + target + " (set -Dstablehlo.shared or STABLEHLO_SHARED)");
                System.exit(2);
            }
            MutationFuzzer fuzzer = new MutationFuzzer(target, TestContexts.allowingUnregistered(), seeds, seed,
                    hangMillis);
            MutationFuzzer.Result r = fuzzer.run(Long.MAX_VALUE, seconds * 1000);
            System.out.printf(Locale.ROOT, "fuzz %s: %d seeds, %d executions in %.1f s (%.0f exec/s), %d rejected"
                    + " with a diagnostic, %d findings%n", target.name().toLowerCase(Locale.ROOT), seeds.size(),
                    r.executions(), r.millis() / 1000.0, r.execsPerSecond(), r.rejected(), r.findings().size());
            for (MutationFuzzer.Finding f : r.findings()) {
                Files.createDirectories(out);
                String name = target.name().toLowerCase(Locale.ROOT) + "-" + Integer.toHexString(f.signature().hashCode());
                String ext = target == Harness.Target.TEXT ? ".mlir" : ".mlir.bc";
                Files.write(out.resolve(name + ext), f.input());
                Files.writeString(out.resolve(name + ".txt"), f.kind() + ": " + f.signature() + "\n" + f.detail(),
                        StandardCharsets.UTF_8);
                System.out.println("  " + f.kind() + ": " + f.signature() + " -> " + out.resolve(name + ext));
            }
            for (MutationFuzzer.Finding f : r.findings()) {
                if (strict || !f.kind().equals("round-trip")) findings++;
            }
        }
        System.exit(findings == 0 ? 0 : 1);
    }
}
