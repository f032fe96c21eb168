package org.stablehlo4j.examples;

import java.util.List;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.build.DotDimensions;
import org.stablehlo4j.api.build.ModuleBuilder;
import org.stablehlo4j.api.build.Types;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Value;

/** A 2-layer MLP, relu(x W1 + b1) W2 + b2, built with the typed builder, serialized for StableHLO 1.9.0 and read back. */
public class SerializeMlp {
    public static ModuleOp buildMlp(StableHlo api) {
        return ModuleBuilder.create(api)
                .func("main", List.of(Types.tensor(Types.F32, 1, 3)), (ops, args) -> {
                    Value w1 = ops.constant(new float[] {1, -1, 0.5f, 0, 0, 2, 0.5f, 1, -1, 0, 0.5f, 1}, List.of(3L, 4L));
                    Value b1 = ops.constant(new float[] {0.5f, 0, -1, 0}, List.of(1L, 4L));
                    Value w2 = ops.constant(new float[] {1, 0, 0.5f, -1, 1, 1, -0.5f, 0.25f}, List.of(4L, 2L));
                    Value b2 = ops.constant(new float[] {0.25f, -0.5f}, List.of(1L, 2L));
                    Value zero = ops.constant(new float[4], List.of(1L, 4L));
                    Value h = ops.add(ops.dotGeneral(args.get(0), w1, DotDimensions.contracting(1, 0)), b1);
                    Value relu = ops.maximum(h, zero);                        // every op is verified as it is built
                    return List.of(ops.add(ops.dotGeneral(relu, w2, DotDimensions.contracting(1, 0)), b2));
                })
                .build();
    }

    public static void main(String[] args) throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp mlp = buildMlp(api);
        byte[] artifact = api.serializePortableArtifact(mlp, "1.9.0");  // verify, StableHLO -> VHLO 1.9.0 -> bytecode
        System.out.println(StableHlo.artifactInfo(artifact).opCounts());
        System.out.println("needs at least StableHLO " + api.minimumVersionFor(mlp));
        ModuleOp back = api.deserializePortableArtifact(artifact);       // VHLO 1.9.0 -> current -> StableHLO
        System.out.print(api.print(back));
    }
}
