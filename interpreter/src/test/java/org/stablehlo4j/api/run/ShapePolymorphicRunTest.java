package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Type;

/**
 * Shape-polymorphic programs through the library: {@link StableHloRunner} specializes them to the inputs (a
 * failed assertion is an error with JAX's message filled in), {@link StableHlo#refineShapes} gives the specialized
 * program, leaving the original as it is.
 */
class ShapePolymorphicRunTest {
    /** A JAX-style export: rows of x scaled by 2 and summed per row, with b >= 1 asserted. */
    private static final String EXPORT = """
            func.func public @main(%x: tensor<?x2xf32>) -> tensor<?xf32> {
              %c1 = stablehlo.constant dense<1> : tensor<i32>
              %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x2xf32>) -> tensor<i32>
              %ok = stablehlo.compare GE, %b, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
              stablehlo.custom_call @shape_assertion(%ok, %b) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b'; 'b' = {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
              %r = call @wrapped(%b, %x) : (tensor<i32>, tensor<?x2xf32>) -> tensor<?xf32>
              return %r : tensor<?xf32>
            }
            func.func private @wrapped(%b: tensor<i32>, %x: tensor<?x2xf32>) -> tensor<?xf32> {
              %two = stablehlo.constant dense<2.0> : tensor<f32>
              %zero = stablehlo.constant dense<0.0> : tensor<f32>
              %c2 = stablehlo.constant dense<2> : tensor<1xi32>
              %b1 = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
              %shape = stablehlo.concatenate %b1, %c2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
              %t = stablehlo.dynamic_broadcast_in_dim %two, %shape, dims = [] : (tensor<f32>, tensor<2xi32>) -> tensor<?x2xf32>
              %y = stablehlo.multiply %x, %t : tensor<?x2xf32>
              %s = stablehlo.reduce(%y init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<?x2xf32>, tensor<f32>) -> tensor<?xf32>
              return %s : tensor<?xf32>
            }
            """;

    @Test
    void theRunnerSpecializesToEachInputShape() throws Exception {
        StableHloRunner runner = StableHloRunner.create();
        ModuleOp module = runner.api().parse(EXPORT);
        String before = runner.api().print(module);
        List<TensorValue> r3 = runner.run(module, TensorValue.of(new float[] {1, 2, 3, 4, 5, 6}, 3, 2));
        assertArrayEquals(new long[] {3}, r3.get(0).shape());
        assertArrayEquals(new float[] {6, 14, 22}, r3.get(0).toFloatArray());
        List<TensorValue> r1 = runner.run(module, TensorValue.of(new float[] {0.5f, 0.25f}, 1, 2));
        assertArrayEquals(new float[] {1.5f}, r1.get(0).toFloatArray());
        assertEquals(before, runner.api().print(module), "the module given is only read");
    }

    @Test
    void aFailedAssertionIsAnErrorWithTheValueFilledIn() throws Exception {
        StableHloRunner runner = StableHloRunner.create();
        ModuleOp module = runner.api().parse(EXPORT);
        StableHloException e = assertThrows(StableHloException.class,
                () -> runner.run(module, TensorValue.of(new float[0], 0, 2)));
        assertTrue(e.getMessage().contains("Expected value >= 1 for dimension variable 'b'; 'b' = 0"), e.getMessage());
        assertFalse(e.getMessage().contains("{0}"), e.getMessage());
    }

    @Test
    void refineShapesGivesTheSpecializedProgram() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp module = api.parse(EXPORT);
        Type t = org.stablehlo4j.asm.AsmParser.parseType(api.context(), "tensor<4x2xf32>");
        ModuleOp specialized = api.refineShapes(module, List.of(t));
        String text = api.print(specialized);
        assertTrue(text.contains("func.func public @main(%arg0: tensor<4x2xf32>) -> tensor<4xf32>"), text);
        assertFalse(text.contains("?") || text.contains("shape_assertion") || text.contains("dynamic_"), text);
        assertTrue(api.print(module).contains("tensor<?x2xf32>"), "the original is unchanged");
        // the specialized program runs as a static one, with the same results
        List<TensorValue> r = new StableHloRunner(api).run(specialized,
                TensorValue.of(new float[] {1, 1, 2, 2, 3, 3, 4, 4}, 4, 2));
        assertArrayEquals(new float[] {4, 8, 12, 16}, r.get(0).toFloatArray());
        StableHloException bad = assertThrows(StableHloException.class, () -> api.refineShapes(module,
                List.of(org.stablehlo4j.asm.AsmParser.parseType(api.context(), "tensor<4x3xf32>"))));
        assertTrue(bad.getMessage().contains("invalid refinement for argument 0, refinement dimension sizes must "
                + "match for static dimensions in tensor<?x2xf32> -> tensor<4x3xf32>"), bad.getMessage());
    }
}
