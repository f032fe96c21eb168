package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.pass.PassContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

class HloTestBroadcastPassTest {
    @Test
    void boundedTargetsGetTheirDynamicSizeBack() throws Exception {
        String out = TestContexts.runPass(new HloTestBroadcastPass(), """
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
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
        new HloTestBroadcastPass().run(m, new PassContext(TestContexts.standard(), d -> { }));
        String out = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        assertTrue(out.contains("\"hlo_test_broadcast.numpy_broadcast\"(%arg0, %arg1)"), out);
        var fn = m.body().operations().get(0);
        assertEquals(1, fn.region(0).entry().argument(0).uses().size());
    }

    @Test
    void reasonsAreReportedAtTheValuesAsUpstreamDoes() throws Exception {
        String text = """
                func.func @f(%a: tensor<10xf64>, %b: tensor<5xf64>, %t: !stablehlo.token) -> !stablehlo.token {
                  %0 = "hlo_test_broadcast.numpy_broadcast"(%a, %b) : (tensor<10xf64>, tensor<5xf64>) -> !stablehlo.token
                  %1 = "hlo_test_broadcast.numpy_broadcast"() : () -> !stablehlo.token
                  %2 = "hlo_test_broadcast.numpy_broadcast"(%a, %t) : (tensor<10xf64>, !stablehlo.token) -> !stablehlo.token
                  return %0 : !stablehlo.token
                }
                """;
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
        List<Diagnostic> diags = new ArrayList<>();
        PassContext context = new PassContext(TestContexts.standard(), diags::add);
        new HloTestBroadcastPass().run(m, context);
        assertEquals(3, context.errorCount());
        List<String> messages = new ArrayList<>();
        for (Diagnostic d : diags) {
            Location.FileLineCol l = (Location.FileLineCol) d.location();
            messages.add(l.line() + ":" + l.column() + " " + d.message());
        }
        // Bottom-up worklist: the last op first. Shape errors point at the operand, "no operands" at the op.
        assertEquals(List.of("1:53 expected ranked tensor type for broadcast inputs",
                "3:3 requires at least one operand to broadcast",
                "1:34 incompatible shapes for broadcasting 10 and 5"), messages);
    }
}
