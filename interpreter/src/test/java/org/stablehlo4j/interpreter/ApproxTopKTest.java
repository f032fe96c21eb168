package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.FloatType;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.stablehlo4j.interpreter.CustomCallTesting.assertFailsWith;
import static org.stablehlo4j.interpreter.CustomCallTesting.ints;
import static org.stablehlo4j.interpreter.CustomCallTesting.random;
import static org.stablehlo4j.interpreter.CustomCallTesting.run;
import static org.stablehlo4j.interpreter.CustomCallTesting.values;

/**
 * {@code ApproxTopK} and {@code stablehlo.dynamic_approx_top_k} as JAX's {@code approx_max_k}/{@code approx_min_k}
 * lower them ({@code jax/_src/lax/ann.py}: operands (x, iota, init value, -1), a comparator function of four
 * scalars, {@code mhlo.backend_config}): the answer is the exact top k (checked against a sort here), and the
 * result's size along the reduction dimension follows {@code aggregate_to_topk} and the recall target.
 */
class ApproxTopKTest {
    private static String module(String target, String shape, String outShape, int dim, String config, String direction,
                                 boolean dynamicK) {
        String kOperand = dynamicK ? ", %k" : "";
        String kType = dynamicK ? ", tensor<i32>" : "";
        return """
                func.func @main(%x: tensor<INxf32>) -> (tensor<OUTxf32>, tensor<OUTxi32>) {
                  %iota = stablehlo.iota dim = DIM : tensor<INxi32>
                  %init = stablehlo.constant dense<INIT> : tensor<f32>
                  %none = stablehlo.constant dense<-1> : tensor<i32>
                  %k = stablehlo.constant dense<3> : tensor<i32>
                  %0:2 = stablehlo.custom_call @"TARGET"(%x, %iota, %init, %noneK) {called_computations = [@top_k_cmp],
                      mhlo.backend_config = {CONFIG}}
                      : (tensor<INxf32>, tensor<INxi32>, tensor<f32>, tensor<i32>KTYPE) -> (tensor<OUTxf32>, tensor<OUTxi32>)
                  return %0#0, %0#1 : tensor<OUTxf32>, tensor<OUTxi32>
                }
                func.func private @top_k_cmp(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
                  %0 = stablehlo.compare DIR, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
                  return %0 : tensor<i1>
                }
                """.replace("TARGET", target).replace("INx", shape + "x").replace("OUTx", outShape + "x")
                .replace("DIM", String.valueOf(dim)).replace("CONFIG", config).replace("DIR", direction)
                .replace("INIT", direction.equals("GT") ? "0xFF800000" : "0x7F800000")
                .replace("%noneK", "%none" + kOperand).replace("KTYPE", kType);
    }

    private static final String AGGREGATE = "aggregate_to_topk = true, recall_target = 0.949999988 : f32, "
            + "reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64";

    /** The indices of the {@code size} largest (or smallest) of {@code row}, ties by index. */
    private static int[] topIndices(double[] row, int size, boolean max) {
        Comparator<Integer> byValue = Comparator.comparingDouble(i -> row[i]);
        return IntStream.range(0, row.length).boxed().sorted(max ? byValue.reversed() : byValue).limit(size)
                .mapToInt(Integer::intValue).toArray();
    }

    private static void assertTopK(double[] x, int rows, int len, List<Object> r, int size, boolean max) {
        double[] v = values(r.get(0));
        long[] idx = ints(r.get(1));
        for (int row = 0; row < rows; row++) {
            double[] line = Arrays.copyOfRange(x, row * len, row * len + len);
            int[] expected = topIndices(line, size, max);
            for (int j = 0; j < size; j++) {
                assertEquals(expected[j], idx[row * size + j], "row " + row + ", rank " + j);
                assertEquals((float) line[expected[j]], v[row * size + j], 0, "row " + row + ", rank " + j);
            }
        }
    }

    @Test
    void approxMaxKIsTheExactTopKAlongTheReductionDimension() throws Exception {
        double[] x = random(21, 14);
        String text = module("ApproxTopK", "2x7", "2x3", 1, "top_k = 3 : i64, " + AGGREGATE, "GT", false);
        assertTopK(x, 2, 7, run(text, CustomCallTesting.tensor(FloatType.F32, new long[] {2, 7}, x)), 3, true);
    }

    @Test
    void aComparatorOfSeveralOpsRunsAsAFunction() throws Exception {
        // -a < -b orders as a > b: the comparator is interpreted (not one compare) and gives the same top k
        double[] x = random(25, 14);
        String text = module("ApproxTopK", "2x7", "2x3", 1, "top_k = 3 : i64, " + AGGREGATE, "LT", false).replace(
                "%0 = stablehlo.compare LT, %a, %b, FLOAT", """
                %na = stablehlo.negate %a : tensor<f32>
                  %nb = stablehlo.negate %b : tensor<f32>
                  %0 = stablehlo.compare LT, %na, %nb, FLOAT""");
        assertTopK(x, 2, 7, run(text, CustomCallTesting.tensor(FloatType.F32, new long[] {2, 7}, x)), 3, true);
    }

    @Test
    void dynamicApproxTopKTakesKAsAnOperand() throws Exception {
        double[] x = random(22, 14);
        String text = module("stablehlo.dynamic_approx_top_k", "2x7", "2x3", 1, AGGREGATE + ", is_fallback = true",
                "LT", true);
        assertTopK(x, 2, 7, run(text, CustomCallTesting.tensor(FloatType.F32, new long[] {2, 7}, x)), 3, false);
    }

    @Test
    void dynamicApproxTopKWithShapeOperandsAndDynamicResults() throws Exception {
        // as a shape-polymorphic export holds it: k and the result shapes as operands (indices_of_shape_operands)
        String text = """
                func.func @main(%x: tensor<?xf32>, %iota: tensor<?xi32>, %k: tensor<i32>, %shape: tensor<1xi32>)
                    -> (tensor<?xf32>, tensor<?xi32>) {
                  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
                  %none = stablehlo.constant dense<-1> : tensor<i32>
                  %0:2 = stablehlo.custom_call @stablehlo.dynamic_approx_top_k(%x, %iota, %init, %none, %k, %shape, %shape)
                      {called_computations = [@top_k_gt_f32_comparator],
                       indices_of_shape_operands = dense<[5, 6]> : tensor<2xi64>,
                       mhlo.backend_config = {aggregate_to_topk = true, is_fallback = true,
                         recall_target = 0.949999988 : f32, reduction_dim = 0 : i64,
                         reduction_input_size_override = -1 : i64}}
                      : (tensor<?xf32>, tensor<?xi32>, tensor<f32>, tensor<i32>, tensor<i32>, tensor<1xi32>, tensor<1xi32>)
                      -> (tensor<?xf32>, tensor<?xi32>)
                  return %0#0, %0#1 : tensor<?xf32>, tensor<?xi32>
                }
                func.func private @top_k_gt_f32_comparator(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>)
                    -> tensor<i1> {
                  %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
                  return %0 : tensor<i1>
                }
                """;
        double[] x = random(26, 9);
        org.stablehlo4j.ir.IntegerType i32 = org.stablehlo4j.ir.IntegerType.I32;
        List<Object> r = run(text, CustomCallTesting.tensor(FloatType.F32, new long[] {9}, x),
                Tensor.ofLongs(CustomCallTesting.type(i32, 9), new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8}),
                Tensor.ofLongs(CustomCallTesting.type(i32), new long[] {4}),
                Tensor.ofLongs(CustomCallTesting.type(i32, 1), new long[] {4}));
        assertEquals("tensor<4xf32>", ((Tensor) r.get(0)).type().toString());
        assertTopK(x, 1, 9, r, 4, true);
    }

    @Test
    void withoutAggregationTheResultKeepsTheReductionOutputSize() throws Exception {
        // rank 1, 2048 elements, k = 10, recall 0.95: the TPU reduces to one 1024-element tile; exact = the best 1024
        double[] x = random(23, 2048);
        String config = "top_k = 10 : i64, aggregate_to_topk = false, recall_target = 0.949999988 : f32, "
                + "reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64";
        String text = module("ApproxTopK", "2048", "1024", 0, config, "LT", false);
        assertTopK(x, 1, 2048, run(text, CustomCallTesting.tensor(FloatType.F32, new long[] {2048}, x)), 1024, false);
        assertFailsWith(module("ApproxTopK", "2048", "10", 0, config, "LT", false),
                "ApproxTopK: ApproxTopK aggregates to k=1024, but got 10",
                CustomCallTesting.tensor(FloatType.F32, new long[] {2048}, x));
    }

    @Test
    void reductionOutputSizeFollowsRecallRankAndOverride() {
        assertEquals(7, ApproxTopK.reductionOutputSize(100, 1, 7, 0.95f, true, -1));
        assertEquals(100, ApproxTopK.reductionOutputSize(100, 1, 7, 0.95f, false, -1)); // within one tile
        assertEquals(1024, ApproxTopK.reductionOutputSize(2048, 1, 10, 0.95f, false, -1));
        // rank 2 tiles by 128: 175 windows keep 95% recall of the top 10, 4096 / 175 -> 2^4 reduction of 32 tiles
        assertEquals(256, ApproxTopK.reductionOutputSize(4096, 2, 10, 0.95f, false, -1));
        assertEquals(4096, ApproxTopK.reductionOutputSize(4096, 2, 10, 1.0f, false, -1)); // exact recall: no reduction
        assertEquals(128, ApproxTopK.reductionOutputSize(4096, 2, 1, 0.95f, false, -1)); // k = 1: one tile
        // a larger logical input (the full size of a sharded dimension) reduces more: 8192 / 175 -> 2^5
        assertEquals(128, ApproxTopK.reductionOutputSize(4096, 2, 10, 0.95f, false, 8192));
        assertThrows(IllegalArgumentException.class, () -> ApproxTopK.reductionOutputSize(4096, 2, 10, 0.95f, false, 100));
        assertThrows(IllegalArgumentException.class, () -> ApproxTopK.reductionOutputSize(4096, 2, 10, 0f, false, -1));
    }

    @Test
    void badCallsGetDiagnostics() {
        Tensor x = CustomCallTesting.tensor(FloatType.F32, new long[] {2, 7}, random(24, 14));
        assertFailsWith(module("ApproxTopK", "2x7", "2x8", 1, "top_k = 8 : i64, " + AGGREGATE, "GT", false),
                "ApproxTopK: top_k must be in [1, 7]", x);
        assertFailsWith(module("ApproxTopK", "2x7", "2x3", 1, "top_k = 3 : i64", "GT", false),
                "ApproxTopK: mhlo.backend_config.reduction_dim must be an integer (missing)", x);
        assertFailsWith(module("ApproxTopK", "2x7", "2x3", 1, "top_k = 3 : i64, " + AGGREGATE, "GT", false)
                .replace("[@top_k_cmp]", "[@nowhere]"), "ApproxTopK: comparator @nowhere not found", x);
        assertFailsWith(module("ApproxTopK", "2x7", "2x3", 1, "top_k = 3 : i64, " + AGGREGATE.replace("0.949999988", "1.5"),
                "GT", false).replace("aggregate_to_topk = true", "aggregate_to_topk = false"),
                "ApproxTopK: ApproxTopK aggregates to k=7, but got 3", x);
        assertArrayEquals(new int[] {1, 0}, topIndices(new double[] {1, 2}, 2, true));
    }
}
