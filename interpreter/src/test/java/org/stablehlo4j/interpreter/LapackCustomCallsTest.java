package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JAX's LAPACK custom calls as the interpreter sees them (attributes from {@code mhlo.backend_config}, results
 * rounded to their element types, batch dimensions), and the error for each opaque kernel.
 */
class LapackCustomCallsTest {
    private static String interpret(String text) throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
        return InterpreterDriver.interpret(TestContexts.standard(), m, "", null, false).replaceAll("\\s+", " ").trim();
    }

    @Test
    void potrfAsJaxCallsItReportsANonPositiveDefiniteBatchElement() throws Exception {
        String text = """
                func.func @main() -> (tensor<2x2x2xf32>, tensor<2xi32>) {
                  %a = stablehlo.constant dense<[[[4.0, 2.0], [2.0, 5.0]], [[1.0, 2.0], [2.0, 1.0]]]> : tensor<2x2x2xf32>
                  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8},
                      mhlo.frontend_attributes = {num_batch_dims = "1"},
                      operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>],
                      result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]}
                      : (tensor<2x2x2xf32>) -> (tensor<2x2x2xf32>, tensor<2xi32>)
                  return %0#0, %0#1 : tensor<2x2x2xf32>, tensor<2xi32>
                }
                """;
        String out = interpret(text);
        // [[2, 2], [1, 2]]: L = [[2, 0], [1, 2]] below the diagonal, the input above; the second is not PD
        assertTrue(out.startsWith("tensor<2x2x2xf32> { [ [ [2.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00] ]"), out);
        assertTrue(out.endsWith("tensor<2xi32> { [0, 2] }"), out);
    }

    @Test
    void getrfPivotsAreOneBasedInt32() throws Exception {
        String text = """
                func.func @main() -> (tensor<2x2xf64>, tensor<2xi32>, tensor<i32>) {
                  %a = stablehlo.constant dense<[[1.0, 2.0], [4.0, 2.0]]> : tensor<2x2xf64>
                  %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%a) {mhlo.backend_config = {},
                      operand_layouts = [dense<[0, 1]> : tensor<2xindex>]}
                      : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
                  return %0#0, %0#1, %0#2 : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
                }
                """;
        assertEquals("tensor<2x2xf64> { [ [4.000000e+00, 2.000000e+00], [2.500000e-01, 1.500000e+00] ] }"
                + " tensor<2xi32> { [2, 2] } tensor<i32> {0}", interpret(text));
    }

    @Test
    void badAttributesNameTheKernel() {
        String text = """
                func.func @main() -> tensor<i32> {
                  %a = stablehlo.constant dense<[[1.0]]> : tensor<1x1xf32>
                  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}}
                      : (tensor<1x1xf32>) -> (tensor<1x1xf32>, tensor<i32>)
                  return %0#1 : tensor<i32>
                }
                """;
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> interpret(text));
        String msg = e.diagnostics().get(0).message();
        assertTrue(msg.contains("lapack_spotrf_ffi: backend_config.uplo must be one of 'L', 'U'"), msg);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tpu_custom_call", "mosaic_gpu_v2", "__gpu$xla.gpu.triton", "tf.call_tf_function"})
    void opaqueKernelsFailNamingTheKernelAndWhy(String target) {
        String text = """
                func.func @main() -> tensor<2xf32> {
                  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
                  %0 = stablehlo.custom_call @"%s"(%a) {backend_config = "opaque"} : (tensor<2xf32>) -> tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """.replace("%s", target);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> interpret(text));
        String msg = e.diagnostics().get(0).message();
        assertTrue(msg.contains("custom call " + target + " cannot run in the interpreter: it is "), msg);
        String why = switch (target) {
            case "tpu_custom_call" -> "TPU";
            case "mosaic_gpu_v2" -> "Mosaic GPU";
            case "__gpu$xla.gpu.triton" -> "Triton";
            default -> "TensorFlow";
        };
        assertTrue(msg.contains(why), msg);
    }
}
