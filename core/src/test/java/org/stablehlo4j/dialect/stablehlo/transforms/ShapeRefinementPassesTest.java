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
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * The refinement passes on programs shaped like JAX's shape-polymorphic exports: dimension arguments, calls,
 * composites, the {@code stablehlo.dynamic_*} custom calls, shape assertions and the diagnostics of bad input.
 */
class ShapeRefinementPassesTest {
    private final List<Diagnostic> emitted = new ArrayList<>();

    private ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    /** Runs {@code passes} in order (non-fatal diagnostics collected), verifies and prints the module. */
    private String run(ModuleOp m, Pass... passes) throws DiagnosticException {
        PassContext pc = new PassContext(TestContexts.standard(), emitted::add);
        for (Pass p : passes) p.run(m, pc);
        Verifier.verify(TestContexts.standard(), m);
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    private String run(String text, Pass... passes) throws DiagnosticException {
        return run(parse(text), passes);
    }

    private static Pass arguments(String types) {
        return RefineArgumentsPass.fromOptions("types=" + types);
    }

    /** A JAX-style export: main asserts b >= 1 and calls the wrapped function with b as a dimension argument. */
    private static final String EXPORT = """
            func.func public @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
              %c1 = stablehlo.constant dense<1> : tensor<i32>
              %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
              %ok = stablehlo.compare GE, %b, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
              stablehlo.custom_call @shape_assertion(%ok, %b, %b) {api_version = 2 : i32, error_message = "need b >= 1, got 'b' = {0} ({1} rows)", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
              %r = call @wrapped(%b, %x) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?x4xf32>
              return %r : tensor<?x4xf32>
            }
            func.func private @wrapped(%b: tensor<i32> {jax.global_constant = "b"}, %x: tensor<?x4xf32>) -> tensor<?x4xf32> {
              %c4 = stablehlo.constant dense<4> : tensor<1xi32>
              %one = stablehlo.constant dense<1.0> : tensor<f32>
              %0 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
              %1 = stablehlo.concatenate %0, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
              %2 = stablehlo.dynamic_broadcast_in_dim %one, %1, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x4xf32>
              %3 = stablehlo.add %x, %2 : tensor<?x4xf32>
              return %3 : tensor<?x4xf32>
            }
            """;

    @Test
    void anExportIsSpecializedThroughItsCalls() throws Exception {
        String out = run(EXPORT, arguments("tensor<3x4xf32>"), new RefineShapesPass(), new CanonicalizeDynamismPass(),
                new CheckShapeAssertionsPass(true));
        assertTrue(emitted.isEmpty(), emitted.toString());
        assertTrue(out.contains("func.func public @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32>"), out);
        // the dimension argument became a constant inside the callee and left its signature and the call
        assertTrue(out.contains("func.func private @wrapped(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32>"), out);
        assertTrue(out.contains("call @wrapped(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xf32>"), out);
        assertTrue(out.contains("stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>"), out);
        assertFalse(out.contains("dynamic_broadcast_in_dim") || out.contains("shape_assertion")
                || out.contains("shape_refinement_operand_wrapper") || out.contains("?"), out);
    }

    @Test
    void aFailedAssertionReportsItsMessageWithThePlaceholdersFilledIn() throws Exception {
        ModuleOp m = parse(EXPORT);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> run(m, arguments("tensor<0x4xf32>"),
                new RefineShapesPass(), new CanonicalizeDynamismPass(), new CheckShapeAssertionsPass(true)));
        assertEquals(1, e.diagnostics().size(), e.diagnostics().toString());
        assertEquals("need b >= 1, got 'b' = 0 (0 rows)", e.diagnostics().get(0).message());
    }

    @Test
    void disabledAssertionsAreRemovedUnchecked() throws Exception {
        String out = run(EXPORT, arguments("tensor<0x4xf32>"), new RefineShapesPass(),
                CheckShapeAssertionsPass.fromOptions("enable-shape-assertions=false"));
        assertFalse(out.contains("shape_assertion"), out);
        assertThrows(IllegalArgumentException.class, () -> CheckShapeAssertionsPass.fromOptions("enable=false"));
    }

    @Test
    void assertionsThatAreNotConstantOrMalformedAreErrors() throws Exception {
        String text = """
                func.func @f(%p: tensor<i1>, %n: tensor<i32>) {
                  stablehlo.custom_call @shape_assertion(%p) {error_message = "x", has_side_effect = true} : (tensor<i1>) -> ()
                  %f = stablehlo.constant dense<false> : tensor<i1>
                  stablehlo.custom_call @shape_assertion(%f, %n) {error_message = "n = {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
                  stablehlo.custom_call @shape_assertion(%f) {error_message = "bad {1}", has_side_effect = true} : (tensor<i1>) -> ()
                  stablehlo.custom_call @shape_assertion(%f) {error_message = "x", backend_config = "cfg", has_side_effect = true} : (tensor<i1>) -> ()
                  return
                }
                """;
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> run(text, new CheckShapeAssertionsPass(true)));
        List<String> messages = e.diagnostics().stream().map(Diagnostic::message).toList();
        assertEquals(List.of("expects static assert_what (operand #0)",
                "expects static error_message_input (operand #1)",
                "expects error_message to contain format specifiers with error_message_input index less than 0. "
                        + "Found specifier {1}",
                "expects an empty backend_config"), messages);
    }

    @Test
    void messagesAreFormattedAsFormatvFormatsIntegers() {
        assertEquals("b = 3, c = 7, {literal}, 3", CheckShapeAssertionsPass.formatMessage(
                "b = {0}, c = {1,4}, {{literal}, {0:x}", new long[] {3, 7}));
        assertEquals("{0} stays without inputs", CheckShapeAssertionsPass.formatMessage(
                "{0} stays without inputs", new long[0]));
        assertEquals("missing -1", CheckShapeAssertionsPass.formatMessage("missing {5}", new long[] {1}));
    }

    @Test
    void argumentTypesWithCommasInsideBracketsAreOneItem() {
        assertEquals(List.of("tensor<2x!quant.uniform<i8:f32, 1.0>>", "tensor<?xf32>", "tuple<tensor<f32>, tensor<i1>>"),
                RefineArgumentsPass.splitTopLevel("tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<?xf32>,"
                        + "tuple<tensor<f32>, tensor<i1>>"));
        assertThrows(IllegalArgumentException.class, () -> RefineArgumentsPass.fromOptions("shapes=tensor<f32>"));
    }

    @Test
    void invalidRefinementsFailThePassWithUpstreamsDiagnostics() throws Exception {
        String text = "func.func @main(%x: tensor<2x?xf32>) { return }";
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> run(text, arguments("tensor<3x4xf32>")));
        assertEquals("'func.func' op invalid refinement for argument 0, refinement dimension sizes must match for "
                + "static dimensions in tensor<2x?xf32> -> tensor<3x4xf32>", e.diagnostics().get(0).message());
        e = assertThrows(DiagnosticException.class, () -> run(text, arguments("tensor<2x4xi32>")));
        assertTrue(e.diagnostics().get(0).message().contains("refinement element types must match"));
        e = assertThrows(DiagnosticException.class, () -> run(text, arguments("tensor<2x4xf32>,tensor<f32>")));
        assertTrue(e.diagnostics().get(0).message().contains("number of refinements must match number of op "
                + "operands 2 vs 1"));
        e = assertThrows(DiagnosticException.class, () -> run(text, arguments("tensor<2x4xnot_a_type>")));
        assertTrue(e.diagnostics().get(0).message().contains("Invalid type string: tensor<2x4xnot_a_type>"));
    }

    @Test
    void aCalleeRefinedTwoWaysIsAnError() throws Exception {
        String text = """
                func.func @main(%x: tensor<4xf32>, %y: tensor<5xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
                  %a = stablehlo.convert %x : (tensor<4xf32>) -> tensor<?xf32>
                  %b = stablehlo.convert %y : (tensor<5xf32>) -> tensor<?xf32>
                  %0 = call @id(%a) : (tensor<?xf32>) -> tensor<?xf32>
                  %1 = call @id(%b) : (tensor<?xf32>) -> tensor<?xf32>
                  return %0, %1 : tensor<?xf32>, tensor<?xf32>
                }
                func.func private @id(%v: tensor<?xf32>) -> tensor<?xf32> {
                  return %v : tensor<?xf32>
                }
                """;
        ModuleOp m = parse(text);
        new RefineShapesPass().run(m, new PassContext(TestContexts.standard(), emitted::add));
        // reported each time the call is tried (as upstream does, once per sweep of the driver)
        assertFalse(emitted.isEmpty());
        assertEquals(1, emitted.stream().map(Diagnostic::message).distinct().count(), emitted.toString());
        assertTrue(emitted.get(0).message().startsWith("'func.func' op refined with incompatible refinement keys:\n"
                + "  curr=RefinementKey(id, toks=0, dim_args=[], fn_args=[tensor<5xf32>])\n"
                + "  prev=RefinementKey(id, toks=0, dim_args=[], fn_args=[tensor<4xf32>])"), emitted.get(0).message());
    }

    @Test
    void compositesAreRefinedWithTheirDecompositions() throws Exception {
        String text = """
                func.func @main(%x: tensor<?x6xf32>) -> tensor<?x2xf32> {
                  %0 = stablehlo.composite "my.first2" %x {decomposition = @first2} : (tensor<?x6xf32>) -> tensor<?x2xf32>
                  return %0 : tensor<?x2xf32>
                }
                func.func private @first2(%x: tensor<?x6xf32>) -> tensor<?x2xf32> {
                  %z = stablehlo.constant dense<0> : tensor<2xi64>
                  %one = stablehlo.constant dense<1> : tensor<2xi64>
                  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x6xf32>) -> tensor<i32>
                  %b64 = stablehlo.convert %b : (tensor<i32>) -> tensor<i64>
                  %b1 = stablehlo.reshape %b64 : (tensor<i64>) -> tensor<1xi64>
                  %two = stablehlo.constant dense<2> : tensor<1xi64>
                  %lim = stablehlo.concatenate %b1, %two, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
                  %s = stablehlo.real_dynamic_slice %x, %z, %lim, %one : (tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x2xf32>
                  return %s : tensor<?x2xf32>
                }
                """;
        String out = run(text, arguments("tensor<5x6xf32>"), new RefineShapesPass(), new CanonicalizeDynamismPass());
        assertTrue(out.contains("stablehlo.composite \"my.first2\" %arg0 {decomposition = @first2} : "
                + "(tensor<5x6xf32>) -> tensor<5x2xf32>"), out);
        assertTrue(out.contains("func.func private @first2(%arg0: tensor<5x6xf32>) -> tensor<5x2xf32>"), out);
        assertTrue(out.contains("stablehlo.slice %arg0 [0:5, 0:2] : (tensor<5x6xf32>) -> tensor<5x2xf32>"), out);
    }

    @Test
    void dynamicReduceWindowBecomesAReduceWindowWithItsBodyInlined() throws Exception {
        String text = """
                func.func @main(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
                  %init = stablehlo.constant dense<0.0> : tensor<f32>
                  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
                  %b1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
                  %c1 = stablehlo.constant dense<1> : tensor<1xi32>
                  %bm1 = stablehlo.subtract %b1, %c1 : tensor<1xi32>
                  %z = stablehlo.constant dense<0> : tensor<1xi32>
                  %dims = stablehlo.concatenate %b1, %c1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
                  %ones = stablehlo.constant dense<1> : tensor<2xi32>
                  %lo = stablehlo.concatenate %bm1, %z, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
                  %lo2 = stablehlo.reshape %lo : (tensor<2xi32>) -> tensor<2x1xi32>
                  %hi = stablehlo.constant dense<0> : tensor<2x1xi32>
                  %pad = stablehlo.concatenate %lo2, %hi, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
                  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %init, %dims, %ones, %ones, %ones, %pad) {called_computations = [@sum]} : (tensor<?x3xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<?x3xf32>
                  return %r : tensor<?x3xf32>
                }
                func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
                  %s = stablehlo.add %a, %b : tensor<f32>
                  return %s : tensor<f32>
                }
                """;
        String out = run(text, arguments("tensor<4x3xf32>"), new RefineShapesPass(), new CanonicalizeDynamismPass());
        assertTrue(emitted.isEmpty(), emitted.toString());
        assertTrue(out.contains("\"stablehlo.reduce_window\"(%arg0, %cst)"), out);
        assertTrue(out.contains("padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>"), out);
        assertTrue(out.contains("window_dimensions = array<i64: 4, 1>"), out);
        assertTrue(out.contains("stablehlo.return"), out);
        assertTrue(out.contains("-> tensor<4x3xf32>"), out);
        assertFalse(out.contains("dynamic_reduce_window"), out);
    }

    @Test
    void dynamicTopKAndRngBitGeneratorBecomeOps() throws Exception {
        String text = """
                func.func @main(%x: tensor<?x6xf32>, %s: tensor<2xui64>) -> (tensor<?x?xf32>, tensor<?x?xi32>, tensor<?xui32>) {
                  %k = stablehlo.constant dense<2> : tensor<i64>
                  %v, %i = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) : (tensor<?x6xf32>, tensor<i64>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
                  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x6xf32>) -> tensor<i32>
                  %shape = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
                  %ns, %bits = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%s, %shape) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<1xi32>) -> (tensor<2xui64>, tensor<?xui32>)
                  return %v, %i, %bits : tensor<?x?xf32>, tensor<?x?xi32>, tensor<?xui32>
                }
                """;
        String out = run(text, arguments("tensor<3x6xf32>,tensor<2xui64>"), new RefineShapesPass(),
                new CanonicalizeDynamismPass());
        assertTrue(emitted.isEmpty(), emitted.toString());
        assertTrue(out.contains("chlo.top_k(%arg0, k = 2) : tensor<3x6xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)"),
                out);
        assertTrue(out.contains("stablehlo.rng_bit_generator %arg1, algorithm = THREE_FRY : (tensor<2xui64>) -> "
                + "(tensor<2xui64>, tensor<3xui32>)"), out);
    }

    @Test
    void malformedDynamicCustomCallsAreReported() throws Exception {
        String text = """
                func.func @main(%x: tensor<?x6xf32>) -> tensor<?x?xf32> {
                  %k = stablehlo.constant dense<2> : tensor<2xi64>
                  %v, %i = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) : (tensor<?x6xf32>, tensor<2xi64>) -> (tensor<?x?xf32>, tensor<?x?xi32>)
                  return %v : tensor<?x?xf32>
                }
                """;
        run(text, new RefineShapesPass());
        assertFalse(emitted.isEmpty());
        assertEquals("expects k (operand #1) to be a 0-dimensional tensor of integer or index type",
                emitted.get(0).message());
    }

    @Test
    void aValueWithAnUnknownUserIsNotRefined() throws Exception {
        String text = """
                func.func @main(%x: tensor<4xf32>) -> index {
                  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<?xf32>
                  %c = arith.constant 0 : index
                  %d = tensor.dim %0, %c : tensor<?xf32>
                  return %d : index
                }
                """;
        String out = run(text, new RefineShapesPass());
        assertTrue(out.contains("stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<?xf32>"), out);
    }

    @Test
    void aModuleWithoutFunctionsHasNothingToRefine() throws Exception {
        String out = run("module {}", new RefineShapesPass());
        assertTrue(out.startsWith("module {"), out);
        assertThrows(DiagnosticException.class, () -> run("module {}", arguments("tensor<f32>")));
    }

    @Test
    void specializationCopiesLeaveTheOriginalAsItIs() throws Exception {
        ModuleOp m = parse(EXPORT);
        String before = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        ModuleOp copy = ShapeSpecialization.copy(m);
        ShapeSpecialization.specialize(TestContexts.standard(), copy, null,
                List.of(AsmParser.parseType(TestContexts.standard(), "tensor<2x4xf32>")));
        assertEquals(before, AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false)));
        assertTrue(ShapeSpecialization.needed(m, m.body().first()));
        assertFalse(ShapeSpecialization.needed(copy, copy.body().first()));
    }
}
