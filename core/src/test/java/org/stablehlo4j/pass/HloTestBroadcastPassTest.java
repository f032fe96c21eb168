package org.stablehlo4j.pass;

import org.stablehlo4j.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Module;

class HloTestBroadcastPassTest {
    private static String run(String text) throws Exception {
        Module m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
        new HloTestBroadcastPass().run(m);
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void boundedTargetsGetTheirDynamicSizeBack() throws Exception {
        String out = run("""
                func.func @f(%a: tensor<?xf64, #stablehlo.bounds<10>>, %b: tensor<2x1xf64>) -> !stablehlo.token {
                  %0 = "hlo_test_broadcast.numpy_broadcast"(%a, %b) : (tensor<?xf64, #stablehlo.bounds<10>>, tensor<2x1xf64>) -> !stablehlo.token
                  return %0 : !stablehlo.token
                }
                """);
        assertTrue(out.contains("stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<?xf64, #stablehlo.bounds<10>>)"
                + " -> tensor<2x?xf64, #stablehlo.bounds<?, 10>>"), out);
        assertTrue(out.contains("stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<2x1xf64>) -> tensor<2x10xf64>"), out);
        assertTrue(out.contains("stablehlo.get_dimension_size %arg0, dim = 0"), out);
        assertTrue(out.contains("stablehlo.custom_call @numpy_broadcasted("), out);
    }

    @Test
    void shapesThatDoNotBroadcastLeaveTheOpAndNoUses() throws Exception {
        String text = """
                func.func @f(%a: tensor<2xf64>, %b: tensor<1x3xf64>) -> !stablehlo.token {
                  %0 = "hlo_test_broadcast.numpy_broadcast"(%a, %b) : (tensor<2xf64>, tensor<1x3xf64>) -> !stablehlo.token
                  return %0 : !stablehlo.token
                }
                """;
        Module m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
        new HloTestBroadcastPass().run(m);
        String out = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        assertTrue(out.contains("\"hlo_test_broadcast.numpy_broadcast\"(%arg0, %arg1)"), out);
        var fn = m.body().operations().get(0);
        assertEquals(1, fn.region(0).entry().argument(0).uses().size());
    }
}
