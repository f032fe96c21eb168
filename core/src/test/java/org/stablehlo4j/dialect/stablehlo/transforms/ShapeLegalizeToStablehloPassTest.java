package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

class ShapeLegalizeToStablehloPassTest {
    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("t.mlir"));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    /** Runs the pass on a module that converts, verifies the result, and prints it. */
    private static String convert(String text) throws Exception {
        ModuleOp m = parse(text);
        new ShapeLegalizeToStablehloPass().run(m, new PassContext(TestContexts.standard(), d -> { }));
        Verifier.verify(TestContexts.standard(), m);
        return print(m);
    }

    /** The pass's failure on a module, each diagnostic as "line:column message". */
    private static List<String> failure(String text) throws Exception {
        ModuleOp m = parse(text);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> new ShapeLegalizeToStablehloPass().run(m, new PassContext(TestContexts.standard(), d -> { })));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) {
            Location.FileLineCol l = (Location.FileLineCol) d.location();
            out.add(l.line() + ":" + l.column() + " " + d.message());
        }
        return out;
    }

    @Test
    void shapeComputationsBecomeI32StablehloOps() throws Exception {
        String out = convert("""
                func.func @f(%arg0: tensor<?x3xf32>, %arg1: tensor<2xindex>) -> (index, tensor<2xindex>) {
                  %0 = shape.shape_of %arg0 : tensor<?x3xf32> -> tensor<2xindex>
                  %1 = shape.broadcast %0, %arg1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
                  %2 = shape.num_elements %1 : tensor<2xindex> -> index
                  return %2, %1 : index, tensor<2xindex>
                }
                """);
        String[] expected = {
            "%0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>",
            "%1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>",
            "%2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x3xf32>) -> tensor<i32>",
            "%3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>",
            "%4 = stablehlo.concatenate %1, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>",
            "%5 = builtin.unrealized_conversion_cast %4 : tensor<2xi32> to tensor<2xindex>",
            "%6 = builtin.unrealized_conversion_cast %5 : tensor<2xindex> to tensor<2xi32>",
            "%7 = builtin.unrealized_conversion_cast %arg1 : tensor<2xindex> to tensor<2xi32>",
            "%8 = stablehlo.maximum %6, %7 : tensor<2xi32>",
            "%9 = builtin.unrealized_conversion_cast %8 : tensor<2xi32> to tensor<2xindex>",
            "%10 = builtin.unrealized_conversion_cast %9 : tensor<2xindex> to tensor<2xi32>",
            "%c = stablehlo.constant dense<1> : tensor<i32>"};
        int at = 0;
        for (String line : expected) {
            int next = out.indexOf(line, at);
            assertTrue(next >= 0, line + "\n" + out);
            at = next;
        }
        assertFalse(out.contains("shape."), out);
    }

    @Test
    void indexArithmeticAndTensorOps() throws Exception {
        String out = convert("""
                func.func @f(%a: index, %t: tensor<?x4xf32>, %e: tensor<3xindex>) -> (index, index, tensor<2xindex>, i64) {
                  %c1 = arith.constant 1 : index
                  %d = tensor.dim %t, %c1 : tensor<?x4xf32>
                  %m = arith.muli %d, %c1 : index
                  %x = tensor.extract %e[%c1] : tensor<3xindex>
                  %v = tensor.from_elements %m, %c1 : tensor<2xindex>
                  %w = arith.index_cast %a : index to i64
                  return %m, %x, %v, %w : index, index, tensor<2xindex>, i64
                }
                """);
        assertTrue(out.contains("stablehlo.get_dimension_size %arg1, dim = 1 : (tensor<?x4xf32>) -> tensor<i32>"), out);
        assertTrue(out.contains("stablehlo.multiply %2, %c : tensor<i32>"), out);
        assertTrue(out.contains("stablehlo.slice %5 [1:2] : (tensor<3xi32>) -> tensor<1xi32>"), out);
        assertTrue(out.contains("stablehlo.constant dense<1> : tensor<1xi32>"), out);
        assertTrue(out.contains("stablehlo.convert %"), out);
        assertFalse(out.contains("tensor.") || out.contains("arith.muli") || out.contains("arith.index_cast"), out);
    }

    @Test
    void indexOperandsOfDynamicOpsAreCast() throws Exception {
        String out = convert("""
                func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
                  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
                  return %0 : tensor<?x?xf32>
                }
                """);
        assertTrue(out.contains("%0 = builtin.unrealized_conversion_cast %arg1 : tensor<2xindex> to tensor<2xi32>"), out);
        assertTrue(out.contains("stablehlo.dynamic_broadcast_in_dim %arg0, %0, dims = [1] : (tensor<?xf32>, "
                + "tensor<2xi32>) -> tensor<?x?xf32>"), out);
    }

    /** Unconvertible ops fail the pass at the first one of each function, with upstream's message. */
    @Test
    void illegalOpsAreReported() throws Exception {
        assertEquals(List.of("2:3 failed to legalize operation 'shape.cstr_broadcastable' that was explicitly "
                        + "marked illegal",
                "7:3 failed to legalize operation 'arith.index_cast' that was explicitly marked illegal"),
                failure("""
                func.func @f(%a: tensor<2xindex>, %b: tensor<2xindex>) -> !shape.witness {
                  %0 = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<2xindex>
                  %1 = shape.num_elements %a : tensor<2xindex> -> !shape.size
                  func.return %0 : !shape.witness
                }
                func.func @g(%a: tensor<2xi8>) -> tensor<2xindex> {
                  %0 = arith.index_cast %a : tensor<2xi8> to tensor<2xindex>
                  func.return %0 : tensor<2xindex>
                }
                """));
        // a dynamic extent tensor has no i32 counterpart: the dynamic op keeps its index operand and is illegal
        assertEquals(List.of("2:3 failed to legalize operation 'stablehlo.dynamic_reshape' that was explicitly "
                + "marked illegal"), failure("""
                func.func @f(%a: tensor<?xf32>, %s: tensor<?xindex>) -> tensor<*xf32> {
                  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<?xindex>) -> tensor<*xf32>
                  func.return %0 : tensor<*xf32>
                }
                """));
    }

    /** A pattern that does not match leaves nothing behind (a conversion would roll it back). */
    @Test
    void failedMatchesCreateNothing() throws Exception {
        String text = """
                func.func @f(%a: tensor<2xindex>, %i: index) -> (tensor<2xi8>, index) {
                  %0 = arith.index_cast %a : tensor<2xindex> to tensor<2xi8>
                  %c4 = arith.constant 4 : index
                  %1 = tensor.extract %a[%c4] : tensor<2xindex>
                  func.return %0, %1 : tensor<2xi8>, index
                }
                """;
        ModuleOp m = parse(text);
        String before = print(m);
        assertThrows(DiagnosticException.class,
                () -> new ShapeLegalizeToStablehloPass().run(m, new PassContext(TestContexts.standard(), d -> { })));
        assertEquals(before, print(m));
    }

    @Test
    void registeredUnderUpstreamsName() throws Exception {
        assertTrue(TestContexts.passes().lookup(ShapeLegalizeToStablehloPass.NAME).create("")
                instanceof ShapeLegalizeToStablehloPass);
    }
}
