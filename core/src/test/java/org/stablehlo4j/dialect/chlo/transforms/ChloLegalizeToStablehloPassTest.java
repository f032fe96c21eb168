package org.stablehlo4j.dialect.chlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.init.AllPasses;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * The CHLO lowering on small programs: which StableHLO ops each pattern makes, in which order, with which types,
 * and how the conversion reports what it cannot legalize. (Upstream's FileCheck suites run through the tools in
 * the conformance run; the numbers the decompositions compute are checked in the interpreter's tests.)
 */
class ChloLegalizeToStablehloPassTest {
    /** The result of running the pass: the printed module (null on failure) and every diagnostic. */
    private record Run(String out, List<Diagnostic> diagnostics) {
        String messages() {
            StringBuilder sb = new StringBuilder();
            for (Diagnostic d : diagnostics) sb.append(d.severity().keyword).append(": ").append(d.message()).append('\n');
            return sb.toString();
        }
    }

    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    private static Run lower(String text) throws DiagnosticException {
        ModuleOp m = parse(text);
        List<Diagnostic> diagnostics = new ArrayList<>();
        try {
            new ChloLegalizeToStablehloPass().run(m, new PassContext(TestContexts.standard(), diagnostics::add));
        } catch (DiagnosticException e) {
            diagnostics.addAll(e.diagnostics());
            return new Run(null, diagnostics);
        }
        Verifier.verify(TestContexts.standard(), m);
        return new Run(print(m), diagnostics);
    }

    /** The op names of the printed lines, in order (e.g. {@code stablehlo.add}). */
    private static List<String> opNames(String printed) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\s*(?:%[^=]+= )?\"?((?:stablehlo|chlo)\\.[a-z_0-9]+)").matcher(printed);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    private static String fn(String args, String result, String body) {
        return "func.func @f(" + args + ") -> " + result + " {\n" + body + "\n}\n";
    }

    // ---- broadcasting ops

    @Test
    void sameShapesBecomeTheStablehloOp() throws Exception {
        Run r = lower(fn("%a: tensor<4xf32>, %b: tensor<4xf32>", "tensor<4xi1>", """
                  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
                  return %0 : tensor<4xi1>"""));
        assertTrue(r.out().contains("stablehlo.compare GT, %arg0, %arg1, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>"),
                r.out());
        assertFalse(r.out().contains("chlo."), r.out());
    }

    @Test
    void staticShapesAreBroadcastWithBroadcastInDim() throws Exception {
        Run r = lower(fn("%a: tensor<1x4xf32>, %b: tensor<4x1xf32>", "tensor<4x4xf32>", """
                  %0 = chlo.broadcast_subtract %a, %b : (tensor<1x4xf32>, tensor<4x1xf32>) -> tensor<4x4xf32>
                  return %0 : tensor<4x4xf32>"""));
        assertEquals(List.of("stablehlo.broadcast_in_dim", "stablehlo.broadcast_in_dim", "stablehlo.subtract"),
                opNames(r.out()));
        assertTrue(r.out().contains("stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x4xf32>"),
                r.out());
    }

    @Test
    void boundedShapesSetTheDimensionSizeOfThePaddedBroadcast() throws Exception {
        Run r = lower(fn("%a: tensor<?xf64, #stablehlo.bounds<10>>, %b: tensor<f64>", "tensor<?xf64, #stablehlo.bounds<10>>", """
                  %0 = chlo.broadcast_multiply %a, %b : (tensor<?xf64, #stablehlo.bounds<10>>, tensor<f64>) -> tensor<?xf64, #stablehlo.bounds<10>>
                  return %0 : tensor<?xf64, #stablehlo.bounds<10>>"""));
        assertEquals(List.of("stablehlo.broadcast_in_dim", "stablehlo.get_dimension_size",
                "stablehlo.set_dimension_size", "stablehlo.multiply"), opNames(r.out()));
    }

    @Test
    void nextAfterPolygammaAndZetaBecomeTheirUnbroadcastCounterparts() throws Exception {
        // broadcast_next_after -> chlo.next_after -> its bit-level decomposition; nothing of CHLO is left
        Run r = lower(fn("%a: tensor<3xf32>, %b: tensor<f32>", "tensor<3xf32>", """
                  %0 = chlo.broadcast_next_after %a, %b : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
                  return %0 : tensor<3xf32>"""));
        List<String> ops = opNames(r.out());
        assertEquals("stablehlo.broadcast_in_dim", ops.get(0));
        assertEquals("stablehlo.bitcast_convert", ops.get(1));
        assertEquals("stablehlo.bitcast_convert", ops.get(ops.size() - 1));
        assertFalse(r.out().contains("chlo."), r.out());
    }

    @Test
    void nonPrefixBroadcastDimensionsWarnAndFail() throws Exception {
        Run r = lower(fn("%a: tensor<1x4xf32>, %b: tensor<4xf32>", "tensor<1x4xf32>", """
                  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
                  return %0 : tensor<1x4xf32>"""));
        assertEquals(null, r.out());
        assertEquals("warning: unsupported non prefix-padded dynamic rank broadcast_dimensions = 1, 2\n"
                + "error: failed to legalize operation 'chlo.broadcast_add' that was explicitly marked illegal\n",
                r.messages());
    }

    /** The op names of the printed lines, shape, tensor and builtin ops included, in order. */
    private static List<String> allOpNames(String printed) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\s*(?:%[^=]+= )?\"?((?:stablehlo|chlo|shape|tensor)\\.[a-z_0-9]+)").matcher(printed);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void unboundedShapesBroadcastUnderAShapeAssumption() throws Exception {
        Run r = lower(fn("%a: tensor<?xf32>, %b: tensor<?x?xf32>", "tensor<?x?xi1>", """
                  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
                  return %0 : tensor<?x?xi1>"""));
        assertEquals(List.of("shape.shape_of", "shape.shape_of", "shape.cstr_broadcastable", "shape.assuming",
                "shape.shape_of", "shape.shape_of", "shape.broadcast", "stablehlo.dynamic_broadcast_in_dim",
                "stablehlo.dynamic_broadcast_in_dim", "stablehlo.compare", "shape.assuming_yield"), allOpNames(r.out()));
        assertTrue(r.out().contains("shape.broadcast %4, %5 : tensor<1xindex>, tensor<2xindex> -> tensor<2xindex>"), r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_broadcast_in_dim %arg0, %6, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>"),
                r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_broadcast_in_dim %arg1, %6, dims = [0, 1]"), r.out());
        assertTrue(r.out().contains("stablehlo.compare LT, %7, %8 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>"), r.out());
        assertTrue(r.out().contains("return %3 : tensor<?x?xi1>"), r.out());
        assertTrue(r.diagnostics().isEmpty(), r.messages());
    }

    @Test
    void staticOperandsWithADynamicResultTakeTheDynamicRoute() throws Exception {
        // the static patterns want a static (or bounded) result; a CHLO op built inside the region is lowered too
        Run r = lower(fn("%a: tensor<4xf32>, %b: tensor<f32>", "tensor<?xf32>", """
                  %0 = chlo.broadcast_next_after %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<?xf32>
                  return %0 : tensor<?xf32>"""));
        assertFalse(r.out().contains("chlo."), r.out());
        assertTrue(r.out().contains("shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<0xindex>"), r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_broadcast_in_dim %arg1, %6, dims = [] : (tensor<f32>, tensor<1xindex>) -> tensor<?xf32>"),
                r.out());
        assertTrue(r.out().contains("stablehlo.bitcast_convert"), r.out());
    }

    @Test
    void selectAlwaysGoesThroughShapeOpsFoldingWhatIsKnown() throws Exception {
        Run stat = lower(fn("%p: tensor<i1>, %a: tensor<8x1xi32>, %b: tensor<2x8x8xi32>", "tensor<2x8x8xi32>", """
                  %0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<i1>, tensor<8x1xi32>, tensor<2x8x8xi32>) -> tensor<2x8x8xi32>
                  return %0 : tensor<2x8x8xi32>"""));
        // static shapes are known to broadcast: the constraint folds to a passing witness
        assertEquals(List.of("shape.shape_of", "shape.shape_of", "shape.shape_of", "shape.const_witness",
                "shape.assuming", "shape.broadcast", "tensor.cast", "stablehlo.dynamic_broadcast_in_dim",
                "stablehlo.dynamic_broadcast_in_dim", "stablehlo.select", "shape.assuming_yield"), allOpNames(stat.out()));
        assertTrue(stat.out().contains("shape.const_witness true"), stat.out());
        assertTrue(stat.out().contains("-> tensor<?xindex>"), stat.out());
        assertTrue(stat.out().contains("tensor.cast %5 : tensor<?xindex> to tensor<3xindex>"), stat.out());
        // a scalar predicate is not broadcast
        assertTrue(stat.out().contains("stablehlo.select %arg0, %7, %8 : tensor<i1>, tensor<2x8x8xi32>"), stat.out());
        Run dyn = lower(fn("%p: tensor<1xi1>, %a: tensor<2x?x8xi32>, %b: tensor<2x8x8xi32>", "tensor<2x?x8xi32>", """
                  %0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<1xi1>, tensor<2x?x8xi32>, tensor<2x8x8xi32>) -> tensor<2x?x8xi32>
                  return %0 : tensor<2x?x8xi32>"""));
        assertTrue(dyn.out().contains("shape.cstr_broadcastable %0, %1, %2 : tensor<1xindex>, tensor<3xindex>, tensor<3xindex>"),
                dyn.out());
        assertTrue(dyn.out().contains("stablehlo.dynamic_broadcast_in_dim %arg0, %6, dims = [2] : (tensor<1xi1>, tensor<3xindex>) -> tensor<2x?x8xi1>"),
                dyn.out());
        assertFalse(dyn.out().contains("const_witness"), dyn.out());
    }

    @Test
    void constantLikeIsAConstantOrABroadcastConstant() throws Exception {
        Run stat = lower(fn("%a: tensor<1x2xi64>", "tensor<1x2xf32>", """
                  %0 = "chlo.constant_like"(%a) {value = 3.2 : f32} : (tensor<1x2xi64>) -> tensor<1x2xf32>
                  return %0 : tensor<1x2xf32>"""));
        assertTrue(stat.out().contains("stablehlo.constant dense<3.200000e+00> : tensor<1x2xf32>"), stat.out());
        Run bounded = lower(fn("%a: tensor<?xi64, #stablehlo.bounds<2>>", "tensor<?xi32, #stablehlo.bounds<2>>", """
                  %0 = "chlo.constant_like"(%a) <{value = 1 : i32}> : (tensor<?xi64, #stablehlo.bounds<2>>) -> tensor<?xi32, #stablehlo.bounds<2>>
                  return %0 : tensor<?xi32, #stablehlo.bounds<2>>"""));
        assertEquals(List.of("stablehlo.constant", "stablehlo.broadcast_in_dim", "stablehlo.get_dimension_size",
                "stablehlo.set_dimension_size"), opNames(bounded.out()));
        assertTrue(bounded.out().contains("stablehlo.constant dense<1> : tensor<i32>"), bounded.out());
        Run unbounded = lower(fn("%a: tensor<?x?xf32>", "tensor<?x?xf32>", """
                  %0 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<?x?xf32>) -> tensor<?x?xf32>
                  return %0 : tensor<?x?xf32>"""));
        assertEquals(List.of("stablehlo.constant", "shape.shape_of", "stablehlo.dynamic_broadcast_in_dim"),
                allOpNames(unbounded.out()));
        assertTrue(unbounded.out().contains("stablehlo.dynamic_broadcast_in_dim %cst, %0, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x?xf32>"),
                unbounded.out());
    }

    // ---- templates

    @Test
    void templatesMakeTheirOpsOperandsFirst() throws Exception {
        Run r = lower(fn("%z: tensor<complex<f32>>, %x: tensor<f32>", "(tensor<complex<f32>>, tensor<i1>, tensor<complex<f32>>)", """
                  %0 = "chlo.square"(%z) : (tensor<complex<f32>>) -> tensor<complex<f32>>
                  %1 = chlo.is_inf %x : tensor<f32> -> tensor<i1>
                  %2 = "chlo.conj"(%z) : (tensor<complex<f32>>) -> tensor<complex<f32>>
                  return %0, %1, %2 : tensor<complex<f32>>, tensor<i1>, tensor<complex<f32>>"""));
        assertEquals(List.of(
                // square: complex(select(and(is_finite(x), |x| == |y|), 0, (x - y)(x + y)), 2 * (x * y))
                "stablehlo.real", "stablehlo.is_finite", "stablehlo.abs", "stablehlo.imag", "stablehlo.abs",
                "stablehlo.compare", "stablehlo.and", "stablehlo.constant", "stablehlo.subtract", "stablehlo.add",
                "stablehlo.multiply", "stablehlo.select", "stablehlo.constant", "stablehlo.multiply",
                "stablehlo.multiply", "stablehlo.complex",
                // is_inf: |x| == +inf
                "stablehlo.abs", "stablehlo.constant", "stablehlo.compare",
                // conj: complex(re, -im)
                "stablehlo.real", "stablehlo.imag", "stablehlo.negate", "stablehlo.complex"), opNames(r.out()));
        assertTrue(r.out().contains("stablehlo.constant dense<0x7F800000> : tensor<f32>"), r.out());
    }

    @Test
    void mulhiWidensBelowSixtyFourBitsAndSplitsAtSixtyFour() throws Exception {
        Run narrow = lower(fn("%a: tensor<4xui16>, %b: tensor<4xui16>", "tensor<4xui16>", """
                  %0 = "chlo.mulhi"(%a, %b) : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
                  return %0 : tensor<4xui16>"""));
        assertEquals(List.of("stablehlo.convert", "stablehlo.convert", "stablehlo.multiply", "stablehlo.constant",
                "stablehlo.shift_right_logical", "stablehlo.convert"), opNames(narrow.out()));
        assertTrue(narrow.out().contains("stablehlo.constant dense<16> : tensor<4xui32>"), narrow.out());
        Run wide = lower(fn("%a: tensor<4xi64>, %b: tensor<4xi64>", "tensor<4xi64>", """
                  %0 = "chlo.mulhi"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
                  return %0 : tensor<4xi64>"""));
        // the signed form goes through an unsigned chlo.mulhi, itself decomposed in place
        assertFalse(wide.out().contains("chlo."), wide.out());
        assertTrue(wide.out().contains("stablehlo.constant dense<4294967295> : tensor<4xui64>"), wide.out());
        assertEquals(41, opNames(wide.out()).size());
    }

    @Test
    void nextAfterBuildsItsMasksFromTheBitWidth() throws Exception {
        Run r = lower(fn("%a: tensor<2xf64>, %b: tensor<2xf64>", "tensor<2xf64>", """
                  %0 = chlo.next_after %a, %b : tensor<2xf64>, tensor<2xf64> -> tensor<2xf64>
                  return %0 : tensor<2xf64>"""));
        assertTrue(r.out().contains("stablehlo.constant dense<-9223372036854775808> : tensor<2xi64>"), r.out());
        assertTrue(r.out().contains("stablehlo.constant dense<9223372036854775807> : tensor<2xi64>"), r.out());
        assertTrue(r.out().contains("stablehlo.constant dense<0x7FF8000000000000> : tensor<2xf64>"), r.out());
    }

    // ---- structured ops

    @Test
    void topKSortsDescendingAndSlices() throws Exception {
        Run r = lower(fn("%a: tensor<3x5xi8>", "(tensor<3x2xi8>, tensor<3x2xi32>)", """
                  %0:2 = chlo.top_k(%a, k = 2) : tensor<3x5xi8> -> (tensor<3x2xi8>, tensor<3x2xi32>)
                  return %0#0, %0#1 : tensor<3x2xi8>, tensor<3x2xi32>"""));
        assertTrue(r.out().contains("stablehlo.iota dim = 1 : tensor<3x5xi32>"), r.out());
        assertTrue(r.out().contains("<{dimension = 1 : i64, is_stable = true}>"), r.out());
        // integers compare without a comparison type, floats with TOTALORDER
        assertTrue(r.out().contains("stablehlo.compare GT, %arg1, %arg2 : (tensor<i8>, tensor<i8>) -> tensor<i1>"), r.out());
        assertTrue(r.out().contains("stablehlo.slice %1#1 [0:3, 0:2]"), r.out());
        Run dyn = lower(fn("%a: tensor<?x5xf32>", "(tensor<?x2xf32>, tensor<?x2xi32>)", """
                  %0:2 = chlo.top_k(%a, k = 2) : tensor<?x5xf32> -> (tensor<?x2xf32>, tensor<?x2xi32>)
                  return %0#0, %0#1 : tensor<?x2xf32>, tensor<?x2xi32>"""));
        assertTrue(dyn.out().contains("stablehlo.dynamic_iota"), dyn.out());
        assertTrue(dyn.out().contains("TOTALORDER"), dyn.out());
        assertEquals(2, dyn.out().split("stablehlo.real_dynamic_slice", -1).length - 1, dyn.out());
    }

    private static final String RAGGED_DN = "ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], "
            + "rhs_batching_dimensions = [%s], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [%s], "
            + "lhs_ragged_dimensions = [%s], rhs_group_dimensions = [%s]>";

    @Test
    void raggedDotHasOneMaskedDotPerGroup() throws Exception {
        Run mode1 = lower(fn("%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<3xi64>", "tensor<2x11x7xf32>",
                "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {" + String.format(RAGGED_DN, "1", "2", "1", "0")
                        + ", precision_config = [#chlo<precision HIGHEST>, #chlo<precision DEFAULT>]} : "
                        + "(tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>\n"
                        + "  return %0 : tensor<2x11x7xf32>"));
        List<String> ops = opNames(mode1.out());
        assertEquals(3, ops.stream().filter("stablehlo.dot_general"::equals).count());
        assertEquals(2 + 3, ops.stream().filter("stablehlo.add"::equals).count(), "3 offsets, 2 sums");
        assertTrue(mode1.out().contains("batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, DEFAULT]"),
                mode1.out());
        Run mode2 = lower(fn("%l: tensor<2x3x5xf32>, %r: tensor<2x5x7xf32>, %g: tensor<2x4xi32>", "tensor<4x2x3x7xf32>",
                "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {" + String.format(RAGGED_DN, "0", "1", "2", "")
                        + "} : (tensor<2x3x5xf32>, tensor<2x5x7xf32>, tensor<2x4xi32>) -> tensor<4x2x3x7xf32>\n"
                        + "  return %0 : tensor<4x2x3x7xf32>"));
        List<String> ops2 = opNames(mode2.out());
        assertEquals(4, ops2.stream().filter("stablehlo.dot_general"::equals).count());
        assertEquals("stablehlo.concatenate", ops2.get(ops2.size() - 1));
        // i32 group sizes are converted to i64 offsets; no precision config without one on the CHLO op
        assertTrue(mode2.out().contains("stablehlo.convert"), mode2.out());
        assertFalse(mode2.out().contains("precision ="), mode2.out());
        Run mode3 = lower(fn("%l: tensor<2x3x5xf32>, %r: tensor<2x5x7xf32>, %g: tensor<2xi64>", "tensor<2x3x7xf32>",
                "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {" + String.format(RAGGED_DN, "0", "1", "0", "")
                        + "} : (tensor<2x3x5xf32>, tensor<2x5x7xf32>, tensor<2xi64>) -> tensor<2x3x7xf32>\n"
                        + "  return %0 : tensor<2x3x7xf32>"));
        assertEquals(List.of("stablehlo.dot_general"), opNames(mode3.out()));
    }

    @Test
    void raggedDotWithADynamicLhsBroadcastsToItsShapeOf() throws Exception {
        Run r = lower(fn("%l: tensor<?x?x?xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<3xi64>", "tensor<?x?x?xf32>",
                "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {" + String.format(RAGGED_DN, "1", "2", "1", "0")
                        + "} : (tensor<?x?x?xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>\n"
                        + "  return %0 : tensor<?x?x?xf32>"));
        List<String> ops = allOpNames(r.out());
        assertEquals(3, ops.stream().filter("stablehlo.dot_general"::equals).count());
        // the zero of the mask, then start, limit and iota of each of the 3 groups, each on its own shape_of
        assertEquals(1 + 3 * 3, ops.stream().filter("shape.shape_of"::equals).count(), r.out());
        assertEquals(1 + 3 * 3, ops.stream().filter("stablehlo.dynamic_broadcast_in_dim"::equals).count(), r.out());
        assertFalse(ops.contains("stablehlo.broadcast_in_dim"), r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_broadcast_in_dim %cst, %5, dims = [] : (tensor<f32>, tensor<3xindex>) -> tensor<?x?x?xf32>"),
                r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_iota"), r.out());
    }

    @Test
    void raggedDotWithADynamicGroupSizesBatchSlicesItsExtentsAsUpstreamDoes() throws Exception {
        // upstream slices the extent tensor with stablehlo.slice, which StableHLO does not allow on index
        // tensors: the lowered program fails verification, as upstream's does
        ModuleOp m = parse(fn("%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<?x3xi64>", "tensor<2x11x7xf32>",
                "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {" + String.format(RAGGED_DN, "1", "2", "1", "0")
                        + "} : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<?x3xi64>) -> tensor<2x11x7xf32>\n"
                        + "  return %0 : tensor<2x11x7xf32>"));
        new ChloLegalizeToStablehloPass().run(m, new PassContext(TestContexts.standard(), d -> { }));
        String out = print(m);
        assertTrue(out.contains("stablehlo.slice %0 [0:1] : (tensor<2xindex>) -> tensor<1xindex>"), out);
        assertTrue(out.contains("stablehlo.dynamic_broadcast_in_dim %c, %1, dims = [] : (tensor<i64>, tensor<1xindex>) -> tensor<?xi64>"),
                out);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(TestContexts.standard(), m));
        assertTrue(e.getMessage().contains("'stablehlo.slice' op operand #0 must be ranked tensor of")
                && e.getMessage().contains("but got 'tensor<2xindex>'"), e.getMessage());
    }

    @Test
    void scanWithADynamicOutputFillsItLikeTheInput() throws Exception {
        Run r = lower(fn("%x: tensor<?x3xf32>, %c: tensor<3xf32>", "(tensor<?x3xf32>, tensor<3xf32>)", """
                  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
                  ^bb0(%e: tensor<3xf32>, %acc: tensor<3xf32>):
                    %s = stablehlo.add %e, %acc : tensor<3xf32>
                    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
                  } : (tensor<?x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>)
                  return %0#0, %0#1 : tensor<?x3xf32>, tensor<3xf32>"""));
        assertTrue(r.out().contains("shape.shape_of %arg0 : tensor<?x3xf32> -> tensor<2xindex>"), r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_broadcast_in_dim %cst, %2, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x3xf32>"),
                r.out());
        assertTrue(r.out().contains("stablehlo.real_dynamic_slice %arg0"), r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_update_slice"), r.out());
        // without inputs a dynamic output has no shape to copy
        Run none = lower(fn("%c: tensor<f32>", "(tensor<?xf32>, tensor<f32>)", """
                  %0:2 = chlo.scan() inits(%c) dimension=0 {
                  ^bb0(%acc: tensor<f32>):
                    stablehlo.return %acc, %acc : tensor<f32>, tensor<f32>
                  } : (tensor<f32>) -> (tensor<?xf32>, tensor<f32>)
                  return %0#0, %0#1 : tensor<?xf32>, tensor<f32>"""));
        assertEquals("error: failed to legalize operation 'chlo.scan' that was explicitly marked illegal\n", none.messages());
    }

    @Test
    void scanIsAWhileLoopAndItsBodysChloIsLoweredToo() throws Exception {
        Run r = lower(fn("%x: tensor<4xf32>, %c: tensor<f32>", "(tensor<4xf32>, tensor<f32>)", """
                  %0:2 = chlo.scan(%x) inits(%c) dimension=0 attributes {is_reverse = true} {
                  ^bb0(%e: tensor<f32>, %acc: tensor<f32>):
                    %s = chlo.broadcast_add %e, %acc : (tensor<f32>, tensor<f32>) -> tensor<f32>
                    stablehlo.return %s, %s : tensor<f32>, tensor<f32>
                  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
                  return %0#0, %0#1 : tensor<4xf32>, tensor<f32>"""));
        assertFalse(r.out().contains("chlo."), r.out());
        assertTrue(r.out().contains("stablehlo.while"), r.out());
        assertTrue(r.out().contains("stablehlo.dynamic_update_slice"), r.out());
        // reverse: position (N - 1) - counter
        assertEquals(2, r.out().split("stablehlo.subtract", -1).length - 1, r.out());
        assertTrue(Pattern.compile("return %\\d+#2, %\\d+#1 : tensor<4xf32>, tensor<f32>").matcher(r.out()).find(), r.out());
    }

    // ---- the conversion

    @Test
    void eachFunctionReportsItsOwnFailureAndTheOthersAreConverted() throws Exception {
        // broadcast dimensions that are not numpy's prefix padding cannot be lowered with dynamic shapes
        String text = fn("%a: tensor<?x?xf32>, %b: tensor<?xf32>", "tensor<?x?xf32>", """
                  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
                  %1 = chlo.broadcast_add %0, %b {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
                  return %1 : tensor<?x?xf32>""")
                + fn("%a: tensor<2xf32>", "tensor<2xi1>", """
                  %0 = chlo.is_pos_inf %a : tensor<2xf32> -> tensor<2xi1>
                  return %0 : tensor<2xi1>""").replace("@f", "@g")
                + fn("%a: tensor<?x?xf32>, %b: tensor<?xf32>", "tensor<?x?xf32>", """
                  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
                  return %0 : tensor<?x?xf32>""").replace("@f", "@h");
        ModuleOp m = parse(text);
        List<Diagnostic> errors = new ArrayList<>();
        assertFalse(ChloConversion.apply(m.op(), ChloLegalizeToStablehloPass.patterns(d -> { }), errors::add));
        assertEquals(2, errors.size(), "the first failure of @f and of @h");
        for (Diagnostic d : errors) {
            assertEquals("failed to legalize operation 'chlo.broadcast_add' that was explicitly marked illegal", d.message());
        }
        String out = print(m);
        assertTrue(out.contains("stablehlo.compare EQ"), "@g converted: " + out);
        // the pass fails with the last error, the others reported first
        List<Diagnostic> reported = new ArrayList<>();
        DiagnosticException e = assertThrows(DiagnosticException.class, () ->
                new ChloLegalizeToStablehloPass().run(parse(text), new PassContext(TestContexts.standard(), reported::add)));
        // (besides the warning of each broadcast_add tried)
        assertEquals(1, reported.stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).count(), reported.toString());
        assertEquals(2, reported.stream().filter(d -> d.severity() == Diagnostic.Severity.WARNING).count(), reported.toString());
        assertEquals("failed to legalize operation 'chlo.broadcast_add' that was explicitly marked illegal",
                e.diagnostics().get(0).message());
    }

    @Test
    void legalizeWherePossibleLeavesWhatItCannotLower() throws Exception {
        ModuleOp m = parse(fn("%a: tensor<?x?xf32>, %c: tensor<?xf32>, %b: tensor<2xf32>", "(tensor<?x?xf32>, tensor<2xi1>)", """
                  %0 = chlo.broadcast_add %a, %c {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
                  %1 = chlo.is_neg_inf %b : tensor<2xf32> -> tensor<2xi1>
                  return %0, %1 : tensor<?x?xf32>, tensor<2xi1>"""));
        assertFalse(ChloLegalizeToStablehloPass.legalizeWherePossible(m.op()));
        String out = print(m);
        assertTrue(out.contains("chlo.broadcast_add"), out);
        assertFalse(out.contains("chlo.is_neg_inf"), out);
        assertTrue(ChloLegalizeToStablehloPass.containsChlo(m.op()));
    }

    @Test
    void optionsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ChloLegalizeToStablehloPass.fromOptions("x=1"));
    }

    // ---- the pre-serialization pipeline

    @Test
    void thePreSerializationPipelineLowersChloAndReconcilesCasts() throws Exception {
        ModuleOp m = parse(fn("%a: tensor<2xf32>", "tensor<2xi1>", """
                  %0 = "builtin.unrealized_conversion_cast"(%a) : (tensor<2xf32>) -> tensor<2xi32>
                  %1 = "builtin.unrealized_conversion_cast"(%0) : (tensor<2xi32>) -> tensor<2xf32>
                  %2 = chlo.is_inf %1 : tensor<2xf32> -> tensor<2xi1>
                  return %2 : tensor<2xi1>"""));
        AllPasses.registry().lookup(AllPasses.CHLO_PRE_SERIALIZATION_PIPELINE).create("")
                .run(m, new PassContext(TestContexts.standard(), d -> { }));
        String out = print(m);
        assertFalse(out.contains("chlo."), out);
        assertFalse(out.contains("unrealized_conversion_cast"), out);
        assertTrue(out.contains("stablehlo.abs %arg0"), out);
        assertThrows(IllegalArgumentException.class,
                () -> AllPasses.registry().lookup(AllPasses.CHLO_PRE_SERIALIZATION_PIPELINE).create("x"));
    }

    @Test
    void thePreSerializationPipelineLowersTheShapeOpsOfTheChloLowering() throws Exception {
        ModuleOp m = parse(fn("%a: tensor<?x?xf32>", "tensor<?x?xf32>", """
                  %0 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<?x?xf32>) -> tensor<?x?xf32>
                  return %0 : tensor<?x?xf32>"""));
        AllPasses.registry().lookup(AllPasses.CHLO_PRE_SERIALIZATION_PIPELINE).create("")
                .run(m, new PassContext(TestContexts.standard(), d -> { }));
        String out = print(m);
        assertFalse(out.contains("shape."), out);
        assertFalse(out.contains("unrealized_conversion_cast"), out);
        assertEquals(List.of("stablehlo.constant", "stablehlo.get_dimension_size", "stablehlo.reshape",
                "stablehlo.get_dimension_size", "stablehlo.reshape", "stablehlo.concatenate",
                "stablehlo.dynamic_broadcast_in_dim"), allOpNames(out));
    }
}
