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
import org.stablehlo4j.ir.ModuleOp;

import java.util.concurrent.TimeUnit;

/**
 * The tools' jobs, warm and in-process, on generated {@link Fixtures}: {@code fixture} is {@code KIND:SIZE}
 * (mixed:66000 is about 15 MB of text, mixed:200000 about 45 MB; transformer:LAYERS; deep:FUNCTIONS).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class JobBench {
    @Param({"mixed:66000", "transformer:24", "deep:400"})
    public String fixture;

    private final StableHlo hlo = StableHlo.create();
    private String text;
    private byte[] artifact;

    @Setup
    public void setUp() throws StableHloException {
        String[] f = fixture.split(":");
        text = Fixtures.generate(f[0], Integer.parseInt(f[1]));
        artifact = hlo.serializePortableArtifact(hlo.parse(text), StableHlo.currentVersion());
    }

    private ModuleOp parseVerify() throws StableHloException {
        ModuleOp m = hlo.parse(text);
        hlo.verify(m);
        return m;
    }

    /** stablehlo-opt: text in, verified, text out. */
    @Benchmark
    public String parseVerifyPrint() throws StableHloException {
        return hlo.print(parseVerify());
    }

    /** stablehlo-translate --serialize: text in, verified, portable artifact out. */
    @Benchmark
    public byte[] parseVerifySerialize() throws StableHloException {
        return hlo.serializePortableArtifact(parseVerify(), StableHlo.currentVersion());
    }

    /** stablehlo-translate --deserialize: portable artifact in, text out. */
    @Benchmark
    public String deserializePrint() throws StableHloException {
        return hlo.print(hlo.deserializePortableArtifact(artifact));
    }
}
