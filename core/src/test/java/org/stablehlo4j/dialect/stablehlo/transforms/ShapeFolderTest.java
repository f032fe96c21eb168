package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/** The shape folder's integer evaluation: widths, signedness, and what it must leave alone. */
class ShapeFolderTest {
    /** The shape folder's patterns with shape refinement's options. */
    private static PatternSet shapeFolder() {
        PatternSet set = new PatternSet();
        AggressiveFolderPatterns.populateShapeFolder(set, AggressiveFolderOptions.SHAPE_REFINEMENT, 1);
        return set;
    }

    /** {@code body} (ops ending in {@code return}) in a function returning {@code type}, folded and printed. */
    private static String fold(String type, String body) throws Exception {
        String text = "func.func @f() -> " + type + " {\n" + body + "\n}\n";
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
        GreedyRewriteDriver.apply(m.op(), shapeFolder());
        Verifier.verify(TestContexts.standard(), m);
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void integerArithmeticWrapsAtTheTypesWidth() throws Exception {
        String out = fold("tensor<i32>", """
                %a = stablehlo.constant dense<2147483647> : tensor<i32>
                %b = stablehlo.constant dense<1> : tensor<i32>
                %c = stablehlo.add %a, %b : tensor<i32>
                return %c : tensor<i32>""");
        assertTrue(out.contains("stablehlo.constant dense<-2147483648> : tensor<i32>"), out);
        assertFalse(out.contains("stablehlo.add"), out);
    }

    @Test
    void unsignedDivisionRemainderAndComparisonUseUnsignedValues() throws Exception {
        String out = fold("(tensor<ui8>, tensor<ui8>, tensor<i1>)", """
                %a = stablehlo.constant dense<200> : tensor<ui8>
                %b = stablehlo.constant dense<7> : tensor<ui8>
                %q = stablehlo.divide %a, %b : tensor<ui8>
                %r = stablehlo.remainder %a, %b : tensor<ui8>
                %c = stablehlo.compare GT, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
                return %q, %r, %c : tensor<ui8>, tensor<ui8>, tensor<i1>""");
        assertTrue(out.contains("dense<28> : tensor<ui8>"), out);
        assertTrue(out.contains("dense<4> : tensor<ui8>"), out);
        assertTrue(out.contains("dense<true> : tensor<i1>"), out);
    }

    @Test
    void signedDivisionTruncatesTowardZero() throws Exception {
        String out = fold("(tensor<2xi64>, tensor<2xi64>)", """
                %a = stablehlo.constant dense<[-7, 7]> : tensor<2xi64>
                %b = stablehlo.constant dense<2> : tensor<2xi64>
                %q = stablehlo.divide %a, %b : tensor<2xi64>
                %r = stablehlo.remainder %a, %b : tensor<2xi64>
                return %q, %r : tensor<2xi64>, tensor<2xi64>""");
        assertTrue(out.contains("dense<[-3, 3]> : tensor<2xi64>"), out);
        assertTrue(out.contains("dense<[-1, 1]> : tensor<2xi64>"), out);
    }

    @Test
    void divisionByZeroAndFloatArithmeticAreLeftAlone() throws Exception {
        String out = fold("(tensor<i32>, tensor<f32>)", """
                %a = stablehlo.constant dense<5> : tensor<i32>
                %z = stablehlo.constant dense<0> : tensor<i32>
                %q = stablehlo.divide %a, %z : tensor<i32>
                %x = stablehlo.constant dense<1.5> : tensor<f32>
                %y = stablehlo.add %x, %x : tensor<f32>
                return %q, %y : tensor<i32>, tensor<f32>""");
        assertTrue(out.contains("stablehlo.divide"), out);
        assertTrue(out.contains("stablehlo.add"), out);
    }

    @Test
    void floatComparisonsFoldToBooleans() throws Exception {
        String out = fold("(tensor<2xi1>, tensor<i1>)", """
                %x = stablehlo.constant dense<[1.5, 0x7FC00000]> : tensor<2xf32>
                %y = stablehlo.constant dense<[2.5, 1.0]> : tensor<2xf32>
                %c = stablehlo.compare LT, %x, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
                %n = stablehlo.constant dense<0x7FC00000> : tensor<f32>
                %d = stablehlo.compare NE, %n, %n : (tensor<f32>, tensor<f32>) -> tensor<i1>
                return %c, %d : tensor<2xi1>, tensor<i1>""");
        assertTrue(out.contains("dense<[true, false]> : tensor<2xi1>"), out);
        assertTrue(out.contains("dense<true> : tensor<i1>"), out);
        assertFalse(out.contains("stablehlo.compare"), out);
    }

    @Test
    void convertExtendsBySourceSignednessAndTruncates() throws Exception {
        String out = fold("(tensor<2xi64>, tensor<2xi8>, tensor<2xi1>)", """
                %a = stablehlo.constant dense<[255, 1]> : tensor<2xui8>
                %b = stablehlo.convert %a : (tensor<2xui8>) -> tensor<2xi64>
                %c = stablehlo.constant dense<[300, -1]> : tensor<2xi32>
                %d = stablehlo.convert %c : (tensor<2xi32>) -> tensor<2xi8>
                %e = stablehlo.constant dense<[0, 5]> : tensor<2xi32>
                %f = stablehlo.convert %e : (tensor<2xi32>) -> tensor<2xi1>
                return %b, %d, %f : tensor<2xi64>, tensor<2xi8>, tensor<2xi1>""");
        assertTrue(out.contains("dense<[255, 1]> : tensor<2xi64>"), out);
        assertTrue(out.contains("dense<[44, -1]> : tensor<2xi8>"), out);
        assertTrue(out.contains("dense<[false, true]> : tensor<2xi1>"), out);
    }

    @Test
    void sliceConcatenateSelectAndClamp() throws Exception {
        String out = fold("(tensor<2x2xi64>, tensor<3xi64>, tensor<3xi64>)", """
                %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi64>
                %s = stablehlo.slice %m [0:3:2, 1:3] : (tensor<3x3xi64>) -> tensor<2x2xi64>
                %p = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
                %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
                %y = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi64>
                %z = stablehlo.select %p, %x, %y : tensor<3xi1>, tensor<3xi64>
                %lo = stablehlo.constant dense<2> : tensor<3xi64>
                %hi = stablehlo.constant dense<25> : tensor<3xi64>
                %c = stablehlo.clamp %lo, %y, %hi : tensor<3xi64>
                return %s, %z, %c : tensor<2x2xi64>, tensor<3xi64>, tensor<3xi64>""");
        assertTrue(out.contains("dense<[[2, 3], [8, 9]]> : tensor<2x2xi64>"), out);
        assertTrue(out.contains("dense<[1, 20, 3]> : tensor<3xi64>"), out);
        assertTrue(out.contains("dense<[10, 20, 25]> : tensor<3xi64>"), out);
    }

    @Test
    void adjacentEqualSplatsOfAConcatenateMerge() throws Exception {
        String out = fold("tensor<5xf32>", """
                %a = stablehlo.constant dense<1.0> : tensor<2xf32>
                %b = stablehlo.constant dense<2.0> : tensor<1xf32>
                %c = stablehlo.concatenate %a, %a, %b, dim = 0 : (tensor<2xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<5xf32>
                return %c : tensor<5xf32>""");
        assertTrue(out.contains("dense<1.000000e+00> : tensor<4xf32>"), out);
        assertTrue(out.contains("stablehlo.concatenate"), out);
    }

    @Test
    void getDimensionSizeFoldsOnlyStaticDimensions() throws Exception {
        String text = """
                func.func @f(%x: tensor<3x?xf32>) -> (tensor<i32>, tensor<i32>) {
                  %a = stablehlo.get_dimension_size %x, dim = 0 : (tensor<3x?xf32>) -> tensor<i32>
                  %b = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x?xf32>) -> tensor<i32>
                  return %a, %b : tensor<i32>, tensor<i32>
                }
                """;
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
        GreedyRewriteDriver.apply(m.op(), shapeFolder());
        String out = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        assertTrue(out.contains("stablehlo.constant dense<3> : tensor<i32>"), out);
        assertTrue(out.contains("dim = 1"), out);
        assertFalse(out.contains("dim = 0"), out);
    }
}
