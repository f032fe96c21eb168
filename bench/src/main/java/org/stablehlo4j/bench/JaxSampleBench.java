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
import org.stablehlo4j.api.run.ElementType;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.ir.ModuleOp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The jax-samples ({@code ../shared/jax-samples}, JAX's exports of 26 small programs) run in-process: each
 * artifact is deserialized once, then {@link StableHloRunner#run(ModuleOp, String, List)} runs {@code @main} on the
 * inputs of its {@code NAME.io.json} per operation (microseconds per run). The class uses only API that 92dc09d
 * already had ({@code StableHlo}, {@code StableHloRunner}, {@code TensorValue}, {@code ElementType}), so
 * {@code bench/jax-samples.sh} compiles this same file against another built tree and runs it there too.
 * {@code complex_fft} is left out: 92dc09d's {@code TensorValue} has no complex elements. The samples directory is
 * the system property {@code stablehlo4j.jaxSamples} (default {@code ../shared/jax-samples}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class JaxSampleBench {
    @Param({"attention", "cond_switch", "conv_pool", "conv_pool_grad", "convert_types", "cumulative_ops",
            "dynamic_slice_update", "elementwise_math", "fori_cumsum", "gather_scatter", "integer_bits",
            "iota_select_clamp", "layernorm", "layernorm_bf16", "linalg_triangular", "mlp", "mlp_grad",
            "pad_concat_transpose", "reductions", "rng_threefry", "scan_rnn", "sort_argsort", "special_functions",
            "vmap_matvec", "while_loop"})
    public String sample;

    private StableHloRunner runner;
    private ModuleOp module;
    private List<TensorValue> inputs;

    /**
     * Reads the artifact and the inputs of {@link #sample}.
     *
     * @throws IOException if a file cannot be read
     * @throws StableHloException if the artifact cannot be deserialized
     */
    @Setup
    public void setUp() throws IOException, StableHloException {
        Path dir = Path.of(System.getProperty("stablehlo4j.jaxSamples", "../shared/jax-samples"));
        StableHlo hlo = StableHlo.create();
        runner = new StableHloRunner(hlo);
        module = hlo.deserializePortableArtifact(Files.readAllBytes(dir.resolve(sample + ".mlir.bc")));
        inputs = readInputs(Files.readString(dir.resolve(sample + ".io.json")));
    }

    /**
     * One run of {@code @main}.
     *
     * @return the results (consumed by JMH)
     * @throws StableHloException if the run fails
     */
    @Benchmark
    public List<TensorValue> run() throws StableHloException {
        return runner.run(module, "main", inputs);
    }

    /**
     * Without JMH, for a loaded machine: {@code JaxSampleBench RUNS SAMPLE...} runs each sample RUNS times per
     * round, 7 rounds, and prints the smallest CPU time per run of the calling thread (microseconds) per sample:
     * {@code SAMPLE MICROSECONDS}. Thread CPU time is what other processes on the machine disturb least.
     *
     * @param args the runs per round, then sample names
     * @throws Exception if a sample cannot be read or run
     */
    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int a = 1; a < args.length; a++) {
            JaxSampleBench b = new JaxSampleBench();
            b.sample = args[a];
            b.setUp();
            double best = Double.MAX_VALUE;
            for (int round = 0; round < 7; round++) {
                long t0 = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < runs; i++) b.run();
                best = Math.min(best, (mx.getCurrentThreadCpuTime() - t0) / 1e3 / runs);
            }
            System.out.printf(java.util.Locale.ROOT, "%s %.1f%n", b.sample, best);
        }
    }

    /**
     * The {@code "inputs"} of an {@code io.json} file: arrays of {@code shape}, {@code dtype} (float32, int32,
     * uint32) and a flat {@code data} list; a small reader for exactly that layout.
     *
     * @param json the file's text
     * @return the inputs as tensors
     */
    static List<TensorValue> readInputs(String json) {
        int at = json.indexOf("\"inputs\"");
        int end = json.indexOf("\"outputs\"");
        if (at < 0) throw new IllegalArgumentException("no \"inputs\" in io.json");
        String section = json.substring(at, end < 0 ? json.length() : end);
        List<TensorValue> out = new ArrayList<>();
        int from = 0;
        while (true) {
            int s = section.indexOf("\"shape\"", from);
            if (s < 0) return out;
            long[] shape = numbers(bracketed(section, s));
            int d = section.indexOf("\"dtype\"", s);
            int q1 = section.indexOf('"', section.indexOf(':', d) + 1);
            String dtype = section.substring(q1 + 1, section.indexOf('"', q1 + 1));
            int data = section.indexOf("\"data\"", s);
            String values = bracketed(section, data);
            from = section.indexOf(values, data) + values.length();
            String[] parts = values.isBlank() ? new String[0] : values.split(",");
            switch (dtype) {
                case "float32" -> {
                    float[] v = new float[parts.length];
                    for (int i = 0; i < v.length; i++) v[i] = Float.parseFloat(parts[i].trim());
                    out.add(TensorValue.of(v, shape));
                }
                case "int32" -> {
                    int[] v = new int[parts.length];
                    for (int i = 0; i < v.length; i++) v[i] = Integer.parseInt(parts[i].trim());
                    out.add(TensorValue.of(v, shape));
                }
                case "uint32" -> {
                    long[] v = new long[parts.length];
                    for (int i = 0; i < v.length; i++) v[i] = Long.parseLong(parts[i].trim());
                    out.add(TensorValue.of(ElementType.UI32, v, shape));
                }
                default -> throw new IllegalArgumentException("unsupported dtype " + dtype);
            }
        }
    }

    /** The text between the first {@code [} after {@code from} and its matching {@code ]} (no nesting inside). */
    private static String bracketed(String s, int from) {
        int open = s.indexOf('[', from);
        return s.substring(open + 1, s.indexOf(']', open));
    }

    private static long[] numbers(String list) {
        if (list.isBlank()) return new long[0];
        String[] parts = list.split(",");
        long[] out = new long[parts.length];
        for (int i = 0; i < out.length; i++) out[i] = Long.parseLong(parts[i].trim());
        return out;
    }
}
