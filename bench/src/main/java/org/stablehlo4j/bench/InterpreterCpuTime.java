package org.stablehlo4j.bench;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.interpreter.InterpreterDriver;
import org.stablehlo4j.ir.ModuleOp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * {@link InterpreterBench}'s measure by thread CPU time, which, unlike JMH's wall time, holds on a loaded machine:
 * the module parsed once, then batches of {@code InterpreterDriver.interpret} runs on the calling thread (kernels
 * capped at one thread); prints the best batch's CPU milliseconds per run. Run with
 * {@code java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar
 * org.stablehlo4j.bench.InterpreterCpuTime PROGRAM [RUNS] [BATCHES]}; an older tree's jar first on the class path
 * (then this tree's {@code bench/target/classes}) measures that tree's interpreter the same way.
 */
public final class InterpreterCpuTime {
    private InterpreterCpuTime() {}

    /**
     * Measures one program.
     *
     * @param args the program ({@code matmul4:512}, {@code cnn:8}, ...), runs per batch (default 20) and batches
     *             (default 12)
     * @throws Exception if the program does not parse or run
     */
    public static void main(String[] args) throws Exception {
        System.setProperty("stablehlo4j.interpreter.threads", "1");
        String[] p = args[0].split(":");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int batches = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        StableHlo hlo = StableHlo.create();
        ModuleOp module = hlo.parse(Fixtures.generate(p[0], Integer.parseInt(p[1])));
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double best = Double.MAX_VALUE;
        for (int b = 0; b < batches; b++) {
            long t0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < runs; i++) InterpreterDriver.interpret(hlo.context(), module, "", false);
            best = Math.min(best, (mx.getCurrentThreadCpuTime() - t0) / 1e6 / runs);
        }
        System.out.printf("%s: best %.3f CPU ms per run (%d batches of %d)%n", args[0], best, batches, runs);
    }
}
