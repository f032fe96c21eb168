package org.stablehlo4j.verify;

import static org.stablehlo4j.verify.VerifyTests.fn;
import static org.stablehlo4j.verify.VerifyTests.parse;
import org.stablehlo4j.testing.TestContexts;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/** Rules of {@link ShapeRules} that upstream's test files do not reach (bounds, constants as shape operands, ...). */
class ShapeRulesTest {
    private static List<String> errors(String text) throws DiagnosticException {
        return VerifyTests.errors(text);
    }

    private static String error(String text) throws DiagnosticException {
        return errors(text).get(0);
    }

    private static void valid(String text) throws DiagnosticException {
        ModuleOp m = parse(text);
        assertDoesNotThrow(() -> Verifier.verify(TestContexts.standard(), m));
    }

    @Test
    void sliceChecksLimitsAgainstBounds() throws DiagnosticException {
        String arg = "%a: tensor<?xf32, #stablehlo.bounds<4>>";
        String type = " : (tensor<?xf32, #stablehlo.bounds<4>>)";
        assertEquals(List.of("limit index 5 is larger than dimension bound 4 in dimension 0",
                        "'stablehlo.slice' op failed to infer returned types"),
                errors(fn(arg, "  %0 = stablehlo.slice %a [0:5]" + type + " -> tensor<5xf32>")));
        valid(fn(arg, "  %0 = stablehlo.slice %a [1:4:2]" + type + " -> tensor<2xf32>"));
        assertEquals("'stablehlo.slice' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of"
                        + " operation 'tensor<3xf32>'",
                error(fn(arg, "  %0 = stablehlo.slice %a [1:4:2]" + type + " -> tensor<3xf32>")));
    }

    /**
     * {@code op} (with its operand types, without result type) infers the bounded {@code inferred}: that and the
     * static {@code within} are valid result types, {@code beyond} is rejected as incompatible.
     */
    private static void infersBounded(String args, String op, String opName, String inferred, String within,
                                      String beyond) throws DiagnosticException {
        valid(fn(args, op + " -> " + inferred));
        valid(fn(args, op + " -> " + within));
        assertEquals("'" + opName + "' op inferred type(s) '" + inferred + "' are incompatible with return type(s)"
                + " of operation '" + beyond + "'", error(fn(args, op + " -> " + beyond)));
    }

    @Test
    void concatenateAddsBounds() throws DiagnosticException {
        String args = "%a: tensor<?xf32, #stablehlo.bounds<3>>, %b: tensor<2xf32>";
        String op = "  %0 = stablehlo.concatenate %a, %b, dim = 0"
                + " : (tensor<?xf32, #stablehlo.bounds<3>>, tensor<2xf32>)";
        infersBounded(args, op, "stablehlo.concatenate", "tensor<?xf32, #stablehlo.bounds<5>>", "tensor<4xf32>",
                "tensor<6xf32>");
        assertEquals("Mismatched dimension size 4 and bound 3 in dimension 1",
                error(fn("%a: tensor<1x?xf32, #stablehlo.bounds<?, 3>>, %b: tensor<1x4xf32>",
                        "  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x?xf32, #stablehlo.bounds<?, 3>>,"
                                + " tensor<1x4xf32>) -> tensor<2x4xf32>")));
    }

    @Test
    void padAndTransposeCarryBounds() throws DiagnosticException {
        String arg = "%a: tensor<?x2xf32, #stablehlo.bounds<3, ?>>, %p: tensor<f32>";
        valid(fn(arg, "  %0 = stablehlo.pad %a, %p, low = [1, 0], high = [1, 0], interior = [1, 0]"
                + " : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>, tensor<f32>)"
                + " -> tensor<?x2xf32, #stablehlo.bounds<7, ?>>"));
        assertEquals("Padding result in negative bound for dimension 0",
                error(fn(arg, "  %0 = stablehlo.pad %a, %p, low = [-4, 0], high = [0, 0], interior = [0, 0]"
                        + " : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>, tensor<f32>) -> tensor<?x2xf32>")));
        assertEquals("'stablehlo.transpose' op inferred type(s) 'tensor<2x?xf32, #stablehlo.bounds<?, 3>>' are"
                        + " incompatible with return type(s) of operation 'tensor<2x4xf32>'",
                error(fn(arg, "  %0 = stablehlo.transpose %a, dims = [1, 0]"
                        + " : (tensor<?x2xf32, #stablehlo.bounds<3, ?>>) -> tensor<2x4xf32>")));
    }

    @Test
    void gatherPropagatesIndexBounds() throws DiagnosticException {
        String args = "%a: tensor<5x4xf32>, %i: tensor<?x1xi32, #stablehlo.bounds<8, ?>>";
        String op = "  %0 = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1],"
                + " collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,"
                + " slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<?x1xi32, #stablehlo.bounds<8, ?>>)";
        infersBounded(args, op, "stablehlo.gather", "tensor<?x4xf32, #stablehlo.bounds<8, ?>>", "tensor<8x4xf32>",
                "tensor<9x4xf32>");
    }

    @Test
    void dynamicGatherReadsConstantSliceSizes() throws DiagnosticException {
        String args = "%a: tensor<5x4xf32>, %i: tensor<3x1xi32>";
        String gather = "  %1 = \"stablehlo.dynamic_gather\"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<"
                + "offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}"
                + " : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x2xf32>";
        valid(fn(args, "  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n" + gather));
        assertEquals("slice size (5) is out of bounds for operand dimension (4) at index 1",
                error(fn(args, "  %s = stablehlo.constant dense<[1, 5]> : tensor<2xi32>\n" + gather)));
        assertEquals("'stablehlo.dynamic_gather' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return"
                        + " type(s) of operation 'tensor<3x2xf32>'",
                error(fn(args, "  %s = stablehlo.constant dense<[1, 3]> : tensor<2xi32>\n" + gather)));
    }

    @Test
    void setDimensionSizeWithConstantSize() throws DiagnosticException {
        String args = "%a: tensor<4x2xf32>";
        String op = "  %1 = stablehlo.set_dimension_size %a, %s, dim = 0 : (tensor<4x2xf32>, tensor<i32>)";
        valid(fn(args, "  %s = stablehlo.constant dense<4> : tensor<i32>\n" + op + " -> tensor<4x2xf32>"));
        valid(fn(args, "  %s = stablehlo.constant dense<3> : tensor<i32>\n" + op
                + " -> tensor<?x2xf32, #stablehlo.bounds<4, ?>>"));
        assertEquals("'stablehlo.set_dimension_size' op inferred type(s) 'tensor<?x2xf32, #stablehlo.bounds<4, ?>>'"
                        + " are incompatible with return type(s) of operation 'tensor<5x2xf32>'",
                error(fn(args, "  %s = stablehlo.constant dense<3> : tensor<i32>\n" + op + " -> tensor<5x2xf32>")));
    }

    @Test
    void shapeOperandsThatAreConstants() throws DiagnosticException {
        assertEquals("size of operand dimension 0 (3) is not equal to 1 or value of shape at index 0 (4)",
                error(fn("%a: tensor<3xf32>", "  %s = stablehlo.constant dense<[4]> : tensor<1xi64>\n"
                        + "  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0]"
                        + " : (tensor<3xf32>, tensor<1xi64>) -> tensor<?xf32>")));
        // 3 elements, 1 low, 1 high, 1 between each neighbouring pair: 3 + 1 + 1 + 2 = 7
        assertEquals("expected output dimension at index 0 to equal 7, but got 5",
                error(fn("%a: tensor<3xf32>, %p: tensor<f32>",
                        "  %l = stablehlo.constant dense<[1]> : tensor<1xi64>\n"
                                + "  %0 = stablehlo.dynamic_pad %a, %p, %l, %l, %l : (tensor<3xf32>, tensor<f32>,"
                                + " tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xf32>")));
        assertEquals("has mismatched number of operand rank (2) and limit_indices size (1)",
                error(fn("%a: tensor<3x4xf32>, %x: tensor<2xi64>, %y: tensor<1xi64>",
                        "  %0 = stablehlo.real_dynamic_slice %a, %x, %y, %x : (tensor<3x4xf32>, tensor<2xi64>,"
                                + " tensor<1xi64>, tensor<2xi64>) -> tensor<?x?xf32>")));
    }

    @Test
    void constantsCompareByStorageType() throws DiagnosticException {
        valid(fn("", "  %0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi8>}"
                + " : () -> tensor<2x!quant.uniform<i8:f32, 2.0:15>>"));
        assertEquals("'stablehlo.constant' op inferred type(s) 'tensor<2xi16>' are incompatible with return type(s)"
                        + " of operation 'tensor<2x!quant.uniform<i8:f32, 2.000000e+00:15>>'",
                error(fn("", "  %0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi16>}"
                        + " : () -> tensor<2x!quant.uniform<i8:f32, 2.0:15>>")));
    }

    @Test
    void illFormedOperandsAreLeftToOtherRules() throws DiagnosticException {
        // Unranked operands fail the ODS constraints first; this group's rules, called on their own, must neither
        // crash nor report anything for them.
        ModuleOp m = parse(fn("%a: tensor<*xf32>, %i: tensor<*xi32>",
                "  %0 = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1],"
                        + " collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,"
                        + " slice_sizes = array<i64: 1, 4>} : (tensor<*xf32>, tensor<*xi32>) -> tensor<?x4xf32>\n"
                        + "  %1 = \"stablehlo.transpose\"(%a) {permutation = array<i64: 1, 0>}"
                        + " : (tensor<*xf32>) -> tensor<*xf32>\n"
                        + "  %2 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 0>,"
                        + " limit_indices = array<i64: 1>, strides = array<i64: 1>}"
                        + " : (tensor<*xf32>) -> tensor<1xf32>"));
        Operation fn = m.op().region(0).blocks().get(0).operations().get(0);
        int checked = 0;
        for (Operation op : fn.region(0).blocks().get(0).operations()) {
            if (!op.name().startsWith("stablehlo.")) continue;
            org.stablehlo4j.ir.OpDefinition def = TestContexts.standard().opDefinition(op.name());
            if (def.verifier() != null) assertDoesNotThrow(() -> def.verifier().verify(op));
            assertEquals(null, def.inferTypes() == null ? null : def.inferTypes().infer(op), op.name());
            checked++;
        }
        assertEquals(3, checked);
        // Out-of-range dimensions are reported, never indexed.
        assertEquals("Expects each element of start_index_map to be in range [0, rank-of('operand')) i.e. [0, 2)."
                        + " got: 9.",
                error(fn("%a: tensor<5x4xf32>, %i: tensor<3x1xi32>",
                        "  %0 = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1],"
                                + " collapsed_slice_dims = [0], start_index_map = [9], index_vector_dim = 1>,"
                                + " slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3x1xi32>)"
                                + " -> tensor<3x4xf32>")));
    }

    @Test
    void ownRulesReportBeforeInference() throws DiagnosticException {
        // Upstream verifies inferred types after the op's verify(): a bad dimension list is what gets reported.
        assertEquals("dimensions should be unique. Got: 0, 0",
                error(fn("%a: tensor<2x3xf32>", "  %0 = \"stablehlo.reverse\"(%a) {dimensions = array<i64: 0, 0>}"
                        + " : (tensor<2x3xf32>) -> tensor<3x3xf32>")));
        assertEquals("'stablehlo.reverse' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s)"
                        + " of operation 'tensor<3x3xf32>'",
                error(fn("%a: tensor<2x3xf32>", "  %0 = \"stablehlo.reverse\"(%a) {dimensions = array<i64: 0>}"
                        + " : (tensor<2x3xf32>) -> tensor<3x3xf32>")));
    }

    @Test
    void shapeTraitsReportBeforeInference() throws DiagnosticException {
        assertEquals("'stablehlo.is_finite' op all non-scalar operands/results must have the same shape and base type",
                error(fn("%a: tensor<3xf32>", "  %0 = \"stablehlo.is_finite\"(%a) : (tensor<3xf32>) -> tensor<4xi1>")));
        assertEquals("'stablehlo.uniform_dequantize' op all non-scalar operands/results must have the same shape and"
                        + " base type",
                error(fn("%a: tensor<3x!quant.uniform<i8:f32, 1.0:0>>", "  %0 = \"stablehlo.uniform_dequantize\"(%a)"
                        + " : (tensor<3x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<4xf32>")));
        assertEquals("'stablehlo.uniform_dequantize' op inferred type(s) 'tensor<3xf32>' are incompatible with return"
                        + " type(s) of operation 'tensor<3xf64>'",
                error(fn("%a: tensor<3x!quant.uniform<i8:f32, 1.0:0>>", "  %0 = \"stablehlo.uniform_dequantize\"(%a)"
                        + " : (tensor<3x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3xf64>")));
    }

    @Test
    void perAxisBroadcastAndReshape() throws DiagnosticException {
        String q2 = "!quant.uniform<i8:f32:0, {1.0:1, 2.0:2}>";
        String q6 = "!quant.uniform<i8:f32:0, {1.0:1, 2.0:2, 1.0:1, 1.0:1, 1.0:1, 1.0:1}>";
        assertEquals("expect same quantization dimension size for operand and result"
                        + " 'tensor<2x3x!quant.uniform<i8:f32:0, {1.000000e+00:1,2.000000e+00:2}>>' and"
                        + " 'tensor<6x!quant.uniform<i8:f32:0, {1.000000e+00:1,2.000000e+00:2,1.000000e+00:1,"
                        + "1.000000e+00:1,1.000000e+00:1,1.000000e+00:1}>>'",
                error(fn("%a: tensor<2x3x" + q2 + ">",
                        "  %0 = stablehlo.reshape %a : (tensor<2x3x" + q2 + ">) -> tensor<6x" + q6 + ">")));
        String q3 = "!quant.uniform<i8:f32:1, {1.0:1, 2.0:2, 3.0:3}>";
        String r3 = "!quant.uniform<i8:f32:0, {1.0:1, 2.0:2, 3.0:3}>";
        assertEquals("product of dimensions before quantization dimension must match between operand and result for"
                        + " 2 and 1",
                error(fn("%a: tensor<2x3x" + q3 + ">",
                        "  %0 = stablehlo.reshape %a : (tensor<2x3x" + q3 + ">) -> tensor<3x2x" + r3 + ">")));
        valid(fn("%a: tensor<1x!quant.uniform<i8:f32:0, {1.0:1}>>",
                "  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<1x!quant.uniform<i8:f32:0, {1.0:1}>>)"
                        + " -> tensor<2x3x!quant.uniform<i8:f32:1, {1.0:1, 1.0:1, 1.0:1}>>"));
    }
}
