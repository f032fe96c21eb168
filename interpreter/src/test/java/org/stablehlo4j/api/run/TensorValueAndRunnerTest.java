package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.examples.ReadmeExamplesTest;
import org.stablehlo4j.ir.ModuleOp;

class TensorValueAndRunnerTest {
    static final StableHloRunner RUNNER = StableHloRunner.create();

    @Test
    void factoriesCopyAndNeverMutateTheCallersArray() {
        double[] d = {0.1, 1e300, 2.5};
        TensorValue f16 = TensorValue.of(ElementType.F16, d, 3);
        assertArrayEquals(new double[] {0.1, 1e300, 2.5}, d, "caller's array unchanged");
        assertEquals(0.0999755859375, f16.getDouble(0));            // rounded to f16
        assertEquals(Double.POSITIVE_INFINITY, f16.getDouble(1));
        double[] d64 = {0.1, 0.2};
        TensorValue f64 = TensorValue.of(d64, 2);
        d64[0] = 99;
        assertEquals(0.1, f64.getDouble(0), "later changes of the caller's array do not show");
        float[] f = {1.5f, -2f, 3f, 4f, 5f, 6f};
        TensorValue t = TensorValue.of(f, 2, 3);
        f[0] = 0;
        assertArrayEquals(new float[] {1.5f, -2f, 3f, 4f, 5f, 6f}, t.toFloatArray());
        assertEquals(6.0, t.getDouble(1, 2));
        assertEquals(5, t.flatIndex(1, 2));
        assertArrayEquals(new long[] {2, 3}, t.shape());
        assertEquals(ElementType.F32, t.elementType());
        assertEquals("dense<[[1.500000e+00, -2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>",
                t.toString());
    }

    @Test
    void integersBooleansAndBytes() {
        TensorValue i = TensorValue.of(new int[] {1, -2, 3, 4}, 2, 2);
        assertArrayEquals(new int[] {1, -2, 3, 4}, i.toIntArray());
        assertEquals("dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>", i.toString());
        assertEquals(0, TensorValue.of(new long[] {7}).rank(), "no shape: a scalar");
        assertArrayEquals(new long[] {Long.MIN_VALUE, 7}, TensorValue.of(new long[] {Long.MIN_VALUE, 7}, 2).toLongArray());
        TensorValue b = TensorValue.of(new boolean[] {true, false, true}, 3);
        assertArrayEquals(new boolean[] {true, false, true}, b.toBooleanArray());
        assertEquals("dense<[true, false, true]> : tensor<3xi1>", b.toString());
        TensorValue u8 = TensorValue.of(ElementType.UI8, new long[] {0, 255}, 2);
        assertEquals(255, u8.getLong(1));
        assertEquals("dense<[0, 255]> : tensor<2xui8>", u8.toString());
        assertThrows(IllegalArgumentException.class, () -> TensorValue.of(ElementType.I8, new long[] {128}, 1));
        assertThrows(IllegalArgumentException.class, () -> TensorValue.of(ElementType.UI8, new long[] {-1}, 1));
        assertThrows(IllegalArgumentException.class, () -> TensorValue.of(new int[] {1, 2, 3}, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> TensorValue.of(ElementType.I32, new double[] {0.5}, 1));
        ByteBuffer bb = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putFloat(1.5f).putFloat(-3f).flip();
        TensorValue fromBytes = TensorValue.fromBytes(ElementType.F32, bb, 2);
        assertEquals(0, bb.position(), "buffer position unchanged");
        assertArrayEquals(new float[] {1.5f, -3f}, fromBytes.toFloatArray());
        assertEquals(fromBytes, TensorValue.fromBytes(ElementType.F32, fromBytes.toByteBuffer(), 2));
        assertEquals(fromBytes.hashCode(), TensorValue.of(new float[] {1.5f, -3f}, 2).hashCode());
        assertThrows(IllegalArgumentException.class, () -> TensorValue.fromBytes(ElementType.F64, bb, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> i.getDouble(2, 0));
        assertThrows(IllegalStateException.class, () -> fromBytes.getLong(0));
        assertEquals("dense<5> : tensor<i32>", TensorValue.scalar(5).toString());
    }

    @Test
    void runsTheMlpAndChecksItsSignature() throws Exception {
        ModuleOp mlp = RUNNER.api().parse(ReadmeExamplesTest.MLP, ParseOptions.of("mlp.mlir"));
        List<TensorValue> out = RUNNER.run(mlp, TensorValue.of(new float[] {1, 2, 3}, 1, 3));
        assertEquals(1, out.size());
        assertArrayEquals(new float[] {1.25f, -0.25f}, out.get(0).toFloatArray());
        assertArrayEquals(new long[] {1, 2}, out.get(0).shape());
        // the same program through a 1.9.0 artifact
        byte[] artifact = RUNNER.api().serializePortableArtifact(mlp, "1.9.0");
        assertEquals(out, RUNNER.runArtifact(artifact, TensorValue.of(new float[] {1, 2, 3}, 1, 3)));

        StableHloException count = assertThrows(StableHloException.class, () -> RUNNER.run(mlp));
        assertEquals("mlp.mlir:1:1: error: @main takes 1 argument, got 0 inputs", count.getMessage());
        StableHloException shape = assertThrows(StableHloException.class,
                () -> RUNNER.run(mlp, TensorValue.of(new float[] {1, 2, 3}, 3, 1)));
        assertEquals("mlp.mlir:1:1: error: input 0 of @main must be tensor<1x3xf32>, got tensor<3x1xf32>",
                shape.getMessage());
        StableHloException dtype = assertThrows(StableHloException.class,
                () -> RUNNER.run(mlp, TensorValue.of(new double[] {1, 2, 3}, 1, 3)));
        assertTrue(dtype.getMessage().endsWith("must be tensor<1x3xf32>, got tensor<1x3xf64>"), dtype.getMessage());
        StableHloException fn = assertThrows(StableHloException.class, () -> RUNNER.run(mlp, "nope", List.of()));
        assertTrue(fn.getMessage().contains("module has no function @nope"), fn.getMessage());
        assertEquals("tensor<1x3xf32>", RUNNER.inputTypes(mlp, "main").get(0).toString());
    }

    @Test
    void interpreterFailuresAreDiagnostics() throws Exception {
        String dyn = """
                func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
                  %0 = stablehlo.add %x, %x : tensor<?xi32>
                  return %0 : tensor<?xi32>
                }
                """;
        // the signature accepts the input, and the program runs specialized to it (tensor<3xi32>)
        assertArrayEquals(new int[] {2, 4, 6}, RUNNER.run(dyn, TensorValue.of(new int[] {1, 2, 3}, 3)).get(0).toIntArray());
        // a shape that depends on an input's values stays dynamic: the interpreter reports it as a diagnostic
        String dataDependent = """
                func.func @main(%x: tensor<?xi32>, %n: tensor<1xi64>) -> tensor<?xi32> {
                  %0 = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
                  return %0 : tensor<?xi32>
                }
                """;
        StableHloException d = assertThrows(StableHloException.class, () -> RUNNER.run(dataDependent,
                TensorValue.of(new int[] {1, 2, 3}, 3), TensorValue.of(new long[] {3}, 1)));
        assertEquals("<source>:2:3: error: dynamic shapes are not supported: tensor<?xi32>", d.getMessage());
        String failing = """
                func.func @main() {
                  %0 = stablehlo.constant dense<1> : tensor<i32>
                  %1 = stablehlo.constant dense<2> : tensor<i32>
                  check.expect_eq %0, %1 : tensor<i32>
                  return
                }
                """;
        StableHloException e = assertThrows(StableHloException.class, () -> RUNNER.run(failing));
        assertTrue(e.getMessage().startsWith("<source>:4:"), e.getMessage());
    }
}
