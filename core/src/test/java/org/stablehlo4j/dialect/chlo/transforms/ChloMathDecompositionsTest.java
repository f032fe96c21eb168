package org.stablehlo4j.dialect.chlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/** The decompositions' op sequences, applied alone (the rest of the CHLO lowering left out). */
class ChloMathDecompositionsTest {
    /** {@code func.func @f(%arg0: TYPE...) -> RESULT} applying {@code op} to the arguments, decomposed and printed. */
    private static String decompose(String op, String result, String... operandTypes) throws Exception {
        StringBuilder args = new StringBuilder();
        StringBuilder uses = new StringBuilder();
        for (int i = 0; i < operandTypes.length; i++) {
            args.append(i == 0 ? "" : ", ").append("%a").append(i).append(": ").append(operandTypes[i]);
            uses.append(i == 0 ? "" : ", ").append("%a").append(i);
        }
        String text = "func.func @f(" + args + ") -> " + result + " {\n  %r = \"chlo." + op + "\"(" + uses + ") : ("
                + String.join(", ", operandTypes) + ") -> " + result + "\n  return %r : " + result + "\n}\n";
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
        PatternSet patterns = new PatternSet();
        ChloMathDecompositions.addPatterns(patterns);
        GreedyRewriteDriver.apply(m.op(), patterns, GreedyRewriteDriver.Config.DEFAULT.withFold(false)
                .withCseConstants(false).withIsPure(o -> false));
        Verifier.verify(TestContexts.standard(), m); // throws on invalid IR
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    /** The lines of the function body before {@code return}, stripped. */
    private static List<String> body(String printed) {
        String b = printed.substring(printed.indexOf("{\n", printed.indexOf("func.func")) + 2, printed.indexOf("return"));
        return b.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    void asinIsTwiceAnArctangentWithTheCancellationFreeRadicand() throws Exception {
        assertEquals(List.of(
                "%cst = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>",
                "%0 = stablehlo.subtract %cst, %arg0 : tensor<4xf32>",
                "%1 = stablehlo.add %cst, %arg0 : tensor<4xf32>",
                "%2 = stablehlo.multiply %0, %1 : tensor<4xf32>",
                "%3 = stablehlo.sqrt %2 : tensor<4xf32>",
                "%4 = stablehlo.add %cst, %3 : tensor<4xf32>",
                "%5 = stablehlo.atan2 %arg0, %4 : tensor<4xf32>",
                "%6 = stablehlo.add %5, %5 : tensor<4xf32>"),
                body(decompose("asin", "tensor<4xf32>", "tensor<4xf32>")));
    }

    @Test
    void squareOfRealsIsAProductAndOfComplexNumbersKeepsAnExactZero() throws Exception {
        assertEquals(List.of("%0 = stablehlo.multiply %arg0, %arg0 : tensor<2xi32>"),
                body(decompose("square", "tensor<2xi32>", "tensor<2xi32>")));
        List<String> complex = body(decompose("square", "tensor<complex<f64>>", "tensor<complex<f64>>"));
        assertTrue(complex.get(0).startsWith("%0 = stablehlo.real %arg0"), complex.get(0));
        assertTrue(complex.get(1).startsWith("%1 = stablehlo.is_finite %0"), complex.get(1));
        assertTrue(complex.get(complex.size() - 1).startsWith("%13 = stablehlo.complex %10, %12"), String.join("\n", complex));
    }

    @Test
    void narrowFloatsAreComputedInF32() throws Exception {
        for (String op : new String[] {"erf", "erfc", "erf_inv", "lgamma", "digamma", "cosh", "sinh", "bessel_i1e"}) {
            List<String> body = body(decompose(op, "tensor<3xf16>", "tensor<3xf16>"));
            assertEquals("%0 = stablehlo.convert %arg0 : (tensor<3xf16>) -> tensor<3xf32>", body.get(0), op);
            String last = body.get(body.size() - 1);
            assertTrue(last.matches("%\\d+ = stablehlo.convert %\\d+ : \\(tensor<3xf32>\\) -> tensor<3xf16>"), op + ": " + last);
            for (String line : body.subList(1, body.size() - 1)) assertFalse(line.contains("f16"), op + ": " + line);
        }
        List<String> zeta = body(decompose("zeta", "tensor<bf16>", "tensor<bf16>", "tensor<bf16>"));
        assertEquals(3, zeta.stream().filter(l -> l.contains("stablehlo.convert")).count(), String.join("\n", zeta));
        List<String> f32 = body(decompose("lgamma", "tensor<3xf32>", "tensor<3xf32>"));
        assertFalse(f32.stream().anyMatch(l -> l.contains("stablehlo.convert")), String.join("\n", f32));
    }

    @Test
    void f64KeepsItsOwnApproximations() throws Exception {
        String erf = decompose("erf", "tensor<f64>", "tensor<f64>");
        assertFalse(erf.contains("stablehlo.convert"), erf);
        assertFalse(erf.contains("stablehlo.clamp"), erf); // the clamped rational form is f32's
        assertTrue(erf.contains("dense<-709.78271289338397> : tensor<f64>"), erf); // Cephes' maxlog bound
        String erfInv = decompose("erf_inv", "tensor<f64>", "tensor<f64>");
        assertTrue(erfInv.contains("dense<6.250000e+00>") && erfInv.contains("dense<1.600000e+01>"), erfInv);
    }

    @Test
    void createdChloOpsAreLoweredByTheirOwnPatternsExceptIsInf() throws Exception {
        String lgamma = decompose("lgamma", "tensor<2xf32>", "tensor<2xf32>");
        assertEquals(1, count(lgamma, "chlo."), lgamma);
        assertTrue(lgamma.contains("chlo.is_inf"), lgamma);
        String polygamma = decompose("polygamma", "tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>");
        assertFalse(polygamma.contains("chlo.lgamma") || polygamma.contains("chlo.zeta")
                || polygamma.contains("chlo.digamma"), polygamma);
        assertEquals(1, count(polygamma, "chlo.is_inf"), polygamma);
        String atan = decompose("atan", "tensor<2xcomplex<f64>>", "tensor<2xcomplex<f64>>");
        assertFalse(atan.contains("chlo."), atan);
        String acos = decompose("acos", "tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>");
        assertFalse(acos.contains("chlo."), acos);
        assertEquals(2, count(acos, "stablehlo.complex"), acos); // the kernel's and acos's own
    }

    @Test
    void constantsOfDynamicShapesAreConstantLike() throws Exception {
        String out = decompose("erf_inv", "tensor<?xf32>", "tensor<?xf32>");
        assertFalse(out.contains("stablehlo.constant"), out);
        assertTrue(out.contains("\"chlo.constant_like\"(%arg0) <{value = 5.000000e+00 : f32}>"), out);
    }

    @Test
    void typesWithoutADecompositionStay() throws Exception {
        // upstream's Cephes and Bessel patterns take f64, f32, f16 and bf16 only
        String erf = decompose("erf", "tensor<2xf8E4M3FN>", "tensor<2xf8E4M3FN>");
        assertTrue(erf.contains("chlo.erf"), erf);
        // complex cosh needs complex splats, which a dynamic shape cannot have
        String cosh = decompose("cosh", "tensor<?xcomplex<f32>>", "tensor<?xcomplex<f32>>");
        assertTrue(cosh.contains("chlo.cosh"), cosh);
        String coshStatic = decompose("cosh", "tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>");
        assertTrue(coshStatic.contains("dense<(5.000000e-01,0.000000e+00)> : tensor<2xcomplex<f32>>"), coshStatic);
    }
}
