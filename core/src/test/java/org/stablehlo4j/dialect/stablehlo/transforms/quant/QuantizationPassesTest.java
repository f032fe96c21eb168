package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/** What upstream's lit tests of the three quantization passes leave out: options, failures, round trips, nesting. */
class QuantizationPassesTest {
    private static final String Q = "!quant.uniform<i8:f32, 5.000000e-01:3>";

    private static ModuleOp parse(String text) throws Exception {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    private static String run(Pass pass, String text) throws Exception {
        ModuleOp m = parse(text);
        pass.run(m, new PassContext(TestContexts.standard(), d -> { }));
        return print(m);
    }

    @Test
    void registeredWithUpstreamDescriptionsAndNoOptions() {
        var registry = TestContexts.passes();
        assertEquals("Convert from StableHLO quantized ops to StableHLO primitive math ops.",
                registry.description(LegalizeQuantToMathPass.NAME));
        assertTrue(registry.description(LegalizeQdqToQuantizedOpPass.NAME).startsWith("Fuse (de-quantize,"));
        assertTrue(registry.description(LegalizeQuantizedOpToQdqPass.NAME).startsWith("Decompose quantized"));
        for (String name : List.of(LegalizeQuantToMathPass.NAME, LegalizeQdqToQuantizedOpPass.NAME,
                LegalizeQuantizedOpToQdqPass.NAME)) {
            assertEquals(name, registry.lookup(name).create("").name());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> registry.lookup(name).create("axis=1"));
            assertTrue(e.getMessage().contains("unknown option 'axis=1'"), e.getMessage());
        }
    }

    @Test
    void decomposeThenFuseGivesTheQuantizedOpBack() throws Exception {
        String program = "func.func @f(%a: tensor<4x" + Q + ">, %b: tensor<4x" + Q + ">) -> tensor<4x" + Q + "> {\n"
                + "  %0 = stablehlo.multiply %a, %b : tensor<4x" + Q + ">\n"
                + "  return %0 : tensor<4x" + Q + ">\n}\n";
        ModuleOp m = parse(program);
        PassContext ctx = new PassContext(TestContexts.standard(), d -> { });
        new LegalizeQuantizedOpToQdqPass().run(m, ctx);
        String qdq = print(m);
        assertTrue(qdq.contains("stablehlo.multiply %0, %1 : tensor<4xf32>"), qdq);
        assertEquals(2, qdq.split("uniform_dequantize", -1).length - 1, qdq);
        new LegalizeQdqToQuantizedOpPass().run(m, ctx);
        String fused = print(m);
        assertEquals(print(parse(program)), fused);
    }

    @Test
    void fuseLeavesOpsWhoseOperandsAreNotAllDequantized() throws Exception {
        String program = "func.func @f(%a: tensor<4xf32>, %b: tensor<4x" + Q + ">) -> tensor<4x" + Q + "> {\n"
                + "  %0 = stablehlo.uniform_dequantize %b : (tensor<4x" + Q + ">) -> tensor<4xf32>\n"
                + "  %1 = stablehlo.add %a, %0 : tensor<4xf32>\n"
                + "  %2 = stablehlo.uniform_quantize %1 : (tensor<4xf32>) -> tensor<4x" + Q + ">\n"
                + "  return %2 : tensor<4x" + Q + ">\n}\n";
        assertEquals(print(parse(program)), run(new LegalizeQdqToQuantizedOpPass(), program));
    }

    @Test
    void quantToMathLeavesFloatProgramsAlone() throws Exception {
        String program = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                + "  %0 = stablehlo.abs %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n";
        assertEquals(print(parse(program)), run(new LegalizeQuantToMathPass(), program));
    }

    @Test
    void quantToMathConvertsSignaturesAndVerifies() throws Exception {
        String program = "func.func @f(%a: tensor<2x" + Q + ">) -> tensor<2x" + Q + "> {\n"
                + "  %0 = stablehlo.reshape %a : (tensor<2x" + Q + ">) -> tensor<1x2x" + Q + ">\n"
                + "  %1 = stablehlo.sqrt %0 : tensor<1x2x" + Q + ">\n"
                + "  %2 = stablehlo.reshape %1 : (tensor<1x2x" + Q + ">) -> tensor<2x" + Q + ">\n"
                + "  return %2 : tensor<2x" + Q + ">\n}\n";
        ModuleOp m = parse(program);
        new LegalizeQuantToMathPass().run(m, new PassContext(TestContexts.standard(), d -> { }));
        String out = print(m);
        assertFalse(out.contains("quant"), out);
        assertTrue(out.contains("func.func @f(%arg0: tensor<2xi8>) -> tensor<2xi8>"), out);
        // sqrt has no integer lowering: it runs on the dequantized values and is quantized again
        assertTrue(out.contains("stablehlo.sqrt") && out.contains("tensor<1x2xf32>"), out);
        assertTrue(out.contains("stablehlo.round_nearest_even"), out);
        Verifier.verify(TestContexts.standard(), m); // throws on an invalid op
    }

    @Test
    void quantToMathReportsTheFirstIllegalOpOnly() throws Exception {
        String program = "func.func @f(%a: tensor<4x" + Q + ">) -> (tensor<4x" + Q + ">, tensor<4x" + Q + ">) {\n"
                + "  %0 = stablehlo.reverse %a, dims = [0] : tensor<4x" + Q + ">\n"
                + "  %1 = stablehlo.reverse %0, dims = [0] : tensor<4x" + Q + ">\n"
                + "  return %0, %1 : tensor<4x" + Q + ">, tensor<4x" + Q + ">\n}\n";
        ModuleOp m = parse(program);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> new LegalizeQuantToMathPass().run(m, new PassContext(TestContexts.standard(), d -> { })));
        List<String> messages = e.diagnostics().stream().map(Diagnostic::message).collect(Collectors.toList());
        assertEquals(List.of("failed to legalize operation 'stablehlo.reverse' that was explicitly marked illegal"),
                messages);
        assertTrue(e.diagnostics().get(0).location().toString().contains("line=2,"), e.diagnostics().toString());
    }

    @Test
    void requantizeAcrossAxesIsAnErrorBeforeTheLegalizationFailure() throws Exception {
        String a = "!quant.uniform<i8:f32:0, {1.0:1, 2.0:2}>";
        String b = "!quant.uniform<i8:f32:1, {1.0:1, 2.0:2}>";
        String program = "func.func @f(%a: tensor<2x2x" + a + ">) -> tensor<2x2x" + b + "> {\n"
                + "  %0 = stablehlo.uniform_quantize %a : (tensor<2x2x" + a + ">) -> tensor<2x2x" + b + ">\n"
                + "  return %0 : tensor<2x2x" + b + ">\n}\n";
        ModuleOp m = parse(program);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> new LegalizeQuantToMathPass().run(m, new PassContext(TestContexts.standard(), d -> { })));
        List<String> messages = e.diagnostics().stream().map(Diagnostic::message).collect(Collectors.toList());
        assertEquals(List.of("Cannot requantize while changing quantization_axis",
                "failed to legalize operation 'stablehlo.uniform_quantize' that was explicitly marked illegal"),
                messages);
    }

    @Test
    void quantizeFromAnotherFloatTypeIsUnsupported() throws Exception {
        String q16 = "!quant.uniform<i8:f16, 5.000000e-01:3>";
        String program = "func.func @f(%a: tensor<4xf16>) -> tensor<4x" + q16 + "> {\n"
                + "  %0 = stablehlo.uniform_quantize %a : (tensor<4xf16>) -> tensor<4x" + q16 + ">\n"
                + "  return %0 : tensor<4x" + q16 + ">\n}\n";
        ModuleOp m = parse(program);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> new LegalizeQuantToMathPass().run(m, new PassContext(TestContexts.standard(), d -> { })));
        assertEquals("Unsupported input element type.", e.diagnostics().get(0).message());
    }

    @Test
    void eachFunctionIsConvertedOnItsOwn() throws Exception {
        String program = "func.func @f(%a: tensor<4x" + Q + ">) -> tensor<4xf32> {\n"
                + "  %0 = stablehlo.uniform_dequantize %a : (tensor<4x" + Q + ">) -> tensor<4xf32>\n"
                + "  return %0 : tensor<4xf32>\n}\n"
                + "func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n";
        String out = run(new LegalizeQuantToMathPass(), program);
        assertTrue(out.contains("func.func @f(%arg0: tensor<4xi8>) -> tensor<4xf32>"), out);
        assertTrue(out.contains("chlo.broadcast_subtract"), out);
        assertTrue(out.contains("func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32>"), out);
    }
}
