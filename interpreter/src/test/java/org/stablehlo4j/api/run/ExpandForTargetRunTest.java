package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.SerializeOptions;
import org.stablehlo4j.api.SerializedArtifact;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * A module using ops newer than StableHLO 1.0.0 (tan, real and complex; gather and scatter with batching
 * dimensions) written as a 1.0.0 artifact through {@link SerializeOptions#withExpandForTarget(boolean)}: the
 * artifact is a 1.0.0 one, and it runs in the interpreter to the outputs of the original module.
 */
class ExpandForTargetRunTest {
    private static final String PROGRAM = """
            func.func @main(%x: tensor<5xf64>, %re: tensor<3xf64>, %im: tensor<3xf64>, %operand: tensor<2x3x4xi32>,
                            %indices: tensor<2x5x1xi32>, %updates: tensor<2x5xi32>)
                -> (tensor<5xf64>, tensor<3xf64>, tensor<3xf64>, tensor<2x5xi32>, tensor<2x3x4xi32>) {
              %t = stablehlo.tan %x : tensor<5xf64>
              %c = stablehlo.complex %re, %im : tensor<3xcomplex<f64>>
              %tc = stablehlo.tan %c : tensor<3xcomplex<f64>>
              %tre = stablehlo.real %tc : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
              %tim = stablehlo.imag %tc : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
              %g = "stablehlo.gather"(%operand, %indices) {
                dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1, 2], operand_batching_dims = [0],
                  start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>,
                slice_sizes = array<i64: 1, 1, 1>, indices_are_sorted = false
              } : (tensor<2x3x4xi32>, tensor<2x5x1xi32>) -> tensor<2x5xi32>
              %s = "stablehlo.scatter"(%operand, %indices, %updates) <{
                scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1, 2],
                  input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [2],
                  index_vector_dim = 2>,
                indices_are_sorted = false, unique_indices = false}> ({
              ^bb0(%a: tensor<i32>, %b: tensor<i32>):
                %sum = stablehlo.add %a, %b : tensor<i32>
                stablehlo.return %sum : tensor<i32>
              }) : (tensor<2x3x4xi32>, tensor<2x5x1xi32>, tensor<2x5xi32>) -> tensor<2x3x4xi32>
              return %t, %tre, %tim, %g, %s : tensor<5xf64>, tensor<3xf64>, tensor<3xf64>, tensor<2x5xi32>, tensor<2x3x4xi32>
            }
            """;

    private static TensorValue[] inputs() {
        long[] operand = new long[24];
        for (int i = 0; i < operand.length; i++) operand[i] = 10 * i + 1;
        return new TensorValue[] {
            TensorValue.of(new double[] {0.0, 0.5, -1.25, 3.0, 1e-3}, 5),
            TensorValue.of(new double[] {0.25, -1.5, 2.0}, 3),
            TensorValue.of(new double[] {0.75, 0.125, -3.0}, 3),
            TensorValue.of(ElementType.I32, operand, 2, 3, 4),
            TensorValue.of(ElementType.I32, new long[] {0, 3, 1, 2, 3, 2, 0, 0, 1, 3}, 2, 5, 1),
            TensorValue.of(ElementType.I32, new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 2, 5)};
    }

    @Test
    void aOneZeroArtifactThroughTheExpanderRunsToTheOriginalOutputs() throws Exception {
        StableHloRunner runner = StableHloRunner.create();
        StableHlo api = runner.api();
        ModuleOp m = api.parse(PROGRAM);
        String before = api.print(m);
        List<TensorValue> expected = runner.run(m, inputs());

        SerializedArtifact artifact = api.serialize(m, "1.0.0", SerializeOptions.DEFAULT.withExpandForTarget(true));
        assertEquals(before, api.print(m), "the caller's module is not changed");
        assertEquals(List.of("expanded 3 x stablehlo.tan for StableHLO 1.0.0",
                "expanded 1 x gather with batching dims for StableHLO 1.0.0",
                "expanded 1 x scatter with batching dims for StableHLO 1.0.0"), artifact.expanded());
        assertEquals("1.0.0", StableHlo.portableArtifactVersion(artifact.bytes()).orElseThrow());
        String read = api.print(api.deserializePortableArtifact(artifact.bytes()));
        assertFalse(read.contains("stablehlo.tan ") || read.contains("batching_dims"), read);

        List<TensorValue> actual = runner.runArtifact(artifact.bytes(), inputs());
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < 3; i++) {
            double[] want = expected.get(i).toDoubleArray();
            double[] got = actual.get(i).toDoubleArray();
            assertEquals(want.length, got.length);
            for (int k = 0; k < want.length; k++) {
                assertEquals(want[k], got[k], 1e-12 * Math.max(1, Math.abs(want[k])), "result " + i + " at " + k);
            }
        }
        assertArrayEquals(expected.get(3).toLongArray(), actual.get(3).toLongArray(), "gather");
        assertArrayEquals(expected.get(4).toLongArray(), actual.get(4).toLongArray(), "scatter");
        // result[b, j] = operand[b, 0, indices[b, j]]: batch 1, j = 0 (index 2) reads operand[1, 0, 2]
        assertEquals(10 * (12 + 2) + 1, actual.get(3).toLongArray()[5], "gather of batch 1, j = 0");
    }

    @Test
    void withoutTheOptInTheTargetRefusesTheNewerOpsAndSaysHow() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse(PROGRAM);
        StableHloException e = assertThrows(StableHloException.class, () -> api.serializePortableArtifact(m, "1.0.0"));
        String note = e.diagnostics().get(0).notes().get(0).message();
        assertTrue(note.contains("--expand-for-target") && note.contains("withExpandForTarget(true)")
                && note.contains("stablehlo.tan") && note.contains("1.0.0"), note);
        // a target that has them needs no expansion: the artifact is the same with and without the opt-in
        SerializedArtifact current = api.serialize(m, "current", SerializeOptions.DEFAULT.withExpandForTarget(true));
        assertEquals(List.of(), current.expanded());
        assertArrayEquals(api.serializePortableArtifact(m, "current"), current.bytes());
    }
}
