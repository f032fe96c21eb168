package org.stablehlo4j.interpreter;

import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blocked, parallel kernels of {@link Contraction} give bit-identical results to the element-by-element
 * definition ({@link Reference}: one output element at a time, its terms in the spec's order; every product and
 * sum rounded through {@code stablehlo.multiply}/{@code add}, except for f32, f64, bf16 and f16 which
 * {@code dense.Gemm} computes as one chain of rounded products and sums per element, in f32 for bf16/f16 with one rounding
 * at the end), on random data of every element kind, with shapes that are not multiples of the tiles and large
 * enough to take the parallel path.
 */
class ContractionTest {
    private static ModuleOp parse(String text) throws Exception {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
    }

    /** The first op named {@code name} in {@code m}. */
    private static Operation find(ModuleOp m, String name) {
        List<Operation> found = new ArrayList<>();
        m.op().walk(WalkOrder.PRE_ORDER, op -> {
            if (op.name().equals(name)) found.add(op);
            return WalkResult.ADVANCE;
        });
        return found.get(0);
    }

    /** Random elements: mixed magnitudes (so that rounding matters), some signed zeros, some negative values. */
    static Tensor random(RankedTensorType type, long seed) {
        Random rnd = new Random(seed);
        int n = Tensor.product(Tensor.dims(type));
        Tensor.Kind kind = Tensor.kindOf(type.elementType());
        if (kind == Tensor.Kind.FLOAT || kind == Tensor.Kind.COMPLEX) {
            double[] v = new double[kind == Tensor.Kind.COMPLEX ? 2 * n : n];
            for (int i = 0; i < v.length; i++) {
                int r = rnd.nextInt(20);
                v[i] = r == 0 ? -0.0 : r == 1 ? 0.0 : rnd.nextGaussian() * Math.pow(10, rnd.nextInt(7) - 3);
            }
            return Tensor.ofDoubles(type, v);
        }
        long[] v = new long[n];
        for (int i = 0; i < n; i++) v[i] = rnd.nextLong();
        return Tensor.ofLongs(type, v);
    }

    private static void assertSameBits(Tensor expected, Tensor actual) {
        assertEquals(expected.type, actual.type);
        if (expected.ints != null) {
            for (int i = 0; i < expected.ints.length; i++) assertEquals(expected.ints[i], actual.ints[i], "element " + i);
        } else {
            for (int i = 0; i < expected.reals.length; i++) {
                assertEquals(Double.doubleToLongBits(expected.reals[i]), Double.doubleToLongBits(actual.reals[i]),
                        "element " + i + ": " + expected.reals[i] + " vs " + actual.reals[i]);
            }
        }
    }

    @ParameterizedTest(name = "{0} x {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            37x53xf32           | 53x41xf32           | 37x41xf32        | contracting_dims = [1] x [0]
            40x300xf32          | 300x260xf32         | 40x260xf32       | contracting_dims = [1] x [0]
            3x4x5x6xf64         | 6x5x4x7xf64         | 5x3x7xf64        | batching_dims = [2] x [1], contracting_dims = [3, 1] x [0, 2]
            2x33x140xbf16       | 2x140x9xbf16        | 2x33x9xbf16      | batching_dims = [0] x [0], contracting_dims = [2] x [1]
            9x17xf16            | 9x5xf16             | 17x5xf16         | contracting_dims = [0] x [0]
            257x33xf32          | 7x257xf32           | 33x7xf32         | contracting_dims = [0] x [1]
            3x7x1xf32           | 3x1x33xf32          | 3x7x33xf32       | batching_dims = [0] x [0], contracting_dims = [2] x [1]
            7x33xf32            | 33x257xf32          | 7x257xf32        | contracting_dims = [1] x [0]
            5x7xf8E4M3FN        | 7x3xf8E4M3FN        | 5x3xf8E4M3FN     | contracting_dims = [1] x [0]
            4x7xbf16            | 7x5xbf16            | 4x5xf32          | contracting_dims = [1] x [0]
            6x7xi8              | 7x8xi8              | 6x8xi32          | contracting_dims = [1] x [0]
            6x7xui16            | 8x7xui16            | 6x8xui16         | contracting_dims = [1] x [1]
            5x9xi1              | 9x4xi1              | 5x4xi1           | contracting_dims = [1] x [0]
            4x6xcomplex<f32>    | 6x3xcomplex<f32>    | 4x3xcomplex<f32> | contracting_dims = [1] x [0]
            3x4xf32             | 4x0xf32             | 3x0xf32          | contracting_dims = [1] x [0]
            3x0xf32             | 0x2xf32             | 3x2xf32          | contracting_dims = [1] x [0]
            """)
    void dotGeneralMatchesTheDefinition(String l, String r, String o, String dims) throws Exception {
        String text = "func.func @main(%a: tensor<" + l + ">, %b: tensor<" + r + ">) -> tensor<" + o + "> {\n"
                + "  %0 = stablehlo.dot_general %a, %b, " + dims + " : (tensor<" + l + ">, tensor<" + r
                + ">) -> tensor<" + o + ">\n  return %0 : tensor<" + o + ">\n}";
        Operation op = find(parse(text), "stablehlo.dot_general");
        Tensor a = random((RankedTensorType) op.operand(0).type(), 1);
        Tensor b = random((RankedTensorType) op.operand(1).type(), 2);
        DotDimensionNumbersAttr dn = (DotDimensionNumbersAttr) Interpreter.attr(op, "dot_dimension_numbers");
        RankedTensorType type = Interpreter.resultType(op, 0);
        assertSameBits(Reference.dotGeneral(a, b, dn, type), Contraction.dotGeneral(a, b, dn, type));
    }

    @ParameterizedTest(name = "{0} * {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            2x9x9x3xf32  | 3x3x3x8xf32  | 2x5x5x8xf32  | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [2, 2], pad = [[1, 1], [1, 1]] | 1 | 1
            1x4x12x12xf32 | 16x2x3x3xf32 | 1x16x12x12xf32 | [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1] | pad = [[1, 1], [1, 1]] | 2 | 1
            4x6x5xf64    | 3x2x6xf64    | 2x6x6xf64    | [b, 0, f]x[0, i, o]->[b, 0, f] | pad = [[2, 1]], lhs_dilate = [2], rhs_dilate = [2], reverse = [true] | 1 | 2
            2x7x7x4xbf16 | 2x2x4x4xbf16 | 2x6x6x4xbf16 | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [1, 1] | 1 | 1
            1x5x5x2xi8   | 3x3x2x3xi8   | 1x3x3x3xi32  | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [1, 1] | 1 | 1
            2x20x20x16xf32 | 3x3x16x32xf32 | 2x18x18x32xf32 | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [1, 1] | 1 | 1
            1x6x3xcomplex<f32> | 2x3x2xcomplex<f32> | 1x5x2xcomplex<f32> | [b, 0, f]x[0, i, o]->[b, 0, f] | stride = [1] | 1 | 1
            2x9x9x6xf32  | 3x3x1x6xf32  | 2x7x7x6xf32  | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [1, 1] | 6 | 1
            4x7x7x3xf16  | 3x3x3x6xf16  | 2x5x5x6xf16  | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [1, 1] | 1 | 2
            3x12x12x2xf32 | 3x3x1x2xf32 | 3x10x20x2xf32 | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | pad = [[0, 0], [1, 0]], rhs_dilate = [1, 2], lhs_dilate = [1, 2] | 2 | 1
            1x33x33x1xf64 | 7x7x1x7xf64 | 1x14x14x7xf64 | [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] | stride = [2, 2], pad = [[0, 1], [2, 0]], rhs_dilate = [1, 2] | 1 | 1
            """)
    void convolutionMatchesTheDefinition(String l, String r, String o, String dims, String window, int groups,
                                         int batchGroups) throws Exception {
        String text = "func.func @main(%a: tensor<" + l + ">, %b: tensor<" + r + ">) -> tensor<" + o + "> {\n"
                + "  %0 = stablehlo.convolution(%a, %b) dim_numbers = " + dims + ", window = {" + window + "} {"
                + "batch_group_count = " + batchGroups + " : i64, feature_group_count = " + groups + " : i64} : (tensor<"
                + l + ">, tensor<" + r + ">) -> tensor<" + o + ">\n  return %0 : tensor<" + o + ">\n}";
        Operation op = find(parse(text), "stablehlo.convolution");
        Tensor a = random((RankedTensorType) op.operand(0).type(), 3);
        Tensor b = random((RankedTensorType) op.operand(1).type(), 4);
        long[] pads = Interpreter.longs(op, "padding");
        RankedTensorType type = Interpreter.resultType(op, 0);
        Tensor expected = Reference.convolution(op, a, b, pads, type);
        assertSameBits(expected, Contraction.convolution(op, a, b, pads, type));
        boolean nonZero = false;
        for (int i = 0; i < expected.size && !nonZero; i++) {
            nonZero = expected.ints != null ? expected.ints[i] != 0 : expected.reals[i] != 0;
        }
        assertTrue(nonZero, "the case computes something");
    }

    /** The previous element-by-element implementation, kept as the oracle. */
    static final class Reference {
        private Reference() {}

        /** The sum of one output element so far: products rounded, then added, in order, for the kinds of dense.Gemm. */
        private static final class Sum {
            final RankedTensorType scalarType;
            final org.stablehlo4j.ir.FloatKind kind;
            Tensor acc;
            double chain;

            Sum(RankedTensorType scalarType) {
                this.scalarType = scalarType;
                acc = Tensor.zeros(scalarType);
                org.stablehlo4j.ir.FloatKind k = acc.kind == Tensor.Kind.FLOAT ? acc.floatKind : null;
                kind = k == org.stablehlo4j.ir.FloatKind.F32 || k == org.stablehlo4j.ir.FloatKind.F64
                        || k == org.stablehlo4j.ir.FloatKind.BF16 || k == org.stablehlo4j.ir.FloatKind.F16 ? k : null;
            }

            void add(Tensor l, int li, Tensor r, int ri, Elementwise.Def mul, Elementwise.Def add) {
                if (kind == org.stablehlo4j.ir.FloatKind.F64) chain += l.reals[li] * r.reals[ri];
                else if (kind != null) chain = (float) chain + (float) l.reals[li] * (float) r.reals[ri];
                else {
                    Tensor prod = Elementwise.apply("test", mul, Interpreter.scalar(l, li), Interpreter.scalar(r, ri),
                            scalarType);
                    acc = Elementwise.apply("test", add, acc, prod, scalarType);
                }
            }

            Tensor result() {
                if (kind != null) acc.reals[0] = acc.round(chain);
                return acc;
            }
        }

        static Tensor dotGeneral(Tensor lhs, Tensor rhs, DotDimensionNumbersAttr dn, RankedTensorType type) {
            Contraction.DotDims d = Contraction.DotDims.of(lhs, rhs, dn);
            int[] ls = Tensor.strides(lhs.shape);
            int[] rs = Tensor.strides(rhs.shape);
            int[] cShape = new int[d.lc().length];
            for (int i = 0; i < d.lc().length; i++) cShape[i] = lhs.shape[d.lc()[i]];
            Tensor r = Tensor.zeros(type);
            if (r.size == 0) return r;
            Elementwise.Def mul = Elementwise.BINARY.get(org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp.DEFINITION);
            Elementwise.Def add = Elementwise.BINARY.get(org.stablehlo4j.dialect.stablehlo.ops.AddOp.DEFINITION);
            RankedTensorType scalarType = Tensor.withShape(type, new int[0]);
            Tensor lhsC = Elementwise.convert(lhs, Tensor.withShape(type, lhs.shape));
            Tensor rhsC = Elementwise.convert(rhs, Tensor.withShape(type, rhs.shape));
            int[] idx = new int[r.rank()];
            int o = 0;
            do {
                int lbase = 0;
                int rbase = 0;
                int p = 0;
                for (int i = 0; i < d.lb().length; i++, p++) {
                    lbase += idx[p] * ls[d.lb()[i]];
                    rbase += idx[p] * rs[d.rb()[i]];
                }
                for (int x : d.lf()) lbase += idx[p++] * ls[x];
                for (int x : d.rf()) rbase += idx[p++] * rs[x];
                Sum acc = new Sum(scalarType);
                if (Tensor.product(cShape) > 0) {
                    int[] c = new int[d.lc().length];
                    do {
                        int li = lbase;
                        int ri = rbase;
                        for (int i = 0; i < c.length; i++) {
                            li += c[i] * ls[d.lc()[i]];
                            ri += c[i] * rs[d.rc()[i]];
                        }
                        acc.add(lhsC, li, rhsC, ri, mul, add);
                    } while (Tensor.next(c, cShape));
                }
                r.copyElement(o++, acc.result(), 0);
            } while (Tensor.next(idx, r.shape));
            return r;
        }

        static Tensor convolution(Operation op, Tensor lhs, Tensor rhs, long[] pads, RankedTensorType type) {
            Contraction.ConvAttrs at = Contraction.ConvAttrs.of(op);
            int n = at.inSp().length;
            int[] inSp = at.inSp();
            int[] kSp = at.kSp();
            int[] outSp = at.outSp();
            int groups = at.groups();
            int batchGroups = at.batchGroups();
            int kif = at.kif();
            int kof = at.kof();
            Tensor l = Elementwise.convert(lhs, Tensor.withShape(type, lhs.shape));
            Tensor r = Elementwise.convert(rhs, Tensor.withShape(type, rhs.shape));
            int[] ls = Tensor.strides(lhs.shape);
            int[] rs = Tensor.strides(rhs.shape);
            int kernelIn = rhs.shape[kif];
            int kernelOut = rhs.shape[kof];
            int outBatch = type.rank() == 0 ? 1 : (int) type.dim(at.ob());
            int[] kShape = new int[n];
            for (int d = 0; d < n; d++) kShape[d] = rhs.shape[kSp[d]];
            RankedTensorType scalarType = Tensor.withShape(type, new int[0]);
            Elementwise.Def mul = Elementwise.BINARY.get(org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp.DEFINITION);
            Elementwise.Def add = Elementwise.BINARY.get(org.stablehlo4j.dialect.stablehlo.ops.AddOp.DEFINITION);
            Tensor out = Tensor.zeros(type);
            if (out.size == 0) return out;
            int[] idx = new int[out.rank()];
            int o = 0;
            do {
                int b = idx[at.ob()];
                int f = idx[at.of()];
                int inBatch = batchGroups > 1 ? (f / (kernelOut / batchGroups)) * outBatch + b : b;
                int group = f / (kernelOut / groups);
                Sum acc = new Sum(scalarType);
                int[] k = new int[n];
                boolean any = Tensor.product(kShape) > 0;
                while (any) {
                    int lbase = inBatch * ls[at.ib()];
                    boolean inside = true;
                    for (int d = 0; d < n && inside; d++) {
                        long p = (long) idx[outSp[d]] * at.strides()[d] + (long) k[d] * at.rhsDil()[d] - (pads == null ? 0 : pads[2 * d]);
                        if (p < 0 || p % at.lhsDil()[d] != 0 || p / at.lhsDil()[d] >= l.shape[inSp[d]]) inside = false;
                        else lbase += (int) (p / at.lhsDil()[d]) * ls[inSp[d]];
                    }
                    if (inside) {
                        int rbase = f * rs[kof];
                        for (int d = 0; d < n; d++) rbase += (at.reversal()[d] != 0 ? kShape[d] - 1 - k[d] : k[d]) * rs[kSp[d]];
                        for (int c = 0; c < kernelIn; c++) {
                            acc.add(l, lbase + (group * kernelIn + c) * ls[at.ifd()], r, rbase + c * rs[kif], mul, add);
                        }
                    }
                    any = Tensor.next(k, kShape);
                }
                out.copyElement(o++, acc.result(), 0);
            } while (Tensor.next(idx, out.shape));
            return out;
        }
    }
}
