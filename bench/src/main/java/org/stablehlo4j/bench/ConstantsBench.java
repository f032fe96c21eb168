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
 * Reading an artifact of dense constants ({@link Fixtures#constants}, {@code mib} MiB of f32 data). The default
 * is small; the 256 MiB case is {@code -p mib=256} with a larger heap ({@code -jvmArgsAppend -Xmx8g}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class ConstantsBench {
    @Param("16")
    public int mib;

    private final StableHlo hlo = StableHlo.create();
    private byte[] artifact;

    @Setup
    public void setUp() throws StableHloException {
        artifact = hlo.serializePortableArtifact(hlo.parse(Fixtures.generate("constants", mib)), StableHlo.currentVersion());
    }

    @Benchmark
    public ModuleOp deserialize() throws StableHloException {
        return hlo.deserializePortableArtifact(artifact);
    }
}
