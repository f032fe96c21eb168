package org.stablehlo4j.examples;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.ir.ModuleOp;

/** A 2-layer MLP, relu(x W1 + b1) W2 + b2, serialized for StableHLO 1.9.0 and read back. */
public class SerializeMlp {
    public static final String MLP = """
        func.func @main(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
          %w1 = stablehlo.constant dense<[[1.0, -1.0, 0.5, 0.0], [0.0, 2.0, 0.5, 1.0], [-1.0, 0.0, 0.5, 1.0]]> : tensor<3x4xf32>
          %b1 = stablehlo.constant dense<[[0.5, 0.0, -1.0, 0.0]]> : tensor<1x4xf32>
          %w2 = stablehlo.constant dense<[[1.0, 0.0], [0.5, -1.0], [1.0, 1.0], [-0.5, 0.25]]> : tensor<4x2xf32>
          %b2 = stablehlo.constant dense<[[0.25, -0.5]]> : tensor<1x2xf32>
          %zero = stablehlo.constant dense<0.0> : tensor<1x4xf32>
          %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x4xf32>) -> tensor<1x4xf32>
          %1 = stablehlo.add %0, %b1 : tensor<1x4xf32>
          %2 = stablehlo.maximum %1, %zero : tensor<1x4xf32>
          %3 = stablehlo.dot_general %2, %w2, contracting_dims = [1] x [0] : (tensor<1x4xf32>, tensor<4x2xf32>) -> tensor<1x2xf32>
          %4 = stablehlo.add %3, %b2 : tensor<1x2xf32>
          return %4 : tensor<1x2xf32>
        }
        """;

    public static void main(String[] args) throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp mlp = api.parse(MLP);                                  // parses and verifies
        byte[] artifact = api.serializePortableArtifact(mlp, "1.9.0");  // verify, StableHLO -> VHLO 1.9.0 -> bytecode
        System.out.println(StableHlo.artifactInfo(artifact).opCounts());
        System.out.println("needs at least StableHLO " + api.minimumVersionFor(mlp));
        ModuleOp back = api.deserializePortableArtifact(artifact);       // VHLO 1.9.0 -> current -> StableHLO
        System.out.print(api.print(back));
    }
}
