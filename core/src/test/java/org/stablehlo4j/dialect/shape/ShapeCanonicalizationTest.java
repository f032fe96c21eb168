package org.stablehlo4j.dialect.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.CanonicalizePass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;

/** The shape dialect's canonicalization patterns under {@code --canonicalize}. */
class ShapeCanonicalizationTest {
    private static final Context CTX = TestContexts.standard();

    private static String canonicalize(String text) throws Exception {
        ModuleOp m = AsmParser.parse(CTX, text, ParseOptions.of("t.mlir"));
        CanonicalizePass.fromOptions("").run(m, new PassContext(CTX, d -> { }));
        return AsmPrinter.print(CTX, m, new PrintOptions(false, false, false));
    }

    private static String assuming(boolean passing) {
        return """
                func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
                  %w = shape.const_witness %s
                  %0 = shape.assuming %w -> (tensor<2xi32>) {
                    %1 = stablehlo.add %a, %a : tensor<2xi32>
                    shape.assuming_yield %1 : tensor<2xi32>
                  }
                  return %0 : tensor<2xi32>
                }
                """.replace("%s", Boolean.toString(passing));
    }

    @Test
    void assumingWithAPassingWitnessIsItsBody() throws Exception {
        assertEquals("""
                module {
                  func.func @f(%arg0: tensor<2xi32>) -> tensor<2xi32> {
                    %0 = stablehlo.add %arg0, %arg0 : tensor<2xi32>
                    return %0 : tensor<2xi32>
                  }
                }

                """, canonicalize(assuming(true)));
    }

    @Test
    void assumingWithAFailingWitnessStays() throws Exception {
        String out = canonicalize(assuming(false));
        assertTrue(out.contains("shape.assuming"), out);
    }
}
