package org.stablehlo4j.verify;

import org.stablehlo4j.testing.TestContexts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/** Rules of the region-carrying ops that upstream's test files do not reach (inference results, structure). */
class RegionRulesTest {
    private static ModuleOp parse(String text) throws DiagnosticException {
        return VerifyTests.parse(text);
    }

    private static List<String> errors(String text) throws DiagnosticException {
        return VerifyTests.errors(text);
    }

    /** A one-input reduction op over f32 whose body applies {@code inner}. */
    private static String reduction(String op, String input, String attrs, String inner, String result) {
        return "func.func @f(%x: " + input + ", %init: tensor<f32>) {\n"
                + "  %0 = \"stablehlo." + op + "\"(%x, %init) ({\n"
                + "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
                + "    %s = \"stablehlo." + inner + "\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                + "    \"stablehlo.return\"(%s) : (tensor<f32>) -> ()\n"
                + "  }) {" + attrs + "} : (" + input + ", tensor<f32>) -> " + result + "\n"
                + "  func.return\n}\n";
    }

    private static String reduce(String input, String dims, String result) {
        return reduction("reduce", input, "dimensions = array<i64: " + dims + ">", "add", result);
    }

    private static String reduceWindow(String input, String attrs, String result) {
        return reduction("reduce_window", input, attrs, "maximum", result);
    }

    private static String mismatch(String op, String inferred, String declared) {
        return "'" + op + "' op inferred type(s) '" + inferred + "' are incompatible with return type(s) of operation '"
                + declared + "'";
    }

    @Test
    void reduceResultTypeIsInferred() throws DiagnosticException {
        assertEquals(List.of(mismatch("stablehlo.reduce", "tensor<4xf32>", "tensor<3xf32>"),
                        "'stablehlo.reduce' op failed to infer returned types"),
                errors(reduce("tensor<4x5xf32>", "1", "tensor<3xf32>")));
        // The bound of a kept dimension carries over to the result.
        assertEquals(mismatch("stablehlo.reduce", "tensor<?xf32, #stablehlo.bounds<8>>", "tensor<9xf32>"),
                errors(reduce("tensor<?x5xf32, #stablehlo.bounds<8, ?>>", "1", "tensor<9xf32>")).get(0));
        Verifier.verify(TestContexts.standard(), parse(reduce("tensor<?x5xf32, #stablehlo.bounds<8, ?>>", "1", "tensor<8xf32>")));
        Verifier.verify(TestContexts.standard(), parse(reduce("tensor<4x5xf32>", "0, 1", "tensor<f32>")));
    }

    @Test
    void reduceRulesComeBeforeInference() throws DiagnosticException {
        // The op's own rule reports alone: inference is not attempted once it failed (as MLIR orders them).
        assertEquals(List.of("Duplicate reduction dimension: 1"),
                errors(reduce("tensor<4x5xf32>", "1, 1", "tensor<4xf32>")));
    }

    @Test
    void reduceWindowOutputShape() throws DiagnosticException {
        // 4 elements, window 2, stride 2 -> 2; 5 elements with base dilation 2 (9) padded by 1+1 (11),
        // window 3 dilated by 2 (5), stride 3 -> (11 - 5) / 3 + 1 = 3.
        String attrs = "window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>, "
                + "base_dilations = array<i64: 1, 2>, window_dilations = array<i64: 1, 2>, "
                + "padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>";
        Verifier.verify(TestContexts.standard(), parse(reduceWindow("tensor<4x5xf32>", attrs, "tensor<2x3xf32>")));
        assertEquals(mismatch("stablehlo.reduce_window", "tensor<2x3xf32>", "tensor<2x4xf32>"),
                errors(reduceWindow("tensor<4x5xf32>", attrs, "tensor<2x4xf32>")).get(0));
        // A window larger than the padded input yields an empty dimension; a dynamic input one stays dynamic.
        String big = "window_dimensions = array<i64: 5, 1>";
        assertEquals(mismatch("stablehlo.reduce_window", "tensor<0x?xf32>", "tensor<1x?xf32>"),
                errors(reduceWindow("tensor<4x?xf32>", big, "tensor<1x?xf32>")).get(0));
    }

    private static String conditional(String ret0, String ret1, String result) {
        return "func.func @f(%p: tensor<i1>, %x: " + ret0 + ", %y: " + ret1 + ") {\n"
                + "  %0 = \"stablehlo.if\"(%p) ({\n"
                + "    \"stablehlo.return\"(%x) : (" + ret0 + ") -> ()\n"
                + "  }, {\n"
                + "    \"stablehlo.return\"(%y) : (" + ret1 + ") -> ()\n"
                + "  }) : (tensor<i1>) -> " + result + "\n"
                + "  func.return\n}\n";
    }

    @Test
    void conditionalInfersLeastSpecificType() throws DiagnosticException {
        // A bounded dynamic size against a static one: dynamic, bounded by the larger of size and bound.
        String bounded = "tensor<?xf32, #stablehlo.bounds<3>>";
        assertEquals(List.of(mismatch("stablehlo.if", "tensor<?xf32, #stablehlo.bounds<3>>", "tensor<4xf32>"),
                        "'stablehlo.if' op failed to infer returned types"),
                errors(conditional(bounded, "tensor<2xf32>", "tensor<4xf32>")));
        Verifier.verify(TestContexts.standard(), parse(conditional(bounded, "tensor<2xf32>", "tensor<3xf32>")));
        // As upstream, bounds are kept only when the first branch has them: here the result is unbounded.
        Verifier.verify(TestContexts.standard(), parse(conditional("tensor<2xf32>", bounded, "tensor<4xf32>")));
        Verifier.verify(TestContexts.standard(), parse(conditional("tensor<2xf32>", "tensor<?xf32>", "tensor<?xf32>")));
        assertEquals("branch 0 and branch 1 have mismatched return types: 'tensor<2xf32>' vs 'tensor<3xf32>'",
                errors(conditional("tensor<2xf32>", "tensor<3xf32>", "tensor<2xf32>")).get(0));
    }

    @Test
    void regionsMustHoldOneNonEmptyBlock() throws DiagnosticException {
        String empty = "func.func @f(%p: tensor<i1>) {\n"
                + "  \"stablehlo.if\"(%p) ({\n  ^bb0:\n  }, {\n    \"stablehlo.return\"() : () -> ()\n"
                + "  }) : (tensor<i1>) -> ()\n  func.return\n}\n";
        assertEquals(List.of("'stablehlo.if' op expects a non-empty block"), errors(empty));
    }

    @Test
    void whileBodyNeedsTerminator() throws DiagnosticException {
        String text = "func.func @f(%x: tensor<f32>) {\n"
                + "  %0 = \"stablehlo.while\"(%x) ({\n"
                + "  ^bb0(%a: tensor<f32>):\n"
                + "    %c = \"stablehlo.compare\"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>}"
                + " : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
                + "    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n"
                + "  }, {\n"
                + "  ^bb0(%a: tensor<f32>):\n"
                + "    %s = \"stablehlo.add\"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                + "  }) : (tensor<f32>) -> tensor<f32>\n"
                + "  func.return\n}\n";
        assertEquals("The while body-region expected to have a terminator", errors(text).get(0));
    }

    @Test
    void scatterResultTakesTheBodyElementType() throws DiagnosticException {
        String text = "func.func @f(%x: tensor<3xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>) {\n"
                + "  %0 = \"stablehlo.scatter\"(%x, %i, %u) ({\n"
                + "  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n"
                + "    \"stablehlo.return\"(%b) : (tensor<f64>) -> ()\n"
                + "  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], "
                + "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}"
                + " : (tensor<3xf32>, tensor<1x1xi32>, tensor<1xf32>) -> RESULT\n"
                + "  func.return\n}\n";
        Verifier.verify(TestContexts.standard(), parse(text.replace("RESULT", "tensor<3xf64>")));
        assertEquals(mismatch("stablehlo.scatter", "tensor<3xf64>", "tensor<3xf32>"),
                errors(text.replace("RESULT", "tensor<3xf32>")).get(0));
    }
}
