package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;

/** {@code --stablehlo-complex-math-expander}: what upstream's lit test (f32 log_plus_one only) leaves out. */
class ComplexMathExpanderPassTest {
    private static ModuleOp parse(String text) throws Exception {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    private static String expand(String text) throws Exception {
        ModuleOp m = parse(text);
        ComplexMathExpanderPass.fromOptions("").run(m, new PassContext(TestContexts.standard(), d -> { }));
        return print(m);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) n++;
        return n;
    }

    private static String unary(String op, String type, String attrs) {
        return "func.func @f(%a: " + type + ") -> " + type + " {\n  %0 = \"stablehlo." + op + "\"(%a) " + attrs
                + ": (" + type + ") -> " + type + "\n  return %0 : " + type + "\n}\n";
    }

    @Test
    void eachComplexOpBecomesRealOpsWithUpstreamsOpCounts() throws Exception {
        String exp = expand(unary("exponential", "tensor<4xcomplex<f64>>", ""));
        assertEquals(2, count(exp, "stablehlo.exponential"), exp);
        assertEquals(1, count(exp, "stablehlo.cosine"), exp);
        assertEquals(1, count(exp, "stablehlo.sine"), exp);
        assertEquals(3 + 19, count(exp, "\n    %"), exp); // 3 constants and 19 ops, as upstream
        assertTrue(exp.contains("stablehlo.constant dense<0x7FF0000000000000> : tensor<4xf64>"), exp);
        assertTrue(exp.contains("stablehlo.complex"), exp);

        String log = expand(unary("log", "tensor<complex<f64>>", ""));
        assertEquals(1, count(log, "stablehlo.log %"), log);
        assertEquals(2, count(log, "stablehlo.log_plus_one"), log);
        assertTrue(log.contains("dense<0x41A0000002000000> : tensor<f64>"), log); // 2^27 + 1, the f64 splitter
        assertTrue(log.contains("dense<-1.000000e+00> : tensor<f64>"), log);
        assertTrue(log.contains("stablehlo.atan2"), log);

        String sqrt = expand(unary("sqrt", "tensor<2x2xcomplex<f32>>", ""));
        assertEquals(7, count(sqrt, "stablehlo.sqrt"), sqrt);
        assertTrue(sqrt.contains("stablehlo.or"), sqrt);
        assertTrue(sqrt.contains("dense<1.553774> : tensor<2x2xf32>"), sqrt);
        assertTrue(sqrt.contains("dense<2.19736814> : tensor<2x2xf32>"), sqrt);
        assertEquals(0, count(sqrt, "stablehlo.sqrt %arg0"), sqrt);
    }

    @Test
    void realOpsAndNonDefaultAccuraciesStay() throws Exception {
        String real = unary("log", "tensor<3xf32>", "");
        assertEquals(print(parse(real)), expand(real));
        String tolerance = unary("sqrt", "tensor<complex<f32>>", "{result_accuracy = #stablehlo.result_accuracy<"
                + "atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} ");
        assertEquals(print(parse(tolerance)), expand(tolerance));
        String highest = unary("exponential", "tensor<complex<f32>>",
                "{result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} ");
        assertEquals(print(parse(highest)), expand(highest));
        String explicitDefault = unary("exponential", "tensor<complex<f32>>",
                "{result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>} ");
        assertTrue(expand(explicitDefault).contains("stablehlo.cosine"));
    }

    @Test
    void dynamicShapesGetConstantLikes() throws Exception {
        String out = expand(unary("exponential", "tensor<?xcomplex<f32>>", ""));
        assertTrue(out.contains("chlo.constant_like"), out);
        assertFalse(out.contains("stablehlo.constant"), out);
        assertTrue(out.contains("stablehlo.complex"), out);
    }

    @Test
    void optionsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ComplexMathExpanderPass.fromOptions("fast=true"));
        assertTrue(e.getMessage().startsWith("pass 'stablehlo-complex-math-expander': unknown option 'fast'"),
                e.getMessage());
    }
}
