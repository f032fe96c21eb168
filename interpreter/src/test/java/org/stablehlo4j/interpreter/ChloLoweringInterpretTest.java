package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

/**
 * The interpreter runs CHLO through its decompositions ({@code --chlo-legalize-to-stablehlo}'s patterns): these
 * programs check what the decomposed programs compute against independent references (exact integer arithmetic,
 * {@link Math#nextAfter}, a total-order sort, plain loops), on random and edge inputs.
 */
class ChloLoweringInterpretTest {
    private static final Random RANDOM = new Random(27);

    private static List<Object> run(String text) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
        return new Interpreter(m).run("main", List.of());
    }

    private static Tensor tensor(Object o) {
        return (Tensor) o;
    }

    private static String list(Iterable<String> items) {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (String s : items) j.add(s);
        return j.toString();
    }

    // ---- mulhi

    @ParameterizedTest
    @ValueSource(strings = {"i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64"})
    void mulhiIsTheHighHalfOfTheExactProduct(String type) throws Exception {
        boolean unsigned = type.startsWith("u");
        int width = Integer.parseInt(type.substring(unsigned ? 2 : 1));
        BigInteger min = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(width - 1).negate();
        BigInteger max = unsigned ? BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(width - 1).subtract(BigInteger.ONE);
        List<BigInteger> a = new ArrayList<>(List.of(min, max, BigInteger.ZERO, BigInteger.ONE, max, min));
        List<BigInteger> b = new ArrayList<>(List.of(min, max, max, max, min, BigInteger.ONE));
        if (!unsigned) {
            a.add(BigInteger.ONE.negate());
            b.add(max);
        }
        while (a.size() < 64) {
            a.add(new BigInteger(width, RANDOM).add(min));
            b.add(new BigInteger(width, RANDOM).add(min));
        }
        int n = a.size();
        String t = "tensor<" + n + "x" + type + ">";
        String text = "func.func @main() -> " + t + " {\n"
                + "  %a = stablehlo.constant dense<" + list(a.stream().map(BigInteger::toString).toList()) + "> : " + t + "\n"
                + "  %b = stablehlo.constant dense<" + list(b.stream().map(BigInteger::toString).toList()) + "> : " + t + "\n"
                + "  %0 = \"chlo.mulhi\"(%a, %b) : (" + t + ", " + t + ") -> " + t + "\n"
                + "  return %0 : " + t + "\n}\n";
        Tensor r = tensor(run(text).get(0));
        BigInteger mask = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        for (int i = 0; i < n; i++) {
            BigInteger expected = a.get(i).multiply(b.get(i)).shiftRight(width).and(mask);
            BigInteger actual = BigInteger.valueOf(r.ints[i]).and(mask);
            assertEquals(expected, actual, type + " mulhi(" + a.get(i) + ", " + b.get(i) + ")");
        }
    }

    // ---- next_after

    @Test
    void nextAfterIsJavasNextAfterForF32AndF64() throws Exception {
        float[] specials = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 1f, -1f, Float.MIN_NORMAL};
        List<Float> xs = new ArrayList<>();
        List<Float> ys = new ArrayList<>();
        for (float x : specials) {
            for (float y : specials) {
                xs.add(x);
                ys.add(y);
            }
        }
        for (int i = 0; i < 64; i++) {
            xs.add(Float.intBitsToFloat(RANDOM.nextInt()));
            ys.add(RANDOM.nextBoolean() ? Float.intBitsToFloat(RANDOM.nextInt()) : xs.get(xs.size() - 1));
        }
        int n = xs.size();
        String t = "tensor<" + n + "xf32>";
        String text = "func.func @main() -> " + t + " {\n"
                + "  %a = stablehlo.constant dense<" + list(xs.stream().map(f -> hex32(f)).toList()) + "> : " + t + "\n"
                + "  %b = stablehlo.constant dense<" + list(ys.stream().map(f -> hex32(f)).toList()) + "> : " + t + "\n"
                + "  %0 = chlo.next_after %a, %b : " + t + ", " + t + " -> " + t + "\n"
                + "  return %0 : " + t + "\n}\n";
        Tensor r = tensor(run(text).get(0));
        for (int i = 0; i < n; i++) {
            float expected = Math.nextAfter(xs.get(i), ys.get(i));
            float actual = (float) r.reals[i];
            if (Float.isNaN(expected)) {
                assertTrue(Float.isNaN(actual), "nextAfter(" + xs.get(i) + ", " + ys.get(i) + ")");
            } else {
                assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual),
                        "nextAfter(" + xs.get(i) + ", " + ys.get(i) + ")");
            }
        }
        double[] ds = {0.0, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, 1.0, -1.5};
        StringJoiner da = new StringJoiner(", ", "[", "]");
        StringJoiner db = new StringJoiner(", ", "[", "]");
        for (double x : ds) {
            for (double y : ds) {
                da.add(String.format("0x%016X", Double.doubleToRawLongBits(x)));
                db.add(String.format("0x%016X", Double.doubleToRawLongBits(y)));
            }
        }
        String t64 = "tensor<" + ds.length * ds.length + "xf64>";
        Tensor r64 = tensor(run("func.func @main() -> " + t64 + " {\n"
                + "  %a = stablehlo.constant dense<" + da + "> : " + t64 + "\n"
                + "  %b = stablehlo.constant dense<" + db + "> : " + t64 + "\n"
                + "  %0 = chlo.next_after %a, %b : " + t64 + ", " + t64 + " -> " + t64 + "\n"
                + "  return %0 : " + t64 + "\n}\n").get(0));
        for (int i = 0; i < ds.length * ds.length; i++) {
            double x = ds[i / ds.length];
            double y = ds[i % ds.length];
            assertEquals(Double.doubleToRawLongBits(Math.nextAfter(x, y)), Double.doubleToRawLongBits(r64.reals[i]),
                    "nextAfter(" + x + ", " + y + ")");
        }
    }

    private static String hex32(float f) {
        return String.format("0x%08X", Float.floatToRawIntBits(f));
    }

    // ---- top_k

    /** The total order of f32 bit patterns (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN) as an int key. */
    private static int totalOrderKey(float f) {
        int bits = Float.floatToRawIntBits(f);
        return bits < 0 ? bits ^ 0x7FFFFFFF : bits;
    }

    @Test
    void topKIsAStableDescendingTotalOrderSort() throws Exception {
        float[] pool = {0f, -0f, Float.NaN, Float.intBitsToFloat(0xFFC00000), 1f, -1f, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, 2.5f};
        int rows = 4;
        int cols = 12;
        int k = 5;
        float[] x = new float[rows * cols];
        for (int i = 0; i < x.length; i++) x[i] = pool[RANDOM.nextInt(pool.length)];
        List<String> items = new ArrayList<>();
        for (float f : x) items.add(hex32(f));
        String in = "tensor<" + rows + "x" + cols + "xf32>";
        String out = "tensor<" + rows + "x" + k + "xf32>";
        String idx = "tensor<" + rows + "x" + k + "xi32>";
        List<Object> r = run("func.func @main() -> (" + out + ", " + idx + ") {\n"
                + "  %x = stablehlo.constant dense<" + list(items) + "> : tensor<" + x.length + "xf32>\n"
                + "  %y = stablehlo.reshape %x : (tensor<" + x.length + "xf32>) -> " + in + "\n"
                + "  %v, %i = chlo.top_k(%y, k = " + k + ") : " + in + " -> (" + out + ", " + idx + ")\n"
                + "  return %v, %i : " + out + ", " + idx + "\n}\n");
        Tensor values = tensor(r.get(0));
        Tensor indices = tensor(r.get(1));
        for (int row = 0; row < rows; row++) {
            int base = row * cols;
            List<Integer> order = new ArrayList<>(IntStream.range(0, cols).boxed().toList());
            order.sort(Comparator.comparingInt((Integer c) -> totalOrderKey(x[base + c])).reversed()); // stable
            for (int j = 0; j < k; j++) {
                assertEquals((long) order.get(j), indices.ints[row * k + j], "row " + row + " rank " + j);
                assertEquals(totalOrderKey(x[base + order.get(j)]), totalOrderKey((float) values.reals[row * k + j]));
            }
        }
    }

    // ---- scan

    @Test
    void scanComputesPrefixAndSuffixSumsWithTheirCarries() throws Exception {
        long[] x = RANDOM.longs(9, -50, 50).toArray();
        List<String> items = new ArrayList<>();
        for (long v : x) items.add(Long.toString(v));
        String body = "  ^bb0(%e: tensor<i64>, %acc: tensor<i64>):\n"
                + "    %s = stablehlo.add %e, %acc : tensor<i64>\n"
                + "    stablehlo.return %s, %s : tensor<i64>, tensor<i64>\n";
        String text = "func.func @main() -> (tensor<9xi64>, tensor<i64>, tensor<9xi64>, tensor<i64>) {\n"
                + "  %x = stablehlo.constant dense<" + list(items) + "> : tensor<9xi64>\n"
                + "  %c = stablehlo.constant dense<100> : tensor<i64>\n"
                + "  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {\n" + body
                + "  } : (tensor<9xi64>, tensor<i64>) -> (tensor<9xi64>, tensor<i64>)\n"
                + "  %1:2 = chlo.scan(%x) inits(%c) dimension=0 attributes {is_reverse = true} {\n" + body
                + "  } : (tensor<9xi64>, tensor<i64>) -> (tensor<9xi64>, tensor<i64>)\n"
                + "  return %0#0, %0#1, %1#0, %1#1 : tensor<9xi64>, tensor<i64>, tensor<9xi64>, tensor<i64>\n}\n";
        List<Object> r = run(text);
        long acc = 100;
        for (int i = 0; i < 9; i++) {
            acc += x[i];
            assertEquals(acc, tensor(r.get(0)).ints[i]);
        }
        assertEquals(acc, tensor(r.get(1)).ints[0]);
        acc = 100;
        for (int i = 8; i >= 0; i--) {
            acc += x[i];
            assertEquals(acc, tensor(r.get(2)).ints[i]);
        }
        assertEquals(acc, tensor(r.get(3)).ints[0]);
    }

    // ---- ragged_dot

    private static String dense(double[] v, String shape) {
        List<String> items = new ArrayList<>();
        for (double d : v) items.add(Double.toString(d));
        return "stablehlo.constant dense<" + list(items) + "> : tensor<" + v.length + "xf32>";
    }

    private static double[] ints(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = RANDOM.nextInt(7) - 3;
        return v;
    }

    @Test
    void raggedDotOverNonContractingRowsMultipliesEachRowByItsGroup() throws Exception {
        int b = 2, m = 7, k = 3, g = 3, n = 4;
        long[] sizes = {2, 0, 4}; // rows 6.. belong to no group
        double[] lhs = ints(b * m * k);
        double[] rhs = ints(g * b * k * n);
        String text = "func.func @main() -> tensor<" + b + "x" + m + "x" + n + "xf32> {\n"
                + "  %l0 = " + dense(lhs, "") + "\n"
                + "  %l = stablehlo.reshape %l0 : (tensor<" + lhs.length + "xf32>) -> tensor<2x7x3xf32>\n"
                + "  %r0 = " + dense(rhs, "") + "\n"
                + "  %r = stablehlo.reshape %r0 : (tensor<" + rhs.length + "xf32>) -> tensor<3x2x3x4xf32>\n"
                + "  %g = stablehlo.constant dense<[2, 0, 4]> : tensor<3xi64>\n"
                + "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<"
                + "lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], "
                + "rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : "
                + "(tensor<2x7x3xf32>, tensor<3x2x3x4xf32>, tensor<3xi64>) -> tensor<2x7x4xf32>\n"
                + "  return %0 : tensor<2x7x4xf32>\n}\n";
        Tensor r = tensor(run(text).get(0));
        for (int bi = 0; bi < b; bi++) {
            for (int row = 0; row < m; row++) {
                int group = -1;
                long end = 0;
                for (int gi = 0; gi < g && group < 0; gi++) {
                    end += sizes[gi];
                    if (row < end) group = gi;
                }
                for (int col = 0; col < n; col++) {
                    double expected = 0;
                    for (int kk = 0; group >= 0 && kk < k; kk++) {
                        expected += lhs[(bi * m + row) * k + kk] * rhs[((group * b + bi) * k + kk) * n + col];
                    }
                    assertEquals(expected, r.reals[(bi * m + row) * n + col], "b" + bi + " row " + row + " col " + col);
                }
            }
        }
    }

    @Test
    void raggedDotOverContractingColumnsStacksOneProductPerGroup() throws Exception {
        int b = 2, m = 3, k = 5, n = 2, g = 3;
        long[] sizes = {1, 3, 1};
        double[] lhs = ints(b * m * k);
        double[] rhs = ints(b * k * n);
        String text = "func.func @main() -> tensor<3x2x3x2xf32> {\n"
                + "  %l0 = " + dense(lhs, "") + "\n"
                + "  %l = stablehlo.reshape %l0 : (tensor<" + lhs.length + "xf32>) -> tensor<2x3x5xf32>\n"
                + "  %r0 = " + dense(rhs, "") + "\n"
                + "  %r = stablehlo.reshape %r0 : (tensor<" + rhs.length + "xf32>) -> tensor<2x5x2xf32>\n"
                + "  %g = stablehlo.constant dense<[1, 3, 1]> : tensor<3xi32>\n"
                + "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<"
                + "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], "
                + "rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>} : "
                + "(tensor<2x3x5xf32>, tensor<2x5x2xf32>, tensor<3xi32>) -> tensor<3x2x3x2xf32>\n"
                + "  return %0 : tensor<3x2x3x2xf32>\n}\n";
        Tensor r = tensor(run(text).get(0));
        long start = 0;
        for (int gi = 0; gi < g; gi++) {
            for (int bi = 0; bi < b; bi++) {
                for (int row = 0; row < m; row++) {
                    for (int col = 0; col < n; col++) {
                        double expected = 0;
                        for (long kk = start; kk < start + sizes[gi]; kk++) {
                            expected += lhs[(bi * m + row) * k + (int) kk] * rhs[(bi * k + (int) kk) * n + col];
                        }
                        assertEquals(expected, r.reals[((gi * b + bi) * m + row) * n + col]);
                    }
                }
            }
            start += sizes[gi];
        }
    }

    // ---- the interpreter's lowering

    @Test
    void theCallersModuleIsNotChangedAndOpsWithoutADecompositionRunByTheirKernels() throws Exception {
        String text = "func.func @main() -> (tensor<2xi1>, tensor<2xf32>) {\n"
                + "  %x = stablehlo.constant dense<[0x7F800000, 1.0]> : tensor<2xf32>\n"
                + "  %0 = chlo.is_inf %x : tensor<2xf32> -> tensor<2xi1>\n"
                + "  %h = stablehlo.constant dense<[0.5, -0.5]> : tensor<2xf32>\n"
                + "  %1 = chlo.erf %h : tensor<2xf32> -> tensor<2xf32>\n"
                + "  return %0, %1 : tensor<2xi1>, tensor<2xf32>\n}\n";
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
        PrintOptions po = new PrintOptions(false, false, false);
        String before = AsmPrinter.print(TestContexts.standard(), m, po);
        Interpreter in = new Interpreter(m);
        List<Object> r = in.run("main", List.of());
        assertEquals(before, AsmPrinter.print(TestContexts.standard(), m, po));
        String lowered = AsmPrinter.print(TestContexts.standard(), in.module(), po);
        assertFalse(lowered.contains("chlo.is_inf"), lowered);
        assertEquals(1, tensor(r.get(0)).ints[0]);
        assertEquals(0, tensor(r.get(0)).ints[1]);
        assertEquals(0.5204999, tensor(r.get(1)).reals[0], 1e-6);
        // a module without CHLO is run as it is
        ModuleOp plain = AsmParser.parse(TestContexts.standard(), "func.func @main() -> tensor<f32> {\n"
                + "  %x = stablehlo.constant dense<1.0> : tensor<f32>\n  return %x : tensor<f32>\n}\n",
                new ParseOptions("test.mlir", 1, false));
        assertTrue(new Interpreter(plain).module() == plain);
    }

    // ---- check.expect_eq

    @Test
    void expectEqMatchesNanWithNanAndStillRejectsOtherDifferences() throws Exception {
        String ok = "func.func @main() {\n"
                + "  %x = stablehlo.constant dense<[0x7FC00000, 1.0, 0.0]> : tensor<3xf32>\n"
                + "  check.expect_eq_const %x, dense<[0x7FC00000, 1.0, -0.0]> : tensor<3xf32>\n"
                + "  %c = stablehlo.constant dense<[(0x7FC00000, 1.0)]> : tensor<1xcomplex<f32>>\n"
                + "  check.expect_eq_const %c, dense<[(0x7FC00000, 1.0)]> : tensor<1xcomplex<f32>>\n"
                + "  return\n}\n";
        run(ok);
        InterpreterException e = assertThrows(InterpreterException.class, () -> run(ok.replace(
                "dense<[0x7FC00000, 1.0, -0.0]>", "dense<[1.0, 1.0, 0.0]>")));
        assertTrue(e.getMessage().contains("Element values don't match"), e.getMessage());
        assertTrue(Checks.sameValue(Double.NaN, -Double.NaN));
        assertFalse(Checks.sameValue(Double.NaN, 1.0));
    }
}
