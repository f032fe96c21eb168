package org.stablehlo4j.api.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stablehlo4j.api.build.Types.BF16;
import static org.stablehlo4j.api.build.Types.F32;
import static org.stablehlo4j.api.build.Types.I1;
import static org.stablehlo4j.api.build.Types.I32;
import static org.stablehlo4j.api.build.Types.tensor;
import static org.stablehlo4j.testing.ArtifactAssertions.refusedWithoutWriting;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

class ModuleBuilderTest {
    static final StableHlo API = StableHlo.create();
    static final Type T2 = tensor(F32, 2);
    static final Type T3 = tensor(F32, 3);
    static final Type I2 = tensor(I32, 2);
    static final Type M23 = tensor(F32, 2, 3);
    static final Type M34 = tensor(F32, 3, 4);

    static String build(List<Type> args, RegionBody body) throws StableHloException {
        return API.print(ModuleBuilder.create(API).func("main", args, body).build());
    }

    @Test
    void builtProgramsPrintAsTheirText() throws Exception {
        String dot = build(List.of(M23, M34), (ops, a) -> List.of(ops.dotGeneral(a.get(0), a.get(1),
                DotDimensions.contracting(1, 0))));
        assertEquals(API.print(API.parse("""
                func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
                  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
                  return %0 : tensor<2x4xf32>
                }
                """)), dot);
        String sum = build(List.of(M23), (ops, a) -> ops.reduce(List.of(a.get(0)), List.of(ops.constant(0f)),
                List.of(1L), (r, x) -> List.of(r.add(x.get(0), x.get(1)))));
        assertEquals(API.print(API.parse("""
                func.func @main(%a: tensor<2x3xf32>) -> tensor<2xf32> {
                  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
                  %0 = stablehlo.reduce(%a init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """)), sum);
    }

    @Test
    void dimensionNumbersAreTheirAttributes() {
        List<Long> lhs = new java.util.ArrayList<>(List.of(1L));
        DotDimensions dot = new DotDimensions(List.of(), List.of(), lhs, List.of(0L));
        lhs.set(0, 7L);
        assertEquals(DotDimensions.contracting(1, 0), dot, "the lists are copied when built");
        assertEquals(DotDimensions.contracting(1, 0).hashCode(), dot.hashCode());
        assertTrue(!dot.equals(DotDimensions.contracting(0, 1)));
        assertEquals("#stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>",
                dot.toString());
        GatherDimensions gather = new GatherDimensions(List.of(), List.of(0L), List.of(), List.of(), List.of(0L), 1);
        assertEquals("#stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>",
                gather.toString());
        assertTrue(!gather.equals(new ScatterDimensions(List.of(), List.of(0L), List.of(), List.of(), List.of(0L), 1)),
                "gather and scatter dimension numbers with the same fields differ");
    }

    @Test
    void regionOpsBuild() throws Exception {
        String sorted = build(List.of(T2), (ops, a) -> ops.sort(List.of(a.get(0)), 0, true,
                (r, x) -> List.of(r.compare(ComparisonDirection.LT, x.get(0), x.get(1)))));
        assertTrue(sorted.contains("stablehlo.compare LT, %arg1, %arg2"), sorted);
        String mapped = build(List.of(T2), (ops, a) -> List.of(ops.map(List.of(a.get(0)), List.of(0L),
                (r, x) -> List.of(r.exponential(x.get(0))))));
        assertTrue(mapped.contains("stablehlo.map"), mapped);
        String cond = build(List.of(tensor(I1)), (ops, a) -> ops.if_(a.get(0),
                (r, x) -> List.of(r.constant(1f)), (r, x) -> List.of(r.constant(2f))));
        assertTrue(cond.contains("\"stablehlo.if\"(%arg0) ({"), cond);
        String loop = build(List.of(tensor(I32)), (ops, a) -> ops.while_(List.of(a.get(0)),
                (r, x) -> List.of(r.compare(ComparisonDirection.LT, x.get(0), r.constant(new int[] {10}, List.of()))),
                (r, x) -> List.of(r.add(x.get(0), r.constant(new int[] {1}, List.of())))));
        assertTrue(loop.contains("stablehlo.while"), loop);
        String gathered = build(List.of(T2, tensor(I32, 1, 1)), (ops, a) -> List.of(ops.gather(a.get(0), a.get(1),
                new GatherDimensions(List.of(), List.of(0L), List.of(), List.of(), List.of(0L), 1), List.of(1L),
                false)));
        assertTrue(gathered.contains("-> tensor<1xf32>"), gathered);
        String tuple = build(List.of(T2, I2), (ops, a) -> List.of(ops.getTupleElement(ops.tuple(a), 1)));
        assertTrue(tuple.contains("-> tensor<2xi32>"), tuple);
    }

    @Test
    void everyRegionOpAndCollectiveBuildsThroughItsTypedBuilder() throws Exception {
        String cases = build(List.of(tensor(I32)), (o, a) -> o.case_(a.get(0), List.of(
                (r, x) -> List.of(r.constant(1f)), (r, x) -> List.of(r.constant(2f)), (r, x) -> List.of(r.constant(3f)))));
        assertTrue(cases.contains("\"stablehlo.case\"(%arg0) ({") && cases.contains("-> tensor<f32>"), cases);
        String window = build(List.of(M23), (o, a) -> o.reduceWindow(List.of(a.get(0)), List.of(o.constant(0f)),
                List.of(2L, 1L), (r, x) -> List.of(r.maximum(x.get(0), x.get(1)))));
        assertTrue(window.contains("window_dimensions = array<i64: 2, 1>") && window.contains("-> tensor<1x3xf32>"),
                window);
        String scattered = build(List.of(T3, tensor(I32, 1, 1), tensor(F32, 1)), (o, a) -> o.scatter(
                List.of(a.get(0)), a.get(1), List.of(a.get(2)),
                new ScatterDimensions(List.of(), List.of(0L), List.of(), List.of(), List.of(0L), 1),
                (r, x) -> List.of(r.add(x.get(0), x.get(1)))));
        assertTrue(scattered.contains("\"stablehlo.scatter\"") && scattered.contains("-> tensor<3xf32>"), scattered);
        String sas = build(List.of(T2, tensor(F32, 1)), (o, a) -> List.of(o.selectAndScatter(a.get(0), a.get(1),
                o.constant(0f), List.of(2L), (r, x) -> List.of(r.compare(ComparisonDirection.GE, x.get(0), x.get(1))),
                (r, x) -> List.of(r.add(x.get(0), x.get(1))))));
        assertTrue(sas.contains("\"stablehlo.select_and_scatter\"") && sas.contains("-> tensor<2xf32>"), sas);
        String rs = build(List.of(tensor(F32, 4)), (o, a) -> List.of(o.reduceScatter(a.get(0), 0, new long[][] {{0, 1}},
                (r, x) -> List.of(r.add(x.get(0), x.get(1))), T2)));
        assertTrue(rs.contains("scatter_dimension = 0 : i64") && rs.contains("-> tensor<2xf32>"), rs);
        String gathered = build(List.of(T2), (o, a) -> o.allGather(List.of(a.get(0)), 0, new long[][] {{0, 1}},
                List.of(tensor(F32, 4))));
        assertTrue(gathered.contains("all_gather_dim = 0 : i64"), gathered);
        String a2a = build(List.of(tensor(F32, 4)), (o, a) -> o.allToAll(List.of(a.get(0)), 0, 0, 2,
                new long[][] {{0, 1}}));
        assertTrue(a2a.contains("split_count = 2 : i64"), a2a);
        String bcast = build(List.of(T2), (o, a) -> o.collectiveBroadcast(List.of(a.get(0)), new long[][] {{0, 1}}));
        assertTrue(bcast.contains("stablehlo.collective_broadcast"), bcast);
        String slices = build(List.of(T3, tensor(I32)), (o, a) -> List.of(o.dynamicUpdateSlice(a.get(0),
                o.dynamicSlice(a.get(0), List.of(a.get(1)), List.of(2L)), List.of(a.get(1)))));
        assertTrue(slices.contains("stablehlo.dynamic_slice %arg0, %arg1, sizes = [2]")
                && slices.contains("stablehlo.dynamic_update_slice"), slices);
        String misc = build(List.of(T2), (o, a) -> o.optimizationBarrier(o.customCall("foo", List.of(a.get(0)),
                List.of(T2))));
        assertTrue(misc.contains("stablehlo.custom_call @foo(%arg0)") && misc.contains("stablehlo.optimization_barrier"),
                misc);
        String bits = build(List.of(tensor(Types.I64, 2)), (o, a) -> o.rngBitGenerator(a.get(0), "DEFAULT",
                tensor(I32, 3)));
        assertTrue(bits.contains("algorithm = DEFAULT") && bits.contains("tensor<3xi32>"), bits);
        Type m22 = tensor(F32, 2, 2);
        String grad = build(List.of(m22, T2, T2, T2, m22), (o, a) -> o.batchNormGrad(a.get(0), a.get(1), a.get(2),
                a.get(3), a.get(4), 0.001f, 1));
        assertTrue(grad.contains("-> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)"), grad);
    }

    @Test
    void aRegionOpThatFailsLeavesTheBlockAsItWas() throws Exception {
        ModuleOp m = ModuleBuilder.create(API).func("main", List.of(M23), (ops, a) -> {
            BuildException body = assertThrows(BuildException.class, () -> ops.reduce(List.of(a.get(0)),
                    List.of(ops.constant(0f)), List.of(1L), (r, x) -> List.of(r.add(x.get(0), r.constant(new int[] {1}, List.of())))));
            assertTrue(body.firstMessage().contains("requires the same element type"), body.getMessage());
            BuildException mismatch = assertThrows(BuildException.class, () -> ops.reduce(List.of(a.get(0)),
                    List.of(ops.constant(0f)), List.of(1L), (r, x) -> List.of(x.get(0), x.get(1))));
            assertTrue(mismatch.firstMessage().contains("Reduction-region here must produce 1 tensors"),
                    mismatch.getMessage());
            return List.of(a.get(0));
        }).build();
        Operation main = m.body().first();
        // the two constants the calls made before their reduce failed, and the return
        assertEquals(3, main.region(0).entry().numOperations(), API.print(m));
    }

    @Test
    void constantsFromArraysAndRawBits() throws Exception {
        float[] values = {1, 2, 3};
        ModuleOp m = ModuleBuilder.create(API).func("main", List.of(), (ops, a) -> {
            org.stablehlo4j.ir.Value c = ops.constant(values, List.of(3L));
            values[0] = 99;                                                  // the builder copied the array
            return List.of(c, ops.constant(ByteBuffer.wrap(new byte[] {(byte) 0x80, 0x3f, 0, 0x40}), tensor(BF16, 2)),
                    ops.constant(new boolean[] {true, false}, List.of(2L)), ops.constant(new long[] {7}, List.of(1L)),
                    ops.constant(new double[] {0.5, 0.5}, List.of(2L)));
        }).build();
        String text = API.print(m);
        assertTrue(text.contains("dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>"), text);
        assertTrue(text.contains("dense<[1.000000e+00, 2.000000e+00]> : tensor<2xbf16>"), text);
        assertTrue(text.contains("dense<[true, false]> : tensor<2xi1>"), text);
        assertTrue(text.contains("dense<7> : tensor<1xi64>"), text);
        assertTrue(text.contains("dense<5.000000e-01> : tensor<2xf64>"), text);
        Operation first = m.body().first().region(0).entry().first();
        assertArrayEquals(new byte[] {0, 0, (byte) 0x80, 0x3f}, java.util.Arrays.copyOf(
                ((DenseElementsAttr) first.attr("value")).rawBytes(), 4));
    }

    /** Invalid builder calls: each fails at once with the verifier's (or its inference's) upstream message. */
    @Test
    void invalidCallsFailWithTheVerifiersMessage() {
        Type i1 = tensor(I1);
        Object[][] cases = {
            {"Mismatched dimension sizes 2 and 3 in dimension 0", List.of(T2, T3),
                (RegionBody) (o, a) -> List.of(o.add(a.get(0), a.get(1)))},
            {"op requires the same element type for all operands and results", List.of(T2, I2),
                (RegionBody) (o, a) -> List.of(o.add(a.get(0), a.get(1)))},
            {"contracting dimension sizes must match for lhs/rhs", List.of(M23, M34),
                (RegionBody) (o, a) -> List.of(o.dotGeneral(a.get(0), a.get(1), DotDimensions.contracting(0, 0)))},
            {"lhs_contracting_dimensions value: 2 is out of range: [0, 2)", List.of(M23, M34),
                (RegionBody) (o, a) -> List.of(o.dotGeneral(a.get(0), a.get(1), DotDimensions.contracting(2, 0)))},
            {"attribute permutation must be a permutation of [0, 1] but got 0, 0", List.of(M23),
                (RegionBody) (o, a) -> List.of(o.transpose(a.get(0), List.of(0L, 0L)))},
            {"number of output elements (5) doesn't match expected number of elements (6)", List.of(M23),
                (RegionBody) (o, a) -> List.of(o.reshape(a.get(0), tensor(F32, 5)))},
            {"size of operand dimension 0 (3) is not equal to 1 or size of result dimension 0 (2)", List.of(T3),
                (RegionBody) (o, a) -> List.of(o.broadcastInDim(a.get(0), M23, List.of(0L)))},
            {"'stablehlo.sqrt' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or complex type with "
                + "32/64-bit float elements or per-tensor integer quantized values, but got 'tensor<2xi32>'",
                List.of(I2), (RegionBody) (o, a) -> List.of(o.sqrt(a.get(0)))},
            {"Reduction-region here must produce 1 tensors, but produces 2 instead", List.of(M23),
                (RegionBody) (o, a) -> o.reduce(List.of(a.get(0)), List.of(o.constant(0f)), List.of(1L),
                    (r, x) -> List.of(r.add(x.get(0), x.get(1)), x.get(0)))},
            {"Out-of-bounds dimension 2, expected to be in range [0, 2)", List.of(M23),
                (RegionBody) (o, a) -> o.reduce(List.of(a.get(0)), List.of(o.constant(0f)), List.of(2L),
                    (r, x) -> List.of(r.add(x.get(0), x.get(1))))},
            {"expect condition block return a zero-ranked tensor of i1 but got 'tensor<2xf32>'", List.of(T2),
                (RegionBody) (o, a) -> o.while_(List.of(a.get(0)), (r, x) -> List.of(x.get(0)),
                    (r, x) -> List.of(x.get(0)))},
            {"branch 0 and branch 1 have mismatched return types: 'tensor<f32>' vs 'tensor<2xf32>'", List.of(i1),
                (RegionBody) (o, a) -> o.if_(a.get(0), (r, x) -> List.of(r.constant(1f)),
                    (r, x) -> List.of(r.constant(new float[] {1, 2}, List.of(2L))))},
            {"dimension 1 is out-of-bounds for input rank 1", List.of(T2, T3),
                (RegionBody) (o, a) -> List.of(o.concatenate(List.of(a.get(0), a.get(1)), 1))},
            {"limit index 5 is larger than dimension size 2 in dimension 0", List.of(T2),
                (RegionBody) (o, a) -> List.of(o.slice(a.get(0), List.of(0L), List.of(5L), List.of(1L)))},
            {"'stablehlo.compare' op requires compatible element types for all operands", List.of(T2, I2),
                (RegionBody) (o, a) -> List.of(o.compare(ComparisonDirection.LT, a.get(0), a.get(1)))},
            {"'stablehlo.select' op operand #0 must be ranked tensor of bool values, but got 'tensor<2xf32>'",
                List.of(T2), (RegionBody) (o, a) -> List.of(o.select(a.get(0), a.get(0), a.get(0)))},
            {"comparator must return tensor<i1> but got 'tensor<f32>'", List.of(T2),
                (RegionBody) (o, a) -> o.sort(List.of(a.get(0)), 0, true, (r, x) -> List.of(x.get(0)))},
            {"iota dimension cannot go beyond the output rank.", List.of(),
                (RegionBody) (o, a) -> List.of(o.iota(2, tensor(F32, 2)))},
            {"min shape [3] is not scalar and is not compatible to operand shape [2]", List.of(T3, T2),
                (RegionBody) (o, a) -> List.of(o.clamp(a.get(0), a.get(1), a.get(0)))},
            {"Interior padding cannot be negative: -1", List.of(T2),
                (RegionBody) (o, a) -> List.of(o.pad(a.get(0), o.constant(0f), List.of(1L), List.of(1L), List.of(-1L)))},
            {"'stablehlo.add' op expected 2 operands, but found 1", List.of(T2),
                (RegionBody) (o, a) -> o.op("stablehlo.add", List.of(a.get(0)), Map.of())},
            {"constant of type tensor<2xf32> needs 8 bytes (2 elements of 4 bytes), got 12", List.of(),
                (RegionBody) (o, a) -> List.of(o.constant(new float[] {1, 2, 3}, List.of(2L)))},
            {"unregistered operation 'stablehlo.nope'", List.of(T2),
                (RegionBody) (o, a) -> o.op("stablehlo.nope", List.of(a.get(0)), Map.of())},
        };
        assertTrue(cases.length >= 20);
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            List<Type> args = (List<Type>) c[1];
            BuildException e = assertThrows(BuildException.class,
                    () -> ModuleBuilder.create(API).func("main", args, (RegionBody) c[2]), (String) c[0]);
            assertEquals(c[0], e.firstMessage());
            assertEquals("error: " + c[0], e.getMessage().lines().findFirst().orElseThrow());
        }
    }

    @Test
    void aFailedCallLeavesTheBlockAsItWas() {
        ModuleBuilder mb = ModuleBuilder.create(API);
        int[] opsBefore = new int[1];
        mb.func("ok", List.of(T2, T3), (o, a) -> {
            opsBefore[0] = o.block().numOperations();
            assertThrows(BuildException.class, () -> o.add(a.get(0), a.get(1)));
            assertEquals(opsBefore[0], o.block().numOperations());
            return List.of(a.get(0));
        });
        ModuleOp m = mb.build();
        assertEquals(1, m.body().numOperations());
        assertThrows(IllegalStateException.class, () -> mb.func("late", List.of(), (o, a) -> List.of()));
    }

    @Test
    void invalidBuiltModuleIsNotSerialized() throws Exception {
        ModuleOp m = ModuleBuilder.create(API).func("main", List.of(T2), (o, a) -> List.of(o.abs(a.get(0)))).build();
        // Break it after building: the result of abs no longer matches its operand.
        Operation abs = m.body().first().region(0).entry().first();
        abs.result(0).setType(T3);
        String message = refusedWithoutWriting(API, m, "1.9.0");
        assertTrue(message.startsWith("error: 'stablehlo.abs' op "), message);
    }

    /** Issue 14: a dot_general without dot_dimension_numbers is refused by the builder, and printing one does not crash. */
    @Test
    void dotGeneralWithoutDimensionNumbers() throws Exception {
        BuildException e = assertThrows(BuildException.class, () -> ModuleBuilder.create(API).func("main",
                List.of(M23, M34), (o, a) -> o.op("stablehlo.dot_general", a, Map.of(), List.of(), List.of(tensor(F32, 2, 4)))));
        assertEquals("'stablehlo.dot_general' op requires attribute 'dot_dimension_numbers'", e.firstMessage());
        ModuleOp m = API.parse("""
                func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
                  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
                  return %0 : tensor<2x4xf32>
                }
                """);
        Operation dot = m.body().first().region(0).entry().first();
        dot.setProperties(org.stablehlo4j.ir.DictionaryAttr.EMPTY);
        String printed = API.print(m);                     // as MLIR: an op that does not verify prints generically
        assertTrue(printed.contains("%0 = \"stablehlo.dot_general\"(%arg0, %arg1) : (tensor<2x3xf32>, "
                + "tensor<3x4xf32>) -> tensor<2x4xf32>"), printed);
    }

    @Test
    void linalgNormalizationCollectivesAndTokens() throws Exception {
        Type m22 = tensor(F32, 2, 2);
        String chol = build(List.of(m22), (o, a) -> List.of(o.cholesky(a.get(0), true)));
        assertTrue(chol.contains("stablehlo.cholesky %arg0, lower = true : tensor<2x2xf32>"), chol);
        String bn = build(List.of(m22, T2, T2), (o, a) -> o.batchNormTraining(a.get(0), a.get(1), a.get(2), 0.001f, 1));
        assertTrue(bn.contains("-> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)"), bn);
        String sum = build(List.of(T2), (o, a) -> o.allReduce(List.of(a.get(0)), new long[][] {{0, 1}},
                (r, x) -> List.of(r.add(x.get(0), x.get(1)))));
        assertTrue(sum.contains("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>"), sum);
        String perm = build(List.of(T2), (o, a) -> List.of(o.collectivePermute(a.get(0), new long[][] {{0, 1}, {1, 0}})));
        assertTrue(perm.contains("stablehlo.collective_permute"), perm);
        String tok = build(List.of(), (o, a) -> List.of(o.afterAll(List.of(o.createToken(), o.createToken()))));
        assertTrue(tok.contains("-> !stablehlo.token"), tok);
        String size = build(List.of(M23), (o, a) -> List.of(o.getDimensionSize(a.get(0), 1)));
        assertTrue(size.contains("-> tensor<i32>"), size);
        BuildException fft = assertThrows(BuildException.class, () -> build(List.of(T2),
                (o, a) -> List.of(o.fft(a.get(0), "FAST", List.of(2L)))));
        assertEquals("'FAST' is not a fft_type: one of [FFT, IFFT, RFFT, IRFFT]", fft.firstMessage());
        BuildException bnRank = assertThrows(BuildException.class, () -> build(List.of(m22, T3, T3),
                (o, a) -> o.batchNormTraining(a.get(0), a.get(1), a.get(2), 0.001f, 1)));
        assertTrue(bnRank.firstMessage().contains("3"), bnRank.getMessage());
    }

    @Test
    void callsBetweenFunctionsAreCheckedWhenTheModuleIsBuilt() throws Exception {
        ModuleOp m = ModuleBuilder.create(API)
                .func("double", List.of(T2), (o, a) -> List.of(o.add(a.get(0), a.get(0))))
                .func("main", List.of(T2), (o, a) -> o.call("double", List.of(a.get(0)), List.of(T2)))
                .build();
        assertTrue(API.print(m).contains("call @double(%arg0) : (tensor<2xf32>) -> tensor<2xf32>"), API.print(m));
        ModuleBuilder missing = ModuleBuilder.create(API)
                .func("main", List.of(T2), (o, a) -> o.call("nope", List.of(a.get(0)), List.of(T2)));
        BuildException e = assertThrows(BuildException.class, missing::build);
        assertEquals("'func.call' op 'nope' does not reference a valid function", e.firstMessage());
    }
}
