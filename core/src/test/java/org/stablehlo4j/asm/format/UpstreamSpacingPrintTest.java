package org.stablehlo4j.asm.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.stablehlo4j.testing.TestContexts;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;

/**
 * The custom formats whose spacing current upstream prints differently from the older stablehlo-opt that wrote
 * upstream's testdata files: each expected string is exactly what current stablehlo-opt prints (enum attributes
 * of declarative formats without a space of their own, the pretty while's {@code cond} at the block's
 * indentation, chlo.scan's hand-written form with its double space after {@code dimension=N}).
 */
class UpstreamSpacingPrintTest {
    private static String print(String text) throws DiagnosticException {
        return AsmPrinter.print(TestContexts.standard(), AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false)), PrintOptions.DEFAULT);
    }

    /** {@code ops} (one per line) in a function with {@code signature}, as stablehlo-opt prints the module. */
    private static String module(String signature, String... ops) {
        StringBuilder sb = new StringBuilder("module {\n  func.func @f(" + signature + ") {\n");
        for (String op : ops) sb.append("    ").append(op).append('\n');
        return sb.append("    return\n  }\n}\n\n").toString();
    }

    /** Prints {@code expected} back unchanged, and prints {@code input} as {@code expected}. */
    private static void assertPrints(String expected, String input) throws DiagnosticException {
        assertEquals(expected, print(input));
        assertEquals(expected, print(expected));
    }

    @Test
    void compareHasOneSpaceBeforeEachEnum() throws DiagnosticException {
        String expected = module("%arg0: tensor<2xi32>, %arg1: tensor<2xf32>",
                "%0 = stablehlo.compare LT, %arg0, %arg0, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>",
                "%1 = stablehlo.compare EQ, %arg1, %arg1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
                "%2 = stablehlo.compare NE, %arg1, %arg1, TOTALORDER {foo} : (tensor<2xf32>, tensor<2xf32>) "
                        + "-> tensor<2xi1>");
        // the old spacing (upstream's testdata) still parses
        assertPrints(expected, expected.replace("compare ", "compare  ").replace(", SIGNED", ",  SIGNED"));
        String generic = "func.func @f(%a: tensor<2xi32>) {\n  %0 = \"stablehlo.compare\"(%a, %a) "
                + "<{comparison_direction = #stablehlo<comparison_direction GE>, "
                + "compare_type = #stablehlo<comparison_type UNSIGNED>}> : (tensor<2xi32>, tensor<2xi32>) -> "
                + "tensor<2xi1>\n  return\n}";
        assertEquals(module("%arg0: tensor<2xi32>", "%0 = stablehlo.compare GE, %arg0, %arg0, UNSIGNED : "
                + "(tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>"), print(generic));
    }

    @Test
    void fftRngAndRngBitGeneratorEnums() throws DiagnosticException {
        String expected = module("%arg0: tensor<16xcomplex<f32>>, %arg1: tensor<f32>, %arg2: tensor<1xindex>, "
                        + "%arg3: tensor<2xui64>",
                "%0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<16xcomplex<f32>>) -> "
                        + "tensor<16xcomplex<f32>>",
                "%1 = stablehlo.rng %arg1, %arg1, %arg2, distribution = NORMAL : (tensor<f32>, tensor<f32>, "
                        + "tensor<1xindex>) -> tensor<4xf32>",
                "%output_state, %output = stablehlo.rng_bit_generator %arg3, algorithm = THREE_FRY : "
                        + "(tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)");
        assertPrints(expected, expected.replace("= IFFT", "=  IFFT").replace("= NORMAL", "=  NORMAL")
                .replace("= THREE_FRY", "=  THREE_FRY"));
    }

    @Test
    void chloEnumsInAttrDictKeepTheirFullForm() throws DiagnosticException {
        String expected = module("%arg0: tensor<2xf32>",
                "%0 = chlo.broadcast_compare %arg0, %arg0 {comparison_direction = #chlo<comparison_direction LT>} "
                        + ": (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>");
        assertPrints(expected, expected);
    }

    @Test
    void whileConditionStartsAtTheBlockIndentation() throws DiagnosticException {
        String expected = "module {\n"
                + "  func.func @f(%arg0: tensor<i32>) -> tensor<i32> {\n"
                + "    %0 = stablehlo.while(%iterArg = %arg0) : tensor<i32>\n"
                + "    cond {\n"
                + "      %1 = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
                + "      stablehlo.return %1 : tensor<i1>\n"
                + "    } do {\n"
                + "      %1 = stablehlo.while(%iterArg_0 = %iterArg) : tensor<i32> attributes {foo}\n"
                + "      cond {\n"
                + "        %2 = stablehlo.compare GT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
                + "        stablehlo.return %2 : tensor<i1>\n"
                + "      } do {\n"
                + "        stablehlo.return %iterArg_0 : tensor<i32>\n"
                + "      }\n"
                + "      stablehlo.return %1 : tensor<i32>\n"
                + "    }\n"
                + "    return %0 : tensor<i32>\n"
                + "  }\n"
                + "}\n\n";
        assertPrints(expected, expected.replace("    cond {", "     cond {"));
    }

    @Test
    void reduceRegionFormKeepsUpstreamsReducerSpacing() throws DiagnosticException {
        // AssemblyFormat.cpp printReduceOp: newline, " reducer", "(a, b) " per pair, then " " and the region
        String expected = module("%arg0: tensor<4xf32>, %arg1: tensor<f32>",
                "%0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) "
                        + "-> tensor<f32>",
                " reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {",
                "  %1 = stablehlo.divide %arg2, %arg3 : tensor<f32>",
                "  stablehlo.return %1 : tensor<f32>",
                "}");
        assertPrints(expected, expected);
    }

    @Test
    void chloScanHandWrittenForm() throws DiagnosticException {
        // ChloOps.cpp ScanOp::print: ") dimension=" N " ", the attr-dict with keyword (" attributes {...}"),
        // " ", the region with its entry arguments (named input/carry: ChloOps.td getAsmBlockArgumentNames),
        // " : ", the functional type
        String body = "    ^bb0(%input: tensor<3xf32>, %carry: tensor<3xf32>):\n"
                + "      %1 = stablehlo.add %input, %carry : tensor<3xf32>\n"
                + "      stablehlo.return %1, %1 : tensor<3xf32>, tensor<3xf32>\n"
                + "    } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)\n";
        String head = "module {\n  func.func @f(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) {\n";
        String tail = "    return\n  }\n}\n\n";
        String plain = head + "    %0:2 = chlo.scan(%arg0) inits (%arg1) dimension=0  {\n" + body + tail;
        assertPrints(plain, plain.replace("dimension=0  {", "dimension = 0 {"));
        String withAttrs = head + "    %0:2 = chlo.scan(%arg0) inits (%arg1) dimension=1  attributes "
                + "{foo = 1 : i32, is_reverse = true, scan_dim_size = 2 : i64} {\n" + body + tail;
        assertPrints(withAttrs, withAttrs);
        String generic = "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {\n"
                + "  %0:2 = \"chlo.scan\"(%a, %b) <{dimension = 1 : i64, is_reverse = true, "
                + "operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>, "
                + "scan_dim_size = 2 : i64}> ({\n"
                + "  ^bb0(%x: tensor<3xf32>, %y: tensor<3xf32>):\n"
                + "    %1 = stablehlo.add %x, %y : tensor<3xf32>\n"
                + "    stablehlo.return %1, %1 : tensor<3xf32>, tensor<3xf32>\n"
                + "  }) {foo = 1 : i32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)\n"
                + "  return\n}";
        assertEquals(withAttrs, print(generic));
    }

    @Test
    void chloConstantDeclarativeForm() throws DiagnosticException {
        // ChloOps.td: assemblyFormat = "attr-dict $value", result type inferred from the value; no result names
        String expected = "module {\n  func.func @f() -> tensor<2xf32> {\n"
                + "    %0 = chlo.constant {foo} dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>\n"
                + "    return %0 : tensor<2xf32>\n  }\n}\n\n";
        String generic = "func.func @f() -> tensor<2xf32> {\n  %0 = \"chlo.constant\"() "
                + "<{value = dense<[1.0, 2.0]> : tensor<2xf32>}> {foo} : () -> tensor<2xf32>\n"
                + "  return %0 : tensor<2xf32>\n}";
        assertPrints(expected, generic);
    }

    @Test
    void testdataNormalizationTouchesOnlyTheOldSpacing() {
        // '~' marks the one space the old printer wrote and the current one drops; the backend_config string's
        // double spaces are data and stay.
        String template = "    %0 = stablehlo.compare ~LT, %arg0, %iterArg_2, ~SIGNED : (tensor<i32>, tensor<i32>) -> "
                + "tensor<i1>\n"
                + "    %1 = stablehlo.compare ~EQ, %0#1, %cst : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
                + "    %2 = stablehlo.fft %1, type = ~IRFFT, length = [33] : (x) -> y\n"
                + "    %3:2 = stablehlo.rng_bit_generator %2, algorithm = ~DEFAULT : (x) -> (y, z)\n"
                + "    %4 = stablehlo.rng %a, %b, %c, distribution = ~UNIFORM : (x) -> y\n"
                + "    %5 = stablehlo.while(%iterArg = %4) : tensor<i32>\n"
                + "    ~cond {\n"
                + "    } do {\n"
                + "    }\n"
                + "    %6 = stablehlo.custom_call @f(%5) {backend_config = \"type =  FFT,  SIGNED\"} : x\n";
        String old = template.replace("~", " ");
        String current = template.replace("~", "");
        assertEquals(current, TestdataRoundTripTest.currentSpacing(old));
        assertEquals(current, TestdataRoundTripTest.currentSpacing(current));
    }
}
