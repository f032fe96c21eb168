import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.build.DotDimensions;
import org.stablehlo4j.api.build.ModuleBuilder;
import org.stablehlo4j.api.build.Ops;
import org.stablehlo4j.api.build.Types;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Value;

/**
 * A runnable example (one file, no build step of its own): builds a 2-layer MLP with the typed builder, prints it,
 * writes it as a StableHLO 1.9.0 portable artifact, reads that back and runs it with the reference interpreter.
 * From the repository root, after {@code mvn -q -B -DskipTests package}:
 * <pre>
 * java -cp cli/target/lib/stablehlo4j-core.jar:cli/target/lib/stablehlo4j-interpreter.jar examples/MlpExample.java
 * </pre>
 */
public class MlpExample {
    static Value dense(Ops ops, Value x, Value w, Value b) {
        return ops.add(ops.dotGeneral(x, w, DotDimensions.contracting(1, 0)), b);
    }

    public static void main(String[] args) throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp mlp = ModuleBuilder.create(api)
                .func("main", List.of(Types.tensor(Types.F32, 1, 3)), (ops, in) -> {
                    Value w1 = ops.constant(new float[] {1, -1, 0.5f, 0, 0, 2, 0.5f, 1, -1, 0, 0.5f, 1}, List.of(3L, 4L));
                    Value b1 = ops.constant(new float[] {0.5f, 0, -1, 0}, List.of(1L, 4L));
                    Value w2 = ops.constant(new float[] {1, 0, 0.5f, -1, 1, 1, -0.5f, 0.25f}, List.of(4L, 2L));
                    Value b2 = ops.constant(new float[] {0.25f, -0.5f}, List.of(1L, 2L));
                    Value hidden = ops.maximum(dense(ops, in.get(0), w1, b1), ops.constant(new float[4], List.of(1L, 4L)));
                    return List.of(dense(ops, hidden, w2, b2));
                })
                .build();
        System.out.print(api.print(mlp));
        byte[] artifact = api.serializePortableArtifact(mlp, "1.9.0");
        System.out.println("artifact: " + artifact.length + " bytes, " + StableHlo.artifactInfo(artifact).producer());
        StableHloRunner runner = new StableHloRunner(api);
        List<TensorValue> out = runner.runArtifact(artifact, TensorValue.of(new float[] {1, 2, 3}, 1, 3));
        System.out.println("mlp([1, 2, 3]) = " + Arrays.toString(out.get(0).toFloatArray()));
    }
}
