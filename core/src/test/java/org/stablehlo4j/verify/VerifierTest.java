package org.stablehlo4j.verify;

import static org.stablehlo4j.verify.VerifyTests.locatedErrors;
import static org.stablehlo4j.verify.VerifyTests.parse;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

class VerifierTest {
    /** The first verifier error for a program, with its line. */
    private static String error(String text) throws DiagnosticException {
        return locatedErrors(parse(text), false).get(0);
    }

    private static String fn(String body) {
        return "func.func @f(%a: tensor<2xf32>, %b: tensor<2xf64>, %i: tensor<2xi32>) {\n" + body + "\n  func.return\n}\n";
    }

    /** Asserts, pair by pair, the first error of each function body: message, then body. */
    private static void expectFirstErrors(String... messageThenBody) throws DiagnosticException {
        for (int i = 0; i < messageThenBody.length; i += 2) {
            assertEquals(messageThenBody[i], error(fn(messageThenBody[i + 1])));
        }
    }

    @Test
    void traitRules() throws DiagnosticException {
        expectFirstErrors(
                "2: 'stablehlo.concatenate' op expected 1 or more operands, but found 0",
                "  %0 = stablehlo.concatenate dim = 0 : () -> (tensor<2xf32>)",
                "2: 'stablehlo.subtract' op requires compatible types for all operands and results",
                "  %0 = stablehlo.subtract %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>",
                // Traits are checked in upstream's declaration order: a binary op's shape rule comes before
                // Elementwise, a unary op's after it.
                "2: 'stablehlo.add' op requires the same shape for all operands and results",
                "  %0 = \"stablehlo.add\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>",
                "2: 'stablehlo.abs' op all non-scalar operands/results must have the same shape and base type",
                "  %0 = \"stablehlo.abs\"(%a) : (tensor<2xf32>) -> tensor<3xf32>",
                "2: 'stablehlo.compare' op requires compatible element types for all operands",
                "  %0 = stablehlo.compare EQ, %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>",
                "2: 'stablehlo.abs' op requires a single operand",
                "  %0 = \"stablehlo.abs\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
                "2: 'stablehlo.concatenate' op requires attribute 'dimension'",
                "  %0 = \"stablehlo.concatenate\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>");
    }

    @Test
    void opRules() throws DiagnosticException {
        assertEquals("2: op requires the same element type for all operands and results",
                error(fn("  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>")));
        assertEquals("1: 'func.return' op has 1 operands, but enclosing function (@g) returns 0",
                error("func.func @g(%a: tensor<f32>) { func.return %a : tensor<f32> }"));
        assertEquals("1: type of return operand 0 (tensor<f32>) doesn't match function result type (tensor<i32>)"
                        + " in function @g",
                error("func.func @g(%a: tensor<f32>) -> tensor<i32> { func.return %a : tensor<f32> }"));
    }

    @Test
    void everyConstraintOfTheOpTableIsModelled() {
        java.util.Set<String> missing = new java.util.TreeSet<>();
        java.util.List<org.stablehlo4j.ir.OpDefinition> rows =
                new java.util.ArrayList<>(org.stablehlo4j.dialect.stablehlo.ops.StablehloOps.all());
        rows.addAll(org.stablehlo4j.dialect.chlo.ChloOps.SIGNATURES.all());
        for (var spec : rows) {
            for (var groups : java.util.List.of(spec.operands(), spec.results())) {
                for (var g : groups) {
                    if (TypeConstraints.get(g.constraint(), org.stablehlo4j.dialect.stablehlo.HloTypeConstraints.INSTANCE)
                            == null) {
                        missing.add(g.constraint());
                    }
                }
            }
        }
        assertEquals(java.util.Set.of(), missing);
    }

    @Test
    void typeConstraints() throws DiagnosticException {
        assertEquals("2: 'stablehlo.abs' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit signless integer"
                        + " or 4/6/8/16/32/64-bit float or complex type with 32/64-bit float elements or per-tensor"
                        + " integer quantized values, but got 'tensor<2xui32>'",
                error("func.func @f(%u: tensor<2xui32>) {\n  %0 = \"stablehlo.abs\"(%u) : (tensor<2xui32>) ->"
                        + " tensor<2xui32>\n  func.return\n}"));
        assertEquals("2: 'stablehlo.concatenate' op operand #1 must be variadic of ranked tensor of 4/6/8/16/32/64-bit"
                        + " float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements"
                        + " or per-tensor integer quantized values, but got 'tensor<*xf32>'",
                error("func.func @f(%a: tensor<2xf32>, %u: tensor<*xf32>) {\n  %0 = \"stablehlo.concatenate\"(%a, %u)"
                        + " {dimension = 0 : i64} : (tensor<2xf32>, tensor<*xf32>) -> tensor<4xf32>\n  func.return\n}"));
    }

    private static String parseError(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> parse(text));
        return e.diagnostics().get(0).message();
    }

    @Test
    void typeRulesAtParseTime() {
        assertEquals("Bounds length is 1, expected to be equal to rank(2) of the tensor tensor<?x?xf32, #stablehlo.bounds<3>>",
                parseError("func.func @f(%a: tensor<?x?xf32, #stablehlo.bounds<3>>) { func.return }"));
        assertEquals("Static dimension 0 cannot have a bound, use ShapedType::kDynamic to indicate a missing bound in"
                        + " tensor tensor<3xf32, #stablehlo.bounds<3>>",
                parseError("func.func @f(%a: tensor<3xf32, #stablehlo.bounds<3>>) { func.return }"));
        assertEquals("scale 1.055040e+05 out of expressed type range [5.960464e-08, 6.550400e+04]",
                parseError("func.func @f(%a: tensor<2x!quant.uniform<i4:f16, 10.550400e+04>>) { func.return }"));
        assertEquals("scale -1.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]",
                parseError("func.func @f(%a: tensor<2x!quant.uniform<i8:f32, -1.0:3>>) { func.return }"));
    }

    @Test
    void errorsOfEveryFunctionAreReported() throws DiagnosticException {
        ModuleOp m = parse("func.func @f(%a: tensor<2xf32>) { func.return %a : tensor<2xf32> }\n"
                + "func.func @g(%a: tensor<2xf32>) { func.return %a : tensor<2xf32> }\n");
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(TestContexts.standard(), m));
        assertEquals(2, e.diagnostics().size());
        assertEquals("'func.return' op has 1 operands, but enclosing function (@g) returns 0",
                e.diagnostics().get(1).message());
    }

    @Test
    void validProgramsPass() throws DiagnosticException {
        Verifier.verify(TestContexts.standard(), parse(fn("  %0 = stablehlo.add %a, %a : tensor<2xf32>\n"
                + "  %1 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>\n"
                + "  %2 = stablehlo.subtract %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<?xi32>")));
    }
}
