package org.stablehlo4j.dialect.mlir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/** The arith and tensor ops of shape computations: pretty forms, verification, folding and the typed builders. */
class MlirOpsTest {
    private static final Context CTX = TestContexts.standard();

    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(CTX, text, ParseOptions.of("t.mlir"));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(CTX, m, new PrintOptions(false, false, false));
    }

    private static String fn(String args, String body) {
        return "func.func @f(" + args + ") {\n" + body + "\n  return\n}\n";
    }

    private static String error(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(CTX, parse(text)));
        return e.diagnostics().get(0).message();
    }

    @Test
    void prettyFormsRoundTrip() throws Exception {
        List<String> ops = List.of(
                "%0 = arith.addi %arg0, %arg1 : index",
                "%1 = arith.subi %arg0, %arg1 {foo} : index",
                "%2 = arith.muli %arg0, %arg1 : index",
                "%3 = arith.divsi %arg0, %arg1 : index",
                "%4 = arith.maxsi %arg3, %arg3 : tensor<2xi32>",
                "%5 = arith.cmpi slt, %arg0, %arg1 : index",
                "%6 = arith.cmpi uge, %arg3, %arg3 : tensor<2xi32>",
                "%7 = arith.select %5, %arg0, %arg1 : index",
                "%8 = arith.select %6, %arg3, %arg3 : tensor<2xi1>, tensor<2xi32>",
                "%9 = arith.index_cast %arg0 : index to i32",
                "%dim = tensor.dim %arg2, %arg0 : tensor<?x4xf32>",
                "%dim_0 = tensor.dim {foo} %arg2, %arg0 : tensor<?x4xf32>",
                "%extracted = tensor.extract %arg3[%arg0] : tensor<2xi32>",
                "%from_elements = tensor.from_elements %arg0, %dim : tensor<2xindex>",
                "%c7 = arith.constant 7 : index");
        String text = "module {\n  func.func @f(%arg0: index, %arg1: index, %arg2: tensor<?x4xf32>, %arg3: "
                + "tensor<2xi32>) {\n    " + String.join("\n    ", ops) + "\n    return\n  }\n}\n";
        ModuleOp m = parse(text);
        Verifier.verify(CTX, m);
        assertEquals(text, print(m).stripTrailing() + "\n");
    }

    @Test
    void verifierMessages() {
        assertEquals("'arith.addi' op requires the same type for all operands and results", error(fn(
                "%a: index, %b: index", "  %0 = \"arith.addi\"(%a, %b) : (index, index) -> i32")));
        assertEquals("'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'", error(fn(
                "%a: f32", "  %0 = arith.addi %a, %a : f32")));
        assertEquals("'arith.index_cast' op operand type 'tensor<2xindex>' and result type 'tensor<3xi32>' are cast "
                + "incompatible", error(fn("%a: tensor<2xindex>",
                "  %0 = arith.index_cast %a : tensor<2xindex> to tensor<3xi32>")));
        assertEquals("'tensor.extract' op incorrect number of indices for extract_element", error(fn(
                "%t: tensor<2x2xi32>, %i: index", "  %0 = tensor.extract %t[%i] : tensor<2x2xi32>")));
        assertEquals("'tensor.from_elements' op expected 3 operands, but found 2", error(fn(
                "%a: index", "  %0 = tensor.from_elements %a, %a : tensor<3xindex>")));
        assertEquals("'arith.constant' op failed to verify that all of {value, result} have same type", error(fn(
                "", "  %0 = \"arith.constant\"() {value = 1 : index} : () -> i32")));
        assertEquals("'arith.cmpi' op failed to verify that result type has i1 element type and same shape as "
                + "operands", error(fn("%a: tensor<2xi32>", "  %0 = \"arith.cmpi\"(%a, %a) {predicate = 0 : i64} : "
                + "(tensor<2xi32>, tensor<2xi32>) -> i1")));
        DiagnosticException bad = assertThrows(DiagnosticException.class,
                () -> parse(fn("%a: index", "  %0 = arith.cmpi less, %a, %a : index")));
        assertTrue(bad.getMessage().contains("invalid predicate attribute specification: \"less\""), bad.getMessage());
    }

    /** MLIR's folds: identities, constant arithmetic (wrapping), static dims, constant tensors. */
    @Test
    void folders() throws Exception {
        ModuleOp m = parse("""
                func.func @f(%a: index, %t: tensor<?x4xf32>) -> (index, index, index, index, i1, index, index, tensor<2xindex>, i32) {
                  %c0 = arith.constant 0 : index
                  %c1 = arith.constant 1 : index
                  %c3 = arith.constant 3 : index
                  %c7 = arith.constant 7 : index
                  %0 = arith.addi %a, %c0 : index
                  %1 = arith.muli %c3, %c7 : index
                  %2 = arith.divsi %c7, %c3 : index
                  %3 = tensor.dim %t, %c1 : tensor<?x4xf32>
                  %4 = arith.cmpi slt, %c3, %c7 : index
                  %5 = arith.select %4, %c7, %c3 : index
                  %6 = arith.subi %a, %a : index
                  %7 = tensor.from_elements %c3, %c7 : tensor<2xindex>
                  %m = arith.constant 2147483647 : i32
                  %one = arith.constant 1 : i32
                  %8 = arith.addi %m, %one : i32
                  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : index, index, index, index, i1, index, index, tensor<2xindex>, i32
                }
                """);
        GreedyRewriteDriver.apply(m.op(), new PatternSet());
        String out = print(m);
        assertTrue(out.contains("return %arg0, %c21, %c2, %c4, %true, %c7, %c0, %cst, %c-2147483648_i32 :"), out);
        assertTrue(out.contains("arith.constant dense<[3, 7]> : tensor<2xindex>"), out);
        assertFalse(out.contains("tensor.dim") || out.contains("arith.addi") || out.contains("arith.select"), out);
        Verifier.verify(CTX, m);
    }

    @Test
    void divisionByZeroDoesNotFold() throws Exception {
        ModuleOp m = parse("""
                func.func @f() -> index {
                  %c0 = arith.constant 0 : index
                  %c7 = arith.constant 7 : index
                  %0 = arith.divsi %c7, %c0 : index
                  return %0 : index
                }
                """);
        GreedyRewriteDriver.apply(m.op(), new PatternSet());
        assertTrue(print(m).contains("arith.divsi %c7, %c0 : index"));
    }

    @Test
    void typedBuildersInferResults() throws Exception {
        ModuleOp m = parse(fn("%t: tensor<?x4xf32>", ""));
        Operation ret = m.body().operations().get(0).region(0).entry().last();
        OpBuilder b = OpBuilder.before(ret);
        b.setContext(CTX);
        Value c1 = ConstantOp.create(b, null, IntElements.scalar(IndexType.INSTANCE, 1)).result();
        Value dim = DimOp.create(b, null, ret.parentOp().region(0).entry().argument(0), c1).result();
        Value sum = AddiOp.create(b, null, dim, c1).result();
        Value cmp = CmpiOp.create(b, null, sum, c1, org.stablehlo4j.ir.IntegerAttr.of(IntegerType.I64, 2)).result();
        assertEquals(IndexType.INSTANCE, dim.type());
        assertEquals(IndexType.INSTANCE, sum.type());
        assertEquals(IntegerType.I1, cmp.type());
        Value v = FromElementsOp.create(b, null, new RankedTensorType(new long[] {2}, IndexType.INSTANCE),
                List.of(dim, sum)).result();
        assertEquals(IndexType.INSTANCE, ExtractOp.create(b, null, v, List.of(c1)).result().type());
        Verifier.verify(CTX, m);
    }
}
