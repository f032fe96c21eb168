package org.stablehlo4j.dialect.vhlo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

class VhloAttrTextTest {
    private static String parse(String attr) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), "func.func @f() attributes {vhlo.a = " + attr
                + "} {\n  return\n}\n", new ParseOptions("t.mlir", 1, false));
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    private static String error(String attr) {
        return assertThrows(Exception.class, () -> parse(attr)).getMessage();
    }

    @Test
    void validAttributesStayAsWritten() throws Exception {
        String attr = "#vhlo.dict_v1<{#vhlo.string_v1<\"k\"> = #vhlo.array_v1<[#vhlo.type_v1<!vhlo.f32_v1>, "
                + "affine_map<(d0) -> (d0)>]>}>";
        assertTrue(parse(attr).contains("vhlo.a = " + attr), parse(attr));
        String acc = "#vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 1.000000e-01, ulps = 2, "
                + "mode = #vhlo<result_accuracy_mode_v1 TOLERANCE>>";
        assertTrue(parse(acc).contains(acc), parse(acc));
    }

    @Test
    void nonVhloPartsAreErrorsAtAnyDepth() {
        assertTrue(error("#vhlo.dict_v1<{\"k\" = #vhlo.array_v1<[]>}>").contains("expected VHLO key attribute"));
        assertTrue(error("#vhlo.array_v1<[#vhlo.dict_v1<{1 : i32 = #vhlo.bool_v1<true>}>]>")
                .contains("expected VHLO key attribute"));
        assertTrue(error("#vhlo.type_v1<f32>").contains("expected VHLO type"));
        assertTrue(error("#vhlo.result_accuracy_v1<atol = 0.0, rtol = 0.0, ulps = 0, mode = unit>")
                .contains("expected VHLO result accuracy mode"));
        assertTrue(error("#vhlo.dict_v1<{#vhlo.string_v1<\"k\"> #vhlo.bool_v1<true>}>").contains("'='"));
    }
}
