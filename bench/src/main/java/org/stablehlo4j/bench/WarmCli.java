package org.stablehlo4j.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A quick warm, in-process measurement of one tool job of one built tree (see {@link CliTree}): runs it
 * {@code --warmup} times, then {@code --iterations} times, and prints the median and minimum per iteration of the
 * worker thread's CPU time and of the whole process's CPU time (which adds GC and JIT threads). Run:
 * <pre>
 * java -Xmx4g -cp bench/target/benchmarks.jar org.stablehlo4j.bench.WarmCli [--warmup N] [--iterations N]
 *      [--dir TMP] TREE print|serialize|deserialize|interpret FIXTURE
 * </pre>
 * {@code TREE} is a built checkout (e.g. {@code .} or {@code /work/wt/base}); {@code FIXTURE} a {@code .mlir} /
 * {@code .mlirbc} file or {@code KIND:SIZE} of {@link Fixtures}. The last line is machine-readable:
 * {@code warm JOB FIXTURE thread-ms MEDIAN MIN process-ms MEDIAN MIN}.
 */
public final class WarmCli {
    private WarmCli() {}

    public static void main(String[] args) throws Exception {
        int warmup = 3;
        int iterations = 5;
        Path dir = null;
        int i = 0;
        for (; i < args.length && args[i].startsWith("--"); i += 2) {
            if (i + 1 >= args.length) usage();
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
                case "--iterations" -> iterations = Integer.parseInt(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> usage();
            }
        }
        if (args.length - i != 3 || iterations < 1) usage();
        String job = args[i + 1];
        String fixture = args[i + 2];
        if (dir == null) dir = Files.createTempDirectory("stablehlo4j-warm");
        Files.createDirectories(dir);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (CliTree tree = new CliTree(Path.of(args[i]))) {
            String[] toolArgs = CliTree.args(job, tree.prepare(job, fixture, dir));
            for (int w = 0; w < warmup; w++) tree.run(toolArgs);
            double[] thread = new double[iterations];
            double[] process = new double[iterations];
            for (int n = 0; n < iterations; n++) {
                long p0 = os.getProcessCpuTime();
                thread[n] = tree.run(toolArgs) / 1e6;
                process[n] = (os.getProcessCpuTime() - p0) / 1e6;
                System.out.printf("iteration %d: thread %.1f ms, process %.1f ms CPU%n", n, thread[n], process[n]);
            }
            System.out.printf("warm %s %s thread-ms %.1f %.1f process-ms %.1f %.1f%n", job, fixture,
                    median(thread), min(thread), median(process), min(process));
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static double min(double[] v) {
        return Arrays.stream(v).min().orElseThrow();
    }

    private static void usage() {
        System.err.println("usage: WarmCli [--warmup N] [--iterations N] [--dir TMP] TREE print|serialize|deserialize|interpret"
                + " FIXTURE(.mlir|.mlirbc|KIND:SIZE)");
        System.exit(2);
    }
}
