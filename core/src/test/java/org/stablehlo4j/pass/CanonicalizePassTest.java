package org.stablehlo4j.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * {@code --canonicalize}: folding (constants materialized, deduplicated and hoisted as MLIR's OperationFolder does),
 * dead-op erasure and region simplification, from the behaviour of MLIR's canonicalize.mlir / canonicalize-dce.mlir
 * and StableHLO's tests/canonicalize.mlir, each compared with the whole expected text.
 */
class CanonicalizePassTest {
    private static String canonicalize(String text) throws Exception {
        return run("builtin.module(func.func(canonicalize))", text);
    }

    private static String run(String pipeline, String text) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.allowingUnregistered(), text, new ParseOptions("t.mlir", 1, true));
        OpPassManager pm = PassPipelineParser.build(pipeline,
                item -> TestContexts.passes().lookup(item.name()).create(item.options()));
        pm.run(m, new PassContext(TestContexts.allowingUnregistered(), d -> { }));
        Verifier.verify(TestContexts.allowingUnregistered(), m);
        return AsmPrinter.print(TestContexts.allowingUnregistered(), m, new PrintOptions(false, false, false))
                .stripTrailing() + "\n";
    }

    @Test
    void constantCaseInlinesItsBranch() throws Exception {
        // StableHLO tests/canonicalize.mlir @fold_constant_case.
        assertEquals("""
                module {
                  func.func @fold_constant_case(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
                    return %arg1 : tensor<i32>
                  }
                }
                """, canonicalize("""
                func.func @fold_constant_case(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i32>) {
                  %0 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
                  %1 = "stablehlo.case"(%0) ({
                    "stablehlo.return"(%arg0) : (tensor<i32>) -> ()
                  }, {
                    "stablehlo.return"(%arg1) : (tensor<i32>) -> ()
                  }) : (tensor<i32>) -> tensor<i32>
                  return %1 : tensor<i32>
                }
                """));
    }

    @Test
    void equalConstantsAreDeduplicatedAndHoisted() throws Exception {
        assertEquals("""
                module {
                  func.func @dedup(%arg0: tensor<i32>) -> tensor<i32> {
                    %c = stablehlo.constant dense<1> : tensor<i32>
                    %0 = stablehlo.add %arg0, %arg0 : tensor<i32>
                    %1 = stablehlo.add %0, %c : tensor<i32>
                    %2 = stablehlo.add %1, %c : tensor<i32>
                    return %2 : tensor<i32>
                  }
                }
                """, canonicalize("""
                func.func @dedup(%arg0: tensor<i32>) -> tensor<i32> {
                  %0 = stablehlo.add %arg0, %arg0 : tensor<i32>
                  %1 = stablehlo.constant dense<1> : tensor<i32>
                  %2 = stablehlo.add %0, %1 : tensor<i32>
                  %3 = stablehlo.constant dense<1> : tensor<i32>
                  %4 = stablehlo.add %2, %3 : tensor<i32>
                  return %4 : tensor<i32>
                }
                """));
    }

    @Test
    void constantsInNestedRegionsAreHoistedToTheIsolatedRegion() throws Exception {
        // The case op is not isolated from above: its branch's constant moves to the function's entry block and is
        // merged with the equal one there.
        assertEquals("""
                module {
                  func.func @nested(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
                    %c = stablehlo.constant dense<2> : tensor<i32>
                    %0 = "stablehlo.case"(%arg0) ({
                      %2 = stablehlo.add %arg1, %c : tensor<i32>
                      stablehlo.return %2 : tensor<i32>
                    }, {
                      stablehlo.return %arg1 : tensor<i32>
                    }) : (tensor<i32>) -> tensor<i32>
                    %1 = stablehlo.add %0, %c : tensor<i32>
                    return %1 : tensor<i32>
                  }
                }
                """, canonicalize("""
                func.func @nested(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
                  %0 = "stablehlo.case"(%arg0) ({
                    %c = stablehlo.constant dense<2> : tensor<i32>
                    %1 = stablehlo.add %arg1, %c : tensor<i32>
                    stablehlo.return %1 : tensor<i32>
                  }, {
                    stablehlo.return %arg1 : tensor<i32>
                  }) : (tensor<i32>) -> tensor<i32>
                  %c2 = stablehlo.constant dense<2> : tensor<i32>
                  %2 = stablehlo.add %0, %c2 : tensor<i32>
                  return %2 : tensor<i32>
                }
                """));
    }

    @Test
    void triviallyDeadOpsAreErasedButEffectsStay() throws Exception {
        // canonicalize-dce.mlir: unused pure ops (and unused constants) go, side-effecting ones stay.
        assertEquals("""
                module {
                  func.func @dead(%arg0: tensor<i32>) -> tensor<i32> {
                    %0 = stablehlo.custom_call @effect(%arg0) : (tensor<i32>) -> tensor<i32>
                    "test.effect"() : () -> ()
                    return %arg0 : tensor<i32>
                  }
                }
                """, canonicalize("""
                func.func @dead(%arg0: tensor<i32>) -> tensor<i32> {
                  %c = stablehlo.constant dense<3> : tensor<i32>
                  %0 = stablehlo.add %arg0, %c : tensor<i32>
                  %1 = stablehlo.multiply %0, %0 : tensor<i32>
                  %2 = stablehlo.custom_call @effect(%arg0) : (tensor<i32>) -> tensor<i32>
                  "test.effect"() : () -> ()
                  return %arg0 : tensor<i32>
                }
                """));
    }

    @Test
    void unreachableBlocksAreErased() throws Exception {
        // canonicalize-dce.mlir / RegionUtils eraseUnreachableBlocks.
        assertEquals("""
                module {
                  func.func @unreachable(%arg0: tensor<i32>) -> tensor<i32> {
                    "test.br"()[^bb1] : () -> ()
                  ^bb1:  // pred: ^bb0
                    return %arg0 : tensor<i32>
                  }
                }
                """, canonicalize("""
                func.func @unreachable(%arg0: tensor<i32>) -> tensor<i32> {
                  "test.br"()[^bb2] : () -> ()
                ^bb1:
                  %0 = stablehlo.add %arg0, %arg0 : tensor<i32>
                  "test.br"(%0)[^bb3] : (tensor<i32>) -> ()
                ^bb2:
                  return %arg0 : tensor<i32>
                ^bb3(%1: tensor<i32>):
                  return %1 : tensor<i32>
                }
                """));
    }

    @Test
    void chloConstantLikeFoldsToChloConstant() throws Exception {
        assertEquals("""
                module {
                  func.func @constant_like(%arg0: tensor<2xf32>) -> tensor<2xf32> {
                    %0 = chlo.constant dense<1.000000e+00> : tensor<2xf32>
                    return %0 : tensor<2xf32>
                  }
                }
                """, canonicalize("""
                func.func @constant_like(%arg0: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = "chlo.constant_like"(%arg0) {value = 1.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """));
    }

    @Test
    void regionSimplifyDisabledKeepsUnreachableBlocks() throws Exception {
        String text = """
                module {
                  func.func @keep(%arg0: tensor<i32>) -> tensor<i32> {
                    return %arg0 : tensor<i32>
                  ^bb1:  // no predecessors
                    return %arg0 : tensor<i32>
                  }
                }
                """;
        assertEquals(text, run("builtin.module(func.func(canonicalize{region-simplify=disabled}))", text));
    }

    @Test
    void foldedConstantsReuseAnExistingEqualConstant() throws Exception {
        // OperationFolder: the constant_like folds to the value of the chlo.constant already in the entry block,
        // so that one is reused rather than a second materialized.
        assertEquals("""
                module {
                  func.func @reuse(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
                    %0 = chlo.constant dense<1.000000e+00> : tensor<2xf32>
                    return %0, %0 : tensor<2xf32>, tensor<2xf32>
                  }
                }
                """, canonicalize("""
                func.func @reuse(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
                  %0 = chlo.constant dense<1.0> : tensor<2xf32>
                  %1 = "chlo.constant_like"(%arg0) {value = 1.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
                  return %0, %1 : tensor<2xf32>, tensor<2xf32>
                }
                """));
    }

    @Test
    void constantsOfDifferentDialectsOrTypesStayApart() throws Exception {
        // Keys are (dialect, value, type); constants already contiguous at the top of the block keep their order.
        assertEquals("""
                module {
                  func.func @apart() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf64>) {
                    %0 = chlo.constant dense<1.000000e+00> : tensor<2xf32>
                    %cst = stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
                    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<2xf64>
                    return %0, %cst, %cst_0 : tensor<2xf32>, tensor<2xf32>, tensor<2xf64>
                  }
                }
                """, canonicalize("""
                func.func @apart() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf64>) {
                  %0 = chlo.constant dense<1.0> : tensor<2xf32>
                  %1 = stablehlo.constant dense<1.0> : tensor<2xf32>
                  %2 = stablehlo.constant dense<1.0> : tensor<2xf64>
                  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf64>
                }
                """));
    }

    @Test
    void deadCyclesInGraphRegionsAreErased() throws Exception {
        // canonicalize-dce.mlir: region DCE by liveness removes use-def cycles of pure ops nothing live uses.
        assertEquals("""
                module {
                }
                """, run("builtin.module(canonicalize)", """
                module {
                  %0 = stablehlo.add %1, %1 : tensor<i32>
                  %1 = stablehlo.add %0, %0 : tensor<i32>
                }
                """));
    }
}
