package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.StringJoiner;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * {@code --stablehlo-aggressive-folder} beyond upstream's lit test: its options, the element limit (splats exempt,
 * nothing huge materialized), rounding in each float format, conversions at the edges of their ranges, and the
 * control-flow folds that must leave side effects in place.
 */
class AggressiveFolderPassTest {
    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    /** Runs the pass with {@code options} on {@code m}, verifies it and returns it. */
    private static ModuleOp fold(ModuleOp m, String options) throws DiagnosticException {
        AggressiveFolderPass.fromOptions(options).run(m, new PassContext(TestContexts.standard(), d -> { }));
        Verifier.verify(TestContexts.standard(), m);
        return m;
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    /** {@code body} (ops ending in {@code return}) in a function returning {@code type}, folded and printed. */
    private static String fold(String options, String type, String body) throws DiagnosticException {
        return print(fold(parse("func.func @f() -> " + type + " {\n" + body + "\n}\n"), options));
    }

    /** The constant the function of {@code m} returns as result {@code i}. */
    private static DenseElementsAttr returned(ModuleOp m, int i) {
        Operation func = m.body().first();
        Operation def = func.region(0).entry().terminator().operand(i).definingOp();
        assertTrue(def != null && ConstantOp.is(def), "result " + i + " is not a constant: " + print(m));
        return (DenseElementsAttr) ConstantOp.cast(def).value();
    }

    /** A dense literal of {@code 0, 1, ..., n-1}. */
    private static String range(int n) {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < n; i++) j.add(Integer.toString(i));
        return j.toString();
    }

    // ---- options

    @Test
    void optionsDefaultToUpstreams() {
        AggressiveFolderOptions o = AggressiveFolderPass.fromOptions("").options();
        assertEquals(AggressiveFolderOptions.DEFAULT, o);
        assertEquals(65536, o.foldOpElementLimit());
        assertTrue(o.optimizeFloat());
        assertFalse(o.assumeNoUndeclaredSideEffects());
    }

    @Test
    void optionsAreReadAsTheCommandLineGivesThem() {
        AggressiveFolderOptions o = AggressiveFolderPass.fromOptions(
                " fold-op-element-limit=100  optimize-float=false assume-no-undeclared-side-effects").options();
        assertEquals(new AggressiveFolderOptions(true, 100, false), o);
        assertEquals(new AggressiveFolderOptions(false, 65536, true),
                AggressiveFolderPass.fromOptions("optimize-float=1 assume-no-undeclared-side-effects=FALSE").options());
    }

    @Test
    void badOptionsAreClearErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AggressiveFolderPass.fromOptions("fold-limit=3"));
        assertEquals("pass 'stablehlo-aggressive-folder': unknown option 'fold-limit' (known options: "
                + "assume-no-undeclared-side-effects, fold-op-element-limit, optimize-float)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AggressiveFolderPass.fromOptions("optimize-float=yes"));
        assertEquals("pass 'stablehlo-aggressive-folder': invalid value 'yes' for option 'optimize-float'",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> AggressiveFolderPass.fromOptions("fold-op-element-limit=many"));
        assertEquals("pass 'stablehlo-aggressive-folder': invalid value 'many' for option 'fold-op-element-limit'",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> AggressiveFolderPass.fromOptions("fold-op-element-limit=-1"));
        assertEquals("option 'fold-op-element-limit' must not be negative, got -1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AggressiveFolderPass.fromOptions("fold-op-element-limit"));
        assertEquals("pass 'stablehlo-aggressive-folder': invalid value 'true' for option 'fold-op-element-limit'",
                e.getMessage());
    }

    @Test
    void thePassRunsOnFunctionsInPipelinesWithOptions() throws Exception {
        org.stablehlo4j.api.StableHlo api = org.stablehlo4j.api.StableHlo.create();
        ModuleOp m = api.parse("""
                func.func @f() -> tensor<3xi32> {
                  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
                  %b = stablehlo.add %a, %a : tensor<3xi32>
                  return %b : tensor<3xi32>
                }
                """);
        api.runPasses(m, "builtin.module(func.func(stablehlo-aggressive-folder{fold-op-element-limit=2}))");
        assertTrue(api.print(m).contains("stablehlo.add"), api.print(m));
        api.runPasses(m, "builtin.module(func.func(stablehlo-aggressive-folder{fold-op-element-limit=3}))");
        assertTrue(api.print(m).contains("dense<[2, 4, 6]> : tensor<3xi32>"), api.print(m));
        org.stablehlo4j.api.StableHloException bad = assertThrows(org.stablehlo4j.api.StableHloException.class,
                () -> api.runPasses(m, "builtin.module(func.func(stablehlo-aggressive-folder{limit=3}))"));
        assertTrue(bad.getMessage().contains("pass 'stablehlo-aggressive-folder': unknown option 'limit'"),
                bad.getMessage());
    }

    // ---- the element limit

    @Test
    void nonSplatResultsOverTheLimitAreNotMaterialized() throws Exception {
        String body = """
                %a = stablehlo.constant dense<RANGE> : tensor<200xi32>
                %b = stablehlo.add %a, %a : tensor<200xi32>
                %c = stablehlo.concatenate %a, %a, dim = 0 : (tensor<200xi32>, tensor<200xi32>) -> tensor<400xi32>
                %r = stablehlo.reshape %a : (tensor<200xi32>) -> tensor<10x20xi32>
                %t = stablehlo.transpose %r, dims = [1, 0] : (tensor<10x20xi32>) -> tensor<20x10xi32>
                %v = stablehlo.reverse %a, dims = [0] : tensor<200xi32>
                return %b, %c, %t, %v : tensor<200xi32>, tensor<400xi32>, tensor<20x10xi32>, tensor<200xi32>"""
                .replace("RANGE", range(200));
        String type = "(tensor<200xi32>, tensor<400xi32>, tensor<20x10xi32>, tensor<200xi32>)";
        String limited = fold("fold-op-element-limit=100", type, body);
        for (String op : new String[] {"stablehlo.add", "stablehlo.concatenate", "stablehlo.transpose",
                "stablehlo.reverse"}) {
            assertTrue(limited.contains(op), op + " folded over the limit:\n" + limited);
        }
        // reshape shares the constant's data: nothing is materialized, so the limit does not hold it back
        assertFalse(limited.contains("stablehlo.reshape"), limited);
        ModuleOp m = fold(parse("func.func @f() -> " + type + " {\n" + body + "\n}\n"), "fold-op-element-limit=400");
        String all = print(m);
        assertFalse(all.contains("stablehlo.add") || all.contains("stablehlo.concatenate")
                || all.contains("stablehlo.transpose") || all.contains("stablehlo.reverse"), all);
        assertEquals(396, intAt(returned(m, 0), 198));
        assertEquals(199, intAt(returned(m, 1), 399));
        assertEquals(20, intAt(returned(m, 2), 1)); // t[0][1] = r[1][0] = 20
        assertEquals(0, intAt(returned(m, 3), 199));
    }

    private static int intAt(DenseElementsAttr d, int i) {
        return d.buffer().order(ByteOrder.LITTLE_ENDIAN).getInt(d.isSplat() ? 0 : 4 * i);
    }

    @Test
    void splatsAreExemptAndStaySplats() throws Exception {
        // 10^10 elements each: anything but a splat would not even fit in memory
        ModuleOp m = fold(parse("""
                func.func @f() -> (tensor<100000x100000xf32>, tensor<100000x100000xi1>, tensor<100000x100000xf32>) {
                  %a = stablehlo.constant dense<1.5> : tensor<f32>
                  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<100000x100000xf32>
                  %c = stablehlo.multiply %b, %b : tensor<100000x100000xf32>
                  %d = stablehlo.compare GT, %c, %b : (tensor<100000x100000xf32>, tensor<100000x100000xf32>) -> tensor<100000x100000xi1>
                  %e = stablehlo.sqrt %c : tensor<100000x100000xf32>
                  return %c, %d, %e : tensor<100000x100000xf32>, tensor<100000x100000xi1>, tensor<100000x100000xf32>
                }
                """), "fold-op-element-limit=10");
        String out = print(m);
        assertTrue(out.contains("dense<2.250000e+00> : tensor<100000x100000xf32>"), out);
        assertTrue(out.contains("dense<true> : tensor<100000x100000xi1>"), out);
        assertTrue(out.contains("dense<1.500000e+00> : tensor<100000x100000xf32>"), out);
        for (int i = 0; i < 3; i++) assertTrue(returned(m, i).isSplat());
    }

    @Test
    void iotaFoldsOnlyWhenTrivial() throws Exception {
        String out = fold("", "(tensor<1x1xi32>, tensor<1000000xi32>, tensor<2x0xi64>)", """
                %a = stablehlo.iota dim = 1 : tensor<1x1xi32>
                %b = stablehlo.iota dim = 0 : tensor<1000000xi32>
                %c = stablehlo.iota dim = 0 : tensor<2x0xi64>
                return %a, %b, %c : tensor<1x1xi32>, tensor<1000000xi32>, tensor<2x0xi64>""");
        assertTrue(out.contains("stablehlo.constant dense<0> : tensor<1x1xi32>"), out);
        assertTrue(out.contains("stablehlo.iota dim = 0 : tensor<1000000xi32>"), out);
        assertTrue(out.contains("stablehlo.constant dense<> : tensor<2x0xi64>"), out);
    }

    // ---- floats

    @Test
    void floatsRoundInTheirOwnFormat() throws Exception {
        ModuleOp m = fold(parse("""
                func.func @f() -> (tensor<2xbf16>, tensor<f16>, tensor<f32>, tensor<f64>, tensor<f32>) {
                  %a = stablehlo.constant dense<[1.0, 1.0078125]> : tensor<2xbf16>
                  %b = stablehlo.constant dense<0.00390625> : tensor<2xbf16>
                  %0 = stablehlo.add %a, %b : tensor<2xbf16>
                  %c = stablehlo.constant dense<65504.0> : tensor<f16>
                  %d = stablehlo.constant dense<16.0> : tensor<f16>
                  %1 = stablehlo.add %c, %d : tensor<f16>
                  %i = stablehlo.constant dense<1152921573326323713> : tensor<i64>
                  %2 = stablehlo.convert %i : (tensor<i64>) -> tensor<f32>
                  %u = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
                  %3 = stablehlo.convert %u : (tensor<ui64>) -> tensor<f64>
                  %x = stablehlo.constant dense<16777217> : tensor<i32>
                  %4 = stablehlo.convert %x : (tensor<i32>) -> tensor<f32>
                  return %0, %1, %2, %3, %4 : tensor<2xbf16>, tensor<f16>, tensor<f32>, tensor<f64>, tensor<f32>
                }
                """), "");
        // bf16: 1 + 2^-8 is halfway between 1 and 1 + 2^-7 (ties to even: 1); 1 + 2^-7 + 2^-8 rounds up to 1 + 2^-6
        DenseElementsAttr bf = returned(m, 0);
        assertEquals(0x3F80, bf.buffer().getShort(0) & 0xFFFF);
        assertEquals(0x3F82, bf.buffer().getShort(2) & 0xFFFF);
        // f16: 65504 + 16 is halfway to 65536, which overflows: +inf
        assertEquals(0x7C00, returned(m, 1).buffer().getShort(0) & 0xFFFF);
        // i64 2^60 + 2^36 + 1 rounds once, up to 2^60 + 2^37 (through a double it would tie down to 2^60)
        assertEquals(0x1p60f + 0x1p37f, Float.intBitsToFloat(returned(m, 2).buffer().getInt(0)));
        assertEquals(0x1p64, Double.longBitsToDouble(returned(m, 3).buffer().getLong(0)));
        assertEquals(16777216f, Float.intBitsToFloat(returned(m, 4).buffer().getInt(0)));
    }

    @Test
    void withoutOptimizeFloatOnlyValuePreservingFloatFoldsRun() throws Exception {
        String out = fold("optimize-float=false", "(tensor<f32>, tensor<i1>, tensor<i32>, tensor<f32>, tensor<f32>)", """
                %x = stablehlo.constant dense<1.5> : tensor<f32>
                %y = stablehlo.constant dense<2.5> : tensor<f32>
                %0 = stablehlo.add %x, %y : tensor<f32>
                %1 = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
                %i = stablehlo.constant dense<3> : tensor<i32>
                %2 = stablehlo.convert %x : (tensor<f32>) -> tensor<i32>
                %3 = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
                %4 = stablehlo.negate %x : tensor<f32>
                return %0, %1, %2, %3, %4 : tensor<f32>, tensor<i1>, tensor<i32>, tensor<f32>, tensor<f32>""");
        assertTrue(out.contains("stablehlo.add"), out);
        assertTrue(out.contains("(tensor<f32>) -> tensor<i32>"), out);
        assertTrue(out.contains("(tensor<i32>) -> tensor<f32>"), out);
        assertFalse(out.contains("stablehlo.compare"), out);
        assertTrue(out.contains("dense<true> : tensor<i1>"), out);
        // unary folds do not look at the option (upstream's FoldUnaryOpPattern)
        assertTrue(out.contains("dense<-1.500000e+00> : tensor<f32>"), out);
    }

    @Test
    void conversionsOutOfRangeOrWithoutAValueStay() throws Exception {
        String out = fold("", "(tensor<4xui8>, tensor<ui8>, tensor<i32>, tensor<2xi1>, tensor<i8>)", """
                %a = stablehlo.constant dense<[-0.5, 255.9, 0.0, 7.0]> : tensor<4xf32>
                %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xui8>
                %b = stablehlo.constant dense<256.0> : tensor<f32>
                %1 = stablehlo.convert %b : (tensor<f32>) -> tensor<ui8>
                %c = stablehlo.constant dense<-0.0> : tensor<f32>
                %2 = stablehlo.convert %c : (tensor<f32>) -> tensor<i32>
                %d = stablehlo.constant dense<[0x7FC00000, -0.0]> : tensor<2xf32>
                %3 = stablehlo.convert %d : (tensor<2xf32>) -> tensor<2xi1>
                %e = stablehlo.constant dense<-128> : tensor<i8>
                %4 = stablehlo.abs %e : tensor<i8>
                return %0, %1, %2, %3, %4 : tensor<4xui8>, tensor<ui8>, tensor<i32>, tensor<2xi1>, tensor<i8>""");
        assertTrue(out.contains("dense<[0, 255, 0, 7]> : tensor<4xui8>"), out);
        assertTrue(out.contains("(tensor<f32>) -> tensor<ui8>"), out);
        assertTrue(out.contains("(tensor<f32>) -> tensor<i32>"), out);
        assertTrue(out.contains("dense<[true, false]> : tensor<2xi1>"), out);
        assertTrue(out.contains("dense<-128> : tensor<i8>") && !out.contains("stablehlo.abs"), out);
    }

    @Test
    void noValueInTheFormatLeavesTheOpAlone() throws Exception {
        // f4E2M1FN has no NaN: 0/0 cannot be written; the square root of -1 and log of 0 have no value either
        String out = fold("", "(tensor<f4E2M1FN>, tensor<f32>, tensor<f32>)", """
                %z = stablehlo.constant dense<0.0> : tensor<f4E2M1FN>
                %0 = stablehlo.divide %z, %z : tensor<f4E2M1FN>
                %m = stablehlo.constant dense<-1.0> : tensor<f32>
                %1 = stablehlo.sqrt %m : tensor<f32>
                %f = stablehlo.constant dense<0.0> : tensor<f32>
                %2 = stablehlo.log %f : tensor<f32>
                return %0, %1, %2 : tensor<f4E2M1FN>, tensor<f32>, tensor<f32>""");
        assertTrue(out.contains("stablehlo.divide"), out);
        assertTrue(out.contains("stablehlo.sqrt"), out);
        assertTrue(out.contains("stablehlo.log"), out);
    }

    @Test
    void erfIsAccurateInDouble() {
        // reference values: C's erf (glibc, correctly rounded or within an ulp)
        double[][] cases = {{0.5, 0.5204998778130465}, {1.0, 0.8427007929497149}, {2.0, 0.9953222650189527},
            {3.0, 0.9999779095030014}, {-0.1, -0.1124629160182849}, {1.1631, 0.9000037473660896},
            {1.9999, 0.9953201979070294}, {2.0001, 0.9953243313041966}, {4.5, 0.9999999998033839},
            {5.9, 0.9999999999999999}, {7.0, 1.0}};
        for (double[] c : cases) {
            assertEquals(c[1], AggressiveFolderArithmetic.erf(c[0]), 4 * Math.ulp(c[1]), "erf(" + c[0] + ")");
        }
        assertTrue(Double.isNaN(AggressiveFolderArithmetic.erf(Double.NaN)));
        assertEquals(-1.0, AggressiveFolderArithmetic.erf(Double.NEGATIVE_INFINITY));
    }

    // ---- control flow

    @Test
    void aCaseWithATokenResultReturnsAFreshToken() throws Exception {
        String out = print(fold(parse("""
                func.func @f(%t: !stablehlo.token) -> !stablehlo.token {
                  %i = stablehlo.constant dense<0> : tensor<i32>
                  %r = "stablehlo.case"(%i) ({
                    %o = stablehlo.custom_call @effect(%t) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
                    stablehlo.return %o : !stablehlo.token
                  }, {
                    %o = stablehlo.custom_call @other(%t) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
                    stablehlo.return %o : !stablehlo.token
                  }) : (tensor<i32>) -> !stablehlo.token
                  return %r : !stablehlo.token
                }
                """), ""));
        assertTrue(out.contains("stablehlo.after_all"), out);
        assertTrue(out.indexOf("@effect") < out.indexOf("stablehlo.case"), "branch 0 inlined before the case:\n" + out);
        assertTrue(out.contains("return %0 : !stablehlo.token"), out);
    }

    @Test
    void aCaseWhoseResultsHaveNoPlaceholderStays() throws Exception {
        String out = print(fold(parse("""
                func.func @f(%a: tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>> {
                  %i = stablehlo.constant dense<1> : tensor<i32>
                  %r = "stablehlo.case"(%i) ({
                    stablehlo.return %a : tensor<!quant.uniform<i8:f32, 1.0>>
                  }, {
                    stablehlo.return %a : tensor<!quant.uniform<i8:f32, 1.0>>
                  }) : (tensor<i32>) -> tensor<!quant.uniform<i8:f32, 1.0>>
                  return %r : tensor<!quant.uniform<i8:f32, 1.0>>
                }
                """), ""));
        assertTrue(out.contains("stablehlo.case"), out);
    }

    @Test
    void aDeadLoopWithDeclaredEffectsIsKeptEvenWhenPresumedPure() throws Exception {
        String out = print(fold(parse("""
                func.func @f() -> tensor<i64> {
                  %0 = stablehlo.constant dense<0> : tensor<i64>
                  %1 = stablehlo.while(%it = %0) : tensor<i64>
                    cond {
                    %p = stablehlo.constant dense<false> : tensor<i1>
                    stablehlo.return %p : tensor<i1>
                  } do {
                    %2 = stablehlo.custom_call @print(%it) {has_side_effect = true} : (tensor<i64>) -> tensor<i64>
                    stablehlo.return %2 : tensor<i64>
                  }
                  return %1 : tensor<i64>
                }
                """), "assume-no-undeclared-side-effects=true"));
        assertTrue(out.contains("stablehlo.while"), out);
        assertTrue(out.contains("return %c_0 : tensor<i64>"), "the loop's result is its operand:\n" + out);
    }

    @Test
    void quantizedConstantsAreNotReadAsTheirStorageIntegers() throws Exception {
        String q = "!quant.uniform<i8:f32, 1.0>";
        String out = print(fold(parse("""
                func.func @f(%i: tensor<i32>) -> (tensor<3x2xQ>, tensor<1x1xQ>, tensor<2x3xi1>, tensor<2x3xQ>) {
                  %a = stablehlo.constant() {value = dense<1> : tensor<2x3xi8>} : () -> tensor<2x3xQ>
                  %b = stablehlo.constant() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xQ>
                  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xQ>) -> tensor<3x2xQ>
                  %1 = stablehlo.dynamic_slice %a, %i, %i, sizes = [1, 1] : (tensor<2x3xQ>, tensor<i32>, tensor<i32>) -> tensor<1x1xQ>
                  %2 = stablehlo.compare LT, %a, %b : (tensor<2x3xQ>, tensor<2x3xQ>) -> tensor<2x3xi1>
                  %3 = stablehlo.negate %b : tensor<2x3xQ>
                  return %0, %1, %2, %3 : tensor<3x2xQ>, tensor<1x1xQ>, tensor<2x3xi1>, tensor<2x3xQ>
                }
                """.replace("Q", q)), ""));
        for (String op : new String[] {"stablehlo.transpose", "stablehlo.dynamic_slice", "stablehlo.compare",
                "stablehlo.negate"}) {
            assertTrue(out.contains(op), op + " folded a quantized constant:\n" + out);
        }
    }

    @Test
    void withShapeRefinementsOptionsOnlyIntegersFold() throws Exception {
        // shape refinement's options: integer shape computations only, whatever the float ops around them
        String out = fold("optimize-float=false fold-op-element-limit=9223372036854775807",
                "(tensor<2xf32>, tensor<2xi64>)", """
                %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
                %0 = stablehlo.multiply %a, %a : tensor<2xf32>
                %b = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
                %1 = stablehlo.multiply %b, %b : tensor<2xi64>
                return %0, %1 : tensor<2xf32>, tensor<2xi64>""");
        assertTrue(out.contains("stablehlo.multiply %cst, %cst : tensor<2xf32>"), out);
        assertTrue(out.contains("dense<[9, 16]> : tensor<2xi64>"), out);
    }
}
