package org.stablehlo4j.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

/**
 * Which error the verifier reports when a program has several, where its single walk settles checks that upstream
 * makes in separate passes (the branch rule of a block on entry, dominance after the structure): each expectation
 * is what the verifier reported before the walk was merged, upstream's order.
 */
class VerifyOrderTest {
    private static List<String> errors(String text) throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> Verifier.verify(TestContexts.standard(), m));
        return e.diagnostics().stream().flatMap(d -> Stream.concat(Stream.of(d), d.notes().stream()))
                .map(VerifyOrderTest::show).collect(Collectors.toList());
    }

    private static void assertErrors(String program, String... expected) throws DiagnosticException {
        assertEquals(List.of(expected), errors(program));
    }

    private static String show(Diagnostic d) {
        String where = d.location() instanceof Location.FileLineCol f ? f.line() + ":" + f.column() : "?";
        return (d.severity() == Diagnostic.Severity.NOTE ? "note " : "") + where + ": " + d.message();
    }

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
                          "test.region"() ({
                            "test.inner"() ({
                              func.func @g(%arg0: tensor<f32>) -> tensor<f32> {
                                %0 = "stablehlo.add"(%arg0) : (tensor<f32>) -> tensor<f32>
                                return %arg0 : tensor<f32>
                              }
                            }) : () -> ()
                            "cf.br"()[^bb1] : () -> ()
                            "test.x"() : () -> ()
                          ^bb1:
                            "test.x"() : () -> ()
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
                          "test.region"() ({
                            func.call @missing2() : () -> ()
                            "test.end"() : () -> ()
                          }) : () -> ()
                        }
                        """,
                "3:5: 'func.call' op 'missing1' does not reference a valid function");
    }
}
