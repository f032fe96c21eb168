package org.stablehlo4j.bench;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.interpreter.InterpreterDriver;
import org.stablehlo4j.ir.ModuleOp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * GFLOP/s of one f32 dot_general n x n x n per CPU-second of the calling thread (kernels capped at one thread),
 * a figure that, unlike wall time, holds on a loaded machine, and the f32 FMA peak of the core by the same measure.
 * Run: {@code java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar
 * org.stablehlo4j.bench.KernelCpuTime [n] [runs]} (without the module: the plain-loop kernels, no peak).
 */
public final class KernelCpuTime {
    private KernelCpuTime() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 512;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        System.setProperty("stablehlo4j.interpreter.threads", "1");
        StableHlo hlo = StableHlo.create();
        String m = "tensor<" + n + "x" + n + "xf32>";
        ModuleOp module = hlo.parse("func.func @main(%a: " + m + ", %b: " + m + ") -> tensor<f32> {\n"
                + Fixtures.dot("%d", "%a", "%b", m, m, m, 1, 0)
                + Fixtures.constant("%zero", "dense<0.000000e+00>", "tensor<f32>")
                + Fixtures.reduce("%r", "%d", "%zero", m, "tensor<f32>", "f32", "add", 0).replace("array<i64: 0>", "array<i64: 0, 1>")
                + "  \"func.return\"(%r) : (tensor<f32>) -> ()\n}\n");
        String arg = "dense<1.500000e+00> : " + m;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double best = Double.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long t0 = mx.getCurrentThreadCpuTime();
            InterpreterDriver.interpret(hlo.context(), module, "[" + arg + ", " + arg + "]", false);
            double s = (mx.getCurrentThreadCpuTime() - t0) / 1e9;
            best = Math.min(best, s);
            if (i >= runs - 3) System.out.printf("run %d: %.3f CPU s%n", i, s);
        }
        System.out.printf("f32 dot_general %d^3: best %.3f CPU s, %.2f GFLOP per CPU-second%n", n, best,
                2.0 * n * n * n / best / 1e9);
        // the single-core f32 FMA peak (DenseBench.fmaPeak) by the same measure, when the Vector API is there
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            int steps = 1 << 22;
            double peak = Double.MAX_VALUE;
            for (int i = 0; i < 10; i++) {
                long t0 = mx.getCurrentThreadCpuTime();
                DenseBench.peak(steps);
                peak = Math.min(peak, (mx.getCurrentThreadCpuTime() - t0) / 1e9);
            }
            double flop = 2.0 * steps * 24 * jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.length();
            System.out.printf("f32 FMA peak (Vector API, 24 accumulators): %.2f GFLOP per CPU-second%n", flop / peak / 1e9);
        }
    }
}
