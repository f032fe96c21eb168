package org.stablehlo4j.bench;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.interpreter.dense.Gemm;
import org.stablehlo4j.interpreter.dense.Operand;
import org.stablehlo4j.ir.ModuleOp;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The dense kernels against the machine: {@code dotGeneral} is one f32 {@code dot_general} 1024x1024x1024 run
 * through {@link StableHloRunner} (inputs converted in and the result out included), {@code gemm} the same product
 * as the interpreter's dot_general kernel computes it ({@link Gemm} on the tensors' element arrays: packing,
 * blocked micro-kernels, the result written back; without the runner's conversions), {@code fmaPeak} a Vector API
 * loop of independent f32 fused multiply-adds (24 accumulators of the preferred species, enough to cover the FMA
 * latency): the single-core f32 peak the kernels are held to. Throughput in operations per nanosecond with one
 * operation per multiply-add (of one lane), so the score is 10^9 multiply-adds per second: GFLOP/s is twice it.
 * {@code threads} caps the interpreter's threads (system property {@code stablehlo4j.interpreter.threads}; the peak
 * loop is one thread either way). Run: {@code java -jar bench/target/benchmarks.jar DenseBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "--add-modules", "jdk.incubator.vector"})
public class DenseBench {
    private static final int N = 1024;
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int PEAK_ACCUMULATORS = 24;
    /** Lane multiply-adds per call of the peak loop (a multiple of 24 x 4, 8 and 16 lanes). */
    private static final int PEAK_LANE_FMAS = PEAK_ACCUMULATORS * 16 * (1 << 14);

    @Param({"1", "2"})
    public int threads;

    private final StableHloRunner runner = StableHloRunner.create();
    private ModuleOp module;
    private List<TensorValue> inputs;
    private Operand left;
    private Operand right;
    private final double[] out = new double[N * N];

    @Setup
    public void setUp() throws StableHloException {
        System.setProperty("stablehlo4j.interpreter.threads", Integer.toString(threads));
        String t = "tensor<" + N + "x" + N + "xf32>";
        module = runner.api().parse("func.func @main(%a: " + t + ", %b: " + t + ") -> " + t + " {\n"
                + "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (" + t + ", " + t + ") -> " + t
                + "\n  return %0 : " + t + "\n}\n");
        inputs = List.of(random(1), random(2));
        int[] rows = new int[N];
        int[] cols = new int[N];
        for (int i = 0; i < N; i++) {
            rows[i] = i * N;
            cols[i] = i;
        }
        left = Operand.strided(doubles(inputs.get(0)), new int[1], rows, cols);
        right = Operand.strided(doubles(inputs.get(1)), new int[1], rows, cols);
    }

    private static double[] doubles(TensorValue t) {
        float[] f = t.toFloatArray();
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }

    private static TensorValue random(long seed) {
        Random rnd = new Random(seed);
        float[] v = new float[N * N];
        for (int i = 0; i < v.length; i++) v[i] = (float) rnd.nextGaussian();
        return TensorValue.of(v, N, N);
    }

    /** One 1024³ f32 dot_general: 2^30 multiply-adds per call. */
    @Benchmark
    @OperationsPerInvocation(N * N * N)
    public List<TensorValue> dotGeneral() throws StableHloException {
        return runner.run(module, "main", inputs);
    }

    /** The same product through {@link Gemm} alone: 2^30 multiply-adds per call. */
    @Benchmark
    @OperationsPerInvocation(N * N * N)
    public double[] gemm() {
        Gemm.multiply(false, 1, N, N, N, left, right, out, null);
        return out;
    }

    /** The f32 FMA peak of one core: {@link #PEAK_LANE_FMAS} lane multiply-adds per call. */
    @Benchmark
    @OperationsPerInvocation(PEAK_LANE_FMAS)
    public float fmaPeak() {
        return peak(PEAK_LANE_FMAS / (PEAK_ACCUMULATORS * S.length()));
    }

    /**
     * {@code steps} rounds of 24 independent FMAs {@code c = a * b + c} on preferred-species vectors (the form the
     * kernels use, one instruction each; {@code c * a + b} measured 30 % lower: C2 adds register moves); returns a
     * sum (kept alive).
     */
    static float peak(int steps) {
        FloatVector a = FloatVector.broadcast(S, 0.999f);
        FloatVector b = FloatVector.broadcast(S, 0.001f);
        FloatVector c0 = FloatVector.zero(S), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
        FloatVector c8 = c0, c9 = c0, c10 = c0, c11 = c0, c12 = c0, c13 = c0, c14 = c0, c15 = c0;
        FloatVector c16 = c0, c17 = c0, c18 = c0, c19 = c0, c20 = c0, c21 = c0, c22 = c0, c23 = c0;
        for (int i = 0; i < steps; i++) {
            c0 = a.fma(b, c0); c1 = a.fma(b, c1); c2 = a.fma(b, c2); c3 = a.fma(b, c3);
            c4 = a.fma(b, c4); c5 = a.fma(b, c5); c6 = a.fma(b, c6); c7 = a.fma(b, c7);
            c8 = a.fma(b, c8); c9 = a.fma(b, c9); c10 = a.fma(b, c10); c11 = a.fma(b, c11);
            c12 = a.fma(b, c12); c13 = a.fma(b, c13); c14 = a.fma(b, c14); c15 = a.fma(b, c15);
            c16 = a.fma(b, c16); c17 = a.fma(b, c17); c18 = a.fma(b, c18); c19 = a.fma(b, c19);
            c20 = a.fma(b, c20); c21 = a.fma(b, c21); c22 = a.fma(b, c22); c23 = a.fma(b, c23);
        }
        FloatVector s = c0.add(c1).add(c2).add(c3).add(c4).add(c5).add(c6).add(c7).add(c8).add(c9).add(c10).add(c11);
        s = s.add(c12).add(c13).add(c14).add(c15).add(c16).add(c17).add(c18).add(c19).add(c20).add(c21).add(c22);
        s = s.add(c23);
        return s.reduceLanes(VectorOperators.ADD);
    }
}
