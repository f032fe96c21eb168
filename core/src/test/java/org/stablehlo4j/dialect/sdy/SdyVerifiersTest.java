package org.stablehlo4j.dialect.sdy;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/** The sdy verification rules (verifiers.cc), with upstream's messages (cases from *_verification.mlir). */
class SdyVerifiersTest {
    private static String error(String text) {
        Context ctx = TestContexts.standard();
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> {
            ModuleOp m = AsmParser.parse(ctx, text, ParseOptions.of("t.mlir"));
            Verifier.verify(ctx, m);
        });
        return e.diagnostics().get(0).message();
    }

    private static void valid(String text) throws Exception {
        Context ctx = TestContexts.standard();
        Verifier.verify(ctx, AsmParser.parse(ctx, text, ParseOptions.of("t.mlir")));
    }

    @Test
    void meshAttributes() {
        assertEquals("custom op 'sdy.mesh' duplicate axis name: \"a\"",
                error("sdy.mesh @mesh = <[\"a\"=2, \"b\"=2, \"a\"=4]>"));
        assertEquals("custom op 'sdy.mesh' total product of axis sizes must match total number of device ids, "
                + "got: 2 != 1", error("sdy.mesh @mesh = <[\"a\"=2], device_ids=[0]>"));
        assertEquals("custom op 'sdy.mesh' sorted device ids must be iota(product(axes)), got: 1, 2",
                error("sdy.mesh @mesh = <[\"a\"=2], device_ids=[2, 1]>"));
        assertTrue(error("sdy.mesh @mesh = <[\"a\"=2, \"b\"=0]>").endsWith("axis size must be at least 1, got: 0"));
    }

    @Test
    void argumentShardings() throws Exception {
        String mesh = "sdy.mesh @mesh = <[\"a\"=2, \"b\"=2]>\n";
        assertEquals("'func.func' op arg 0 - sharding doesn't match tensor rank: 1 != 2", error(mesh
                + "func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}]>}) {\n"
                + "  return\n}\n"));
        assertEquals("'func.func' op result 0 - unknown axis name: \"c\"", error(mesh
                + "func.func @f(%a: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, "
                + "[{\"c\"}]>}) {\n  return %a : tensor<8xf32>\n}\n"));
        assertEquals("'func.func' op arg 0 - replicated axes are not ordered w.r.t. mesh", error(mesh
                + "func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], "
                + "replicated={\"b\", \"a\"}>}) {\n  return\n}\n"));
        valid("sdy.mesh @mesh = <[\"a\"=2, \"b\"=4]>\n" + "func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}, "
                + "{\"b\":(1)2}]>}) {\n  return\n}\n");
    }

    @Test
    void opRules() {
        assertEquals("'sdy.propagation_barrier' op cannot specify `BOTH` as the direction. Not blocking "
                + "propagation direction makes the op redundant.", error(
                "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = sdy.propagation_barrier %a allowed_direction=BOTH : tensor<8xf32>\n"
                + "  return %0 : tensor<8xf32>\n}\n"));
        assertEquals("'sdy.sharding_constraint' op sharding doesn't match tensor rank: 2 != 1", error(
                "sdy.mesh @mesh = <[\"a\"=2, \"b\"=2]>\nfunc.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = sdy.sharding_constraint %a <@mesh, [{}, {\"b\"}]> : tensor<8xf32>\n"
                + "  return %0 : tensor<8xf32>\n}\n"));
        assertEquals("'stablehlo.custom_call' op should have a sharding rule attribute of type OpShardingRuleAttr "
                + "for attr named 'sdy.sharding_rule'", error(
                "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = stablehlo.custom_call @foo(%a) {sdy.sharding_rule = 1 : i64} : (tensor<8xf32>) -> "
                + "tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n"));
        assertEquals("'stablehlo.custom_call' op has factor j=4 that isn't used in operand and result mappings",
                error("func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = stablehlo.custom_call @foo(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) "
                + "{i=8, j=4}>} : (tensor<8xf32>) -> tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n"));
    }
}
