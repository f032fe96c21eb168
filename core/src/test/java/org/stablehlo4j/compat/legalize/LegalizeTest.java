package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

class LegalizeTest {
    private static final String MIXED = "func.func @f(%arg0: tensor<f32>) -> tensor<f32> attributes "
            + "{mixed = [\"s\", #foo.bar<1>]} {\n"
            + "  %0 = \"foo.op\"(%arg0) {other = #foo.baz} : (tensor<f32>) -> tensor<f32>\n"
            + "  func.return %0 : tensor<f32>\n}\n";

    static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, true));
    }

    @Test
    void otherDialectsAreRejectedUnlessAllowed() throws DiagnosticException {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> Legalize.stablehloToVhlo(parse(MIXED), false));
        assertEquals("failed to legalize operation 'func.func' that was explicitly marked illegal",
                e.diagnostics().get(0).message());
        String out = VhloToVersionTest.print(Legalize.stablehloToVhlo(parse(MIXED), true));
        assertTrue(out.contains("mixed = #vhlo.array_v1<[#vhlo.string_v1<\"s\">, #foo.bar<1>]>"), out);
        // As upstream's dialect conversion: the other dialect's op keeps builtin types, casts sit between.
        assertTrue(out.contains("%0 = \"builtin.unrealized_conversion_cast\"(%arg0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) "
                + "-> tensor<f32>"), out);
        assertTrue(out.contains("\"foo.op\"(%0) {other = #foo.baz} : (tensor<f32>) -> tensor<f32>"), out);
        assertTrue(out.contains("\"vhlo.return_v1\"(%2)"), out);
        // and deserializing reconciles them away.
        String back = VhloToVersionTest.print(Legalize.vhloToStablehlo(Legalize.stablehloToVhlo(parse(MIXED), true)));
        assertTrue(!back.contains("unrealized_conversion_cast") && back.contains("\"foo.op\"(%arg0)"), back);
    }

    @Test
    void structsAndDenseArraysRoundTrip() throws DiagnosticException {
        String src = "func.func @f(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32> {\n"
                + "  %0 = \"stablehlo.convolution\"(%arg0, %arg1) {batch_group_count = 1 : i64, "
                + "dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, "
                + "feature_group_count = 1 : i64, window_reversal = array<i1: false, true>, "
                + "window_strides = array<i64: 1, 1>} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> "
                + "tensor<1x3x3x1xf32>\n"
                + "  func.return %0 : tensor<1x3x3x1xf32>\n}\n";
        ModuleOp vhlo = Legalize.stablehloToVhlo(parse(src), false);
        String v = VhloToVersionTest.print(vhlo);
        assertTrue(v.contains("input_spatial_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>"), v);
        assertTrue(v.contains("window_reversal = #vhlo.tensor_v1<dense<[false, true]> : tensor<2xi1>>"), v);
        assertTrue(v.contains("padding = #vhlo.tensor_v1<dense<0> : tensor<2x2xi64>>"), v);
        String back = VhloToVersionTest.print(Legalize.vhloToStablehlo(vhlo));
        // window_strides of ones is the default and goes away; everything else comes back.
        assertTrue(back.contains("window_reversal = array<i1: false, true>"), back);
        assertTrue(back.contains("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>"), back);
        assertTrue(!back.contains("window_strides") && !back.contains("padding"), back);
    }

    @Test
    void vhloFunctionsPrintInTheirCustomFormAlsoWhenParsedFromText() throws DiagnosticException {
        String text = "\"vhlo.func_v1\"() ({\n^bb0(%arg0: !vhlo.tensor_v1<!vhlo.f32_v1>):\n"
                + "  \"vhlo.return_v1\"(%arg0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()\n"
                + "}) {arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<"
                + "(!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>>>, sym_name = "
                + "#vhlo.string_v1<\"main\">} : () -> ()\n";
        String out = org.stablehlo4j.asm.AsmPrinter.print(TestContexts.standard(), parse(text), org.stablehlo4j.asm.PrintOptions.DEFAULT);
        assertTrue(out.contains("vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<!vhlo.f32_v1>) -> "
                + "(!vhlo.tensor_v1<!vhlo.f32_v1>) {\n"), out);
        assertTrue(out.contains("} {arg_attrs = #vhlo.array_v1<[]>}\n"), out);
    }
}
