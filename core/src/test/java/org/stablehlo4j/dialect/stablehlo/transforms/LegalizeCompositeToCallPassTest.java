package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;

class LegalizeCompositeToCallPassTest {
    private static final String PROGRAM = """
            func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
              %0 = stablehlo.composite "foo.bar" %a {decomposition = @g} : (tensor<4xf32>) -> tensor<4xf32>
              %1 = stablehlo.composite "foo.baz" %0 {decomposition = @g} : (tensor<4xf32>) -> tensor<4xf32>
              return %1 : tensor<4xf32>
            }
            func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
              return %a : tensor<4xf32>
            }
            """;

    @Test
    void exceptedCompositesStayAndUsesFollowTheCall() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), PROGRAM, new ParseOptions("t.mlir", 1, false));
        LegalizeCompositeToCallPass.fromOptions("except='foo.baz,foo.qux'").run(m);
        String out = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        assertTrue(out.contains("%0 = call @g(%arg0) : (tensor<4xf32>) -> tensor<4xf32>"), out);
        assertTrue(out.contains("%1 = stablehlo.composite \"foo.baz\" %0"), out);
    }

    @Test
    void unknownOptionsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LegalizeCompositeToCallPass.fromOptions("only=foo.bar"));
        assertTrue(e.getMessage().contains("unknown option 'only=foo.bar'"), e.getMessage());
    }
}
