package org.stablehlo4j.bench;

import java.util.List;
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
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.dialect.stablehlo.transforms.CanonicalizeDynamismPass;
import org.stablehlo4j.dialect.stablehlo.transforms.RefineArgumentsPass;
import org.stablehlo4j.dialect.stablehlo.transforms.RefineShapesPass;
import org.stablehlo4j.dialect.stablehlo.transforms.ShapeSpecialization;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.pass.PassContext;

/**
 * Shape refinement of a large shape-polymorphic program ({@link Fixtures} {@code poly}, {@code layers} layers of
 * about 16 ops, 50 per function, the batch size passed down the chain of calls): specializing it to a
 * {@code tensor<16x8xf32>} argument. Each measured run starts from a fresh copy of the parsed program ({@code copy}
 * measures that part alone): {@code refineAndCanonicalize} runs {@code --stablehlo-refine-arguments},
 * {@code --stablehlo-refine-shapes} and {@code --stablehlo-canonicalize-dynamism}; {@code specialize} is what
 * {@code StableHlo.refineShapes} and {@code --interpret} run (the same, the shape assertions checked and the
 * result verified).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class RefineBench {
    private final Context context = org.stablehlo4j.init.AllDialects.newContext();

    /** Layers of the generated program. */
    @Param("2000")
    public int layers;

    private ModuleOp program;
    private List<Type> types;

    @Setup
    public void setUp() throws DiagnosticException {
        program = AsmParser.parse(context, Fixtures.generate("poly", layers), ParseOptions.of("poly.mlir"));
        types = List.of(AsmParser.parseType(context, "tensor<16x8xf32>"));
    }

    /** The fresh copy every other benchmark starts from. */
    @Benchmark
    public ModuleOp copy() {
        return ShapeSpecialization.copy(program);
    }

    /** refine-arguments, refine-shapes, canonicalize-dynamism on a copy. */
    @Benchmark
    public ModuleOp refineAndCanonicalize() throws DiagnosticException {
        ModuleOp m = ShapeSpecialization.copy(program);
        PassContext pc = new PassContext(context, d -> {
            throw new IllegalStateException(d.message());
        });
        RefineArgumentsPass.of(types).run(m, pc);
        new RefineShapesPass().run(m, pc);
        new CanonicalizeDynamismPass().run(m, pc);
        return m;
    }

    /** The whole specialization (assertions checked, the result verified) on a copy. */
    @Benchmark
    public ModuleOp specialize() throws DiagnosticException {
        ModuleOp m = ShapeSpecialization.copy(program);
        ShapeSpecialization.specialize(context, m, null, types);
        return m;
    }
}
