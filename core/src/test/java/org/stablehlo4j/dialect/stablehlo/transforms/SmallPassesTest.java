package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;

/** The issue-28 passes beyond what their upstream lit files check: options, name clashes, edge types. */
class SmallPassesTest {
    @Test
    void signlessConvertsRegionsSignaturesAndConstantsButNotOtherTypes() throws Exception {
        String out = TestContexts.runPass(new ConvertToSignlessPass(), """
                func.func @f(%a: tensor<2xsi32>, %t: tuple<tensor<ui8>>) -> (tensor<si32>, tuple<tensor<ui8>>) {
                  %c = stablehlo.constant dense<-1> : tensor<si32>
                  %0 = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2xsi32>, tensor<si32>) -> tensor<si32>
                  return %0, %t : tensor<si32>, tuple<tensor<ui8>>
                }
                """);
        assertTrue(out.contains("func.func @f(%arg0: tensor<2xi32>, %arg1: tuple<tensor<ui8>>) -> (tensor<i32>, "
                + "tuple<tensor<ui8>>)"), out);
        assertTrue(out.contains("stablehlo.constant dense<-1> : tensor<i32>"), out);
        assertTrue(out.contains("(tensor<2xi32>, tensor<i32>) -> tensor<i32>"), out);
        assertFalse(out.contains("si32"), out);
    }

    @Test
    void signlessTakesNoOptions() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TestContexts.passes().lookup(ConvertToSignlessPass.NAME).create("x=1"));
        assertTrue(e.getMessage().contains("unknown option 'x=1'"), e.getMessage());
    }

    @Test
    void wrapMakesDecompositionNamesUniqueAndElidesVersionZero() throws Exception {
        String out = TestContexts.runPass(WrapInCompositePass.fromOptions("op-names=stablehlo.multiply"), """
                func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = stablehlo.multiply %a, %a : tensor<2xf32>
                  %1 = stablehlo.multiply %0, %a : tensor<2xf32>
                  return %1 : tensor<2xf32>
                }
                func.func private @stablehlo.multiply.impl() {
                  return
                }
                """);
        assertTrue(out.contains("{decomposition = @stablehlo.multiply.impl_0} : "), out);
        assertTrue(out.contains("{decomposition = @stablehlo.multiply.impl_1} : "), out);
        assertTrue(out.contains("func.func private @stablehlo.multiply.impl_0(%arg0: tensor<2xf32>, %arg1: "
                + "tensor<2xf32>) -> tensor<2xf32>"), out);
        assertFalse(out.contains("version"), out);
        assertEquals(2, out.split("stablehlo.multiply %arg0, %arg1", -1).length - 1,
                "each copy reads the function's own arguments, also for a repeated operand: " + out);
    }

    @Test
    void wrapWarnsAboutUnknownOpNamesAndRejectsBadOptions() throws Exception {
        String text = """
                func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = stablehlo.multiply %a, %a : tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """;
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
        List<Diagnostic> diags = new ArrayList<>();
        WrapInCompositePass.fromOptions("op-names=stablehlo.mul version=2")
                .run(m, new PassContext(TestContexts.standard(), diags::add));
        assertEquals(1, diags.size());
        assertTrue(diags.get(0).message().contains("Unknown op name in opNamesOption: 'stablehlo.mul' is not a "
                + "registered operation."), diags.get(0).message());
        assertTrue(m.body().operations().size() == 1);
        assertThrows(IllegalArgumentException.class, () -> WrapInCompositePass.fromOptions("version=two"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WrapInCompositePass.fromOptions("names=stablehlo.add"));
        assertTrue(e.getMessage().contains("unknown option 'names'"), e.getMessage());
    }

    @Test
    void speculatabilityChecksOnlyOpsWithOneUseAndNamedAnswers() throws Exception {
        String out = TestContexts.runPass(new HloTestSpeculatabilityPass(), """
                func.func @f(%a: tensor<?xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = stablehlo.add %b, %b : tensor<2xf32>
                  "hlo_test_speculatability.is_speculatable"(%0) : (tensor<2xf32>) -> ()
                  %1 = stablehlo.custom_call @foo(%b) : (tensor<2xf32>) -> tensor<2xf32>
                  "hlo_test_speculatability.is_not_speculatable"(%1) : (tensor<2xf32>) -> ()
                  %2 = stablehlo.add %a, %a : tensor<?xf32>
                  "hlo_test_speculatability.is_speculatable"(%2) : (tensor<?xf32>) -> ()
                  %3 = stablehlo.abs %b : tensor<2xf32>
                  "hlo_test_speculatability.is_speculatable"(%3) : (tensor<2xf32>) -> ()
                  return %3 : tensor<2xf32>
                }
                """);
        assertFalse(out.contains("stablehlo.add %arg1"), "checked and erased: " + out);
        assertTrue(out.contains("stablehlo.custom_call @foo"), "not ConditionallySpeculatable: " + out);
        assertTrue(out.contains("stablehlo.add %arg0"), "dynamic operands: not speculatable: " + out);
        assertTrue(out.contains("stablehlo.abs %arg1"), "two uses: " + out);
    }

    @Test
    void signlessReportsConstantsItCannotConvert() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), """
                func.func @f() -> tensor<2xui8> {
                  %0 = stablehlo.constant dense_resource<blob> : tensor<2xui8>
                  return %0 : tensor<2xui8>
                }
                {-#
                  dialect_resources: { builtin: { blob: "0x040000000102" } }
                #-}
                """, new ParseOptions("t.mlir", 1, false));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> new ConvertToSignlessPass().run(m, new PassContext(TestContexts.standard(), d -> { })));
        assertTrue(e.getMessage().contains("failed to legalize operation 'stablehlo.constant'"), e.getMessage());
    }
}
