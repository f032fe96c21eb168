package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.DivideOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The row-at-a-time loops of the interpreter's kernels ({@link ReduceRows}, {@link RealLoops}, {@code iota} by runs,
 * results printed without strings per element) against the per-element loops they replace, written out here: the
 * bits must be the same, signed zeros, infinities, subnormals and a single NaN's payload included.
 */
class RowLoopsTest {
    private static final List<Type> REALS = List.of(FloatType.F32, FloatType.F64, FloatType.BF16, FloatType.F16);

    private static RankedTensorType type(Type et, int... shape) {
        long[] s = new long[shape.length];
        for (int i = 0; i < shape.length; i++) s[i] = shape[i];
        return new RankedTensorType(s, et);
    }

    /** Random values of the type, rounded to it, with NaNs (two payloads), infinities, zeros and tiny numbers. */
    private static Tensor random(RankedTensorType type, Random rnd, boolean specials) {
        Tensor t = Tensor.zeros(type);
        for (int i = 0; i < t.size; i++) {
            double v = switch (specials ? rnd.nextInt(40) : 9) {
                case 0 -> Double.NaN;
                case 1 -> Double.longBitsToDouble(0x7FF0_0000_0000_1234L);
                case 2 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                case 3 -> rnd.nextBoolean() ? 0.0 : -0.0;
                case 4 -> Float.MIN_VALUE * (rnd.nextInt(9) - 4);
                case 5 -> 3.0e38 * (rnd.nextBoolean() ? 1 : -1);
                default -> (rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(40) - 20);
            };
            if (t.ints != null) t.ints[i] = t.normalize(rnd.nextInt(2000) - 1000);
            else t.reals[i] = t.round(v);
        }
        return t;
    }

    private static void assertSameBits(Tensor expected, Tensor actual, String what) {
        if (expected.ints != null) {
            assertEquals(java.util.Arrays.toString(expected.ints), java.util.Arrays.toString(actual.ints), what);
            return;
        }
        for (int i = 0; i < expected.reals.length; i++) {
            if (Double.isNaN(expected.reals[i])) {
                // of two NaN operands, which payload an op keeps depends on the JIT's operand order in either loop
                assertTrue(Double.isNaN(actual.reals[i]), what + " at " + i + ": NaN vs " + actual.reals[i]);
                continue;
            }
            assertEquals(Double.doubleToRawLongBits(expected.reals[i]), Double.doubleToRawLongBits(actual.reals[i]),
                    what + " at " + i + ": " + expected.reals[i] + " vs " + actual.reals[i]);
        }
    }

    /** The per-element reduce loop {@link ReduceRows} replaces: the input in row-major order, one fold each. */
    private static void referenceFold(Elementwise.Def def, Tensor out, Tensor in, boolean[] reduced, int[] outStrides) {
        int[] idx = new int[in.rank()];
        double[] tmp = new double[2];
        int i = 0;
        do {
            int o = 0;
            int od = 0;
            for (int d = 0; d < idx.length; d++) if (!reduced[d]) o += idx[d] * outStrides[od++];
            Elementwise.fold(def, out, o, in, i++, tmp);
        } while (Tensor.next(idx, in.shape));
    }

    @Test
    void reduceRowsFoldsAsThePerElementLoop() {
        Random rnd = new Random(31);
        int[][] shapes = {{7}, {3, 5}, {4, 1, 6}, {2, 3, 4, 5}, {64, 33}, {1, 1}};
        int checked = 0;
        for (Type et : List.of(FloatType.F32, FloatType.F64, FloatType.BF16, IntegerType.I32)) {
            for (OpDefinition op : List.of(AddOp.DEFINITION, MaximumOp.DEFINITION, MultiplyOp.DEFINITION)) {
                for (int[] shape : shapes) {
                    for (int mask = 0; mask < 1 << shape.length; mask++) {
                        boolean[] reduced = new boolean[shape.length];
                        int outRank = 0;
                        for (int d = 0; d < shape.length; d++) {
                            reduced[d] = (mask >> d & 1) != 0;
                            if (!reduced[d]) outRank++;
                        }
                        int[] outShape = new int[outRank];
                        for (int d = 0, k = 0; d < shape.length; d++) if (!reduced[d]) outShape[k++] = shape[d];
                        Tensor in = random(type(et, shape), rnd, rnd.nextBoolean());
                        Tensor init = random(type(et, outShape), rnd, false);
                        Tensor expected = Tensor.zeros(type(et, outShape));
                        Tensor actual = Tensor.zeros(type(et, outShape));
                        for (int i = 0; i < init.size; i++) {
                            expected.copyElement(i, init, i);
                            actual.copyElement(i, init, i);
                        }
                        Elementwise.Def def = Elementwise.BINARY.get(op);
                        int[] strides = Tensor.strides(expected.shape);
                        referenceFold(def, expected, in, reduced, strides);
                        ReduceRows.fold(def, actual, in, reduced, strides);
                        assertSameBits(expected, actual, op.name() + " of " + et + " " + java.util.Arrays.toString(shape)
                                + " mask " + mask);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 100);
    }

    @Test
    void f32RowSumsKeepTheDoublePathsNaN() {
        // a NaN met in the middle of a row: the float loop must give the double path's NaN, not a narrowed one
        RankedTensorType t = type(FloatType.F32, 2, 4);
        Tensor in = Tensor.zeros(t);
        double payload = Double.longBitsToDouble(0x7FF8_0000_0000_0ABCL);
        double[] v = {1, 2, payload, 3, 1e30, 3e38, 3e38, -1};
        System.arraycopy(v, 0, in.reals, 0, v.length);
        Tensor expected = Tensor.zeros(type(FloatType.F32, 2));
        Tensor actual = Tensor.zeros(type(FloatType.F32, 2));
        Elementwise.Def add = Elementwise.BINARY.get(AddOp.DEFINITION);
        boolean[] reduced = {false, true};
        referenceFold(add, expected, in, reduced, new int[] {1});
        ReduceRows.fold(add, actual, in, reduced, new int[] {1});
        assertSameBits(expected, actual, "sum");
        assertEquals(0x7FF8_0000_0000_0ABCL, Double.doubleToRawLongBits(actual.reals[0]));
        assertEquals(Double.POSITIVE_INFINITY, actual.reals[1]);
    }

    @Test
    void realLoopsComputeAsTheGeneralLoop() {
        Random rnd = new Random(7);
        List<OpDefinition> ops = List.of(AddOp.DEFINITION, SubtractOp.DEFINITION, MultiplyOp.DEFINITION,
                MaximumOp.DEFINITION, MinimumOp.DEFINITION, DivideOp.DEFINITION);
        for (Type et : REALS) {
            for (OpDefinition op : ops) {
                for (int[] strides : new int[][] {{1, 1}, {0, 1}, {1, 0}}) {
                    int n = 300;
                    Tensor a = random(type(et, n), rnd, true);
                    Tensor b = random(type(et, n), rnd, true);
                    Elementwise.Def def = Elementwise.BINARY.get(op);
                    Tensor expected = Tensor.zeros(type(et, n - 10));
                    for (int k = 0; k < n - 10; k++) {
                        double v = def.reals().apply(a.reals[3 + k * strides[0]], b.reals[5 + k * strides[1]]);
                        expected.reals[k] = expected.round(v);
                    }
                    Tensor actual = Tensor.zeros(type(et, n - 10));
                    Elementwise.applyRange(op.name(), def, a, 3, strides[0], b, 5, strides[1], actual, 0, n - 10);
                    assertSameBits(expected, actual, op.name() + " of " + et);
                }
            }
        }
    }

    @Test
    void iotaAsPerIndex() {
        for (Type et : List.of(FloatType.F32, FloatType.BF16, IntegerType.I8, IntegerType.I32,
                new org.stablehlo4j.ir.ComplexType(FloatType.F32))) {
            int[] shape = {3, 4, 300, 2};
            for (int dim = 0; dim < shape.length; dim++) {
                Tensor actual = ShapeOps.iota(type(et, shape), dim);
                Tensor expected = Tensor.zeros(type(et, shape));
                int[] idx = new int[shape.length];
                int i = 0;
                do {
                    if (expected.ints != null) expected.ints[i] = expected.normalize(idx[dim]);
                    else if (expected.kind == Tensor.Kind.COMPLEX) expected.reals[2 * i] = expected.round(idx[dim]);
                    else expected.reals[i] = expected.round(idx[dim]);
                    i++;
                } while (Tensor.next(idx, shape));
                assertSameBits(expected, actual, "iota " + dim + " of " + et);
            }
        }
        assertEquals(0, ShapeOps.iota(type(FloatType.F32, 4, 0), 0).size);
    }

    @Test
    void printedElementsAsElementText() {
        Random rnd = new Random(11);
        for (Type et : List.of(FloatType.F32, FloatType.F64, FloatType.BF16, FloatType.F16, IntegerType.I32,
                new org.stablehlo4j.ir.ComplexType(FloatType.F64))) {
            Tensor t = Tensor.zeros(type(et, 2, 50));
            for (int i = 0; i < t.size; i++) {
                if (t.ints != null) {
                    t.ints[i] = t.normalize(rnd.nextInt());
                } else if (t.kind == Tensor.Kind.COMPLEX) {
                    t.reals[2 * i] = rnd.nextGaussian();
                    t.reals[2 * i + 1] = 1.0 / (i + 1);
                } else {
                    double v = switch (i % 10) {
                        case 0 -> Double.NaN;
                        case 1 -> Double.NEGATIVE_INFINITY;
                        case 2 -> -0.0;
                        case 3 -> Float.MIN_VALUE * 3;
                        case 4 -> 1.0 / 3;
                        default -> rnd.nextGaussian() * Math.pow(10, rnd.nextInt(20) - 10);
                    };
                    t.reals[i] = t.round(v);
                }
            }
            StringBuilder expected = new StringBuilder(org.stablehlo4j.asm.AsmPrinter.printType(t.type)).append(" {\n  [");
            for (int r = 0; r < 2; r++) {
                expected.append(r == 0 ? "\n" : ",\n").append("    [");
                for (int c = 0; c < 50; c++) expected.append(c > 0 ? ", " : "").append(t.elementText(r * 50 + c));
                expected.append(']');
            }
            expected.append("\n  ]\n}");
            assertEquals(expected.toString(), t.print(), "print of " + et);
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} with a splat {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            multiply | f32 | 0.3
            add      | f32 | 1.0e-3
            minimum  | f64 | 0x7FF8000000000001
            minimum  | f32 | 2.5
            subtract | f64 | -2.5
            maximum  | f32 | 0x7FC00001
            divide   | bf16 | 3.0
            shift_left | i32 | 3
            """)
    void splatConstantOperandsAsMaterialized(String op, String et, String value) throws Exception {
        String t = "tensor<40x7x" + et + ">";
        String s = "tensor<" + et + ">";
        String ramp = et.startsWith("i") ? "  %x = stablehlo.iota dim = 0 : " + t + "\n"
                : "  %x0 = stablehlo.iota dim = 0 : " + t + "\n" + InterpreterTest.cst("h", "dense<0.37>", t)
                + "  %x = stablehlo.subtract %x0, %h : " + t + "\n";
        // the splat as a constant (read with stride 0) and the same value broadcast from a scalar (the general path)
        String splat = ramp + InterpreterTest.cst("c", "dense<" + value + ">", t)
                + "  %r = stablehlo." + op + " %x, %c : " + t + "\n  %q = stablehlo." + op + " %c, %x : " + t + "\n"
                + "  return %r, %q : " + t + ", " + t;
        String broadcast = ramp + InterpreterTest.cst("c0", "dense<" + value + ">", s)
                + "  %c = stablehlo.broadcast_in_dim %c0, dims = [] : (" + s + ") -> " + t + "\n"
                + "  %r = stablehlo." + op + " %x, %c : " + t + "\n  %q = stablehlo." + op + " %c, %x : " + t + "\n"
                + "  return %r, %q : " + t + ", " + t;
        String fast = InterpreterTest.run(splat, "(" + t + ", " + t + ")");
        assertEquals(InterpreterTest.run(broadcast, "(" + t + ", " + t + ")"), fast);
        assertTrue(InterpreterTest.values(fast).matches(".*[1-9].*"));
    }
}
