package org.stablehlo4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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

/**
 * The interpreter on upstream's CHLO testdata programs (read from the upstream checkout: system property
 * {@code stablehlo.shared}, else {@code STABLEHLO_SHARED}, else {@code ../shared/stablehlo}). {@code run} is what
 * {@code --interpret} does with the file: the interpreter lowers the CHLO ops (a copy of the module through
 * {@code chlo-legalize-to-stablehlo}'s patterns) and runs the result, checks included; {@code runLowered} runs a
 * module lowered once beforehand ({@code --chlo-pre-serialization-pipeline}), so the difference is the lowering's
 * cost per run; {@code lower} is that lowering alone (a copy of the module, then the pass).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class ChloInterpreterBench {
    @Param({"top_k_float32_5_3_chlo", "nextafter_float32_20_20_float32_20_20_chlo",
        "nextafter_float64_20_20_float64_20_20_chlo"})
    public String program;

    private final StableHlo hlo = StableHlo.create();
    private String text;
    private ModuleOp module;
    private ModuleOp lowered;

    @Setup
    public void setUp() throws IOException, StableHloException {
        Path file = BytecodeBench.sharedRoot().resolve("stablehlo/testdata/" + program + ".mlir");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no upstream testdata at " + file + " (set -Dstablehlo.shared=DIR)");
        }
        text = Files.readString(file);
        module = hlo.parse(text);
        lowered = hlo.parse(text);
        hlo.runPasses(lowered, "chlo-pre-serialization-pipeline");
    }

    @Benchmark
    public String run() throws DiagnosticException {
        return InterpreterDriver.interpret(hlo.context(), module, "", false);
    }

    @Benchmark
    public String runLowered() throws DiagnosticException {
        return InterpreterDriver.interpret(hlo.context(), lowered, "", false);
    }

    @Benchmark
    public ModuleOp lower() throws StableHloException {
        ModuleOp m = new ModuleOp(module.op().cloneDeep());
        hlo.runPasses(m, "chlo-legalize-to-stablehlo");
        return m;
    }
}
