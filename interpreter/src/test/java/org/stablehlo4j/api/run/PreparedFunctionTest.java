package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * {@link StableHloRunner#prepare}: a function prepared once runs many times and from many threads at once with the
 * results of {@link StableHloRunner#run}; constants and reused buffers never leak from one run into the next.
 */
class PreparedFunctionTest {
    private static final StableHloRunner RUNNER = StableHloRunner.create();

    /**
     * A loop that updates a slice of a constant each iteration (a kernel writing into its operand would change the
     * constant for the next run), a called function and a fused element-wise chain.
     */
    private static final String PROGRAM = """
            func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
              %zero = stablehlo.constant dense<0> : tensor<i32>
              %acc = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
              %r:2 = stablehlo.while(%i = %zero, %a = %acc) : tensor<i32>, tensor<4xf32>
               cond {
                %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
                stablehlo.return %c : tensor<i1>
              } do {
                %one = stablehlo.constant dense<1> : tensor<i32>
                %i1 = stablehlo.add %i, %one : tensor<i32>
                %s = stablehlo.slice %x [1:2] : (tensor<4xf32>) -> tensor<1xf32>
                %u = stablehlo.dynamic_update_slice %a, %s, %i : (tensor<4xf32>, tensor<1xf32>, tensor<i32>) -> tensor<4xf32>
                stablehlo.return %i1, %u : tensor<i32>, tensor<4xf32>
              }
              %y = call @scale(%r#1, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
              return %y, %acc : tensor<4xf32>, tensor<4xf32>
            }
            func.func private @scale(%a: tensor<4xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
              %m = stablehlo.multiply %a, %x : tensor<4xf32>
              %e = stablehlo.exponential %m : tensor<4xf32>
              %t = stablehlo.tanh %e : tensor<4xf32>
              return %t : tensor<4xf32>
            }
            """;

    private static List<TensorValue> inputs(int k) {
        return List.of(TensorValue.of(new float[] {0.5f * k, -1f, k / 3f, 2f}, 4), TensorValue.scalar(k % 4));
    }

    @Test
    void runsManyTimesWithRunsResults() throws Exception {
        ModuleOp m = RUNNER.api().parse(PROGRAM);
        PreparedFunction f = RUNNER.prepare(m, "main");
        assertEquals("main", f.name());
        for (int k = 0; k < 12; k++) {
            List<TensorValue> viaRun = new StableHloRunner(RUNNER.api()).run(m, "main", inputs(k));
            List<TensorValue> prepared = f.run(inputs(k));
            assertEquals(viaRun, prepared, "inputs " + k);
            // the constant returned as it is never saw the loop's updates
            assertArrayEquals(new float[] {1, 2, 3, 4}, prepared.get(1).toFloatArray());
        }
        List<TensorValue> again = f.run(inputs(3));
        assertEquals(f.run(inputs(3)), again);
    }

    @Test
    void runsFromManyThreadsAtOnce() throws Exception {
        ModuleOp m = RUNNER.api().parse(PROGRAM);
        PreparedFunction f = RUNNER.prepare(m, "main");
        List<List<TensorValue>> expected = new ArrayList<>();
        for (int k = 0; k < 8; k++) expected.add(f.run(inputs(k)));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(pool.submit(() -> {
                    for (int r = 0; r < 200; r++) {
                        int k = r % 8;
                        if (!f.run(inputs(k)).equals(expected.get(k))) return false;
                    }
                    return true;
                }));
            }
            for (Future<Boolean> d : done) assertTrue(d.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void shapePolymorphicFunctionsAreSpecializedPerShape() throws Exception {
        ModuleOp m = RUNNER.api().parse("""
                func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
                  %y = stablehlo.add %x, %x : tensor<?xf32>
                  return %y : tensor<?xf32>
                }
                """);
        PreparedFunction f = RUNNER.prepare(m, "main");
        assertArrayEquals(new float[] {2, 4}, f.run(TensorValue.of(new float[] {1, 2}, 2)).get(0).toFloatArray());
        assertArrayEquals(new float[] {6, 8, 10}, f.run(TensorValue.of(new float[] {3, 4, 5}, 3)).get(0).toFloatArray());
        assertArrayEquals(new float[] {0}, f.run(TensorValue.of(new float[] {0}, 1)).get(0).toFloatArray());
    }

    @Test
    void badCallsAreDiagnostics() throws Exception {
        ModuleOp m = RUNNER.api().parse(PROGRAM);
        StableHloException none = assertThrows(StableHloException.class, () -> RUNNER.prepare(m, "nope"));
        assertTrue(none.getMessage().contains("module has no function @nope"), none.getMessage());
        PreparedFunction f = RUNNER.prepare(m, "main");
        StableHloException count = assertThrows(StableHloException.class, () -> f.run(TensorValue.scalar(1)));
        assertTrue(count.getMessage().contains("@main takes 2 arguments, got 1 input"), count.getMessage());
        StableHloException shape = assertThrows(StableHloException.class,
                () -> f.run(TensorValue.of(new float[] {1, 2}, 2), TensorValue.scalar(1)));
        assertTrue(shape.getMessage().contains("input 0 of @main must be tensor<4xf32>"), shape.getMessage());
        // a failing run leaves the prepared function usable
        assertEquals(2, f.run(inputs(1)).size());
    }
}
