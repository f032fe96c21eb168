package org.stablehlo4j.verify;

import static org.stablehlo4j.verify.VerifyTests.*;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.dialect.stablehlo.DotAlgorithmAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Type;

/** Rules of the convolution/contraction group that upstream's test files do not reach. */
class DotConvRulesTest {
    /** Every diagnostic of the first verifier failure, each as "line: message". */
    private static List<String> errors(String text) throws DiagnosticException {
        return locatedErrors(parse(text), false);
    }

    private static String conv(String window, String result) {
        return fn("%x: tensor<1x8x8x1xf32>, %k: tensor<3x3x1x1xf32>",
                "  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {"
                        + window + "} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}"
                        + " : (tensor<1x8x8x1xf32>, tensor<3x3x1x1xf32>) -> " + result);
    }

    @Test
    void convolutionInfersWindowedOutputShape() throws DiagnosticException {
        // Padded base 10, dilated window 5, stride 2: (10 - 5) / 2 + 1 = 3.
        String window = "stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]";
        Verifier.verify(TestContexts.standard(), parse(conv(window, "tensor<1x3x3x1xf32>")));
        Verifier.verify(TestContexts.standard(), parse(conv(window, "tensor<?x3x?x1xf32>")));
        assertEquals(List.of("2: inferred shape '[1, 3, 3, 1]' is incompatible with return type of operation "
                + "'tensor<1x4x4x1xf32>'"), errors(conv(window, "tensor<1x4x4x1xf32>")));
        // Base dilation 2 spreads 8 elements over 15; padded 17, window 5, stride 2: 7.
        String dilated = "stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [2, 2]";
        Verifier.verify(TestContexts.standard(), parse(conv(dilated, "tensor<1x7x7x1xf32>")));
        // A window larger than the padded base leaves no output positions.
        Verifier.verify(TestContexts.standard(), parse(conv("pad = [[-3, -3], [0, 0]]", "tensor<1x0x6x1xf32>")));
    }

    @Test
    void dotGeneralInfersFromBothSides() throws DiagnosticException {
        String args = "%l: tensor<?x2x3xf32>, %r: tensor<4x3x5xf32>";
        String op = "  %0 = stablehlo.dot_general %l, %r, batching_dims = [0] x [0], contracting_dims = [2] x [1]"
                + " : (tensor<?x2x3xf32>, tensor<4x3x5xf32>) -> ";
        Verifier.verify(TestContexts.standard(), parse(fn(args, op + "tensor<4x2x5xf32>")));
        assertEquals(List.of("2: inferred shape '[4, 2, 5]' is incompatible with return type of operation "
                + "'tensor<5x2x5xf32>'"), errors(fn(args, op + "tensor<5x2x5xf32>")));
    }

    /** The types inferred for the op producing the function's first result. */
    private static List<Type> inferred(String text) throws DiagnosticException {
        ModuleOp m = parse(text);
        var fn = m.op().region(0).blocks().get(0).operations().get(0);
        var ret = fn.region(0).blocks().get(0).terminator();
        return Verifier.inferReturnTypes(TestContexts.standard(), ((org.stablehlo4j.ir.OpResult) ret.operand(0)).owner());
    }

    @Test
    void dotGeneralShapeComponentsMergeBatchBounds() throws DiagnosticException {
        String text = "func.func @f(%l: tensor<2x?x3xf32, #stablehlo.bounds<?, 8, ?>>, %r: tensor<2x5x3x7xf32>)"
                + " -> tensor<2x5x7xf32> {\n"
                + "  %0 = stablehlo.dot_general %l, %r, batching_dims = [0, 1] x [0, 1], contracting_dims = [2] x [2]"
                + " : (tensor<2x?x3xf32, #stablehlo.bounds<?, 8, ?>>, tensor<2x5x3x7xf32>) -> tensor<2x5x7xf32>\n"
                + "  func.return %0 : tensor<2x5x7xf32>\n}\n";
        assertEquals("tensor<2x5x7xindex>", org.stablehlo4j.asm.AsmPrinter.printType(inferred(text).get(0)));
        String tooBig = text.replace("tensor<2x5x3x7xf32>", "tensor<2x9x3x7xf32>").replace("tensor<2x5x7xf32>",
                "tensor<2x9x7xf32>");
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> inferred(tooBig));
        assertEquals("2: Mismatched dimension size 9 and bound 8 in dimension 1", located(e.diagnostics().get(0)));
        String dot = "func.func @f(%l: tensor<?x3xf32, #stablehlo.bounds<4, ?>>, %r: tensor<3xf32>) -> tensor<?xf32> {\n"
                + "  %0 = stablehlo.dot %l, %r : (tensor<?x3xf32, #stablehlo.bounds<4, ?>>, tensor<3xf32>)"
                + " -> tensor<?xf32>\n  func.return %0 : tensor<?xf32>\n}\n";
        assertEquals("tensor<?xindex, #stablehlo.bounds<4>>", org.stablehlo4j.asm.AsmPrinter.printType(inferred(dot).get(0)));
    }

    @Test
    void rngNormalNeedsFloatsAndInfersDynamicShapeFromNonConstant() throws DiagnosticException {
        assertEquals(List.of("2: mu and sigma must be floats", "2: 'stablehlo.rng' op failed to infer returned types"),
                errors(fn("%a: tensor<i32>, %b: tensor<i32>, %s: tensor<2xi64>",
                        "  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL"
                                + " : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi32>")));
        String args = "%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xi64>";
        String op = "  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM"
                + " : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> ";
        Verifier.verify(TestContexts.standard(), parse(fn(args, op + "tensor<2x3xf32>")));
        assertEquals(List.of("2: 'stablehlo.rng' op inferred type(s) 'tensor<?x?xf32>' are incompatible with return "
                        + "type(s) of operation 'tensor<2x3x4xf32>'", "2: 'stablehlo.rng' op failed to infer returned types"),
                errors(fn(args, op + "tensor<2x3x4xf32>")));
    }

    @Test
    void dynamicConvChecksPaddingOnlyWhenConstant() throws DiagnosticException {
        String args = "%x: tensor<1x8x8x1xf32>, %k: tensor<3x3x1x1xf32>, %p: tensor<2x2xi64>";
        String dynamic = "  %0 = \"stablehlo.dynamic_conv\"(%x, %k, %p) {dimension_numbers = "
                + "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, "
                + "feature_group_count = 1 : i64, window_strides = array<i64: 0, 1>}"
                + " : (tensor<1x8x8x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x6x6x1xf32>";
        // Window attributes are only checked together with constant padding.
        Verifier.verify(TestContexts.standard(), parse(fn(args, dynamic)));
        String constant = "  %p = stablehlo.constant dense<0> : tensor<2x2xi64>\n"
                + dynamic;
        assertEquals(List.of("3: expects window to have positive stride for 0-th window dimension, but got 0."),
                errors(fn("%x: tensor<1x8x8x1xf32>, %k: tensor<3x3x1x1xf32>", constant)));
    }

    @Test
    void groupCountsMustBePositiveI64() throws DiagnosticException {
        String op = "  %0 = \"stablehlo.convolution\"(%x, %k) {dimension_numbers = "
                + "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, "
                + "feature_group_count = COUNT} : (tensor<1x8x8x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x6x6x1xf32>";
        String args = "%x: tensor<1x8x8x1xf32>, %k: tensor<3x3x1x1xf32>";
        Verifier.verify(TestContexts.standard(), parse(fn(args, op.replace("COUNT", "1 : i64"))));
        String message = "2: 'stablehlo.convolution' op attribute 'feature_group_count' failed to satisfy constraint: "
                + "64-bit signless integer attribute whose value is positive";
        assertEquals(List.of(message), errors(fn(args, op.replace("COUNT", "1 : i32"))));
        assertEquals(List.of(message), errors(fn(args, op.replace("COUNT", "0 : i64"))));
    }

    @Test
    void knownDotAlgorithms() {
        Type f32 = FloatType.F32;
        Type bf16 = new FloatType(FloatKind.BF16);
        Type tf32 = new FloatType(FloatKind.TF32);
        Type f8a = new FloatType(FloatKind.F8E4M3FN);
        Type f8b = new FloatType(FloatKind.F8E5M2);
        assertNull(new DotAlgorithmAttr(bf16, bf16, f32, 1, 1, 6, false).violation());
        assertNull(new DotAlgorithmAttr(tf32, tf32, f32, 1, 1, 3, false).violation());
        assertNull(new DotAlgorithmAttr(f8a, f8b, f32, 1, 1, 1, true).violation());
        assertEquals("dot algorithm not known to be supported on any hardware: {lhs:'bf16', rhs:'bf16', "
                        + "accum:'f32', lhs_components:1, rhs_components:1, primitive_ops:2, imprecise:0}",
                new DotAlgorithmAttr(bf16, bf16, f32, 1, 1, 2, false).violation());
        assertEquals("dot algorithm not known to be supported on any hardware: {lhs:'i8', rhs:'i8', "
                        + "accum:'f32', lhs_components:1, rhs_components:1, primitive_ops:1, imprecise:0}",
                new DotAlgorithmAttr(IntegerType.I8, IntegerType.I8, f32, 1, 1, 1, false).violation());
        assertEquals("rhs component count must be positive",
                new DotAlgorithmAttr(f32, f32, f32, 1, 0, 1, false).violation());
    }
}
