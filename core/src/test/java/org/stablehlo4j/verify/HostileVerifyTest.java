package org.stablehlo4j.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Programs that upstream's verifier rejects and that were once accepted (issue 13, "Accepted but invalid"):
 * use before definition, duplicate symbols, missing terminators and empty blocks, attributes of the wrong kind,
 * attributes and types of unregistered dialects. Each expects upstream's diagnostic text.
 */
class HostileVerifyTest {
    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("t.mlir"));
    }

    /** Every diagnostic of the failure, each as "line:col: message" (notes prefixed "note "). */
    private static List<String> errors(String text) throws DiagnosticException {
        ModuleOp m = parse(text);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> Verifier.verify(TestContexts.standard(), m));
        return e.diagnostics().stream().flatMap(d -> Stream.concat(Stream.of(d), d.notes().stream()))
                .map(HostileVerifyTest::show).collect(Collectors.toList());
    }

    /** Asserts every diagnostic of the program's verifier failure, in order. */
    private static void assertErrors(String program, String... expected) throws DiagnosticException {
        assertEquals(List.of(expected), errors(program));
    }

    private static String show(Diagnostic d) {
        String where = d.location() instanceof Location.FileLineCol f ? f.line() + ":" + f.column() : "?";
        return (d.severity() == Diagnostic.Severity.NOTE ? "note " : "") + where + ": " + d.message();
    }

    private static void valid(String text) throws DiagnosticException {
        Verifier.verify(TestContexts.standard(), parse(text));
    }

    /** Found by fuzzing the bytecode target: func.func's symbol visibility and function type kind. */
    @Test
    void funcVisibilityAndFunctionTypeKind() throws DiagnosticException {
        assertEquals(List.of("1:1: 'func.func' op visibility expected to be one of [\"public\", \"private\", "
                        + "\"nested\"], but got \"pqblic\""),
                errors("\"func.func\"() <{function_type = () -> (), sym_name = \"f\", sym_visibility = \"pqblic\"}> ({\n"
                        + "  \"func.return\"() : () -> ()\n}) : () -> ()\n"));
        assertEquals(List.of("1:1: 'func.func' op attribute 'function_type' failed to satisfy constraint: type "
                        + "attribute of function type"),
                errors("\"func.func\"() <{function_type = 1 : i32, sym_name = \"f\"}> ({\n"
                        + "  \"func.return\"() : () -> ()\n}) : () -> ()\n"));
    }

    @Test
    void useBeforeDefinitionInOneBlock() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          %1 = stablehlo.add %0, %arg0 : tensor<f32>
                          %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
                          return %1 : tensor<f32>
                        }
                        """,
                "2:3: operand #0 does not dominate this use",
                "note 3:3: operand defined here (op in the same block)");
    }

    @Test
    void useFromNestedRegionOfValueDefinedLater() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<4xf32>) -> tensor<f32> {
                          %init = stablehlo.constant dense<0.0> : tensor<f32>
                          %r = stablehlo.reduce(%arg0 init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                            reducer(%x: tensor<f32>, %y: tensor<f32>) {
                              %s = stablehlo.add %x, %late : tensor<f32>
                              stablehlo.return %s : tensor<f32>
                            }
                          %u = stablehlo.add %r, %r : tensor<f32>
                          %late = stablehlo.constant dense<1.0> : tensor<f32>
                          return %u : tensor<f32>
                        }
                        """,
                "5:7: operand #1 does not dominate this use",
                "note 9:3: operand defined here (op in a parent region)");
    }

    @Test
    void graphRegionsAllowUseBeforeDefinition() throws DiagnosticException {
        // A module's body is a graph region (RegionKindInterface): no dominance inside its block, as in MLIR.
        valid("""
                module {
                  %1 = stablehlo.add %0, %0 : tensor<f32>
                  %0 = stablehlo.constant dense<1.0> : tensor<f32>
                }
                """);
    }

    @Test
    void acrossBlocksTheDefiningBlockMustDominate() throws DiagnosticException {
        // ^bb1 defines %0 but ^bb2 is reached from the entry without passing through ^bb1.
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>, %c: i1) -> tensor<f32> {
                          "cf.cond_br"(%c)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
                        ^bb1:
                          %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
                          "cf.br"()[^bb2] : () -> ()
                        ^bb2:
                          return %0 : tensor<f32>
                        }
                        """,
                "7:3: operand #0 does not dominate this use",
                "note 4:3: operand defined here (op in the same region)");
        // Defined in a block that dominates the use (the entry, and a block on every path): valid.
        valid("""
                func.func @main(%arg0: tensor<f32>, %c: i1) -> tensor<f32> {
                  %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
                  "cf.br"()[^bb1] : () -> ()
                ^bb1:
                  %1 = stablehlo.add %0, %arg0 : tensor<f32>
                  "cf.cond_br"(%c)[^bb2, ^bb3] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
                ^bb2:
                  "cf.br"()[^bb3] : () -> ()
                ^bb3:
                  %2 = stablehlo.add %1, %0 : tensor<f32>
                  return %2 : tensor<f32>
                }
                """);
    }

    @Test
    void duplicateFunctionNames() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          return %arg0 : tensor<f32>
                        }
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          return %arg0 : tensor<f32>
                        }
                        """,
                "4:1: redefinition of symbol named 'main'",
                "note 1:1: see existing symbol definition here");
    }

    @Test
    void functionWithoutReturn() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
                        }
                        """,
                "2:3: block with no terminator, has %0 = stablehlo.add <<UNKNOWN SSA VALUE>>, "
                + "<<UNKNOWN SSA VALUE>> : tensor<f32>");
    }

    @Test
    void emptyFunctionBody() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                        }
                        """,
                "1:1: empty block: expect at least a terminator");
    }

    @Test
    void returnArityAndParent() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
                          return %arg0 : tensor<f32>
                        }
                        """,
                "2:3: 'func.return' op has 1 operands, but enclosing function (@main) returns 2");
    }

    @Test
    void funcFuncWithOperandsAndNoRegion() throws DiagnosticException {
        // Reliability repro B1: the generic form of func.func with operands, a result and no body.
        assertEquals("2:3: 'func.func' op requires one region", errors("""
                func.func @main(%a: tensor<2xi64>) -> tensor<2xi64> {
                  %0 = "func.func"(%a, %a) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
                  return %0 : tensor<2xi64>
                }
                """).get(0));
    }

    @Test
    void functionDeclarationsAndEntryBlocks() throws DiagnosticException {
        assertEquals(List.of("1:1: 'func.func' op symbol declaration cannot have public visibility"),
                errors("func.func @decl(tensor<f32>) -> tensor<f32>\n"));
        valid("func.func private @decl(tensor<f32>) -> tensor<f32>\n");
        assertErrors("""
                        "func.func"() ({
                        ^bb0(%a: tensor<f32>):
                          "func.return"() : () -> ()
                        }) {sym_name = "g", function_type = (tensor<i32>) -> ()} : () -> ()
                        """,
                "1:1: 'func.func' op type of entry block argument #0(tensor<f32>) must match the type "
                + "of the corresponding argument in function signature(tensor<i32>)");
        assertErrors("""
                        "func.func"() ({
                          "func.return"() : () -> ()
                        }) {sym_name = "g", function_type = (tensor<i32>) -> ()} : () -> ()
                        """,
                "1:1: 'func.func' op entry block must have 1 arguments to match function signature");
    }

    @Test
    void entryBlockIsNoBranchTarget() throws DiagnosticException {
        assertEquals(List.of("1:1: entry block of region may not have predecessors"), errors("""
                "func.func"() ({
                ^bb0:
                  "cf.br"()[^bb0] : () -> ()
                }) {sym_name = "g", function_type = () -> (), sym_visibility = "private"} : () -> ()
                """));
    }

    @Test
    void enumAttributeOfTheWrongKind() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
                          %0 = "stablehlo.fft"(%arg0) {fft_type = 7 : i32, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
                          return %0 : tensor<4xcomplex<f32>>
                        }
                        """,
                "2:3: 'stablehlo.fft' op attribute 'fft_type' failed to satisfy constraint: "
                + "XLA fast fourier transform type.");
    }

    @Test
    void builtinAttributeKinds() throws DiagnosticException {
        assertEquals("2:3: 'stablehlo.broadcast_in_dim' op attribute 'broadcast_dimensions' failed to satisfy "
                        + "constraint: i64 dense array attribute",
                errors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<2xf32> {
                          %0 = "stablehlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = "x"} : (tensor<f32>) -> tensor<2xf32>
                          return %0 : tensor<2xf32>
                        }
                        """).get(0));
        assertEquals("2:3: 'stablehlo.batch_norm_inference' op attribute 'epsilon' failed to satisfy constraint: "
                        + "32-bit float attribute",
                errors("""
                        func.func @main(%x: tensor<2x2xf32>, %s: tensor<2xf32>) -> tensor<2x2xf32> {
                          %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0 : f64, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
                          return %0 : tensor<2x2xf32>
                        }
                        """).get(0));
        assertEquals("2:3: 'stablehlo.compare' op attribute 'comparison_direction' failed to satisfy constraint: "
                        + "Which comparison operation to perform.",
                errors("""
                        func.func @main(%a: tensor<f32>) -> tensor<i1> {
                          %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_type FLOAT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
                          return %0 : tensor<i1>
                        }
                        """).get(0));
    }

    @Test
    void attributeKindsOfRowsWithoutFullSignatures() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%a: tensor<f32>) {
                          "check.expect_almost_eq_const"(%a) {value = dense<1.0> : tensor<f32>, tolerance = 1 : i64} : (tensor<f32>) -> ()
                          return
                        }
                        """,
                "2:3: 'check.expect_almost_eq_const' op attribute 'tolerance' failed to satisfy "
                + "constraint: 64-bit float attribute");
    }

    @Test
    void unregisteredDialectAttributeAndType() {
        DiagnosticException attr = assertThrows(DiagnosticException.class, () -> parse("""
                func.func @main(%arg0: tensor<f32>) -> tensor<f32> attributes {x = #foo.bar} {
                  return %arg0 : tensor<f32>
                }
                """));
        assertEquals("1:68: #\"foo\"<\"bar\"> : 'none' attribute created with unregistered dialect. If this is "
                + "intended, please call allowUnregisteredDialects() on the MLIRContext, or use "
                + "-allow-unregistered-dialect with the MLIR opt tool used", show(attr.diagnostics().get(0)));
        DiagnosticException type = assertThrows(DiagnosticException.class, () -> parse("""
                func.func @main(%arg0: !foo.bar<1>) -> tensor<f32> {
                  return %arg0 : tensor<f32>
                }
                """));
        assertEquals("1:24: `!\"foo\"<\"bar<1>\">` type created with unregistered dialect. If this is intended, "
                + "please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect "
                + "with the MLIR opt tool used", show(type.diagnostics().get(0)));
    }

    @Test
    void unregisteredDialectsAreAcceptedWithTheFlag() throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), """
                func.func @main(%arg0: !foo.bar) -> !foo.bar attributes {x = #foo.bar} {
                  return %arg0 : !foo.bar
                }
                """, new ParseOptions("t.mlir", 1, true));
        Verifier.verify(TestContexts.standard(), m);
    }

    // Which error is reported when a program has several, where the verifier's single walk settles checks that
    // upstream makes in separate passes (a block's branch rule on entry, dominance and symbol uses after the
    // structure): each expectation is what the verifier reported before the walk was merged, upstream's order.

    /** An op with successors that is not last is reported before an error of an op above it (upstream checks the block on entry). */
    @Test
    void branchBeforeAnEarlierOpError() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          %0 = "stablehlo.add"(%arg0) : (tensor<f32>) -> tensor<f32>
                          "cf.br"()[^bb1] : () -> ()
                          return %arg0 : tensor<f32>
                        ^bb1:
                          return %arg0 : tensor<f32>
                        }
                        """,
                "3:3: operation with block successors must terminate its parent block");
    }

    /** The same with the error inside a region of an earlier op. */
    @Test
    void branchAfterAnErrorInANestedRegion() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          %0 = "stablehlo.while"(%arg0) ({
                          ^bb0(%a: tensor<f32>):
                            %c = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
                            "stablehlo.return"(%c) : (tensor<i1>) -> ()
                          }, {
                          ^bb0(%a: tensor<f32>):
                            %1 = "stablehlo.add"(%a) : (tensor<f32>) -> tensor<f32>
                            "stablehlo.return"(%a) : (tensor<f32>) -> ()
                          }) : (tensor<f32>) -> tensor<f32>
                          "cf.br"()[^bb1] : () -> ()
                          return %arg0 : tensor<f32>
                        ^bb1:
                          return %arg0 : tensor<f32>
                        }
                        """,
                "11:3: operation with block successors must terminate its parent block");
    }

    /** Two uses before their definitions in one block: the first in block order is reported. */
    @Test
    void firstUseBeforeDefinitionInBlockOrder() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          %1 = stablehlo.add %0, %arg0 : tensor<f32>
                          %2 = stablehlo.add %3, %arg0 : tensor<f32>
                          %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
                          %3 = stablehlo.add %arg0, %arg0 : tensor<f32>
                          return %2 : tensor<f32>
                        }
                        """,
                "2:3: operand #0 does not dominate this use",
                "note 4:3: operand defined here (op in the same block)");
    }

    /** A misplaced branch in an enclosing block wins over the error of a function nested in an earlier op. */
    @Test
    void branchInAnEnclosingBlockBeforeAFailedIsolatedOp() throws DiagnosticException {
        assertErrors("""
                        module {
                          func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
                            %0 = "stablehlo.add"(%arg0) : (tensor<f32>) -> tensor<f32>
                            return %arg0 : tensor<f32>
                          }
                          "cf.region"() ({
                            "cf.inner"() ({
                              func.func @g(%arg0: tensor<f32>) -> tensor<f32> {
                                %0 = "stablehlo.add"(%arg0) : (tensor<f32>) -> tensor<f32>
                                return %arg0 : tensor<f32>
                              }
                            }) : () -> ()
                            "cf.br"()[^bb1] : () -> ()
                            "cf.x"() : () -> ()
                          ^bb1:
                            "cf.x"() : () -> ()
                          }) : () -> ()
                        }
                        """,
                "13:5: operation with block successors must terminate its parent block");
    }

    /** Uses in nested regions that their definitions do not dominate: the first in upstream's order. */
    @Test
    void nestedRegionUsesReportedInWalkOrder() throws DiagnosticException {
        assertErrors("""
                        func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                          %0 = "stablehlo.while"(%arg0) ({
                          ^bb0(%a: tensor<f32>):
                            %c = "stablehlo.compare"(%b, %a) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
                            "stablehlo.return"(%c) : (tensor<i1>) -> ()
                          }, {
                          ^bb0(%b: tensor<f32>):
                            "stablehlo.return"(%z) : (tensor<f32>) -> ()
                          }) : (tensor<f32>) -> tensor<f32>
                          %z = stablehlo.add %arg0, %arg0 : tensor<f32>
                          return %0 : tensor<f32>
                        }
                        """,
                "4:5: operand #0 does not dominate this use",
                "note 2:3: operand defined as a block argument (block #0 neither in a parent nor in a child region)");
    }

    /**
     * Symbol uses are checked after the module's contents in upstream's pre-order walk: the call in the function
     * comes first, though the walk meets the call in the other op's region before it enters the function.
     */
    @Test
    void firstBadSymbolUseInPreOrder() throws DiagnosticException {
        assertErrors("""
                        module {
                          func.func @f() {
                            func.call @missing1() : () -> ()
                            return
                          }
                          "cf.region"() ({
                            func.call @missing2() : () -> ()
                            "cf.end"() : () -> ()
                          }) : () -> ()
                        }
                        """,
                "3:5: 'func.call' op 'missing1' does not reference a valid function");
    }
}
