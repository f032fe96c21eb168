package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;

/**
 * {@code --stablehlo-legalize-quant-to-math} keeps what a quantized program computes: each program runs on the
 * interpreter's quantized kernels, then lowered to integer and float math, and both give the same values.
 */
class QuantToMathInterpretTest {
    private static final String A = "dense<[[0.5, -1.25, 3.0], [7.5, -20.0, 0.0]]> : tensor<2x3xf32>";
    private static final String B = "dense<[[1.0, 2.0], [-3.5, 0.25], [4.0, -6.0]]> : tensor<3x2xf32>";

    private static final String ADD_REQUANTIZE = """
            func.func @main() -> tensor<2x3xf32> {
              %a = stablehlo.constant A
              %0 = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:-3>>
              %1 = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:7>>
              %2 = stablehlo.add %0, %1 : (tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:-3>>, tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:7>>) -> tensor<2x3x!quant.uniform<i8:f32, 1.000000e+00:2>>
              %3 = stablehlo.uniform_quantize %2 : (tensor<2x3x!quant.uniform<i8:f32, 1.000000e+00:2>>) -> tensor<2x3x!quant.uniform<i16:f32, 1.250000e-01:5>>
              %4 = stablehlo.uniform_dequantize %3 : (tensor<2x3x!quant.uniform<i16:f32, 1.250000e-01:5>>) -> tensor<2x3xf32>
              return %4 : tensor<2x3xf32>
            }
            """;

    private static final String DOT_GENERAL = """
            func.func @main() -> tensor<2x2xf32> {
              %a = stablehlo.constant A
              %b = stablehlo.constant B
              %0 = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:4>>
              %1 = stablehlo.uniform_quantize %b : (tensor<3x2xf32>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01>>
              %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01:4>>, tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x2x!quant.uniform<i32:f32, 6.250000e-02:1>>
              %3 = stablehlo.uniform_dequantize %2 : (tensor<2x2x!quant.uniform<i32:f32, 6.250000e-02:1>>) -> tensor<2x2xf32>
              return %3 : tensor<2x2xf32>
            }
            """;

    private static final String PER_AXIS = """
            func.func @main() -> tensor<2x3xf32> {
              %a = stablehlo.constant A
              %0 = stablehlo.uniform_quantize %a : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i32:f32:1, {2.500000e-01:1, 5.000000e-01:-2, 1.000000e+00:0}>>
              %1 = stablehlo.uniform_quantize %0 : (tensor<2x3x!quant.uniform<i32:f32:1, {2.500000e-01:1, 5.000000e-01:-2, 1.000000e+00:0}>>) -> tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>
              %2 = stablehlo.sqrt %1 : tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>
              %3 = stablehlo.uniform_dequantize %2 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x3xf32>
              return %3 : tensor<2x3xf32>
            }
            """;

    /** A padded NHWC convolution: the lhs is padded with its zero point before the integer convolution. */
    private static final String CONVOLUTION = """
            func.func @main() -> tensor<1x4x4x1xf32> {
              %a = stablehlo.constant dense<[[[[0.5], [-1.25], [3.0]], [[7.5], [-2.0], [0.0]], [[1.0], [2.5], [-4.0]]]]> : tensor<1x3x3x1xf32>
              %b = stablehlo.constant dense<[[[[1.0]], [[-0.5]]], [[[2.0]], [[0.25]]]]> : tensor<2x2x1x1xf32>
              %0 = stablehlo.uniform_quantize %a : (tensor<1x3x3x1xf32>) -> tensor<1x3x3x1x!quant.uniform<i8:f32, 2.500000e-01:4>>
              %1 = stablehlo.uniform_quantize %b : (tensor<2x2x1x1xf32>) -> tensor<2x2x1x1x!quant.uniform<i8:f32, 2.500000e-01>>
              %2 = stablehlo.convolution(%0, %1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x1x!quant.uniform<i8:f32, 2.500000e-01:4>>, tensor<2x2x1x1x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<1x4x4x1x!quant.uniform<i32:f32, 3.125000e-02:-1>>
              %3 = stablehlo.uniform_dequantize %2 : (tensor<1x4x4x1x!quant.uniform<i32:f32, 3.125000e-02:-1>>) -> tensor<1x4x4x1xf32>
              return %3 : tensor<1x4x4x1xf32>
            }
            """;

    /** Hybrid (weight-only) quantization: a float dot_general of the dequantized per-axis weights. */
    private static final String HYBRID = """
            func.func @main() -> tensor<2x2xf32> {
              %a = stablehlo.constant A
              %b = stablehlo.constant B
              %0 = stablehlo.uniform_quantize %b : (tensor<3x2xf32>) -> tensor<3x2x!quant.uniform<i8:f32:1, {2.500000e-01, 5.000000e-01}>>
              %1 = stablehlo.dot_general %a, %0, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2x!quant.uniform<i8:f32:1, {2.500000e-01, 5.000000e-01}>>) -> tensor<2x2xf32>
              return %1 : tensor<2x2xf32>
            }
            """;

    private static double[] run(ModuleOp m) {
        return ((Tensor) new Interpreter(m).run("main", List.of()).get(0)).toDoubles();
    }

    @ParameterizedTest
    @ValueSource(strings = {"add", "dot_general", "per_axis", "convolution", "hybrid"})
    void loweredProgramsComputeWhatQuantizedOnesDo(String which) throws Exception {
        String program = switch (which) {
            case "add" -> ADD_REQUANTIZE;
            case "dot_general" -> DOT_GENERAL;
            case "per_axis" -> PER_AXIS;
            case "hybrid" -> HYBRID;
            default -> CONVOLUTION;
        };
        String text = program.replace("constant A", "constant " + A).replace("constant B", "constant " + B);
        ParseOptions options = new ParseOptions("test.mlir", 1, false);
        double[] expected = run(AsmParser.parse(TestContexts.standard(), text, options));
        ModuleOp lowered = AsmParser.parse(TestContexts.standard(), text, options);
        TestContexts.passes().lookup("stablehlo-legalize-quant-to-math").create("")
                .run(lowered, new PassContext(TestContexts.standard(), d -> { }));
        String printed = AsmPrinter.print(TestContexts.standard(), lowered, new PrintOptions(false, false, false));
        assertFalse(printed.contains("quant.uniform"), printed);
        assertArrayEquals(expected, run(lowered), 1e-6, printed);
    }
}
