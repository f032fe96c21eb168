package org.stablehlo4j.dialect.chlo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.stablehlo4j.testing.TestContexts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.verify.Verifier;

class ChloRulesTest {
    private static final long D = ShapedType.DYNAMIC;

    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    private static String fn(String args, String body) {
        return "func.func @f(" + args + ") {\n" + body + "\n  func.return\n}\n";
    }

    /** Every diagnostic the verifier reports (it must report some). */
    private static List<String> errors(String text) throws DiagnosticException {
        ModuleOp m = parse(text);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(TestContexts.standard(), m));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) out.add(d.message());
        return out;
    }

    /** The types inferred for the function's first op, printed. */
    private static List<String> inferred(String args, String op) throws DiagnosticException {
        ModuleOp m = parse(fn(args, op));
        Verifier.verify(TestContexts.standard(), m);
        Operation fn = m.op().region(0).entry().operations().get(0);
        Operation first = fn.region(0).entry().operations().get(0);
        List<String> out = new ArrayList<>();
        for (Type t : Verifier.inferReturnTypes(TestContexts.standard(), first)) out.add(AsmPrinter.printType(t));
        return out;
    }

    @Test
    void odsConstraintsAndTraits() throws DiagnosticException {
        assertEquals(List.of("'chlo.mulhi' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values,"
                        + " but got 'tensor<4xi1>'"),
                errors(fn("%a: tensor<4xi1>", "  %0 = \"chlo.mulhi\"(%a, %a) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>")));
        assertEquals(List.of("'chlo.broadcast_add' op requires compatible element types for all operands and results"),
                errors(fn("%a: tensor<2xf32>", "  %0 = chlo.broadcast_add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>")));
        assertEquals(List.of("'chlo.broadcast_subtract' op requires the same element type for all operands and results"),
                errors(fn("%a: tensor<2xf32>", "  %0 = chlo.broadcast_subtract %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>")));
        assertEquals(List.of("'chlo.acos' op requires compatible types for all operands and results"),
                errors(fn("%a: tensor<2xf32>", "  %0 = chlo.acos %a : tensor<2xf32> -> tensor<3xf32>")));
        assertEquals(List.of("'chlo.erf' op operand #0 must be tensor of 4/6/8/16/32/64-bit float values, but got"
                        + " 'tensor<2xi32>'"),
                errors(fn("%a: tensor<2xi32>", "  %0 = chlo.erf %a : tensor<2xi32> -> tensor<2xi32>")));
        assertEquals(List.of("'chlo.top_k' op requires attribute 'k'"),
                errors(fn("%a: tensor<4xf32>", "  %0:2 = \"chlo.top_k\"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>)")));
    }

    @Test
    void inferenceFailuresAndMismatches() throws DiagnosticException {
        assertEquals(List.of("mismatched operand types", "'chlo.broadcast_complex' op failed to infer returned types"),
                errors(fn("%a: tensor<2xf64>, %b: tensor<2xf32>",
                        "  %0 = chlo.broadcast_complex %a, %b : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xcomplex<f32>>")));
        assertEquals(List.of("mismatched operand types", "'chlo.broadcast_select' op failed to infer returned types"),
                errors(fn("%p: tensor<2xi1>, %a: tensor<2xi32>, %b: tensor<2xf32>",
                        "  %0 = chlo.broadcast_select %p, %a, %b : (tensor<2xi1>, tensor<2xi32>, tensor<2xf32>) -> tensor<2xi32>")));
        assertEquals(List.of("operand's last dimension must be at least 8",
                        "'chlo.top_k' op failed to infer returned types"),
                errors(fn("%a: tensor<4xf32>", "  %0:2 = chlo.top_k(%a, k=8) : tensor<4xf32> -> (tensor<8xf32>, tensor<8xi32>)")));
        assertEquals(List.of("'chlo.broadcast_add' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return"
                        + " type(s) of operation 'tensor<2x4xf32>'",
                        "'chlo.broadcast_add' op failed to infer returned types"),
                errors(fn("%a: tensor<3xf32>, %b: tensor<2x1xf32>",
                        "  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>")));
        assertEquals(List.of("'chlo.constant_like' op value's type doesn't match element return type"),
                errors(fn("%a: tensor<1x2xi64>",
                        "  %0 = \"chlo.constant_like\"(%a) { value = 3.2 : f32 } : (tensor<1x2xi64>) -> tensor<1x2xi32>")));
    }

    @Test
    void broadcastInference() throws DiagnosticException {
        assertEquals(List.of("tensor<1x2xi32>"), inferred("%a: tensor<1xi32>, %b: tensor<1x2xi32>",
                "  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<1xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>"));
        assertEquals(List.of("tensor<?x?xcomplex<f32>>"), inferred("%a: tensor<?xf32>, %b: tensor<?x?xf32>",
                "  %0 = chlo.broadcast_complex %a, %b : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xcomplex<f32>>"));
        assertEquals(List.of("tensor<?x0xf32>"), inferred("%a: tensor<0xf32>, %b: tensor<?x1xf32>",
                "  %0 = chlo.broadcast_add %a, %b : (tensor<0xf32>, tensor<?x1xf32>) -> tensor<?x0xf32>"));
        assertEquals(List.of("tensor<?xf64, #stablehlo.bounds<10>>"),
                inferred("%a: tensor<?xf64, #stablehlo.bounds<10>>, %b: tensor<f64>",
                        "  %0 = chlo.broadcast_add %a, %b : (tensor<?xf64, #stablehlo.bounds<10>>, tensor<f64>) -> tensor<?xf64, #stablehlo.bounds<10>>"));
        assertEquals(List.of("tensor<?xf64>"), inferred("%a: tensor<?xf64, #stablehlo.bounds<10>>, %b: tensor<?xf64>",
                "  %0 = chlo.broadcast_add %a, %b : (tensor<?xf64, #stablehlo.bounds<10>>, tensor<?xf64>) -> tensor<?xf64>"));
        assertEquals(List.of("tensor<*xi1>"), inferred("%a: tensor<*xf32>, %b: tensor<*xf32>",
                "  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xi1>"));
        assertEquals(List.of("tensor<i1>"), inferred("%a: tensor<f32>", "  %0 = chlo.is_inf %a : tensor<f32> -> tensor<i1>"));
        assertEquals(List.of("tensor<1x?xf32>"), inferred("%a: tensor<1x?xi64>",
                "  %0 = \"chlo.constant_like\"(%a) { value = 3.2 : f32 } : (tensor<1x?xi64>) -> tensor<1x?xf32>"));
        assertEquals(List.of("tensor<16x?x8xf32, #stablehlo.bounds<?, 16, ?>>",
                        "tensor<16x?x8xi32, #stablehlo.bounds<?, 16, ?>>"),
                inferred("%a: tensor<16x?x?xf32, #stablehlo.bounds<?, 16, 16>>",
                        "  %0:2 = chlo.top_k(%a, k=8) : tensor<16x?x?xf32, #stablehlo.bounds<?, 16, 16>> -> (tensor<16x?x8xf32, #stablehlo.bounds<?, 16, ?>>, tensor<16x?x8xi32, #stablehlo.bounds<?, 16, ?>>)"));
    }

    @Test
    void broadcastShapeHelpers() {
        assertArrayEquals(new long[] {D, 3}, ChloRules.broadcastedShape(new long[] {D}, new long[] {D, 3}));
        assertArrayEquals(new long[] {2, 3}, ChloRules.broadcastedShape(new long[] {2, 1}, new long[] {3}));
        assertNull(ChloRules.broadcastedShape(new long[] {2}, new long[] {3}));
        assertEquals("[2, ?]", org.stablehlo4j.dialect.stablehlo.ops.HloChecks.dimSizes(new long[] {2, D}));
    }

    private static String ragged(String dims, String types) {
        return fn("%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>, %g2: tensor<2xi64>",
                "  %0 = \"chlo.ragged_dot\"(%l, %r, " + (types.contains("2xi64") ? "%g2" : "%g") + ") {\n"
                        + "    ragged_dot_dimension_numbers = #chlo.ragged_dot<" + dims + ">\n  } : " + types);
    }

    @Test
    void raggedDot() throws DiagnosticException {
        String mode1 = "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1],"
                + " rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]";
        Verifier.verify(TestContexts.standard(), parse(ragged(mode1, "(tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>")));
        assertEquals(List.of("rhs group dimension is expected to have size=2, got 3"),
                errors(ragged(mode1, "(tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<2xi64>) -> tensor<11x7xf32>")));
        assertEquals(List.of("inferred shape '[11, 7]' is incompatible with return type of operation tensor<11x8xf32>"),
                errors(ragged(mode1, "(tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>")));
        assertEquals(List.of("There must be exactly one ragged dimension in the lhs."),
                errors(ragged(mode1.replace("lhs_ragged_dimensions = [0]", "lhs_ragged_dimensions = [0, 1]"),
                        "(tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>")));
        assertEquals(List.of("Expects lhs_ragged_dim to be in range [0, lhs_rank) i.e. [0, 2). got: 2."),
                errors(ragged(mode1.replace("lhs_ragged_dimensions = [0]", "lhs_ragged_dimensions = [2]"),
                        "(tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>")));
        assertEquals(List.of("has duplicated dimension from rhs_group_dimensions and rhs_contracting_dimensions: 1"),
                errors(ragged(mode1.replace("rhs_group_dimensions = [0]", "rhs_group_dimensions = [1]"),
                        "(tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>")));
    }

    private static String scan(String header, String types, String argTypes) {
        return fn("%a: tensor<2x3xf32>, %c: tensor<3xf32>",
                "  %0:2 = chlo.scan " + header + " {\n  ^bb0(%x: " + argTypes + "):\n"
                        + "    stablehlo.return %x, %x : tensor<3xf32>, tensor<3xf32>\n  } : " + types);
    }

    @Test
    void scan() throws DiagnosticException {
        String types = "(tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)";
        Verifier.verify(TestContexts.standard(), parse(scan("(%a) inits (%c) dimension = 0", types, "tensor<3xf32>, %y: tensor<3xf32>")));
        assertEquals(List.of("'chlo.scan' op invalid scan dimension size of operand 0"),
                errors(scan("(%a) inits (%c) dimension = 0 attributes {scan_dim_size = 3 : i64}", types,
                        "tensor<3xf32>, %y: tensor<3xf32>")));
        assertEquals(List.of("'chlo.scan' op scan dimension of operand 0 is out of bounds"),
                errors(scan("(%a) inits (%c) dimension = 2", types, "tensor<3xf32>, %y: tensor<3xf32>")));
        assertEquals(List.of("'chlo.scan' op expects 2 arguments in the body, but got 1"),
                errors(scan("(%a) inits (%c) dimension = 0", types, "tensor<3xf32>")));
        assertEquals(List.of("'chlo.scan' op operand and body argument 1 are incompatible"),
                errors(scan("(%a) inits (%c) dimension = 0", types, "tensor<3xf32>, %y: tensor<3xi32>")));
        assertEquals(List.of("'chlo.scan' op attribute 'dimension' failed to satisfy constraint: 64-bit signless"
                        + " integer attribute whose value is non-negative"),
                errors(scan("(%a) inits (%c) dimension = -1", types, "tensor<3xf32>, %y: tensor<3xf32>")));
    }

    @Test
    void scanPrintsAsUpstream() throws DiagnosticException {
        ModuleOp m = parse(scan("(%a) inits (%c) dimension = 0 attributes {is_reverse = true}",
                "(tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)",
                "tensor<3xf32>, %y: tensor<3xf32>"));
        String text = AsmPrinter.print(TestContexts.standard(), m, org.stablehlo4j.asm.PrintOptions.DEFAULT);
        assertEquals(true, text.contains("chlo.scan(%arg0) inits (%arg1) dimension=0  attributes {is_reverse = true} {\n"
                + "    ^bb0(%input: tensor<3xf32>, %carry: tensor<3xf32>):"), text);
    }
}
