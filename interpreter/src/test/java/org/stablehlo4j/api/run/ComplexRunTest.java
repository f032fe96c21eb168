package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatType;

/** Complex element types in {@link TensorValue} and through {@link StableHloRunner}. */
class ComplexRunTest {
    static final StableHloRunner RUNNER = StableHloRunner.create();

    static Path samples() {
        Path dir = Path.of(System.getProperty("stablehlo.shared", "../shared/stablehlo")).resolve("../jax-samples")
                .normalize();
        assertTrue(Files.isDirectory(dir), "jax-samples not found at " + dir + " (set -Dstablehlo.shared)");
        return dir;
    }

    @Test
    void complexElementTypes() {
        assertEquals(ElementType.COMPLEX64, ElementType.of(new ComplexType(FloatType.F32)));
        assertEquals(ElementType.COMPLEX128, ElementType.fromMlirName("complex<f64>"));
        assertNull(ElementType.of(new ComplexType(FloatType.F16)));
        assertEquals(64, ElementType.COMPLEX64.bitWidth());
        assertEquals(16, ElementType.COMPLEX128.byteWidth());
        assertTrue(ElementType.COMPLEX64.isComplex());
        assertTrue(!ElementType.COMPLEX64.isFloat() && !ElementType.F32.isComplex());
    }

    @Test
    void complexTensorValues() {
        double[] parts = {0.1, -2, 3, 1e300};
        TensorValue c64 = TensorValue.ofComplex(ElementType.COMPLEX64, parts, 2);
        assertArrayEquals(new double[] {0.1, -2, 3, 1e300}, parts, "caller's array unchanged");
        assertEquals((double) 0.1f, c64.getReal(0), "parts rounded to f32");
        assertEquals(-2, c64.getImaginary(0));
        assertEquals(Double.POSITIVE_INFINITY, c64.getImaginary(1));
        assertArrayEquals(new double[] {0.1f, -2, 3, Double.POSITIVE_INFINITY}, c64.toComplexArray());
        assertEquals("dense<[(1.000000e-01,-2.000000e+00), (3.000000e+00,0x7F800000)]> : tensor<2xcomplex<f32>>",
                c64.toString());
        TensorValue c128 = TensorValue.ofComplex(ElementType.COMPLEX128, parts, 2, 1);
        assertEquals(0.1, c128.getReal(0));
        assertEquals(1e300, c128.getImaginary(1));
        ByteBuffer bb = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putFloat(1).putFloat(2).putFloat(3)
                .putFloat(4).flip();
        assertEquals(TensorValue.ofComplex(ElementType.COMPLEX64, new double[] {1, 2, 3, 4}, 2),
                TensorValue.fromBytes(ElementType.COMPLEX64, bb, 2));
        assertEquals("tensor of complex<f32> has complex elements: use getReal and getImaginary",
                assertThrows(IllegalStateException.class, () -> c64.getDouble(0)).getMessage());
        assertThrows(IllegalStateException.class, c64::toDoubleArray);
        assertThrows(IllegalStateException.class, () -> c64.getLong(0));
        assertEquals("tensor of f32 is not complex", assertThrows(IllegalStateException.class,
                () -> TensorValue.scalar(1f).getReal(0)).getMessage());
        assertEquals("complex<f32> tensors are made with TensorValue.ofComplex", assertThrows(
                IllegalArgumentException.class, () -> TensorValue.of(ElementType.COMPLEX64, new double[] {1}, 1))
                .getMessage());
        assertEquals("f32 is not complex: use TensorValue.of", assertThrows(IllegalArgumentException.class,
                () -> TensorValue.ofComplex(ElementType.F32, new double[] {1, 2})).getMessage());
        assertEquals("shape [2] has 2 elements, 4 parts, the array has 2", assertThrows(IllegalArgumentException.class,
                () -> TensorValue.ofComplex(ElementType.COMPLEX64, new double[] {1, 2}, 2)).getMessage());
    }

    @Test
    void runsAComplexProgram() throws Exception {
        String program = """
                func.func @main(%a: tensor<2xcomplex<f64>>, %b: tensor<2xcomplex<f64>>) -> (tensor<2xcomplex<f64>>, tensor<2xf64>) {
                  %0 = stablehlo.multiply %a, %b : tensor<2xcomplex<f64>>
                  %1 = stablehlo.abs %a : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
                  return %0, %1 : tensor<2xcomplex<f64>>, tensor<2xf64>
                }
                """;
        TensorValue a = TensorValue.ofComplex(ElementType.COMPLEX128, new double[] {1, 2, 3, 4}, 2);
        TensorValue b = TensorValue.ofComplex(ElementType.COMPLEX128, new double[] {0, 1, 2, 0}, 2);
        List<TensorValue> out = RUNNER.run(program, a, b);
        // (1 + 2i) i = -2 + i; (3 + 4i) 2 = 6 + 8i; |1 + 2i| = sqrt 5, |3 + 4i| = 5
        assertEquals(TensorValue.ofComplex(ElementType.COMPLEX128, new double[] {-2, 1, 6, 8}, 2), out.get(0));
        assertArrayEquals(new double[] {Math.sqrt(5), 5}, out.get(1).toDoubleArray());
        TensorValue wrong = TensorValue.ofComplex(ElementType.COMPLEX64, new double[] {1, 2, 3, 4}, 2);
        StableHloException e = assertThrows(StableHloException.class, () -> RUNNER.run(program, wrong, b));
        assertTrue(e.getMessage().contains("input 0 of @main must be tensor<2xcomplex<f64>>, got tensor<2xcomplex<f32>>"),
                e.getMessage());
    }

    /** JAX's complex_fft sample (FFT, IFFT + abs, RFFT) as text and as a portable artifact: JAX's outputs. */
    @Test
    void runsTheJaxComplexFftSample() throws Exception {
        Path dir = samples();
        Path io = dir.resolve("complex_fft.io.json");
        List<TensorValue> inputs = TensorJson.readList(io, "inputs");
        List<TensorValue> expected = TensorJson.readList(io, "outputs");
        List<List<TensorValue>> runs = List.of(
                RUNNER.run(Files.readString(dir.resolve("complex_fft.jax.mlir")), inputs.toArray(TensorValue[]::new)),
                RUNNER.runArtifact(Files.readAllBytes(dir.resolve("complex_fft.mlir.bc")),
                        inputs.toArray(TensorValue[]::new)));
        for (List<TensorValue> got : runs) {
            assertEquals(expected.size(), got.size());
            for (int i = 0; i < expected.size(); i++) {
                TensorValue e = expected.get(i);
                TensorValue g = got.get(i);
                assertEquals(AsmPrinter.printType(e.type()), AsmPrinter.printType(g.type()), "output " + i);
                double[] ev = e.elementType().isComplex() ? e.toComplexArray() : e.toDoubleArray();
                double[] gv = g.elementType().isComplex() ? g.toComplexArray() : g.toDoubleArray();
                double scale = 0;
                for (double x : ev) scale = Math.max(scale, Math.abs(x));
                for (int k = 0; k < ev.length; k++) {
                    double bound = 1e-5 * Math.abs(ev[k]) + 1e-6 * scale; // f32's rtol, as JaxSamplesTest
                    assertTrue(Math.abs(ev[k] - gv[k]) <= bound, "output " + i + " part " + k + ": expected " + ev[k]
                            + ", got " + gv[k]);
                }
            }
        }
    }
}
