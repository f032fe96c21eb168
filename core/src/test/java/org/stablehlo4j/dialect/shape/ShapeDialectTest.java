package org.stablehlo4j.dialect.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/** The shape dialect: its pretty forms, types, verification (upstream's messages), folders and typed classes. */
class ShapeDialectTest {
    private static final Context CTX = TestContexts.standard();

    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(CTX, text, ParseOptions.of("t.mlir"));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(CTX, m, new PrintOptions(false, false, false));
    }

    /** The first error of parsing and verifying {@code text}, as "line: message". */
    private static String error(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(CTX, parse(text)));
        var d = e.diagnostics().get(0);
        int line = d.location() instanceof org.stablehlo4j.ir.Location.FileLineCol f ? f.line() : -1;
        return line + ": " + d.message();
    }

    private static String fn(String args, String body) {
        return "func.func @f(" + args + ") {\n" + body + "\n  return\n}\n";
    }

    /** Every pretty form prints back as it was written (upstream's spelling, including const_shape's spaces). */
    @Test
    void prettyFormsRoundTrip() throws Exception {
        List<String> ops = List.of(
                "%0 = shape.shape_of %arg0 : tensor<?x4xf32> -> tensor<2xindex>",
                "%1 = shape.const_shape [6, 4] : tensor<2xindex>",
                "%2 = shape.broadcast %0, %1 {error = \"oops\"} : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>",
                "%3 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>",
                "%4 = shape.num_elements %arg1 : !shape.shape -> !shape.size",
                "%c10 = shape.const_size 10",
                "%5 = shape.add %arg2, %c10 : !shape.size, !shape.size -> !shape.size",
                "%6 = shape.index_to_size %arg3",
                "%7 = shape.size_to_index %arg2 : !shape.size",
                "%8 = shape.get_extent %0, %arg3 : tensor<2xindex>, index -> index",
                "%9 = shape.const_witness true",
                "%10 = shape.assuming_all %3, %9",
                "%11 = shape.cstr_require %arg4, \"must hold\"",
                "%12 = shape.meet %arg1, %arg1, error = \"x\" : !shape.shape, !shape.shape -> !shape.shape",
                "%13 = shape.with_shape %arg0, %0 : tensor<?x4xf32>, tensor<2xindex>",
                "%14 = shape.value_of %13 : tensor<?x4xf32>",
                "%15 = shape.const_shape  {a = 1 : i64}[] : !shape.shape",
                "%16 = shape.assuming %3 -> (tensor<2xindex>) {\n"
                        + "      %17 = shape.broadcast %0, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>\n"
                        + "      shape.assuming_yield %17 : tensor<2xindex>\n    }",
                "shape.assuming %10 {\n      %17 = shape.rank %0 : tensor<2xindex> -> index\n    }");
        String text = "module {\n  func.func @f(%arg0: tensor<?x4xf32>, %arg1: !shape.shape, %arg2: !shape.size, "
                + "%arg3: index, %arg4: i1) {\n    " + String.join("\n    ", ops) + "\n    return\n  }\n}\n";
        ModuleOp m = parse(text);
        Verifier.verify(CTX, m);
        assertEquals(text, print(m).stripTrailing() + "\n");
        // the parser adds the terminator an assuming region may leave out
        Operation assuming = m.body().operations().get(0).region(0).entry().operations().get(ops.size() - 1);
        assertTrue(AssumingOp.is(assuming));
        assertTrue(AssumingYieldOp.is(assuming.region(0).entry().last()));
    }

    @Test
    void bytecodeRoundTrip() throws Exception {
        String text = fn("%t: tensor<?x4xf32>, %s: !shape.shape", """
                  %0 = shape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
                  %1 = shape.const_shape [6, 4] : tensor<2xindex>
                  %w = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>
                  %2 = shape.assuming %w -> (!shape.size) {
                    %n = shape.num_elements %s : !shape.shape -> !shape.size
                    shape.assuming_yield %n : !shape.size
                  }""");
        ModuleOp m = parse(text);
        byte[] bytes = BytecodeWriter.write(CTX, m, "test");
        assertEquals(print(m), print(BytecodeReader.read(CTX, bytes, "t.mlirbc")));
    }

    @Test
    void typesAreTheFourOfShapeBase() throws Exception {
        ModuleOp m = parse(fn("%a: !shape.shape, %b: !shape.size, %c: !shape.value_shape, %d: !shape.witness", ""));
        var args = m.body().operations().get(0).region(0).entry().arguments();
        assertSame(ShapeTypes.SHAPE, args.get(0).type());
        assertEquals(ShapeTypes.SIZE, args.get(1).type());
        assertEquals(ShapeTypes.VALUE_SHAPE, args.get(2).type());
        assertEquals(ShapeTypes.WITNESS, args.get(3).type());
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> parse(fn("%a: !shape.sizes", "")));
        assertTrue(e.getMessage().contains("unknown shape type: sizes"), e.getMessage());
    }

    @Test
    void verifierMessagesAreUpstreams() {
        assertEquals("2: 'shape.broadcast' op if at least one of the operands can hold error values then the result "
                + "must be of type `shape` to propagate them", error(fn("%a: !shape.shape, %b: !shape.shape", """
                  %0 = shape.broadcast %a, %b : !shape.shape, !shape.shape -> tensor<?xindex>""")));
        assertEquals("2: 'shape.num_elements' op if at least one of the operands can hold error values then the "
                + "result must be of type `size` to propagate them", error(fn("%a: !shape.shape", """
                  %0 = shape.num_elements %a : !shape.shape -> index""")));
        assertEquals("2: 'shape.cstr_broadcastable' op required at least 2 input shapes", error(fn("%a: tensor<2xindex>", """
                  %0 = shape.cstr_broadcastable %a : tensor<2xindex>""")));
        assertEquals("2: 'shape.assuming_all' op no operands specified", error(fn("", """
                  %0 = shape.assuming_all""")));
        // Terminator is checked before HasParent<AssumingOp>
        assertEquals("2: 'shape.assuming_yield' op must be the last operation in the parent block", error(fn("", """
                  "shape.assuming_yield"() : () -> ()""")));
        assertEquals("2: 'shape.assuming_yield' op expects parent op 'shape.assuming'",
                error("func.func @f() {\n  shape.assuming_yield\n}\n"));
        assertEquals("2: 'shape.assuming' op along control flow edge from Region #0 to parent results: source type #0 "
                + "index should match input type #0 !shape.size", error(fn("%w: !shape.witness, %i: index", """
                  %0 = shape.assuming %w -> (!shape.size) {
                    shape.assuming_yield %i : index
                  }""")));
        assertEquals("2: 'shape.const_size' op attribute 'value' failed to satisfy constraint: index attribute",
                error(fn("", "  %0 = \"shape.const_size\"() {value = \"x\"} : () -> !shape.size")));
        // operand constraints come from ShapeBase.td's definitions
        assertEquals("2: 'shape.num_elements' op operand #0 must be shape or extent tensor, but got 'tensor<2x2xindex>'",
                error(fn("%a: tensor<2x2xindex>", """
                  %0 = shape.num_elements %a : tensor<2x2xindex> -> index""")));
        // inference: a size result for a shape operand, an index for an extent tensor; they are compatible
        assertEquals("2: 'shape.shape_of' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) "
                + "of operation 'tensor<3xindex>'", error(fn("%a: tensor<2x3xf32>", """
                  %0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<3xindex>""")));
    }

    @Test
    void validShapes() throws Exception {
        Verifier.verify(CTX, parse(fn("%a: tensor<?x3xf32>, %e: tensor<2xindex>, %s: !shape.size", """
                  %0 = shape.shape_of %a : tensor<?x3xf32> -> tensor<?xindex>
                  %1 = shape.shape_of %a : tensor<?x3xf32> -> !shape.shape
                  %2 = shape.num_elements %e : tensor<2xindex> -> !shape.size
                  %3 = shape.const_shape [1, 2] : !shape.shape
                  %4 = shape.add %s, %s : !shape.size, !shape.size -> !shape.size""")));
    }

    @Test
    void unknownShapeOpsStayGeneric() throws Exception {
        ModuleOp m = parse(fn("%e: tensor<2xindex>", """
                  %0 = "shape.not_an_op"(%e) : (tensor<2xindex>) -> index"""));
        Verifier.verify(CTX, m);
        assertTrue(print(m).contains("\"shape.not_an_op\"(%arg0)"));
    }

    /** Constant shape computations fold (and materialize as the dialect's constants). */
    @Test
    void foldersComputeOnConstants() throws Exception {
        ModuleOp m = parse("""
                func.func @f() -> (index, tensor<3xindex>, !shape.witness, !shape.size, !shape.size) {
                  %a = shape.const_shape [2, 3] : tensor<2xindex>
                  %b = shape.const_shape [4, 1, 3] : tensor<3xindex>
                  %n = shape.num_elements %a : tensor<2xindex> -> index
                  %r = shape.broadcast %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<3xindex>
                  %w = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<3xindex>
                  %c = shape.const_size 3
                  %s = shape.add %c, %c : !shape.size, !shape.size -> !shape.size
                  %d = shape.const_size 1
                  %e = shape.get_extent %b, %d : tensor<3xindex>, !shape.size -> !shape.size
                  return %n, %r, %w, %s, %e : index, tensor<3xindex>, !shape.witness, !shape.size, !shape.size
                }
                """);
        GreedyRewriteDriver.apply(m.op(), new PatternSet());
        String out = print(m);
        assertTrue(out.contains("arith.constant 6 : index"), out);
        assertTrue(out.contains("shape.const_shape [4, 2, 3] : tensor<3xindex>"), out);
        assertTrue(out.contains("shape.const_witness true"), out);
        assertTrue(out.contains("shape.const_size 6"), out);
        assertTrue(out.contains("shape.const_size 1"), out);
        assertFalse(out.contains("shape.get_extent"), out);
        Verifier.verify(CTX, m);
    }

    @Test
    void typedClassesCompareWithTheRegisteredRows() throws Exception {
        ModuleOp m = parse(fn("%a: tensor<?xf32>", """
                  %0 = shape.shape_of %a : tensor<?xf32> -> tensor<1xindex>"""));
        Operation op = m.body().operations().get(0).region(0).entry().first();
        ShapeOfOp shapeOf = ShapeOfOp.cast(op);
        assertEquals(op.operand(0), shapeOf.arg());
        assertFalse(BroadcastOp.is(op));
        assertSame(CTX.opDefinition(op), ShapeOfOp.DEFINITION);
    }
}
