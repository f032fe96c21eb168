package org.stablehlo4j.examples;

import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;

/** Runs the MLP of SerializeMlp with the reference interpreter. */
public class RunMlp {
    public static void main(String[] args) throws Exception {
        StableHloRunner runner = StableHloRunner.create();
        TensorValue x = TensorValue.of(new float[] {1, 2, 3}, 1, 3);    // shape 1x3, f32
        List<TensorValue> outputs = runner.run(SerializeMlp.buildMlp(runner.api()), x);
        System.out.println(outputs.get(0));                            // an MLIR dense literal
        System.out.println(Arrays.toString(outputs.get(0).toFloatArray()));
    }
}
