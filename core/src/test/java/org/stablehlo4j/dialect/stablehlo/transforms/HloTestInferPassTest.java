package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.PassContext;

class HloTestInferPassTest {
    @Test
    void inferredTypesBecomeAttributes() throws Exception {
        String out = TestContexts.runPass(new HloTestInferPass(), """
                func.func @f(%a: tensor<?x2xf32>, %b: tensor<3x?xf32>) -> tensor<3x2xindex> {
                  %0 = "stablehlo.subtract"(%a, %b) : (tensor<?x2xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
                  %1 = "hlo_test_infer.get_return_types"(%0) : (tensor<?x?xf32>) -> tensor<3x2xindex>
                  func.return %1 : tensor<3x2xindex>
                }
                """);
        assertTrue(out.contains("%1 = \"hlo_test_infer.return_types\"(%0) {types0 = tensor<3x2xf32>} : "
                + "(tensor<?x?xf32>) -> tensor<3x2xindex>"), out);
    }

    @Test
    void producersWithoutInferenceStay() throws Exception {
        String out = TestContexts.runPass(new HloTestInferPass(), """
                func.func @f(%a: tensor<2xf32>) -> tensor<2xindex> {
                  %0 = "test.unknown"(%a) : (tensor<2xf32>) -> tensor<2xf32>
                  %1 = "hlo_test_infer.get_return_types"(%0) : (tensor<2xf32>) -> tensor<2xindex>
                  func.return %1 : tensor<2xindex>
                }
                """);
        assertTrue(out.contains("\"hlo_test_infer.get_return_types\"(%0)"), out);
    }
}
