package org.stablehlo4j.interpreter;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs small generic-form programs and compares the printed results. */
class InterpreterTest {
    static String run(String body, String resultType) throws DiagnosticException {
        String text = "func.func @main() -> " + resultType + " {\n" + body + "\n}";
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
        return InterpreterDriver.interpret(TestContexts.standard(), m, "", false);
    }

    static String cst(String name, String value, String type) {
        return "  %" + name + " = \"stablehlo.constant\"() <{value = " + value + " : " + type + "}> : () -> " + type + "\n";
    }

    static String values(String printed) {
        return printed.substring(printed.indexOf('{') + 1, printed.lastIndexOf('}')).replaceAll("\\s+", " ").trim();
    }

    private static String binary(String op, String type, String a, String b) throws DiagnosticException {
        return values(run(cst("a", a, type) + cst("b", b, type) + "  %r = \"stablehlo." + op + "\"(%a, %b) : ("
                + type + ", " + type + ") -> " + type + "\n  return %r : " + type, type));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            add                    | tensor<4xi2>  | dense<[1, 0, -1, -2]>   | dense<[-1, 1, 1, 1]> | [0, 1, 0, -1]
            add                    | tensor<2xi8>  | dense<[127, -1]>        | dense<[1, 1]>        | [-128, 0]
            subtract               | tensor<2xui8> | dense<[1, 0]>           | dense<[1, 1]>        | [0, 255]
            divide                 | tensor<4xi32> | dense<[7, 5, 7, -7]>    | dense<[3, 0, 1, 8]>  | [2, -1, 7, 0]
            remainder              | tensor<3xi32> | dense<[7, 5, -7]>       | dense<[3, 0, 2]>     | [1, 5, -1]
            shift_left             | tensor<3xi8>  | dense<[1, 1, 1]>        | dense<[1, 8, -1]>    | [2, 0, 0]
            shift_right_logical    | tensor<2xi8>  | dense<[-1, -1]>         | dense<[1, 9]>        | [127, 0]
            shift_right_arithmetic | tensor<3xi8>  | dense<[-2, -128, 4]>    | dense<[1, 9, 2]>     | [-1, -1, 1]
            add                    | tensor<1xf32> | dense<[0.1]>            | dense<[0.2]>         | [3.000000e-01]
            add                    | tensor<1xf64> | dense<[0.1]>            | dense<[0.2]>         | [0.30000000000000004]
            add                    | tensor<1xf16> | dense<[2048.0]>         | dense<[1.0]>         | [2.048000e+03]
            maximum                | tensor<2xf32> | dense<[0x7FC00000, 1.0]> | dense<[1.0, -1.0]>  | [0x7FC00000, 1.000000e+00]
            multiply               | tensor<1xcomplex<f32>> | dense<[(1.0, 2.0)]> | dense<[(3.0, 4.0)]> | [[-5.000000e+00, 1.000000e+01]]
            """)
    void binaryOps(String op, String type, String a, String b, String expected) throws Exception {
        // integers wrap around; x/0 = -1, x%0 = x; out-of-range shifts give 0 or the sign; floats round once
        assertEquals(expected, binary(op, type, a, b));
    }

    @Test
    void compareSelectConvert() throws Exception {
        String t = "tensor<3xf32>";
        String out = values(run(cst("a", "dense<[1.0, 2.0, 0x7FC00000]>", t) + cst("b", "dense<[2.0, 2.0, 1.0]>", t)
                + "  %c = \"stablehlo.compare\"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction LT>}>"
                + " : (" + t + ", " + t + ") -> tensor<3xi1>\n"
                + "  %s = \"stablehlo.select\"(%c, %a, %b) : (tensor<3xi1>, " + t + ", " + t + ") -> " + t + "\n"
                + "  %i = \"stablehlo.convert\"(%s) : (" + t + ") -> tensor<3xi8>\n"
                + "  return %i : tensor<3xi8>", "tensor<3xi8>"));
        assertEquals("[1, 2, 1]", out);
        assertEquals("[127, -128, 0, -2]", values(run(cst("a", "dense<[1.0e3, -1.0e3, 0x7FC00000, -2.9]>", "tensor<4xf32>")
                + "  %i = \"stablehlo.convert\"(%a) : (tensor<4xf32>) -> tensor<4xi8>\n  return %i : tensor<4xi8>",
                "tensor<4xi8>")));
    }

    @Test
    void shapeOps() throws Exception {
        String body = cst("a", "dense<[[1, 2, 3], [4, 5, 6]]>", "tensor<2x3xi32>")
                + "  %t = \"stablehlo.transpose\"(%a) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>\n"
                + "  %s = \"stablehlo.slice\"(%t) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 2>,"
                + " strides = array<i64: 1, 1>}> : (tensor<3x2xi32>) -> tensor<2x2xi32>\n"
                + "  %r = \"stablehlo.reverse\"(%s) <{dimensions = array<i64: 1>}> : (tensor<2x2xi32>) -> tensor<2x2xi32>\n"
                + "  %c = \"stablehlo.concatenate\"(%r, %s) <{dimension = 0 : i64}> : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<4x2xi32>\n"
                + "  return %c : tensor<4x2xi32>";
        assertEquals("[ [5, 2], [6, 3], [2, 5], [3, 6] ]", values(run(body, "tensor<4x2xi32>")));
        String pad = cst("a", "dense<[1, 2]>", "tensor<2xi32>") + cst("z", "dense<0>", "tensor<i32>")
                + "  %p = \"stablehlo.pad\"(%a, %z) <{edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 2>,"
                + " interior_padding = array<i64: 1>}> : (tensor<2xi32>, tensor<i32>) -> tensor<6xi32>\n"
                + "  return %p : tensor<6xi32>";
        assertEquals("[0, 1, 0, 2, 0, 0]", values(run(pad, "tensor<6xi32>")));
        String bcast = cst("a", "dense<[1, 2]>", "tensor<2xi32>")
                + "  %b = \"stablehlo.broadcast_in_dim\"(%a) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xi32>) -> tensor<2x2xi32>\n"
                + "  %i = \"stablehlo.iota\"() <{iota_dimension = 1 : i64}> : () -> tensor<2x2xi32>\n"
                + "  %m = \"stablehlo.multiply\"(%b, %i) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>\n"
                + "  return %m : tensor<2x2xi32>";
        assertEquals("[ [0, 1], [0, 2] ]", values(run(bcast, "tensor<2x2xi32>")));
    }

    private static final String ADD_BODY = "({\n  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n"
            + "    %s = \"stablehlo.add\"(%x, %y) : (tensor<i32>, tensor<i32>) -> tensor<i32>\n"
            + "    \"stablehlo.return\"(%s) : (tensor<i32>) -> ()\n  })";

    @Test
    void reduceAndDot() throws Exception {
        String body = cst("a", "dense<[[1, 2, 3], [4, 5, 6]]>", "tensor<2x3xi32>") + cst("z", "dense<0>", "tensor<i32>")
                + "  %r = \"stablehlo.reduce\"(%a, %z) <{dimensions = array<i64: 1>}> " + ADD_BODY
                + " : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>\n  return %r : tensor<2xi32>";
        assertEquals("[6, 15]", values(run(body, "tensor<2xi32>")));
        String dot = cst("a", "dense<[[1, 2], [3, 4]]>", "tensor<2x2xi32>")
                + "  %d = \"stablehlo.dot_general\"(%a, %a) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1],"
                + " rhs_contracting_dimensions = [0]>}> : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>\n"
                + "  return %d : tensor<2x2xi32>";
        assertEquals("[ [7, 10], [15, 22] ]", values(run(dot, "tensor<2x2xi32>")));
        String window = cst("a", "dense<[1, 2, 3, 4]>", "tensor<4xi32>") + cst("z", "dense<0>", "tensor<i32>")
                + "  %r = \"stablehlo.reduce_window\"(%a, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> "
                + ADD_BODY + " : (tensor<4xi32>, tensor<i32>) -> tensor<2xi32>\n  return %r : tensor<2xi32>";
        assertEquals("[3, 7]", values(run(window, "tensor<2xi32>")));
    }

    @Test
    void gatherAndScatter() throws Exception {
        String gather = cst("a", "dense<[10, 20, 30]>", "tensor<3xi32>") + cst("i", "dense<[[2], [0], [5]]>", "tensor<3x1xi32>")
                + "  %g = \"stablehlo.gather\"(%a, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0],"
                + " start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}>"
                + " : (tensor<3xi32>, tensor<3x1xi32>) -> tensor<3xi32>\n  return %g : tensor<3xi32>";
        assertEquals("[30, 10, 30]", values(run(gather, "tensor<3xi32>")));
        String scatter = cst("a", "dense<[10, 20, 30]>", "tensor<3xi32>") + cst("i", "dense<[[2], [2], [7]]>", "tensor<3x1xi32>")
                + cst("u", "dense<[1, 2, 3]>", "tensor<3xi32>")
                + "  %s = \"stablehlo.scatter\"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<"
                + "inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> " + ADD_BODY
                + " : (tensor<3xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<3xi32>\n  return %s : tensor<3xi32>";
        assertEquals("[10, 20, 33]", values(run(scatter, "tensor<3xi32>")));
    }

    @Test
    void whileLoopAndSort() throws Exception {
        String loop = cst("a", "dense<1>", "tensor<i32>") + cst("n", "dense<100>", "tensor<i32>")
                + "  %w = \"stablehlo.while\"(%a) ({\n  ^bb0(%x: tensor<i32>):\n"
                + "    %c = \"stablehlo.compare\"(%x, %n) <{comparison_direction = #stablehlo<comparison_direction LT>}>"
                + " : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }, {\n"
                + "  ^bb0(%x: tensor<i32>):\n    %d = \"stablehlo.add\"(%x, %x) : (tensor<i32>, tensor<i32>) -> tensor<i32>\n"
                + "    \"stablehlo.return\"(%d) : (tensor<i32>) -> ()\n  }) : (tensor<i32>) -> tensor<i32>\n  return %w : tensor<i32>";
        assertEquals("128", values(run(loop, "tensor<i32>")));
        String sort = cst("k", "dense<[3, 1, 2]>", "tensor<3xi32>") + cst("v", "dense<[30.0, 10.0, 20.0]>", "tensor<3xf32>")
                + "  %s:2 = \"stablehlo.sort\"(%k, %v) <{dimension = 0 : i64}> ({\n"
                + "  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):\n"
                + "    %l = \"stablehlo.compare\"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction LT>}>"
                + " : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    \"stablehlo.return\"(%l) : (tensor<i1>) -> ()\n"
                + "  }) : (tensor<3xi32>, tensor<3xf32>) -> (tensor<3xi32>, tensor<3xf32>)\n  return %s#1 : tensor<3xf32>";
        assertEquals("[1.000000e+01, 2.000000e+01, 3.000000e+01]", values(run(sort, "tensor<3xf32>")));
    }

    @Test
    void checksFailWithClearMessage() throws Exception {
        String t = "tensor<2xf32>";
        String ok = cst("a", "dense<[1.0, 2.0]>", t) + cst("b", "dense<[1.0, 2.0000002]>", t)
                + "  \"stablehlo.custom_call\"(%a, %b) <{call_target_name = \"check.expect_close\", has_side_effect = true}>"
                + " : (" + t + ", " + t + ") -> ()\n  return %a : " + t;
        assertTrue(run(ok, t).contains("[1.000000e+00, 2.000000e+00]"));
        String bad = ok.replace("check.expect_close", "check.expect_eq");
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> run(bad, t));
        String msg = e.diagnostics().get(0).message();
        assertTrue(msg.contains("Element values don't match") && msg.contains("at index [1]"), msg);
        String far = ok.replace("2.0000002", "2.1");
        assertThrows(DiagnosticException.class, () -> run(far, t));
    }

    @Test
    void ulpAndToleranceRules() {
        Tensor f32 = Tensor.zeros(new org.stablehlo4j.ir.RankedTensorType(new long[0], org.stablehlo4j.ir.FloatType.F32));
        assertEquals(0, Checks.ulpDifference(f32, Double.NaN, Double.NaN));
        assertEquals(1, Checks.ulpDifference(f32, 1.0, Math.nextUp(1.0f)));
        assertEquals(2, Checks.ulpDifference(f32, Float.MIN_VALUE, -Float.MIN_VALUE));
        assertEquals(-1L, Checks.ulpDifference(f32, Double.POSITIVE_INFINITY, 1.0));
        assertTrue(Checks.almostEqual(1.0, 1.00005, 1e-4));
        assertTrue(!Checks.almostEqual(1.0, Double.NaN, 1e-4));
    }

    @Test
    void expectCloseBoundsAreUnsigned() {
        // upstream's ulp_difference tests: the non-finite distance 2^64-1 (-1L) lies within [2^64-1, 2^64-1]
        Tensor inf = Tensor.zeros(new org.stablehlo4j.ir.RankedTensorType(new long[0], org.stablehlo4j.ir.FloatType.F32));
        inf.reals[0] = Double.POSITIVE_INFINITY;
        Tensor one = Tensor.zeros(new org.stablehlo4j.ir.RankedTensorType(new long[0], org.stablehlo4j.ir.FloatType.F32));
        one.reals[0] = 1.0;
        Checks.expectClose(inf, one, -1L, -1L);
        InterpreterException e = assertThrows(InterpreterException.class, () -> Checks.expectClose(inf, one, 0, 50));
        assertTrue(e.getMessage().contains("ULP difference=18446744073709551615") && e.getMessage().contains(">= 4 count is 1"),
                e.getMessage());
        InterpreterException low = assertThrows(InterpreterException.class, () -> Checks.expectClose(one, one, -1L, -1L));
        assertTrue(low.getMessage().contains("maximal ULP difference=18446744073709551615 limit"), low.getMessage());
    }

    @Test
    void unsupportedOpIsAnError() {
        String body = cst("a", "dense<1>", "tensor<i32>")
                + "  %r = \"stablehlo.frobnicate\"(%a) : (tensor<i32>) -> tensor<i32>\n  return %r : tensor<i32>";
        ModuleOp m;
        try {
            m = AsmParser.parse(TestContexts.standard(), "func.func @main() -> tensor<i32> {\n" + body + "\n}", new ParseOptions("t", 1, true));
        } catch (DiagnosticException e) {
            return; // the parser already rejects it: also fine
        }
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> InterpreterDriver.interpret(TestContexts.standard(), m, "", false));
        assertTrue(e.diagnostics().get(0).message().contains("Unsupported op: stablehlo.frobnicate"));
    }

    @Test
    void tensorRoundTripsThroughDenseAttr() throws Exception {
        for (String t : List.of("tensor<3xbf16>", "tensor<3xf8E4M3FN>", "tensor<3xui4>", "tensor<3xi1>")) {
            String v = t.contains("i1") ? "dense<[true, false, true]>" : "dense<[1.0, 0.0, 2.0]>";
            if (t.contains("ui4")) v = "dense<[1, 0, 15]>";
            String text = "func.func @main() -> " + t + " {\n" + cst("a", v, t) + "  return %a : " + t + "\n}";
            ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t", 1, false));
            org.stablehlo4j.ir.Operation c = m.body().operations().get(0).region(0).entry().operations().get(0);
            org.stablehlo4j.ir.DenseElementsAttr d = (org.stablehlo4j.ir.DenseElementsAttr) c.attr("value");
            assertEquals(new String(Tensor.fromAttr(d).toAttr().rawBytes(), java.nio.charset.StandardCharsets.ISO_8859_1),
                    new String(d.rawBytes(), java.nio.charset.StandardCharsets.ISO_8859_1), t);
        }
    }

    @Test
    void printsResultsLikeUpstream() throws Exception {
        assertEquals("tensor<ui8> {1}\n", run(cst("a", "dense<1>", "tensor<ui8>") + "  return %a : tensor<ui8>", "tensor<ui8>"));
        assertEquals("tensor<2x2xi8> {\n  [\n    [1, 2],\n    [3, 4]\n  ]\n}\n",
                run(cst("a", "dense<[[1, 2], [3, 4]]>", "tensor<2x2xi8>") + "  return %a : tensor<2x2xi8>", "tensor<2x2xi8>"));
        assertEquals("tensor<2x0xi8> {\n  [\n    [],\n    []\n  ]\n}\n",
                run(cst("a", "dense<>", "tensor<2x0xi8>") + "  return %a : tensor<2x0xi8>", "tensor<2x0xi8>"));
        assertEquals("tensor<0x2xi8> {\n  []\n}\n",
                run(cst("a", "dense<>", "tensor<0x2xi8>") + "  return %a : tensor<0x2xi8>", "tensor<0x2xi8>"));
    }
}
