package org.stablehlo4j.dialect.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.CanonicalizePass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;

/**
 * {@code --canonicalize} on the shape computations CHLO's broadcasting lowering leaves: static {@code shape_of}s,
 * {@code shape.broadcast} and {@code shape.cstr_broadcastable} operands, {@code tensor.cast} chains, and MLIR's
 * {@code Commutative} trait folding (constants last), which StableHLO's own commutative ops do not have.
 */
class ShapeBroadcastCanonicalizationTest {
    private static final Context CTX = TestContexts.standard();

    private static String canonicalize(String text) throws Exception {
        ModuleOp m = AsmParser.parse(CTX, text, ParseOptions.of("t.mlir"));
        CanonicalizePass.fromOptions("").run(m, new PassContext(CTX, d -> { }));
        return AsmPrinter.print(CTX, m, new PrintOptions(false, false, false));
    }

    @Test
    void staticShapeOfIsAConstantCastToItsType() throws Exception {
        assertEquals("""
                module {
                  func.func @f(%arg0: tensor<2x3xf32>, %arg1: tensor<?x3xf32>) -> (tensor<2xindex>, tensor<?xindex>, tensor<2xindex>) {
                    %0 = shape.const_shape [2, 3] : tensor<2xindex>
                    %1 = tensor.cast %0 : tensor<2xindex> to tensor<?xindex>
                    %2 = shape.shape_of %arg1 : tensor<?x3xf32> -> tensor<2xindex>
                    return %0, %1, %2 : tensor<2xindex>, tensor<?xindex>, tensor<2xindex>
                  }
                }

                """, canonicalize("""
                func.func @f(%a: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<2xindex>, tensor<?xindex>, tensor<2xindex>) {
                  %0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xindex>
                  %1 = shape.shape_of %a : tensor<2x3xf32> -> tensor<?xindex>
                  %2 = shape.shape_of %d : tensor<?x3xf32> -> tensor<2xindex>
                  return %0, %1, %2 : tensor<2xindex>, tensor<?xindex>, tensor<2xindex>
                }
                """));
    }

    @Test
    void broadcastOperandsAreDeduplicatedEmptiesDroppedAndConstantsFolded() throws Exception {
        assertEquals("""
                module {
                  func.func @f(%arg0: tensor<2xindex>, %arg1: tensor<?xindex>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) {
                    %0 = shape.const_shape [2, 3] : tensor<2xindex>
                    %1 = shape.broadcast %arg0, %arg1 : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
                    %2 = tensor.cast %arg0 : tensor<2xindex> to tensor<?xindex>
                    %3 = shape.broadcast %arg0, %0 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
                    %4 = tensor.cast %3 : tensor<2xindex> to tensor<?xindex>
                    return %1, %2, %4 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
                  }
                }

                """, canonicalize("""
                func.func @f(%s: tensor<2xindex>, %t: tensor<?xindex>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>) {
                  %e = shape.const_shape [] : tensor<0xindex>
                  %c1 = shape.const_shape [1, 3] : tensor<2xindex>
                  %c2 = shape.const_shape [2, 1] : tensor<2xindex>
                  %0 = shape.broadcast %s, %s, %t : tensor<2xindex>, tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
                  %1 = shape.broadcast %s, %e : tensor<2xindex>, tensor<0xindex> -> tensor<?xindex>
                  %2 = shape.broadcast %c1, %s, %c2 : tensor<2xindex>, tensor<2xindex>, tensor<2xindex> -> tensor<?xindex>
                  return %0, %1, %2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
                }
                """));
    }

    @Test
    void constraintsOnOneShapeHoldAndLookThroughLossyCasts() throws Exception {
        assertEquals("""
                module {
                  func.func @f(%arg0: tensor<2xindex>, %arg1: tensor<3xindex>) -> (!shape.witness, !shape.witness) {
                    %0 = shape.const_witness true
                    %1 = shape.cstr_broadcastable %arg0, %arg1 : tensor<2xindex>, tensor<3xindex>
                    return %0, %1 : !shape.witness, !shape.witness
                  }
                }

                """, canonicalize("""
                func.func @f(%s: tensor<2xindex>, %u: tensor<3xindex>) -> (!shape.witness, !shape.witness) {
                  %c = tensor.cast %u : tensor<3xindex> to tensor<?xindex>
                  %0 = shape.cstr_broadcastable %s, %s : tensor<2xindex>, tensor<2xindex>
                  %1 = shape.cstr_broadcastable %s, %c : tensor<2xindex>, tensor<?xindex>
                  return %0, %1 : !shape.witness, !shape.witness
                }
                """));
    }

    @Test
    void castChainsThatCheckNothingFold() throws Exception {
        String out = canonicalize("""
                func.func @f(%x: tensor<3xf32>, %y: tensor<?xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
                  %0 = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
                  %1 = tensor.cast %0 : tensor<?xf32> to tensor<3xf32>
                  %2 = tensor.cast %y : tensor<?xf32> to tensor<4xf32>
                  return %1, %2 : tensor<3xf32>, tensor<4xf32>
                }
                """);
        // the cast of a dynamic value to a static one is a runtime check: it stays
        assertEquals("""
                module {
                  func.func @f(%arg0: tensor<3xf32>, %arg1: tensor<?xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
                    %0 = tensor.cast %arg1 : tensor<?xf32> to tensor<4xf32>
                    return %arg0, %0 : tensor<3xf32>, tensor<4xf32>
                  }
                }

                """, out);
    }

    @Test
    void commutativeTraitFoldingPutsConstantsLastButNotForStablehlo() throws Exception {
        assertEquals("""
                module {
                  func.func @f(%arg0: index, %arg1: tensor<2xi32>) -> (index, tensor<2xi32>) {
                    %c = stablehlo.constant dense<7> : tensor<2xi32>
                    %c7 = arith.constant 7 : index
                    %0 = arith.addi %arg0, %c7 : index
                    %1 = stablehlo.add %c, %arg1 : tensor<2xi32>
                    return %0, %1 : index, tensor<2xi32>
                  }
                }

                """, canonicalize("""
                func.func @f(%i: index, %a: tensor<2xi32>) -> (index, tensor<2xi32>) {
                  %c = arith.constant 7 : index
                  %0 = arith.addi %c, %i : index
                  %k = stablehlo.constant dense<7> : tensor<2xi32>
                  %1 = stablehlo.add %k, %a : tensor<2xi32>
                  return %0, %1 : index, tensor<2xi32>
                }
                """));
    }
}
