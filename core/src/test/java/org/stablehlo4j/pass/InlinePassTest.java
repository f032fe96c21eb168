package org.stablehlo4j.pass;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InlinePassTest {
    private static String inline(String text) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
        TestContexts.passes().lookup("inline").create("").run(m);
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
    }

    @Test
    void inlinesPrivateCalleesAndErasesThem() throws Exception {
        String out = inline("""
                func.func @main(%a: tensor<i32>) -> tensor<i32> {
                  %0 = "func.call"(%a) <{callee = @twice}> : (tensor<i32>) -> tensor<i32>
                  return %0 : tensor<i32>
                }
                func.func private @twice(%x: tensor<i32>) -> tensor<i32> {
                  %0 = "func.call"(%x, %x) <{callee = @add}> : (tensor<i32>, tensor<i32>) -> tensor<i32>
                  return %0 : tensor<i32>
                }
                func.func private @add(%x: tensor<i32>, %y: tensor<i32>) -> tensor<i32> {
                  %0 = "test.add"(%x, %y) : (tensor<i32>, tensor<i32>) -> tensor<i32>
                  return %0 : tensor<i32>
                }
                """);
        assertFalse(out.contains("func.call"), out);
        assertFalse(out.contains("@twice") || out.contains("@add"), out);
        assertTrue(out.contains("\"test.add\"(%arg0, %arg0)"), out);
        assertTrue(out.contains("\"func.return\"(%0)"), out);
    }

    @Test
    void keepsPublicCalleesAndRecursion() throws Exception {
        String out = inline("""
                func.func @main() -> () {
                  "func.call"() <{callee = @pub}> : () -> ()
                  "func.call"() <{callee = @rec}> : () -> ()
                  return
                }
                func.func @pub() -> () {
                  "test.effect"() : () -> ()
                  return
                }
                func.func private @rec() -> () {
                  "func.call"() <{callee = @rec}> : () -> ()
                  return
                }
                """);
        assertTrue(out.contains("sym_name = \"pub\""), out);
        assertEquals(2, out.split("test.effect", -1).length - 1, out);
        assertTrue(out.contains("sym_name = \"rec\""), out);
    }
}
