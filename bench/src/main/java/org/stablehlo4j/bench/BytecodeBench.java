package org.stablehlo4j.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.ModuleOp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Reading and writing upstream's portable artifacts: every {@code stablehlo/tests/vhlo/*.mlir.bc} of the
 * upstream checkout (system property {@code stablehlo.shared}, else environment variable
 * {@code STABLEHLO_SHARED}, else {@code ../shared/stablehlo}) per invocation. Artifacts the reader rejects on
 * purpose (e.g. one from a future version) are left out.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(1)
public class BytecodeBench {
    /** The dialects (stablehlo-opt's list). */
    private final org.stablehlo4j.ir.Context context = org.stablehlo4j.init.AllDialects.newContext();

    private final List<String> names = new ArrayList<>();
    private final List<byte[]> artifacts = new ArrayList<>();
    private final List<ModuleOp> modules = new ArrayList<>();

    static Path sharedRoot() {
        String dir = System.getProperty("stablehlo.shared");
        if (dir == null) dir = System.getenv("STABLEHLO_SHARED");
        return Path.of(dir != null ? dir : "../shared/stablehlo");
    }

    @Setup
    public void setUp() throws IOException {
        Path vhlo = sharedRoot().resolve("stablehlo/tests/vhlo");
        if (!Files.isDirectory(vhlo)) {
            throw new IllegalStateException("no upstream tests at " + vhlo + " (set -Dstablehlo.shared=DIR)");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(vhlo)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".mlir.bc")).sorted().toList();
        }
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            try {
                modules.add(BytecodeReader.read(context, data, f.toString()));
            } catch (BytecodeException e) {
                continue;
            }
            names.add(f.toString());
            artifacts.add(data);
        }
        if (artifacts.isEmpty()) throw new IllegalStateException("no readable artifacts in " + vhlo);
        System.out.println("# " + artifacts.size() + " of " + files.size() + " artifacts readable");
    }

    /** Reads every artifact. */
    @Benchmark
    public void readVhloArtifacts(Blackhole bh) throws BytecodeException {
        for (int i = 0; i < artifacts.size(); i++) bh.consume(BytecodeReader.read(context, artifacts.get(i), names.get(i)));
    }

    /** Writes every artifact's module back to bytecode. */
    @Benchmark
    public void writeVhloArtifacts(Blackhole bh) {
        for (ModuleOp m : modules) bh.consume(BytecodeWriter.write(context, m, "stablehlo4j-bench"));
    }
}
