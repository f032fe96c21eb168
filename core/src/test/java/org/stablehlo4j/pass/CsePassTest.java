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
 * {@code --cse}, with the cases of MLIR's mlir/test/Transforms/cse.mlir written with StableHLO ops (and
 * unregistered {@code test.*} ops where MLIR's test dialect is used), each compared with the whole expected text.
 */
class CsePassTest {
    private static String run(String pipeline, String text, boolean debugInfo) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.allowingUnregistered(), text, new ParseOptions("t.mlir", 1, true));
        OpPassManager pm = PassPipelineParser.build(pipeline,
                item -> TestContexts.passes().lookup(item.name()).create(item.options()));
        pm.run(m, new PassContext(TestContexts.allowingUnregistered(), d -> { }));
        Verifier.verify(TestContexts.allowingUnregistered(), m);
        return AsmPrinter.print(TestContexts.allowingUnregistered(), m, new PrintOptions(false, debugInfo, false))
                .stripTrailing() + "\n";
    }

    private static String cse(String text) throws Exception {
        return run("builtin.module(func.func(cse))", text, false);
    }

    @Test
    void simpleConstant() throws Exception {
        assertEquals("""
                module {
                  func.func @simple_constant() -> (tensor<i32>, tensor<i32>) {
                    %c = stablehlo.constant dense<1> : tensor<i32>
                    return %c, %c : tensor<i32>, tensor<i32>
                  }
                }
                """, cse("""
                func.func @simple_constant() -> (tensor<i32>, tensor<i32>) {
                  %0 = stablehlo.constant dense<1> : tensor<i32>
                  %1 = stablehlo.constant dense<1> : tensor<i32>
                  return %0, %1 : tensor<i32>, tensor<i32>
                }
                """));
    }

    @Test
    void manyChainsCollapse() throws Exception {
        // cse.mlir @many: equal operands make the next level equal too, in one sweep.
        assertEquals("""
                module {
                  func.func @many(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
                    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
                    %1 = stablehlo.add %0, %0 : tensor<f32>
                    %2 = stablehlo.add %1, %1 : tensor<f32>
                    %3 = stablehlo.add %2, %2 : tensor<f32>
                    return %3 : tensor<f32>
                  }
                }
                """, cse("""
                func.func @many(%a : tensor<f32>, %b : tensor<f32>) -> tensor<f32> {
                  %c = stablehlo.add %a, %b : tensor<f32>
                  %d = stablehlo.add %a, %b : tensor<f32>
                  %e = stablehlo.add %a, %b : tensor<f32>
                  %f = stablehlo.add %a, %b : tensor<f32>
                  %g = stablehlo.add %c, %d : tensor<f32>
                  %h = stablehlo.add %e, %f : tensor<f32>
                  %i = stablehlo.add %c, %e : tensor<f32>
                  %j = stablehlo.add %g, %h : tensor<f32>
                  %k = stablehlo.add %h, %i : tensor<f32>
                  %l = stablehlo.add %j, %k : tensor<f32>
                  return %l : tensor<f32>
                }
                """));
    }

    @Test
    void commutativeOperandsMatchInAnyOrderOthersInOrder() throws Exception {
        // MLIR's OperationEquivalence compares the operands of an IsCommutative op as a multiset.
        assertEquals("""
                module {
                  func.func @commutative(%arg0: tensor<f32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
                    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
                    %1 = stablehlo.subtract %arg0, %arg1 : tensor<f32>
                    %2 = stablehlo.subtract %arg1, %arg0 : tensor<f32>
                    return %0, %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
                  }
                }
                """, cse("""
                func.func @commutative(%a : tensor<f32>, %b : tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
                  %0 = stablehlo.add %a, %b : tensor<f32>
                  %1 = stablehlo.add %b, %a : tensor<f32>
                  %2 = stablehlo.subtract %a, %b : tensor<f32>
                  %3 = stablehlo.subtract %b, %a : tensor<f32>
                  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
                }
                """));
    }

    @Test
    void differentOperandsResultTypesAndAttributesAreKept() throws Exception {
        // cse.mlir @different_ops, @different_results, @different_attributes; discardable attributes count too.
        assertEquals("""
                module {
                  func.func @different(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<*xf32>) -> (tensor<i32>, tensor<i32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
                    %c = stablehlo.constant dense<0> : tensor<i32>
                    %c_0 = stablehlo.constant dense<1> : tensor<i32>
                    %0 = stablehlo.compare LT, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
                    %1 = stablehlo.compare NE, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
                    %2 = tensor.cast %arg2 : tensor<*xf32> to tensor<?xf32>
                    %3 = tensor.cast %arg2 : tensor<*xf32> to tensor<4xf32>
                    %4 = stablehlo.abs %arg0 {tag = "x"} : tensor<4xf32>
                    %5 = stablehlo.abs %arg0 {tag = "y"} : tensor<4xf32>
                    return %c, %c_0, %0, %1, %1, %2, %3, %4, %5, %4 : tensor<i32>, tensor<i32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
                  }
                }
                """, cse("""
                func.func @different(%a: tensor<4xf32>, %b: tensor<4xf32>, %u: tensor<*xf32>) -> (tensor<i32>, tensor<i32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
                  %c0 = stablehlo.constant dense<0> : tensor<i32>
                  %c1 = stablehlo.constant dense<1> : tensor<i32>
                  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
                  %1 = stablehlo.compare NE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
                  %2 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction NE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
                  %3 = tensor.cast %u : tensor<*xf32> to tensor<?xf32>
                  %4 = tensor.cast %u : tensor<*xf32> to tensor<4xf32>
                  %5 = stablehlo.abs %a {tag = "x"} : tensor<4xf32>
                  %6 = stablehlo.abs %a {tag = "y"} : tensor<4xf32>
                  %7 = stablehlo.abs %a {tag = "x"} : tensor<4xf32>
                  return %c0, %c1, %0, %1, %2, %3, %4, %5, %6, %7 : tensor<i32>, tensor<i32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
                }
                """));
    }

    @Test
    void sideEffectingAndUnregisteredOpsAreKeptAndUnusedPureOpsErased() throws Exception {
        // cse.mlir @side_effect; like MLIR's CSE, trivially dead ops (no uses, no effects) are erased on the way.
        assertEquals("""
                module {
                  func.func @side_effects(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
                    %0 = stablehlo.custom_call @foo(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
                    %1 = stablehlo.custom_call @foo(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
                    %2 = "test.op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
                    %3 = "test.op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
                    %4 = stablehlo.custom_call @unused(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
                    return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
                  }
                }
                """, cse("""
                func.func @side_effects(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
                  %0 = stablehlo.custom_call @foo(%a) : (tensor<4xf32>) -> tensor<4xf32>
                  %1 = stablehlo.custom_call @foo(%a) : (tensor<4xf32>) -> tensor<4xf32>
                  %2 = "test.op"(%a) : (tensor<4xf32>) -> tensor<4xf32>
                  %3 = "test.op"(%a) : (tensor<4xf32>) -> tensor<4xf32>
                  %4 = stablehlo.custom_call @unused(%a) : (tensor<4xf32>) -> tensor<4xf32>
                  %5 = stablehlo.abs %a : tensor<4xf32>
                  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
                }
                """));
    }

    @Test
    void definitionsPropagateDownIntoRegionsNotUpNorIntoIsolatedOnes() throws Exception {
        // cse.mlir @down_propagate_for, @up_propagate_for, @nested_isolated (an unregistered op might be
        // isolated from above, so its regions start afresh).
        assertEquals("""
                module {
                  func.func @regions(%arg0: tensor<i1>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
                    %c = stablehlo.constant dense<1> : tensor<i32>
                    %0 = "stablehlo.if"(%arg0) ({
                      %c_1 = stablehlo.constant dense<2> : tensor<i32>
                      %3 = stablehlo.add %c, %c_1 : tensor<i32>
                      stablehlo.return %3 : tensor<i32>
                    }, {
                      stablehlo.return %c : tensor<i32>
                    }) : (tensor<i1>) -> tensor<i32>
                    %c_0 = stablehlo.constant dense<2> : tensor<i32>
                    %1 = stablehlo.add %0, %c_0 : tensor<i32>
                    %2 = "test.region"() ({
                      %c_1 = stablehlo.constant dense<1> : tensor<i32>
                      "test.yield"(%c_1) : (tensor<i32>) -> ()
                    }) : () -> tensor<i32>
                    return %1, %2, %c : tensor<i32>, tensor<i32>, tensor<i32>
                  }
                }
                """, cse("""
                func.func @regions(%p: tensor<i1>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
                  %c = stablehlo.constant dense<1> : tensor<i32>
                  %0 = "stablehlo.if"(%p) ({
                    %c1 = stablehlo.constant dense<1> : tensor<i32>
                    %c2 = stablehlo.constant dense<2> : tensor<i32>
                    %s = stablehlo.add %c1, %c2 : tensor<i32>
                    stablehlo.return %s : tensor<i32>
                  }, {
                    stablehlo.return %c : tensor<i32>
                  }) : (tensor<i1>) -> tensor<i32>
                  %d = stablehlo.constant dense<2> : tensor<i32>
                  %1 = stablehlo.add %0, %d : tensor<i32>
                  %2 = "test.region"() ({
                    %c3 = stablehlo.constant dense<1> : tensor<i32>
                    "test.yield"(%c3) : (tensor<i32>) -> ()
                  }) : () -> tensor<i32>
                  return %1, %2, %c : tensor<i32>, tensor<i32>, tensor<i32>
                }
                """));
    }

    @Test
    void opsWithEqualRegionsMergeOthersDoNot() throws Exception {
        // cse.mlir @cse_single_block_ops, @no_cse_single_block_ops_different_bodies, @cse_multiple_regions.
        assertEquals("""
                module {
                  func.func @same_regions(%arg0: tensor<i1>, %arg1: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
                    %0 = "stablehlo.if"(%arg0) ({
                      %2 = stablehlo.add %arg1, %arg1 : tensor<i32>
                      stablehlo.return %2 : tensor<i32>
                    }, {
                      stablehlo.return %arg1 : tensor<i32>
                    }) : (tensor<i1>) -> tensor<i32>
                    %1 = "stablehlo.if"(%arg0) ({
                      %2 = stablehlo.multiply %arg1, %arg1 : tensor<i32>
                      stablehlo.return %2 : tensor<i32>
                    }, {
                      stablehlo.return %arg1 : tensor<i32>
                    }) : (tensor<i1>) -> tensor<i32>
                    return %0, %0, %1 : tensor<i32>, tensor<i32>, tensor<i32>
                  }
                }
                """, cse("""
                func.func @same_regions(%p: tensor<i1>, %x: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>) {
                  %0 = "stablehlo.if"(%p) ({
                    %a = stablehlo.add %x, %x : tensor<i32>
                    stablehlo.return %a : tensor<i32>
                  }, {
                    stablehlo.return %x : tensor<i32>
                  }) : (tensor<i1>) -> tensor<i32>
                  %1 = "stablehlo.if"(%p) ({
                    %a = stablehlo.add %x, %x : tensor<i32>
                    stablehlo.return %a : tensor<i32>
                  }, {
                    stablehlo.return %x : tensor<i32>
                  }) : (tensor<i1>) -> tensor<i32>
                  %2 = "stablehlo.if"(%p) ({
                    %a = stablehlo.multiply %x, %x : tensor<i32>
                    stablehlo.return %a : tensor<i32>
                  }, {
                    stablehlo.return %x : tensor<i32>
                  }) : (tensor<i1>) -> tensor<i32>
                  return %0, %1, %2 : tensor<i32>, tensor<i32>, tensor<i32>
                }
                """));
    }

    @Test
    void reduceBodiesCompareBlockArgumentsPositionally() throws Exception {
        // cse.mlir @no_cse_varied_bbargs / @no_cse_region_difference_simple: block arguments are matched up.
        String body = """
                func.func @reduce(%x: tensor<4xf32>, %i: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
                  %0 = stablehlo.reduce(%x init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                    reducer(%a: tensor<f32>, %b: tensor<f32>) {
                      %s = stablehlo.subtract %a, %b : tensor<f32>
                      stablehlo.return %s : tensor<f32>
                    }
                  %1 = stablehlo.reduce(%x init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                    reducer(%c: tensor<f32>, %d: tensor<f32>) {
                      %s = stablehlo.subtract %c, %d : tensor<f32>
                      stablehlo.return %s : tensor<f32>
                    }
                  %2 = stablehlo.reduce(%x init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                    reducer(%c: tensor<f32>, %d: tensor<f32>) {
                      %s = stablehlo.subtract %d, %c : tensor<f32>
                      stablehlo.return %s : tensor<f32>
                    }
                  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>
                }
                """;
        assertEquals("""
                module {
                  func.func @reduce(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
                    %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
                      %2 = stablehlo.subtract %arg2, %arg3 : tensor<f32>
                      stablehlo.return %2 : tensor<f32>
                    }
                    %1 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
                      %2 = stablehlo.subtract %arg3, %arg2 : tensor<f32>
                      stablehlo.return %2 : tensor<f32>
                    }
                    return %0, %0, %1 : tensor<f32>, tensor<f32>, tensor<f32>
                  }
                }
                """, cse(body));
    }

    @Test
    void multiBlockRegionsFollowTheDominatorTree() throws Exception {
        // cse.mlir @down_propagate / @up_propagate: an entry-block value replaces one in a dominated block; sibling
        // blocks and their join do not share.
        assertEquals("""
                module {
                  func.func @cfg(%arg0: tensor<i1>) -> tensor<i32> {
                    %c = stablehlo.constant dense<1> : tensor<i32>
                    "test.cond_br"(%arg0)[^bb1, ^bb2] : (tensor<i1>) -> ()
                  ^bb1:  // pred: ^bb0
                    %c_0 = stablehlo.constant dense<5> : tensor<i32>
                    "test.br"(%c, %c_0)[^bb3] : (tensor<i32>, tensor<i32>) -> ()
                  ^bb2:  // pred: ^bb0
                    %c_1 = stablehlo.constant dense<5> : tensor<i32>
                    "test.br"(%c, %c_1)[^bb3] : (tensor<i32>, tensor<i32>) -> ()
                  ^bb3(%0: tensor<i32>, %1: tensor<i32>):  // 2 preds: ^bb1, ^bb2
                    %c_2 = stablehlo.constant dense<5> : tensor<i32>
                    %2 = stablehlo.add %0, %1 : tensor<i32>
                    %3 = stablehlo.add %2, %c_2 : tensor<i32>
                    return %3 : tensor<i32>
                  }
                }
                """, cse("""
                func.func @cfg(%p: tensor<i1>) -> tensor<i32> {
                  %c = stablehlo.constant dense<1> : tensor<i32>
                  "test.cond_br"(%p)[^bb1, ^bb2] : (tensor<i1>) -> ()
                ^bb1:
                  %c1 = stablehlo.constant dense<1> : tensor<i32>
                  %c5 = stablehlo.constant dense<5> : tensor<i32>
                  "test.br"(%c1, %c5)[^bb3] : (tensor<i32>, tensor<i32>) -> ()
                ^bb2:
                  %c6 = stablehlo.constant dense<5> : tensor<i32>
                  "test.br"(%c, %c6)[^bb3] : (tensor<i32>, tensor<i32>) -> ()
                ^bb3(%x: tensor<i32>, %y: tensor<i32>):
                  %c7 = stablehlo.constant dense<5> : tensor<i32>
                  %s = stablehlo.add %x, %y : tensor<i32>
                  %t = stablehlo.add %s, %c7 : tensor<i32>
                  return %t : tensor<i32>
                }
                """));
    }

    @Test
    void keptOpWithUnknownLocationTakesTheErasedOnesLocation() throws Exception {
        String out = run("builtin.module(cse)", """
                func.func @loc() -> (tensor<i32>, tensor<i32>) {
                  %0 = stablehlo.constant dense<1> : tensor<i32> loc(unknown)
                  %1 = stablehlo.constant dense<1> : tensor<i32> loc("second")
                  return %0, %1 : tensor<i32>, tensor<i32> loc(unknown)
                } loc(unknown)
                """, true);
        assertEquals("""
                module {
                  func.func @loc() -> (tensor<i32>, tensor<i32>) {
                    %c = stablehlo.constant dense<1> : tensor<i32> loc(#loc2)
                    return %c, %c : tensor<i32>, tensor<i32> loc(#loc1)
                  } loc(#loc1)
                } loc(#loc)
                #loc = loc("t.mlir":0:0)
                #loc1 = loc(unknown)
                #loc2 = loc("second")
                """, out);
    }

    @Test
    void graphRegionsKeepOperandsOfOpsAlreadyInTheTable() throws Exception {
        // cse.mlir @use_before_def: in a graph region (a module's body) a use may come before the definition;
        // the operands of an op already entered in the table are not replaced, so both constants 1 stay; the uses
        // of the second constant 2 by an op CSE does not track are replaced, and it is erased.
        assertEquals("""
                module {
                  %0 = stablehlo.add %c, %c_0 : tensor<i32>
                  %c = stablehlo.constant dense<1> : tensor<i32>
                  %c_0 = stablehlo.constant dense<1> : tensor<i32>
                  "test.use"(%0, %1) : (tensor<i32>, tensor<i32>) -> ()
                  %1 = "test.def"(%c_1, %c_1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
                  %c_1 = stablehlo.constant dense<2> : tensor<i32>
                }
                """, run("builtin.module(cse)", """
                %0 = stablehlo.add %1, %2 : tensor<i32>
                %1 = stablehlo.constant dense<1> : tensor<i32>
                %2 = stablehlo.constant dense<1> : tensor<i32>
                "test.use"(%0, %3) : (tensor<i32>, tensor<i32>) -> ()
                %3 = "test.def"(%4, %5) : (tensor<i32>, tensor<i32>) -> tensor<i32>
                %4 = stablehlo.constant dense<2> : tensor<i32>
                %5 = stablehlo.constant dense<2> : tensor<i32>
                """, false));
    }

    @Test
    void nestedPipelinesReachOnlyDirectlyNestedOps() throws Exception {
        String text = """
                func.func @f() -> tensor<i32> {
                  %0 = stablehlo.constant dense<7> : tensor<i32>
                  %1 = stablehlo.constant dense<7> : tensor<i32>
                  %2 = stablehlo.add %0, %1 : tensor<i32>
                  return %2 : tensor<i32>
                }
                module @inner {
                  func.func @g() -> tensor<i32> {
                    %0 = stablehlo.constant dense<7> : tensor<i32>
                    %1 = stablehlo.constant dense<7> : tensor<i32>
                    %2 = stablehlo.add %0, %1 : tensor<i32>
                    return %2 : tensor<i32>
                  }
                }
                """;
        String outerOnly = """
                module {
                  func.func @f() -> tensor<i32> {
                    %c = stablehlo.constant dense<7> : tensor<i32>
                    %0 = stablehlo.add %c, %c : tensor<i32>
                    return %0 : tensor<i32>
                  }
                  module @inner {
                    func.func @g() -> tensor<i32> {
                      %c = stablehlo.constant dense<7> : tensor<i32>
                      %c_0 = stablehlo.constant dense<7> : tensor<i32>
                      %0 = stablehlo.add %c, %c_0 : tensor<i32>
                      return %0 : tensor<i32>
                    }
                  }
                }
                """;
        String innerOnly = """
                module {
                  func.func @f() -> tensor<i32> {
                    %c = stablehlo.constant dense<7> : tensor<i32>
                    %c_0 = stablehlo.constant dense<7> : tensor<i32>
                    %0 = stablehlo.add %c, %c_0 : tensor<i32>
                    return %0 : tensor<i32>
                  }
                  module @inner {
                    func.func @g() -> tensor<i32> {
                      %c = stablehlo.constant dense<7> : tensor<i32>
                      %0 = stablehlo.add %c, %c : tensor<i32>
                      return %0 : tensor<i32>
                    }
                  }
                }
                """;
        String both = outerOnly.substring(0, outerOnly.indexOf("  module @inner"))
                + innerOnly.substring(innerOnly.indexOf("  module @inner"));
        assertEquals(outerOnly, run("builtin.module(func.func(cse))", text, false));
        assertEquals(innerOnly, run("builtin.module(builtin.module(func.func(cse)))", text, false));
        assertEquals(both, run("builtin.module(cse)", text, false));
        assertEquals(both, run("builtin.module(func.func(cse), builtin.module(func.func(cse)))", text, false));
        // `any` nests on every directly nested op: the function and the inner module (whose body holds no
        // duplicates at its own level, but cse on it walks into @g).
        assertEquals(both, run("builtin.module(any(cse))", text, false));
        assertEquals(both, run("cse", text, false));
    }
}
