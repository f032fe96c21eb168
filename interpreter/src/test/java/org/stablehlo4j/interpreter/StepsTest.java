package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compiled steps ({@link Steps}) give bit for bit what the ops' kernels give: integer wrap-around and shifts out of
 * range, NaN in compares and selects, bf16 rounding, strided slices, transposes, broadcasts (of one element: read in
 * place by their users, or run when another op needs the tensor), calls and while loops.
 */
class StepsTest {
    private static final StableHlo HLO = StableHlo.create();

    @AfterEach
    void stepsBackOn() {
        System.clearProperty(RegionProgram.STEPS_PROPERTY);
    }

    /** A Threefry-like round in a called function, run by a while loop; uint32 arithmetic wraps. */
    private static final String ROUNDS = """
            func.func @main(%k: tensor<ui32>, %x: tensor<4x4xui32>, %rot: tensor<4xui32>) -> (tensor<4x4xui32>, tensor<i32>) {
              %zero = stablehlo.constant dense<0> : tensor<i32>
              %r:3 = stablehlo.while(%i = %zero, %v = %x, %rr = %rot) : tensor<i32>, tensor<4x4xui32>, tensor<4xui32>
              cond {
                %n = stablehlo.constant dense<5> : tensor<i32>
                %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
                stablehlo.return %c : tensor<i1>
              } do {
                %one = stablehlo.constant dense<1> : tensor<i32>
                %i1 = stablehlo.add %i, %one : tensor<i32>
                %v1 = func.call @round(%v, %rr, %k) : (tensor<4x4xui32>, tensor<4xui32>, tensor<ui32>) -> tensor<4x4xui32>
                stablehlo.return %i1, %v1, %rr : tensor<i32>, tensor<4x4xui32>, tensor<4xui32>
              }
              return %r#1, %r#0 : tensor<4x4xui32>, tensor<i32>
            }
            func.func private @round(%v: tensor<4x4xui32>, %rot: tensor<4xui32>, %k: tensor<ui32>) -> tensor<4x4xui32> {
              %c32 = stablehlo.constant dense<32> : tensor<ui32>
              %s1 = stablehlo.slice %rot [1:2] : (tensor<4xui32>) -> tensor<1xui32>
              %s = stablehlo.reshape %s1 : (tensor<1xui32>) -> tensor<ui32>
              %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
              %l = stablehlo.shift_left %v, %sb : tensor<4x4xui32>
              %t = stablehlo.subtract %c32, %s : tensor<ui32>
              %tb = stablehlo.broadcast_in_dim %t, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
              %rr = stablehlo.shift_right_logical %v, %tb : tensor<4x4xui32>
              %o = stablehlo.or %l, %rr : tensor<4x4xui32>
              %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
              %a = stablehlo.add %o, %kb : tensor<4x4xui32>
              %m = stablehlo.multiply %a, %a : tensor<4x4xui32>
              %tr = stablehlo.transpose %m, dims = [1, 0] : (tensor<4x4xui32>) -> tensor<4x4xui32>
              %x = stablehlo.xor %tr, %kb : tensor<4x4xui32>
              %big = stablehlo.broadcast_in_dim %c32, dims = [] : (tensor<ui32>) -> tensor<4x4xui32>
              %w = stablehlo.shift_left %x, %big : tensor<4x4xui32>
              %y = stablehlo.or %w, %x : tensor<4x4xui32>
              return %y : tensor<4x4xui32>
            }
            """;

    /** Reals and small integers: NaN, bf16, compares, selects, converts, strided slices, general broadcasts. */
    private static final String MIXED = """
            func.func @main(%x: tensor<6x5xf32>, %s: tensor<6xf32>, %i: tensor<6x5xi8>, %p: tensor<i1>)
                -> (tensor<6x5xf32>, tensor<6x5xi8>, tensor<6x5xbf16>, tensor<3x2xf32>, tensor<6x5xi1>, tensor<6x5xf32>,
                    tensor<5x6xi8>, tensor<6x5xf32>) {
              %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<6xf32>) -> tensor<6x5xf32>
              %d = stablehlo.subtract %x, %b : tensor<6x5xf32>
              %q = stablehlo.divide %d, %x : tensor<6x5xf32>
              %h = stablehlo.constant dense<0.5> : tensor<6x5xf32>
              %m = stablehlo.multiply %h, %q : tensor<6x5xf32>
              %c = stablehlo.compare LT, %m, %x, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
              %z = stablehlo.negate %x : tensor<6x5xf32>
              %sel = stablehlo.select %c, %m, %z : tensor<6x5xi1>, tensor<6x5xf32>
              %one = stablehlo.constant dense<1.5> : tensor<f32>
              %ob = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
              %r0 = stablehlo.maximum %sel, %ob : tensor<6x5xf32>
              %ii = stablehlo.add %i, %i : tensor<6x5xi8>
              %im = stablehlo.multiply %ii, %i : tensor<6x5xi8>
              %r1 = stablehlo.shift_right_arithmetic %im, %i : tensor<6x5xi8>
              %xb = stablehlo.convert %x : (tensor<6x5xf32>) -> tensor<6x5xbf16>
              %yb = stablehlo.multiply %xb, %xb : tensor<6x5xbf16>
              %r2 = stablehlo.rsqrt %yb : tensor<6x5xbf16>
              %r3 = stablehlo.slice %q [1:6:2, 0:4:3] : (tensor<6x5xf32>) -> tensor<3x2xf32>
              %e = stablehlo.compare EQ, %d, %ob, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
              %r4 = stablehlo.and %e, %c : tensor<6x5xi1>
              %ps = stablehlo.select %p, %d, %ob : tensor<i1>, tensor<6x5xf32>
              %r6 = stablehlo.transpose %r1, dims = [1, 0] : (tensor<6x5xi8>) -> tensor<5x6xi8>
              return %r0, %r1, %r2, %r3, %r4, %ps, %r6, %ob : tensor<6x5xf32>, tensor<6x5xi8>, tensor<6x5xbf16>,
                  tensor<3x2xf32>, tensor<6x5xi1>, tensor<6x5xf32>, tensor<5x6xi8>, tensor<6x5xf32>
            }
            """;

    private static RankedTensorType type(String text) {
        return FusionTest.type(text);
    }

    /**
     * The elements' bits, every NaN as the canonical one: which payload an operation on two NaNs keeps is not
     * defined in Java (the JIT's vector and scalar code may keep either operand's).
     */
    private static long[] bits(Object v) {
        Tensor t = (Tensor) v;
        if (t.ints != null) return t.ints.clone();
        long[] out = new long[t.reals.length];
        for (int i = 0; i < out.length; i++) out[i] = Double.doubleToLongBits(t.reals[i]);
        return out;
    }

    /** Runs {@code program} with and without steps on each input list; the results must be the same bits. */
    private static void sameBothWays(String program, List<List<Object>> inputs) throws Exception {
        ModuleOp module = HLO.parse(program);
        System.setProperty(RegionProgram.STEPS_PROPERTY, "false");
        FunctionPlan kernels = FunctionPlan.prepare(module, "main");
        System.clearProperty(RegionProgram.STEPS_PROPERTY);
        FunctionPlan steps = FunctionPlan.prepare(module, "main");
        for (List<Object> in : inputs) {
            List<Object> a = kernels.run(in);
            List<Object> b = steps.run(in);
            assertEquals(a.size(), b.size());
            for (int i = 0; i < a.size(); i++) assertArrayEquals(bits(a.get(i)), bits(b.get(i)), "result " + i);
        }
    }

    @Test
    void roundsInACalledFunctionUnderAWhileLoop() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        List<List<Object>> inputs = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            long[] x = new long[16];
            for (int i = 0; i < 16; i++) x[i] = r.nextLong() & 0xFFFFFFFFL;
            long[] rot = {13, n == 3 ? 40 : 15, 26, 6}; // 40: shifts out of range (32 - 40 wraps to a huge shift too)
            inputs.add(List.of(Tensor.ofLongs(type("tensor<ui32>"), new long[] {r.nextLong() & 0xFFFFFFFFL}),
                    Tensor.ofLongs(type("tensor<4x4xui32>"), x), Tensor.ofLongs(type("tensor<4xui32>"), rot)));
        }
        sameBothWays(ROUNDS, inputs);
    }

    @Test
    void realsIntegersAndDataMovement() throws Exception {
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0,
                1.00390625, -1.01171875, 3.4e38, 1e-45, 65504, -2.5, 1.5};
        List<List<Object>> inputs = new ArrayList<>();
        for (long seed = 0; seed < 4; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            double[] x = new double[30];
            for (int i = 0; i < x.length; i++) {
                x[i] = i % 4 == 0 ? specials[(int) ((i / 4 + seed) % specials.length)] : (float) (r.nextGaussian() * 8);
            }
            double[] s = new double[6];
            for (int i = 0; i < 6; i++) s[i] = i == 2 ? Double.NaN : (float) r.nextGaussian();
            long[] i8 = new long[30];
            for (int k = 0; k < 30; k++) i8[k] = r.nextInt(-128, 128);
            inputs.add(List.of(Tensor.ofDoubles(type("tensor<6x5xf32>"), x), Tensor.ofDoubles(type("tensor<6xf32>"), s),
                    Tensor.ofLongs(type("tensor<6x5xi8>"), i8), Tensor.ofLongs(type("tensor<i1>"), new long[] {seed % 2})));
        }
        sameBothWays(MIXED, inputs);
    }

    /** Each op in three forms: two tensors, a broadcast scalar on the right, on the left (read with stride 0). */
    private static String binaryForms(String type, String[] ops) {
        StringBuilder body = new StringBuilder();
        StringBuilder results = new StringBuilder();
        int n = 0;
        for (String op : ops) {
            body.append("  %r").append(n).append(" = stablehlo.").append(op).append(" %x, %y : tensor<7x").append(type)
                    .append(">\n");
            body.append("  %r").append(n + 1).append(" = stablehlo.").append(op).append(" %x, %sb : tensor<7x")
                    .append(type).append(">\n");
            body.append("  %r").append(n + 2).append(" = stablehlo.").append(op).append(" %sb, %y : tensor<7x")
                    .append(type).append(">\n");
            n += 3;
        }
        for (int i = 0; i < n; i++) results.append(i == 0 ? "" : ", ").append("%r").append(i);
        String t = "tensor<7x" + type + ">";
        return "func.func @main(%x: " + t + ", %y: " + t + ", %s: tensor<" + type + ">) -> (" + (t + ", ").repeat(n - 1)
                + t + ") {\n  %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<" + type + ">) -> " + t + "\n"
                + body + "  return " + results + " : " + (t + ", ").repeat(n - 1) + t + "\n}\n";
    }

    @Test
    void integerLoopsInEveryOperandFormAndWidth() throws Exception {
        String[] ops = {"add", "subtract", "multiply", "and", "or", "xor", "shift_left", "shift_right_logical",
            "shift_right_arithmetic", "maximum"};
        SplittableRandom r = new SplittableRandom(3);
        for (String type : new String[] {"i8", "ui8", "i16", "ui32", "i32", "i64", "ui64"}) {
            int width = Integer.parseInt(type.replaceAll("[^0-9]", ""));
            List<List<Object>> inputs = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                long[] x = new long[7];
                long[] y = new long[7];
                for (int i = 0; i < 7; i++) {
                    x[i] = r.nextLong();
                    // shift amounts in and out of range, negative ones too
                    y[i] = i < 4 ? r.nextInt(-2, width + 3) : r.nextLong();
                }
                long s = n == 0 ? width - 1 : n == 1 ? width + 1 : r.nextLong();
                inputs.add(List.of(Tensor.ofLongs(type("tensor<7x" + type + ">"), x),
                        Tensor.ofLongs(type("tensor<7x" + type + ">"), y),
                        Tensor.ofLongs(type("tensor<" + type + ">"), new long[] {s})));
            }
            sameBothWays(binaryForms(type, ops), inputs);
        }
    }

    @Test
    void realUnaryLoops() throws Exception {
        String[] ops = {"negate", "abs", "sqrt", "exponential", "log", "log_plus_one", "tanh"};
        for (String type : new String[] {"f32", "f64", "bf16"}) {
            StringBuilder body = new StringBuilder();
            StringBuilder names = new StringBuilder();
            String t = "tensor<9x" + type + ">";
            for (int i = 0; i < ops.length; i++) {
                // each op alone (a step) and after a negate (a small group)
                body.append("  %a").append(i).append(" = stablehlo.").append(ops[i]).append(" %x : ").append(t).append("\n");
                body.append("  %n").append(i).append(" = stablehlo.negate %x : ").append(t).append("\n");
                body.append("  %b").append(i).append(" = stablehlo.").append(ops[i]).append(" %n").append(i).append(" : ")
                        .append(t).append("\n");
                names.append(i == 0 ? "" : ", ").append("%a").append(i).append(", %b").append(i);
            }
            String types = (t + ", ").repeat(2 * ops.length - 1) + t;
            String program = "func.func @main(%x: " + t + ") -> (" + types + ") {\n" + body + "  return " + names + " : "
                    + types + "\n}\n";
            double[] x = {Double.NaN, -0.0, 0.0, -1.5, 2.25, 1e-30, -1e30, Double.POSITIVE_INFINITY, 88.5};
            sameBothWays(program, List.of(List.of(Tensor.ofDoubles(type(t), x))));
        }
    }

    @Test
    void rotationsFoldedIntoOneLoop() throws Exception {
        // or(shift_left(x, a), shift_right_logical(x, b)) with amounts in and out of range, per element and
        // broadcast, signed and unsigned; %keep's shift is also returned, so that rotation is not folded
        for (String type : new String[] {"ui32", "i8", "ui64", "i32"}) {
            String t = "tensor<6x" + type + ">";
            String program = ("func.func @main(%x: T, %a: T, %b: T, %s: tensor<E>) -> (T, T, T, T) {\n"
                    + "  %l = stablehlo.shift_left %x, %a : T\n"
                    + "  %r = stablehlo.shift_right_logical %x, %b : T\n"
                    + "  %o = stablehlo.or %l, %r : T\n"
                    + "  %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<E>) -> T\n"
                    + "  %l2 = stablehlo.shift_left %o, %sb : T\n"
                    + "  %r2 = stablehlo.shift_right_logical %o, %a : T\n"
                    + "  %o2 = stablehlo.or %r2, %l2 : T\n"
                    + "  %l3 = stablehlo.shift_left %o2, %b : T\n"
                    + "  %r3 = stablehlo.shift_right_logical %o2, %sb : T\n"
                    + "  %keep = stablehlo.or %l3, %r3 : T\n"
                    + "  %z = stablehlo.xor %keep, %x : T\n"
                    + "  return %o2, %keep, %l3, %z : T, T, T, T\n}\n").replace("T", t).replace("E", type);
            int width = Integer.parseInt(type.replaceAll("[^0-9]", ""));
            SplittableRandom r = new SplittableRandom(width);
            List<List<Object>> inputs = new ArrayList<>();
            for (long s : new long[] {3, 0, width, width + 7, -1}) {
                long[] x = new long[6];
                long[] a = new long[6];
                long[] b = new long[6];
                for (int i = 0; i < 6; i++) {
                    x[i] = r.nextLong();
                    a[i] = i == 5 ? -3 : r.nextInt(0, width + 2);
                    b[i] = i == 4 ? width : r.nextInt(0, width);
                }
                inputs.add(List.of(Tensor.ofLongs(type(t), x), Tensor.ofLongs(type(t), a), Tensor.ofLongs(type(t), b),
                        Tensor.ofLongs(type("tensor<" + type + ">"), new long[] {s})));
            }
            assertTrue(FunctionPlan.prepare(HLO.parse(program), "main").program().describe().contains("2 rotations"),
                    FunctionPlan.prepare(HLO.parse(program), "main").program().describe());
            sameBothWays(program, inputs);
        }
    }

    @Test
    void integerScalars() throws Exception {
        String[] ops = {"add", "subtract", "multiply", "and", "or", "xor", "shift_left", "shift_right_logical"};
        SplittableRandom r = new SplittableRandom(5);
        for (String type : new String[] {"i8", "ui16", "i32", "ui32", "ui64"}) {
            int width = Integer.parseInt(type.replaceAll("[^0-9]", ""));
            StringBuilder body = new StringBuilder();
            StringBuilder names = new StringBuilder();
            String t = "tensor<" + type + ">";
            for (int i = 0; i < ops.length; i++) {
                body.append("  %r").append(i).append(" = stablehlo.").append(ops[i]).append(" %a, %b : ").append(t)
                        .append("\n");
                names.append(i == 0 ? "" : ", ").append("%r").append(i);
            }
            String types = (t + ", ").repeat(ops.length - 1) + t;
            String program = "func.func @main(%a: " + t + ", %b: " + t + ") -> (" + types + ") {\n" + body
                    + "  return " + names + " : " + types + "\n}\n";
            List<List<Object>> inputs = new ArrayList<>();
            for (long b : new long[] {0, 1, width - 1, width, width + 5, -1, r.nextLong()}) {
                inputs.add(List.of(Tensor.ofLongs(type(t), new long[] {r.nextLong()}), Tensor.ofLongs(type(t), new long[] {b})));
            }
            sameBothWays(program, inputs);
        }
    }

    @Test
    void realLoopsInEveryOperandForm() throws Exception {
        String[] ops = {"add", "subtract", "multiply", "maximum", "minimum", "divide"};
        double nanA = Double.longBitsToDouble(0x7ff8000000000123L);
        double nanB = Double.longBitsToDouble(0xfff8000000000456L);
        double nanAf = Float.intBitsToFloat(0x7fc00123);
        double nanBf = Float.intBitsToFloat(0xffc00456);
        for (String type : new String[] {"f32", "f64", "bf16"}) {
            boolean f64 = type.equals("f64");
            double[] x = {f64 ? nanA : nanAf, 1.5, -0.0, 0.0, 3e38, 1e-40, Double.POSITIVE_INFINITY};
            double[] y = {f64 ? nanB : nanBf, f64 ? nanB : nanBf, 0.0, -0.0, 3e38, 1e-40, Double.NEGATIVE_INFINITY};
            List<List<Object>> inputs = new ArrayList<>();
            for (double s : new double[] {f64 ? nanB : nanBf, -0.0, 2.5}) {
                inputs.add(List.of(Tensor.ofDoubles(type("tensor<7x" + type + ">"), x.clone()),
                        Tensor.ofDoubles(type("tensor<7x" + type + ">"), y.clone()),
                        Tensor.ofDoubles(type("tensor<" + type + ">"), new double[] {s})));
            }
            sameBothWays(binaryForms(type, ops), inputs);
        }
    }

    @Test
    void smallGroupsCloseBeforeAnOpThatReadsTheirValues() throws Exception {
        // %a..%c group; the reshape reads %b (closes the group: %b is made); %d..%f (another size in between: %s)
        // group again; %e is read inside the while body, %f is returned; kept buffers are reused across runs
        String program = """
                func.func @main(%x: tensor<2x3xi32>, %y: tensor<2x3xi32>, %k: tensor<i32>) -> (tensor<6xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<3xi32>) {
                  %a = stablehlo.add %x, %y : tensor<2x3xi32>
                  %b = stablehlo.multiply %a, %x : tensor<2x3xi32>
                  %c = stablehlo.xor %b, %y : tensor<2x3xi32>
                  %r = stablehlo.reshape %b : (tensor<2x3xi32>) -> tensor<6xi32>
                  %d = stablehlo.subtract %c, %a : tensor<2x3xi32>
                  %s = stablehlo.slice %x [0:1, 0:3] : (tensor<2x3xi32>) -> tensor<1x3xi32>
                  %s3 = stablehlo.reshape %s : (tensor<1x3xi32>) -> tensor<3xi32>
                  %t = stablehlo.add %s3, %s3 : tensor<3xi32>
                  %u = stablehlo.multiply %t, %s3 : tensor<3xi32>
                  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
                  %e = stablehlo.shift_left %d, %kb : tensor<2x3xi32>
                  %cmp = stablehlo.compare GT, %e, %x, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
                  %f = stablehlo.select %cmp, %e, %d : tensor<2x3xi1>, tensor<2x3xi32>
                  %zero = stablehlo.constant dense<0> : tensor<i32>
                  %w:2 = stablehlo.while(%i = %zero, %v = %f) : tensor<i32>, tensor<2x3xi32>
                  cond {
                    %lim = stablehlo.constant dense<3> : tensor<i32>
                    %lt = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
                    stablehlo.return %lt : tensor<i1>
                  } do {
                    %one = stablehlo.constant dense<1> : tensor<i32>
                    %i1 = stablehlo.add %i, %one : tensor<i32>
                    %v1 = stablehlo.add %v, %e : tensor<2x3xi32>
                    stablehlo.return %i1, %v1 : tensor<i32>, tensor<2x3xi32>
                  }
                  return %r, %f, %w#1, %u : tensor<6xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<3xi32>
                }
                """;
        FunctionPlan plan = FunctionPlan.prepare(HLO.parse(program), "main");
        assertTrue(plan.program().groupedOps() >= 7, "grouped: " + plan.program().groupedOps());
        SplittableRandom r = new SplittableRandom(11);
        List<List<Object>> inputs = new ArrayList<>();
        for (int n = 0; n < 5; n++) {
            long[] x = new long[6];
            long[] y = new long[6];
            for (int i = 0; i < 6; i++) {
                x[i] = (int) r.nextLong();
                y[i] = (int) r.nextLong();
            }
            inputs.add(List.of(Tensor.ofLongs(type("tensor<2x3xi32>"), x), Tensor.ofLongs(type("tensor<2x3xi32>"), y),
                    Tensor.ofLongs(type("tensor<i32>"), new long[] {n == 4 ? 40 : n * 3})));
        }
        sameBothWays(program, inputs);
    }

    @Test
    void reshapesOfDataMovementsAreMergedIntoThem() throws Exception {
        String program = """
                func.func @main(%x: tensor<4xui32>, %m: tensor<2x3xf32>) -> (tensor<ui32>, tensor<1xui32>, tensor<ui32>, tensor<6xf32>, tensor<3x2xf32>, tensor<2x2xui32>) {
                  %s = stablehlo.slice %x [2:3] : (tensor<4xui32>) -> tensor<1xui32>
                  %r = stablehlo.reshape %s : (tensor<1xui32>) -> tensor<ui32>
                  %s2 = stablehlo.slice %x [1:2] : (tensor<4xui32>) -> tensor<1xui32>
                  %r2 = stablehlo.reshape %s2 : (tensor<1xui32>) -> tensor<ui32>
                  %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
                  %tr = stablehlo.reshape %t : (tensor<3x2xf32>) -> tensor<6xf32>
                  %t2 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
                  %b = stablehlo.broadcast_in_dim %r, dims = [] : (tensor<ui32>) -> tensor<4xui32>
                  %br = stablehlo.reshape %b : (tensor<4xui32>) -> tensor<2x2xui32>
                  return %r, %s2, %r2, %tr, %t2, %br : tensor<ui32>, tensor<1xui32>, tensor<ui32>, tensor<6xf32>, tensor<3x2xf32>, tensor<2x2xui32>
                }
                """;
        // %s, %t and %b give their tensors the reshapes' types; %s2 has two users and is not merged
        assertEquals(3, FunctionPlan.prepare(HLO.parse(program), "main").program().skippedOps());
        List<List<Object>> inputs = List.of(List.of(Tensor.ofLongs(type("tensor<4xui32>"), new long[] {7, 4000000000L, 9, 1}),
                Tensor.ofDoubles(type("tensor<2x3xf32>"), new double[] {1, 2, 3, Double.NaN, -0.0, 6})));
        sameBothWays(program, inputs);
    }

    @Test
    void emptyTensors() throws Exception {
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<2x0xi32>, %y: tensor<0xf32>) -> (tensor<2x0xi32>, tensor<0xf32>) {
                  %c = stablehlo.constant dense<3> : tensor<2x0xi32>
                  %a = stablehlo.add %x, %c : tensor<2x0xi32>
                  %f = stablehlo.constant dense<1.0> : tensor<0xf32>
                  %b = stablehlo.multiply %f, %y : tensor<0xf32>
                  return %a, %b : tensor<2x0xi32>, tensor<0xf32>
                }
                """);
        List<Object> out = FunctionPlan.prepare(module, "main").run(List.of(Tensor.zeros(type("tensor<2x0xi32>")),
                Tensor.zeros(type("tensor<0xf32>"))));
        assertEquals(0, ((Tensor) out.get(0)).ints.length);
        assertEquals(0, ((Tensor) out.get(1)).reals.length);
    }

    @Test
    void aBroadcastIsSkippedOnlyWhenEveryUserReadsItsOperand() throws Exception {
        // %kb feeds an add (which reads %k in place) and is returned: it must still be made; %jb feeds only adds
        ModuleOp module = HLO.parse("""
                func.func @main(%k: tensor<i32>, %j: tensor<i32>, %x: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) {
                  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<3xi32>
                  %jb = stablehlo.broadcast_in_dim %j, dims = [] : (tensor<i32>) -> tensor<3xi32>
                  %a = stablehlo.add %x, %kb : tensor<3xi32>
                  %b = stablehlo.add %jb, %a : tensor<3xi32>
                  %c = stablehlo.subtract %b, %jb : tensor<3xi32>
                  return %a, %c, %kb : tensor<3xi32>, tensor<3xi32>, tensor<3xi32>
                }
                """);
        FunctionPlan plan = FunctionPlan.prepare(module, "main");
        assertEquals(1, plan.program().skippedOps());
        List<Object> out = plan.run(List.of(Tensor.ofLongs(type("tensor<i32>"), new long[] {5}),
                Tensor.ofLongs(type("tensor<i32>"), new long[] {Integer.MAX_VALUE}),
                Tensor.ofLongs(type("tensor<3xi32>"), new long[] {1, 2, 3})));
        assertArrayEquals(new long[] {6, 7, 8}, ((Tensor) out.get(0)).ints);
        assertArrayEquals(new long[] {6, 7, 8}, ((Tensor) out.get(1)).ints); // wraps around and back
        assertArrayEquals(new long[] {5, 5, 5}, ((Tensor) out.get(2)).ints);
    }

    @Test
    void aBroadcastReadInsideARegionIsMade() throws Exception {
        ModuleOp module = HLO.parse("""
                func.func @main(%k: tensor<i32>, %x: tensor<3xi32>) -> tensor<3xi32> {
                  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<3xi32>
                  %a = stablehlo.add %x, %kb : tensor<3xi32>
                  %zero = stablehlo.constant dense<0> : tensor<i32>
                  %r:2 = stablehlo.while(%i = %zero, %v = %a) : tensor<i32>, tensor<3xi32>
                  cond {
                    %c = stablehlo.compare LT, %i, %k, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
                    stablehlo.return %c : tensor<i1>
                  } do {
                    %one = stablehlo.constant dense<1> : tensor<i32>
                    %i1 = stablehlo.add %i, %one : tensor<i32>
                    %v1 = stablehlo.add %v, %kb : tensor<3xi32>
                    stablehlo.return %i1, %v1 : tensor<i32>, tensor<3xi32>
                  }
                  return %r#1 : tensor<3xi32>
                }
                """);
        FunctionPlan plan = FunctionPlan.prepare(module, "main");
        assertEquals(0, plan.program().skippedOps());
        List<Object> out = plan.run(List.of(Tensor.ofLongs(type("tensor<i32>"), new long[] {3}),
                Tensor.ofLongs(type("tensor<3xi32>"), new long[] {1, 2, 3})));
        assertArrayEquals(new long[] {13, 14, 15}, ((Tensor) out.get(0)).ints);
    }

    @Test
    void constantsAndValuesReadInsideNestedRegions() throws Exception {
        // %c (a constant) and %x (an argument) are read two regions down (a reduce inside a while body)
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<3xi32>) -> tensor<3xi32> {
                  %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
                  %zero = stablehlo.constant dense<0> : tensor<i32>
                  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<3xi32>
                  cond {
                    %lim = stablehlo.constant dense<2> : tensor<i32>
                    %lt = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
                    stablehlo.return %lt : tensor<i1>
                  } do {
                    %one = stablehlo.constant dense<1> : tensor<i32>
                    %i1 = stablehlo.add %i, %one : tensor<i32>
                    %s = stablehlo.reduce(%v init: %zero) across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
                      reducer(%a: tensor<i32>, %b: tensor<i32>) {
                        %cs = stablehlo.slice %c [0:1] : (tensor<3xi32>) -> tensor<1xi32>
                        %c0 = stablehlo.reshape %cs : (tensor<1xi32>) -> tensor<i32>
                        %xs = stablehlo.slice %x [2:3] : (tensor<3xi32>) -> tensor<1xi32>
                        %x2 = stablehlo.reshape %xs : (tensor<1xi32>) -> tensor<i32>
                        %t = stablehlo.add %a, %b : tensor<i32>
                        %u = stablehlo.add %t, %c0 : tensor<i32>
                        %w = stablehlo.add %u, %x2 : tensor<i32>
                        stablehlo.return %w : tensor<i32>
                      }
                    %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<3xi32>
                    %v1 = stablehlo.add %sb, %c : tensor<3xi32>
                    stablehlo.return %i1, %v1 : tensor<i32>, tensor<3xi32>
                  }
                  return %r#1 : tensor<3xi32>
                }
                """);
        // per reduce: sum + 3 * (c[0] + x[2]); x = [1, 1, 5]: 7 + 18 = 25 -> [26, 27, 28]; then 81 + 18 = 99 -> [100, 101, 102]
        List<Object> out = FunctionPlan.prepare(module, "main").run(List.of(Tensor.ofLongs(type("tensor<3xi32>"),
                new long[] {1, 1, 5})));
        assertArrayEquals(new long[] {100, 101, 102}, ((Tensor) out.get(0)).ints);
    }

    @Test
    void aFailingCallIsLocatedAtTheCall() throws Exception {
        ModuleOp module = HLO.parse("""
                func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
                  %y = func.call @f(%x) : (tensor<2xi32>) -> tensor<2xi32> loc("main.mlir":3:8)
                  return %y : tensor<2xi32>
                }
                func.func private @f(%x: tensor<2xi32>) -> tensor<2xi32> {
                  %y = func.call @f(%x) : (tensor<2xi32>) -> tensor<2xi32>
                  return %y : tensor<2xi32>
                }
                """);
        FunctionPlan plan = FunctionPlan.prepare(module, "main");
        InterpreterException e = assertThrows(InterpreterException.class,
                () -> plan.run(List.of(Tensor.ofLongs(type("tensor<2xi32>"), new long[] {1, 2}))));
        assertTrue(e.getMessage().contains("call depth exceeds 1000"), e.getMessage());
    }
}
