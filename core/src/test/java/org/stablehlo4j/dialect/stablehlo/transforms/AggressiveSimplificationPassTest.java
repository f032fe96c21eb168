package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.testing.TestContexts;

class AggressiveSimplificationPassTest {
    /** A select of constants with a 4-element (non-splat) predicate: folding it makes a 4-element constant. */
    private static final String SELECT = """
            func.func @f() -> tensor<4xi32> {
              %p = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
              %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
              %b = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
              %0 = stablehlo.select %p, %a, %b : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
              return %0 : tensor<4xi32>
            }
            """;

    private static String run(String options, String program) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), program, new ParseOptions("t.mlir", 1, false));
        AggressiveSimplificationPass.fromOptions(options).run(m);
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void defaultsAreUpstreams() {
        assertEquals(65536, AggressiveSimplificationOptions.parse("").foldOpElementLimit());
        assertEquals(100, AggressiveSimplificationOptions.parse(" fold-op-element-limit=100 ").foldOpElementLimit());
    }

    @Test
    void foldOpElementLimitBoundsNonSplatFolds() throws Exception {
        String folded = run("fold-op-element-limit=4", SELECT);
        assertTrue(folded.contains("stablehlo.constant dense<[5, 2, 7, 4]> : tensor<4xi32>"), folded);
        assertFalse(folded.contains("stablehlo.select"), folded);
        String kept = run("fold-op-element-limit=3", SELECT);
        assertTrue(kept.contains("stablehlo.select"), kept);
    }

    @Test
    void splatPredicatesAreExemptFromTheLimit() throws Exception {
        String out = run("fold-op-element-limit=0", """
                func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
                  %p = stablehlo.constant dense<true> : tensor<4xi1>
                  %0 = stablehlo.select %p, %a, %b : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
                  return %0 : tensor<4xi32>
                }
                """);
        assertTrue(out.contains("return %arg0 : tensor<4xi32>"), out);
    }

    @Test
    void badOptionsAreClearErrors() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> AggressiveSimplificationPass.fromOptions("optimize-float=true"));
        assertEquals("pass 'stablehlo-aggressive-simplification': unknown option 'optimize-float' (known options: "
                + "fold-op-element-limit)", unknown.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> AggressiveSimplificationPass.fromOptions("fold-op-element-limit=many"));
        assertTrue(bad.getMessage().contains("invalid value 'many' for option 'fold-op-element-limit'"),
                bad.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> AggressiveSimplificationPass.fromOptions("fold-op-element-limit"));
    }

    @Test
    void populateAddsEveryPatternToTheGivenSet() {
        PatternSet set = new PatternSet();
        PatternSet same = AggressiveSimplificationPatterns.populate(set, TestContexts.standard(),
                AggressiveSimplificationOptions.DEFAULT);
        assertTrue(same == set && set.patterns().size() > 60, "patterns: " + set.patterns().size());
    }

    @Test
    void sideEffectingOpsKeepTheirZeroExtentOperands() throws Exception {
        String out = run("", """
                func.func @f(%a: tensor<0xf32>) -> tensor<0xf32> {
                  %0 = stablehlo.custom_call @foo(%a) {has_side_effect = true} : (tensor<0xf32>) -> tensor<0xf32>
                  %1 = stablehlo.custom_call @bar(%a) : (tensor<0xf32>) -> tensor<0xf32>
                  return %0 : tensor<0xf32>
                }
                """);
        assertTrue(out.contains("stablehlo.custom_call @foo(%arg0)"), out);
        assertFalse(out.contains("@bar"), out);
    }
}
