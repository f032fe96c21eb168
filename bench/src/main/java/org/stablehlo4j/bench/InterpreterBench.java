package org.stablehlo4j.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.interpreter.InterpreterDriver;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import java.util.concurrent.TimeUnit;

/**
 * The interpreter on generated programs ({@link Fixtures}): {@code matmul4:512} is four chained 512x512x512 f32
 * dot_generals (4 x 268 MFLOP: GFLOP/s = 1.07 / seconds), {@code mlp:64} a 784-512-256-10 MLP on 64 rows,
 * {@code cnn:8} two 3x3 convolutions on 8 32x32 images; region-heavy ones: {@code maxpool:128} (reduce_window
 * max-pool of a 128x128x8 image and its select_and_scatter gradient), {@code while:10000} (10^4 loop
 * iterations), {@code sort:2000} (16 rows of 2000 keys, compare comparator), {@code map:256} (a two-op body), {@code argmax:20000} (a
 * two-input reduce with a seven-op compare/select body: the general region path). {@code threads} caps the kernels' threads
 * (system property {@code stablehlo4j.interpreter.threads}): 1 is one core.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--add-modules", "jdk.incubator.vector"})
public class InterpreterBench {
    @Param({"matmul4:512", "mlp:64", "cnn:8", "maxpool:128", "while:10000", "sort:2000", "map:256", "argmax:20000"})
    public String program;

    @Param({"1", "2"})
    public int threads;

    private final StableHlo hlo = StableHlo.create();
    private ModuleOp module;

    @Setup
    public void setUp() throws StableHloException {
        System.setProperty("stablehlo4j.interpreter.threads", Integer.toString(threads));
        String[] p = program.split(":");
        module = hlo.parse(Fixtures.generate(p[0], Integer.parseInt(p[1])));
    }

    @Benchmark
    public String run() throws DiagnosticException {
        return InterpreterDriver.interpret(hlo.context(), module, "", false);
    }
}
