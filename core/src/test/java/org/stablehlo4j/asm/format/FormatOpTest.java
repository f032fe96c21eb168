package org.stablehlo4j.asm.format;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;

/** The declarative-format engine and the StableHLO pretty forms, on small hand-checked programs. */
class FormatOpTest {
    private static String roundTrip(String text) throws DiagnosticException {
        return AsmPrinter.print(TestContexts.standard(), AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false)),
                new PrintOptions(false, false, false));
    }

    private static String error(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false)));
        return e.diagnostics().get(0).message();
    }

    /** A module whose body is {@code ops}, as stablehlo-opt prints it. */
    private static String module(String signature, String... ops) {
        StringBuilder sb = new StringBuilder("module {\n  func.func @f(" + signature + ") {\n");
        for (String op : ops) sb.append("    ").append(op).append('\n');
        return sb.append("    return\n  }\n}\n\n").toString();
    }

    @Test
    void formatStringsParseIntoOneTree() {
        List<Format.Elem> compare = Format.parse("$comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? "
                + "attr-dict `:` functional-type(operands, results)");
        assertEquals(new Format.Var("comparison_direction"), compare.get(0));
        Format.Optional group = assertInstanceOf(Format.Optional.class, compare.get(5));
        assertEquals(new Format.Var("compare_type"), group.anchor());
        assertEquals(new Format.Literal(","), group.then().get(0));
        assertEquals(new Format.FunctionalType(new Format.Operands(), new Format.Results()), compare.get(8));
        List<Format.Elem> custom = Format.parse("custom<SliceRanges>($a, $b, $c) `` ` `");
        assertEquals(new Format.Custom("SliceRanges", List.of(new Format.Var("a"), new Format.Var("b"),
                new Format.Var("c"))), custom.get(0));
        assertEquals(List.of(new Format.Space(false), new Format.Space(true)), custom.subList(1, 3));
        assertThrows(IllegalArgumentException.class, () -> Format.parse("(`,` $x)?"));
    }

    @Test
    void spacingFollowsOds() {
        assertTrue(FormatOp.spaceBefore(":", false));
        assertTrue(!FormatOp.spaceBefore(",", false) && !FormatOp.spaceBefore("(", false));
        assertTrue(FormatOp.spaceBefore("(", true) && !FormatOp.spaceBefore(")", true));
        assertTrue(FormatOp.spaceBefore("->", true) && FormatOp.spaceBefore("dims", false));
    }

    @Test
    void prettyFormsRoundTripExactly() throws DiagnosticException {
        String text = module("%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>, %arg2: tensor<4xi32>",
                "%0 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>",
                "%1 = stablehlo.select %0, %arg0, %arg1 : tensor<4x6xi1>, tensor<4x6xf32>",
                "%2 = stablehlo.slice %arg0 [0:4:2, 1:6] : (tensor<4x6xf32>) -> tensor<2x5xf32>",
                "%3 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>",
                "%4 = stablehlo.dot_general %arg0, %3, contracting_dims = [1] x [0], precision = [DEFAULT, HIGH] "
                        + ": (tensor<4x6xf32>, tensor<6x4xf32>) -> tensor<4x4xf32>",
                "%5 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<4x6xf32>",
                "%6 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>",
                "%7 = stablehlo.complex %arg0, %arg1 : tensor<4x6xcomplex<f32>>",
                "%8 = stablehlo.tuple %arg0, %arg2 : tuple<tensor<4x6xf32>, tensor<4xi32>>",
                "%c = stablehlo.constant dense<1> : tensor<i32>",
                "%cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>",
                "%9 = stablehlo.add %arg0, %arg1 : tensor<4x6xf32>",
                "%10 = stablehlo.add %arg2, %arg2 {foo} : tensor<4xi32>",
                "%11 = stablehlo.custom_call @foo(%arg0) {backend_config = \"x\", has_side_effect = true} "
                        + ": (tensor<4x6xf32>) -> tensor<4x6xf32>",
                "%12 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1] "
                        + ": (tensor<4x6xf32>, tensor<f32>) -> tensor<f32>",
                "%13:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %cst) : tensor<i32>, tensor<f32>",
                "cond {",
                "  %14 = stablehlo.compare LT, %iterArg, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>",
                "  stablehlo.return %14 : tensor<i1>",
                "} do {",
                "  stablehlo.return %iterArg, %iterArg_0 : tensor<i32>, tensor<f32>",
                "}",
                "%values, %indices = chlo.top_k(%arg2, k = 2) : tensor<4xi32> -> (tensor<2xi32>, tensor<2xi32>)",
                "%c1_i32 = arith.constant 1 : i32");
        assertEquals(text, roundTrip(text));
    }

    @Test
    void genericInputPrintsPretty() throws DiagnosticException {
        String generic = "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
                + "  %0 = \"stablehlo.reduce\"(%a, %a) ({\n"
                + "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
                + "    %1 = \"stablehlo.divide\"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                + "    \"stablehlo.return\"(%1) : (tensor<f32>) -> ()\n"
                + "  }) {dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                + "  func.return %0 : tensor<f32>\n}\n";
        String printed = roundTrip(generic);
        // divide is not commutative: the region form with the reducer's arguments in pairs
        assertTrue(printed.contains("%0 = stablehlo.reduce(%arg0 init: %arg0) across dimensions = [] : "
                + "(tensor<f32>, tensor<f32>) -> tensor<f32>\n     reducer(%arg1: tensor<f32>, %arg2: tensor<f32>)  {\n"
                + "      %1 = stablehlo.divide %arg1, %arg2 : tensor<f32>\n"), printed);
        assertEquals(printed, roundTrip(printed));
    }

    @Test
    void errorsNameTheCustomOp() {
        String sig = "func.func @f(%a: tensor<2xf32>) {\n  ";
        assertEquals("custom op 'stablehlo.abs' 1 operands present, but expected 2",
                error(sig + "%0 = stablehlo.abs %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n}"));
        assertEquals("custom op 'stablehlo.reduce_precision' expected exponent mantissa in format e#m#, saw m2e2",
                error(sig + "%0 = stablehlo.reduce_precision %a, format = m2e2 : tensor<2xf32>\n}"));
        assertEquals("custom op 'stablehlo.reduce_precision' unable to parse exponent '2147483648'",
                error(sig + "%0 = stablehlo.reduce_precision %a, format = e2147483648m1 : tensor<2xf32>\n}"));
        assertEquals("custom op 'stablehlo.complex' expected tensor with complex element type",
                error(sig + "%0 = stablehlo.complex %a, %a : tensor<2xf32>\n}"));
        assertEquals("custom op 'stablehlo.tuple' number of operands and types do not match: got 2 operands and 1 types",
                error(sig + "%0 = stablehlo.tuple %a, %a : tuple<tensor<2xf32>>\n}"));
        assertEquals("expected ','", error(sig + "%0 = stablehlo.concatenate %a, %a: (tensor<2xf32>) -> tensor<4xf32>\n}"));
    }
}
