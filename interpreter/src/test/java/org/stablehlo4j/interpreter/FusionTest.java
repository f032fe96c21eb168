package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fused element-wise groups ({@link FusedElementwise}) give bit for bit what the ops give one by one: broadcasts
 * (general and of a scalar), NaN in compares and selects, integer overflow and out-of-range shifts, bf16 rounding
 * after every op, and tensors of several blocks with a partial last one.
 */
class FusionTest {
    private static final StableHlo HLO = StableHlo.create();

    @AfterEach
    void fusionBackOn() {
        System.clearProperty(RegionProgram.FUSION_PROPERTY);
    }

    private static final String PROGRAM = """
            func.func @main(%x: tensor<8x40xf32>, %s: tensor<8xf32>, %i: tensor<8x40xi8>, %u: tensor<8x40xui8>,
                            %p: tensor<i1>)
                -> (tensor<8x40xf32>, tensor<8x40xi8>, tensor<8x40xf32>, tensor<8x40xui8>, tensor<8x40xf32>, tensor<8x40xi1>) {
              %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x40xf32>
              %d = stablehlo.subtract %x, %b : tensor<8x40xf32>
              %q = stablehlo.divide %d, %x : tensor<8x40xf32>
              %m = stablehlo.multiply %q, %x : tensor<8x40xf32>
              %c = stablehlo.compare LT, %m, %x, FLOAT : (tensor<8x40xf32>, tensor<8x40xf32>) -> tensor<8x40xi1>
              %z = stablehlo.negate %x : tensor<8x40xf32>
              %sel = stablehlo.select %c, %m, %z : tensor<8x40xi1>, tensor<8x40xf32>
              %one = stablehlo.constant dense<1.5> : tensor<f32>
              %ob = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<8x40xf32>
              %r0 = stablehlo.maximum %sel, %ob : tensor<8x40xf32>
              %ii = stablehlo.add %i, %i : tensor<8x40xi8>
              %im = stablehlo.multiply %ii, %i : tensor<8x40xi8>
              %is = stablehlo.shift_left %im, %i : tensor<8x40xi8>
              %r1 = stablehlo.not %is : tensor<8x40xi8>
              %xb = stablehlo.convert %x : (tensor<8x40xf32>) -> tensor<8x40xbf16>
              %yb = stablehlo.multiply %xb, %xb : tensor<8x40xbf16>
              %kb = stablehlo.constant dense<3.0e-2> : tensor<bf16>
              %kbb = stablehlo.broadcast_in_dim %kb, dims = [] : (tensor<bf16>) -> tensor<8x40xbf16>
              %zb = stablehlo.add %yb, %kbb : tensor<8x40xbf16>
              %rb = stablehlo.rsqrt %zb : tensor<8x40xbf16>
              %r2 = stablehlo.convert %rb : (tensor<8x40xbf16>) -> tensor<8x40xf32>
              %uu = stablehlo.subtract %u, %u : tensor<8x40xui8>
              %uv = stablehlo.subtract %uu, %u : tensor<8x40xui8>
              %uw = stablehlo.shift_right_logical %uv, %u : tensor<8x40xui8>
              %r3 = stablehlo.popcnt %uw : tensor<8x40xui8>
              %n = stablehlo.sqrt %d : tensor<8x40xf32>
              %ps = stablehlo.select %p, %n, %x : tensor<i1>, tensor<8x40xf32>
              %pi = stablehlo.convert %ps : (tensor<8x40xf32>) -> tensor<8x40xi8>
              %r4 = stablehlo.convert %pi : (tensor<8x40xi8>) -> tensor<8x40xf32>
              %e = stablehlo.compare EQ, %d, %d, FLOAT : (tensor<8x40xf32>, tensor<8x40xf32>) -> tensor<8x40xi1>
              %r5 = stablehlo.and %e, %c : tensor<8x40xi1>
              return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<8x40xf32>, tensor<8x40xi8>, tensor<8x40xf32>, tensor<8x40xui8>, tensor<8x40xf32>, tensor<8x40xi1>
            }
            """;

    /** The tensor type written as {@code text} (StepsTest uses it too). */
    static RankedTensorType type(String text) {
        try {
            return (RankedTensorType) org.stablehlo4j.asm.AsmParser.parseType(HLO.context(), text);
        } catch (org.stablehlo4j.ir.DiagnosticException e) {
            throw new AssertionError(e);
        }
    }

    private static List<Object> inputs(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0,
                1.00390625, -1.01171875, 3.4e38, 1e-45, 65504, -2.5};
        double[] x = new double[320];
        for (int i = 0; i < x.length; i++) {
            x[i] = i % 7 == 0 ? specials[(i / 7) % specials.length] : (float) (r.nextGaussian() * Math.scalb(1.0, r.nextInt(-8, 8)));
        }
        double[] s = new double[8];
        for (int i = 0; i < 8; i++) s[i] = i == 3 ? Double.NaN : (float) r.nextGaussian();
        long[] i8 = new long[320];
        long[] u8 = new long[320];
        for (int k = 0; k < 320; k++) {
            i8[k] = r.nextInt(-128, 128);
            u8[k] = r.nextInt(0, 256);
        }
        List<Object> in = new ArrayList<>();
        in.add(Tensor.ofDoubles(type("tensor<8x40xf32>"), x));
        in.add(Tensor.ofDoubles(type("tensor<8xf32>"), s));
        in.add(Tensor.ofLongs(type("tensor<8x40xi8>"), i8));
        in.add(Tensor.ofLongs(type("tensor<8x40xui8>"), u8));
        in.add(Tensor.ofLongs(type("tensor<i1>"), new long[] {seed % 2}));
        return in;
    }

    private static long[] bits(Object v) {
        Tensor t = (Tensor) v;
        if (t.ints != null) return t.ints.clone();
        long[] out = new long[t.reals.length];
        for (int i = 0; i < out.length; i++) out[i] = Double.doubleToRawLongBits(t.reals[i]);
        return out;
    }

    @Test
    void fusedGroupsGiveWhatTheOpsGiveOneByOne() throws Exception {
        ModuleOp module = HLO.parse(PROGRAM);
        System.setProperty(RegionProgram.FUSION_PROPERTY, "false");
        FunctionPlan plain = FunctionPlan.prepare(module, "main");
        assertEquals(0, plain.program().fusedOps());
        System.clearProperty(RegionProgram.FUSION_PROPERTY);
        FunctionPlan fused = FunctionPlan.prepare(module, "main");
        // eight groups: values with more than one use (%d, %m, %c, %xb) end or start a chain
        assertEquals(27, fused.program().fusedOps());
        for (long seed = 0; seed < 6; seed++) {
            List<Object> in = inputs(seed);
            List<Object> a = plain.run(in);
            List<Object> b = fused.run(in);
            assertEquals(a.size(), b.size());
            for (int i = 0; i < a.size(); i++) assertArrayEquals(bits(a.get(i)), bits(b.get(i)), "result " + i);
        }
    }

    @Test
    void bf16StaysRoundedPerOp() throws Exception {
        // (x * x) in bf16 is rounded before the add: with fusion too (300 elements: smaller chains are not fused)
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<300xf32>) -> tensor<300xf32> {
                  %xb = stablehlo.convert %x : (tensor<300xf32>) -> tensor<300xbf16>
                  %yb = stablehlo.multiply %xb, %xb : tensor<300xbf16>
                  %zb = stablehlo.add %yb, %xb : tensor<300xbf16>
                  %r = stablehlo.convert %zb : (tensor<300xbf16>) -> tensor<300xf32>
                  return %r : tensor<300xf32>
                }
                """);
        FunctionPlan plan = FunctionPlan.prepare(module, "main");
        assertEquals(3, plan.program().fusedOps()); // %xb has two users: an input of the group
        double[] in = new double[300];
        for (int i = 0; i < in.length; i++) in[i] = i % 3 == 0 ? 1.0078125 : i % 3 == 1 ? 3.0 + i : -0.5 - i / 7.0;
        Tensor x = Tensor.ofDoubles(type("tensor<300xf32>"), in);
        Tensor r = (Tensor) plan.run(List.of(x)).get(0);
        double[] expected = new double[300];
        for (int i = 0; i < expected.length; i++) {
            double xb = Tensor.roundTo(FloatKind.BF16, x.reals[i]);
            expected[i] = Tensor.roundTo(FloatKind.BF16, Tensor.roundTo(FloatKind.BF16, xb * xb) + xb);
        }
        assertArrayEquals(expected, r.reals);
    }

    @Test
    void smallChainsAreNotFused() throws Exception {
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<255xf32>) -> tensor<255xf32> {
                  %m = stablehlo.multiply %x, %x : tensor<255xf32>
                  %a = stablehlo.add %m, %x : tensor<255xf32>
                  return %a : tensor<255xf32>
                }
                """);
        assertEquals(0, FunctionPlan.prepare(module, "main").program().fusedOps());
    }

    @Test
    void valuesWithOtherUsersAreNotFusedAway() throws Exception {
        // %m has two users: it is computed once as a tensor and both read it; the chain below it still fuses
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<300xf32>) -> (tensor<300xf32>, tensor<300xf32>) {
                  %m = stablehlo.multiply %x, %x : tensor<300xf32>
                  %a = stablehlo.add %m, %x : tensor<300xf32>
                  %b = stablehlo.exponential %a : tensor<300xf32>
                  return %m, %b : tensor<300xf32>, tensor<300xf32>
                }
                """);
        FunctionPlan plan = FunctionPlan.prepare(module, "main");
        assertEquals(2, plan.program().fusedOps());
        double[] x = new double[300];
        for (int i = 0; i < x.length; i++) x[i] = (float) (i / 37.0 - 4);
        List<Object> out = plan.run(List.of(Tensor.ofDoubles(type("tensor<300xf32>"), x)));
        Tensor m = (Tensor) out.get(0);
        Tensor b = (Tensor) out.get(1);
        for (int i = 0; i < x.length; i++) {
            double mi = (float) (x[i] * x[i]);
            assertEquals(mi, m.reals[i]);
            assertEquals((double) (float) Math.exp((float) (mi + x[i])), b.reals[i]);
        }
    }

    @Test
    void reductionsFoldTheirProducersElementsInTheSameOrder() throws Exception {
        // f32 sums over rows and columns of x * x - 0.1 (more than one block); a bf16 sum (rounded at each step);
        // a max over i8 sums with overflow; NaN reaching a max
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<8x40xf32>, %i: tensor<8x40xi8>)
                    -> (tensor<8xf32>, tensor<40xf32>, tensor<40xbf16>, tensor<8xi8>, tensor<f32>) {
                  %z = stablehlo.constant dense<0.0> : tensor<f32>
                  %t = stablehlo.constant dense<0.1> : tensor<f32>
                  %tb = stablehlo.broadcast_in_dim %t, dims = [] : (tensor<f32>) -> tensor<8x40xf32>
                  %m = stablehlo.multiply %x, %x : tensor<8x40xf32>
                  %d = stablehlo.subtract %m, %tb : tensor<8x40xf32>
                  %r0 = stablehlo.reduce(%d init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x40xf32>, tensor<f32>) -> tensor<8xf32>
                  %m2 = stablehlo.multiply %x, %x : tensor<8x40xf32>
                  %r1 = stablehlo.reduce(%m2 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x40xf32>, tensor<f32>) -> tensor<40xf32>
                  %zb = stablehlo.constant dense<0.0> : tensor<bf16>
                  %xb = stablehlo.convert %x : (tensor<8x40xf32>) -> tensor<8x40xbf16>
                  %r2 = stablehlo.reduce(%xb init: %zb) applies stablehlo.add across dimensions = [0] : (tensor<8x40xbf16>, tensor<bf16>) -> tensor<40xbf16>
                  %zi = stablehlo.constant dense<-128> : tensor<i8>
                  %ii = stablehlo.add %i, %i : tensor<8x40xi8>
                  %r3 = stablehlo.reduce(%ii init: %zi) applies stablehlo.maximum across dimensions = [1] : (tensor<8x40xi8>, tensor<i8>) -> tensor<8xi8>
                  %q = stablehlo.divide %x, %x : tensor<8x40xf32>
                  %r4 = stablehlo.reduce(%q init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<8x40xf32>, tensor<f32>) -> tensor<f32>
                  return %r0, %r1, %r2, %r3, %r4 : tensor<8xf32>, tensor<40xf32>, tensor<40xbf16>, tensor<8xi8>, tensor<f32>
                }
                """);
        System.setProperty(RegionProgram.FUSION_PROPERTY, "false");
        FunctionPlan plain = FunctionPlan.prepare(module, "main");
        System.clearProperty(RegionProgram.FUSION_PROPERTY);
        FunctionPlan fused = FunctionPlan.prepare(module, "main");
        // members: tb, m, d | m2 | xb | ii | q (the reduces are the groups' roots, counted apart)
        assertEquals(7, fused.program().fusedOps());
        for (long seed = 0; seed < 4; seed++) {
            List<Object> all = inputs(seed);
            List<Object> in = List.of(all.get(0), all.get(2));
            List<Object> a = plain.run(in);
            List<Object> b = fused.run(in);
            for (int i = 0; i < a.size(); i++) assertArrayEquals(bits(a.get(i)), bits(b.get(i)), "result " + i);
        }
    }

    @Test
    void largeGroupsGiveTheSameBitsOnAnyNumberOfThreads() throws Exception {
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<300x300xf32>, %s: tensor<300xf32>) -> tensor<300x300xf32> {
                  %b = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<300xf32>) -> tensor<300x300xf32>
                  %m = stablehlo.multiply %x, %b : tensor<300x300xf32>
                  %e = stablehlo.exponential %m : tensor<300x300xf32>
                  %l = stablehlo.log_plus_one %e : tensor<300x300xf32>
                  return %l : tensor<300x300xf32>
                }
                """);
        double[] x = new double[90000];
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < x.length; i++) x[i] = (float) r.nextGaussian();
        double[] s = new double[300];
        for (int i = 0; i < s.length; i++) s[i] = (float) (r.nextGaussian() * 4);
        List<Object> in = List.of(Tensor.ofDoubles(type("tensor<300x300xf32>"), x), Tensor.ofDoubles(type("tensor<300xf32>"), s));
        System.setProperty(RegionProgram.FUSION_PROPERTY, "false");
        long[] expected = bits(FunctionPlan.prepare(module, "main").run(in).get(0));
        System.clearProperty(RegionProgram.FUSION_PROPERTY);
        FunctionPlan fused = FunctionPlan.prepare(module, "main");
        assertEquals(4, fused.program().fusedOps());
        String before = System.getProperty("stablehlo4j.interpreter.threads");
        try {
            for (String threads : new String[] {"1", "2", "3"}) {
                System.setProperty("stablehlo4j.interpreter.threads", threads);
                assertArrayEquals(expected, bits(fused.run(in).get(0)), threads + " threads");
            }
        } finally {
            if (before == null) System.clearProperty("stablehlo4j.interpreter.threads");
            else System.setProperty("stablehlo4j.interpreter.threads", before);
        }
    }
}
