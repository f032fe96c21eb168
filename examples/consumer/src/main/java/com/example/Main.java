package com.example;

import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.ir.ModuleOp;

/** Parses a StableHLO program, writes it as a portable artifact for StableHLO 1.9.0, then runs the artifact. */
public class Main {
    public static void main(String[] args) throws Exception {
        StableHloRunner runner = StableHloRunner.create();
        StableHlo api = runner.api();
        // parse (and verify) a program; api.print(module) gives it back as text
        ModuleOp module = api.parse("""
            func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
              %0 = stablehlo.multiply %x, %y : tensor<2xf32>
              %1 = stablehlo.add %0, %y : tensor<2xf32>
              return %1 : tensor<2xf32>
            }
            """);
        // a portable artifact (MLIR bytecode of VHLO) that StableHLO 1.9.0 and later can read
        byte[] artifact = api.serializePortableArtifact(module, "1.9.0");
        System.out.println("portable artifact for StableHLO "
                + StableHlo.portableArtifactVersion(artifact).orElseThrow());
        // run @main of the artifact with the reference interpreter
        List<TensorValue> out = runner.runArtifact(artifact,
                TensorValue.of(new float[] {1, 2}, 2), TensorValue.of(new float[] {3, 4}, 2));
        System.out.println("x * y + y = " + Arrays.toString(out.get(0).toFloatArray()));
    }
}
