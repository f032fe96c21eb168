package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

/** {@code --stablehlo-legalize-deprecated-ops}: its option, and what upstream's lit test leaves out. */
class LegalizeDeprecatedOpsPassTest {
    private static final String PROGRAM = """
            func.func @f(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>, %lo: tensor<f32>, %hi: tensor<f32>)
                -> (tensor<2x2xi32>, tensor<i32>, tensor<10xf32>) {
              %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
              %1 = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->"} : (tensor<2x3xi32>) -> tensor<i32>
              %shape = stablehlo.constant dense<[10]> : tensor<1xi64>
              %2 = "stablehlo.rng"(%lo, %hi, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<10xf32>
              return %0, %1, %2 : tensor<2x2xi32>, tensor<i32>, tensor<10xf32>
            }
            """;

    private static ModuleOp parse() throws Exception {
        return AsmParser.parse(TestContexts.standard(), PROGRAM, new ParseOptions("t.mlir", 1, false));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void anOpWithoutReplacementFailsTheFunctionAndChangesNothing() throws Exception {
        ModuleOp m = parse();
        String before = print(m);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> LegalizeDeprecatedOpsPass.fromOptions("").run(m));
        assertEquals("failed to legalize operation 'stablehlo.rng' that was explicitly marked illegal",
                e.diagnostics().get(0).message());
        assertEquals(before, print(m));
    }

    @Test
    void failOnUnusedFalseKeepsThemAndRewritesTheRest() throws Exception {
        ModuleOp m = parse();
        LegalizeDeprecatedOpsPass.fromOptions("fail-on-unused=false").run(m);
        String out = print(m);
        assertTrue(out.contains("stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0]"), out);
        assertTrue(out.contains("stablehlo.constant dense<1> : tensor<i32>"), out);
        assertTrue(out.contains("config = \",ab->\""), out);
        assertTrue(out.contains("stablehlo.rng"), out);
    }

    @Test
    void complexUnaryEinsumGetsAComplexOne() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), """
                func.func @f(%a: tensor<2xcomplex<f32>>) -> tensor<complex<f32>> {
                  %0 = "stablehlo.unary_einsum"(%a) {einsum_config = "a->"} : (tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
                  return %0 : tensor<complex<f32>>
                }
                """, new ParseOptions("t.mlir", 1, false));
        LegalizeDeprecatedOpsPass.fromOptions("fail-on-unused").run(m);
        String out = print(m);
        assertTrue(out.contains("dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>"), out);
    }

    @Test
    void badOptionsAreRejected() {
        assertEquals("pass 'stablehlo-legalize-deprecated-ops': unknown option 'fail' (known options: fail-on-unused)", assertThrows(IllegalArgumentException.class,
                () -> LegalizeDeprecatedOpsPass.fromOptions("fail=true")).getMessage());
        assertEquals("pass 'stablehlo-legalize-deprecated-ops': invalid value 'maybe' for option 'fail-on-unused'", assertThrows(IllegalArgumentException.class,
                () -> LegalizeDeprecatedOpsPass.fromOptions("fail-on-unused=maybe")).getMessage());
    }
}
