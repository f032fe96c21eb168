package org.stablehlo4j.bench;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two built trees' tools in one JVM, run in turn: the fair comparison on a shared, loaded machine. Each tree's jars
 * are in their own class loader ({@link CliTree}); after a warm-up, every round runs BASE then NEW (NEW then BASE on
 * odd rounds) {@code --per-round} times and records the worker thread's CPU per run, so a change in the machine's
 * load hits both trees alike, which sequential runs ({@link WarmCli}, JMH's forks) cannot promise.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.stablehlo4j.bench.AlternatingCli [--rounds N] [--per-round N]
 *     BASE_TREE NEW_TREE print|serialize|deserialize|interpret FIXTURE(.mlir|.mlirbc|KIND:SIZE)</pre>
 *
 * Prints each tree's median (min, max) CPU ms per run and the ratio of the medians, base / new (below 1: new is
 * slower).
 */
public final class AlternatingCli {
    private AlternatingCli() {}

    /**
     * Runs the comparison.
     *
     * @param args the options, the two trees, the job and the fixture
     * @throws Exception when a tree cannot be loaded or a run fails
     */
    public static void main(String[] args) throws Exception {
        int rounds = 11;
        int perRound = 2;
        int i = 0;
        for (; i < args.length && args[i].startsWith("--"); i += 2) {
            if (i + 1 >= args.length) usage();
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--per-round" -> perRound = Integer.parseInt(args[i + 1]);
                default -> usage();
            }
        }
        if (args.length - i != 4 || rounds < 1 || perRound < 1) usage();
        String job = args[i + 2];
        String fixture = args[i + 3];
        CliTree[] trees = new CliTree[2];
        String[][] toolArgs = new String[2][];
        double[][] ms = new double[2][rounds];
        try {
            for (int t = 0; t < 2; t++) {
                trees[t] = new CliTree(Path.of(args[i + t]));
                toolArgs[t] = CliTree.args(job, trees[t].prepare(job, fixture, Files.createTempDirectory("stablehlo4j-ab")));
                for (int w = 0; w < 3; w++) trees[t].run(toolArgs[t]);
            }
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 2; k++) {
                    int t = r % 2 == 0 ? k : 1 - k;
                    long cpu = 0;
                    for (int n = 0; n < perRound; n++) cpu += trees[t].run(toolArgs[t]);
                    ms[t][r] = cpu / 1e6 / perRound;
                }
            }
        } finally {
            for (CliTree t : trees) if (t != null) t.close();
        }
        for (int t = 0; t < 2; t++) {
            System.out.printf("%s %s %s: median %.2f ms (min %.2f, max %.2f) CPU per run%n", trees[t].root(), job,
                    fixture, WarmCli.median(ms[t]), WarmCli.min(ms[t]), java.util.Arrays.stream(ms[t]).max().orElseThrow());
        }
        System.out.printf("alternating %s %s base/new %.3f%n", job, fixture, WarmCli.median(ms[0]) / WarmCli.median(ms[1]));
    }

    private static void usage() {
        System.err.println("usage: AlternatingCli [--rounds N] [--per-round N] BASE_TREE NEW_TREE"
                + " print|serialize|deserialize|interpret FIXTURE(.mlir|.mlirbc|KIND:SIZE)");
        System.exit(2);
    }
}
