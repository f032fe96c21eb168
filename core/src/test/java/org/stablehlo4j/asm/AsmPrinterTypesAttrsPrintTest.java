package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.quant.QuantUniformType;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/** Golden strings for types and attributes; expected texts come from upstream stablehlo test files (cited). */
class AsmPrinterTypesAttrsPrintTest {
    static final FloatType F32 = FloatType.F32;
    static final IntegerType I32 = IntegerType.I32;

    static RankedTensorType tensor(Type elem, long... shape) {
        return new RankedTensorType(shape, elem);
    }

    static FloatAttr f32(float v) {
        return new FloatAttr(F32, BigInteger.valueOf(Float.floatToRawIntBits(v) & 0xFFFFFFFFL));
    }

    static FloatAttr f64(double v) {
        return new FloatAttr(FloatType.F64, new BigInteger(Long.toUnsignedString(Double.doubleToRawLongBits(v))));
    }

    static DenseElementsAttr denseF32(ShapedType type, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) b.putFloat(v);
        int perElement = type.elementType() instanceof ComplexType ? 2 : 1;
        return new DenseElementsAttr(type, b.array(), 0, b.capacity(), values.length == perElement);
    }

    static DenseElementsAttr denseI64(ShapedType type, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) b.putLong(v);
        return new DenseElementsAttr(type, b.array(), 0, b.capacity(), values.length == 1);
    }

    static DenseElementsAttr denseBool(ShapedType type, boolean... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) (values[i] ? 1 : 0);
        return new DenseElementsAttr(type, b, 0, b.length, values.length == 1);
    }

    static String t(Type type) {
        return AsmPrinter.printType(type);
    }

    static String a(Attribute attr) {
        return AsmPrinter.printAttribute(attr);
    }

    @Test
    void builtinTypes() {
        assertEquals("tensor<20x20xbf16>", t(tensor(FloatType.BF16, 20, 20)));
        assertEquals("tensor<?x3xf32>", t(tensor(F32, ShapedType.DYNAMIC, 3)));
        assertEquals("tensor<*xf32>", t(new UnrankedTensorType(F32)));
        assertEquals("tensor<i1>", t(tensor(IntegerType.I1)));
        assertEquals("tensor<4xcomplex<f32>>", t(tensor(new ComplexType(F32), 4)));
        assertEquals("tuple<i32, index, none>", t(new TupleType(List.of(I32, IndexType.INSTANCE, NoneType.INSTANCE))));
        assertEquals("tuple<>", t(new TupleType(List.of())));
        assertEquals("ui8", t(new IntegerType(8, IntegerType.Signedness.UNSIGNED)));
        assertEquals("si16", t(new IntegerType(16, IntegerType.Signedness.SIGNED)));
        for (FloatKind k : FloatKind.values()) assertEquals(k.keyword, t(new FloatType(k)));
        assertEquals("tensor<2xf32, #stablehlo.bounds<?>>",
                t(new RankedTensorType(new long[] {2}, F32, new DialectAttr("stablehlo", "bounds<?>", true))));
    }

    @Test
    void memrefsAndAffineMaps() {
        org.stablehlo4j.ir.AffineMapAttr id = new org.stablehlo4j.ir.AffineMapAttr("(d0, d1) -> (d0, d1)");
        org.stablehlo4j.ir.AffineMapAttr tr = new org.stablehlo4j.ir.AffineMapAttr("(d0, d1) -> (d1, d0)");
        assertEquals("memref<4x?xf32>", t(new org.stablehlo4j.ir.MemRefType(new long[] {4, ShapedType.DYNAMIC}, F32, null, null)));
        assertEquals("memref<4x8xf32>", t(new org.stablehlo4j.ir.MemRefType(new long[] {4, 8}, F32, id, null)));
        assertEquals("memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>, 1>", t(new org.stablehlo4j.ir.MemRefType(
                new long[] {4, 8}, F32, tr, IntegerAttr.of(IntegerType.I64, 1))));
        assertEquals("memref<*xf32, 2 : i32>", t(new org.stablehlo4j.ir.MemRefType(null, F32, null, IntegerAttr.of(I32, 2))));
        assertEquals("affine_map<(d0, d1) -> (d1, d0)>", a(tr));
    }

    @Test
    void functionTypes() {
        assertEquals("(i32) -> i32", t(new FunctionType(List.of(I32), List.of(I32))));
        assertEquals("() -> ()", t(new FunctionType(List.of(), List.of())));
        assertEquals("(i32) -> (i32, i32)", t(new FunctionType(List.of(I32), List.of(I32, I32))));
        FunctionType inner = new FunctionType(List.of(I32), List.of(I32));
        assertEquals("() -> ((i32) -> i32)", t(new FunctionType(List.of(), List.of(inner))));
    }

    @Test
    void dialectTypes() {
        // Forms as in tests/vhlo/stablehlo_legalize_to_vhlo.mlir CHECK lines.
        assertEquals("!stablehlo.token", t(new DialectType("stablehlo", "token", true)));
        assertEquals("!foo<\"x y\">", t(new DialectType("foo", "\"x y\"", false)));
        DialectPrintable tensorV1 = new PrintableType("vhlo", "tensor_v1<", F32, ">");
        assertEquals("!vhlo.tensor_v1<f32>", t((Type) tensorV1));
        assertEquals("!vhlo<1 x f32>", t((Type) new PrintableType("vhlo", "1 x ", F32, "")));
    }

    @Test
    void quantizedTypes() {
        IntegerType i8 = IntegerType.I8;
        // An explicitly unsigned storage type prints as written (stablehlo_legalize_qdq_to_quantized_op.mlir CHECKs)
        assertEquals("!quant.uniform<ui8:f32, 3.400000e+01:16>", t(new QuantUniformType(false,
                new IntegerType(8, IntegerType.Signedness.UNSIGNED), 0, 255, false, F32, -1,
                new double[] {34.0}, new long[] {16})));
        assertEquals("!quant.uniform<i8:f32, 1.000000e+00>", t(new QuantUniformType(true, i8, -128, 127,
                false, F32, -1, new double[] {1.0}, new long[] {0})));
        assertEquals("!quant.uniform<i8<-127:127>:f32, 1.537725862903607E-5:-3>", t(new QuantUniformType(true,
                i8, -127, 127, true, F32, -1, new double[] {1.537725862903607E-5}, new long[] {-3})));
        assertEquals("!quant.uniform<i8:f32:0, {1.000000e-01:-30,2.000000e+00}>", t(new QuantUniformType(true,
                i8, -128, 127, false, F32, 0, new double[] {0.1, 2.0}, new long[] {-30, 0})));
    }

    @Test
    void integers() {
        assertEquals("42 : i32", a(IntegerAttr.of(I32, 42)));
        assertEquals("[42]", a(new ArrayAttr(List.of(IntegerAttr.of(IntegerType.I64, 42)))));
        assertEquals("42 : i64", a(IntegerAttr.of(IntegerType.I64, 42)));
        assertEquals("true", a(IntegerAttr.of(IntegerType.I1, 1)));
        assertEquals("false", a(BoolAttr.FALSE));
        assertEquals("-1 : i8", a(IntegerAttr.of(IntegerType.I8, 255)));
        assertEquals("255 : ui8", a(IntegerAttr.of(new IntegerType(8, IntegerType.Signedness.UNSIGNED), -1)));
        assertEquals("-5 : si32", a(IntegerAttr.of(new IntegerType(32, IntegerType.Signedness.SIGNED), -5)));
        assertEquals("7 : index", a(IntegerAttr.of(IndexType.INSTANCE, 7)));
    }

    @Test
    void floats() {
        // tests/transforms/stablehlo_aggressive_folder.mlir: 5.000000e-01, 0x7FC00000, 0x7F800000, 9.99999996E-13
        assertEquals("5.000000e-01 : f32", a(f32(0.5f)));
        assertEquals("1.000000e+00 : f64", a(f64(1.0)));
        assertEquals("0x7FC00000 : f32", a(f32(Float.NaN)));
        assertEquals("0x7F800000 : f32", a(f32(Float.POSITIVE_INFINITY)));
        assertEquals("0xFF800000 : f32", a(f32(Float.NEGATIVE_INFINITY)));
        assertEquals("-0.000000e+00 : f32", a(f32(-0.0f)));
        assertEquals("0.000000e+00 : f32", a(f32(0.0f)));
        assertEquals("9.99999996E-13 : f32", a(f32((float) 9.9999999999999998E-13)));
        assertEquals("0.33333333333333331 : f64", a(f64(1.0 / 3)));
        assertEquals("3.140000e+00 : f32", a(f32(3.14f)));
        assertEquals("1.000000e+10 : f64", a(f64(1e10)));
        // no '.' in the shortest form: MLIR falls back to the bits
        assertEquals("0x419D6F3454000000 : f64", a(f64(123456789)));
        assertEquals("0.0039215482917486456 : f64", a(f64(0.0039215482917486456)));
        assertEquals("-2.500000e-01", org.stablehlo4j.ir.FloatText.format(FloatKind.F16, BigInteger.valueOf(0xB400)));
        // f64 type elided inside arrays only
        assertEquals("[1.000000e+00, 2.000000e+00 : f32]", a(new ArrayAttr(List.of(f64(1.0), f32(2.0f)))));
        // small formats
        assertEquals("1.000000e+00 : f8E4M3FN", a(new FloatAttr(new FloatType(FloatKind.F8E4M3FN), BigInteger.valueOf(0x38))));
        assertEquals("0x7F : f8E4M3FN", a(new FloatAttr(new FloatType(FloatKind.F8E4M3FN), BigInteger.valueOf(0x7F))));
        assertEquals("1.000000e+00 : bf16", a(new FloatAttr(FloatType.BF16, BigInteger.valueOf(0x3F80))));
        assertEquals("5.960460e-08 : f16", a(new FloatAttr(FloatType.F16, BigInteger.ONE)));
        assertEquals("1.000000e+00 : f8E8M0FNU", a(new FloatAttr(new FloatType(FloatKind.F8E8M0FNU), BigInteger.valueOf(0x7F))));
        assertEquals("0xFF : f8E8M0FNU", a(new FloatAttr(new FloatType(FloatKind.F8E8M0FNU), BigInteger.valueOf(0xFF))));
        assertEquals("5.000000e-01 : f4E2M1FN", a(new FloatAttr(new FloatType(FloatKind.F4E2M1FN), BigInteger.ONE)));
        assertEquals("-6.000000e+00 : f4E2M1FN", a(new FloatAttr(new FloatType(FloatKind.F4E2M1FN), BigInteger.valueOf(0xF))));
        assertEquals("0x80 : f8E4M3FNUZ", a(new FloatAttr(new FloatType(FloatKind.F8E4M3FNUZ), BigInteger.valueOf(0x80))));
        assertEquals("1.000980e+00 : f16", a(new FloatAttr(FloatType.F16, BigInteger.valueOf(0x3C01))));
    }

    @Test
    void stringsAndSymbols() {
        assertEquals("\"\"", a(StringAttr.of("")));
        assertEquals("\"a\\22b\\\\c\\0A\\09\\C3\\A9\"", a(StringAttr.of("a\"b\\c\n\t\u00e9")));
        assertEquals("\"x\" : i32", a(new StringAttr("x".getBytes(), I32)));
        assertEquals("@main", a(SymbolRefAttr.flat("main")));
        assertEquals("@\"my fn\"", a(SymbolRefAttr.flat("my fn")));
        assertEquals("@a::@b::@\"1c\"", a(new SymbolRefAttr("a", List.of("b", "1c"))));
        assertEquals("unit", a(UnitAttr.INSTANCE));
        assertEquals("i32", a(new TypeAttr(I32)));
    }

    @Test
    void dictionariesAndArrays() {
        DictionaryAttr d = DictionaryAttr.of(List.of(
                new NamedAttribute("mhlo.num_replicas", IntegerAttr.of(I32, 1)),
                new NamedAttribute("has_side_effect", BoolAttr.TRUE),
                new NamedAttribute("unit_attr", UnitAttr.INSTANCE),
                new NamedAttribute("needs quote", StringAttr.of("v"))));
        assertEquals("{has_side_effect = true, mhlo.num_replicas = 1 : i32, \"needs quote\" = \"v\", unit_attr}", a(d));
        assertEquals("{}", a(DictionaryAttr.EMPTY));
        assertEquals("[]", a(new ArrayAttr(List.of())));
        assertEquals("[1, 2 : i32, \"s\"]", a(new ArrayAttr(List.of(IntegerAttr.of(IntegerType.I64, 1),
                IntegerAttr.of(I32, 2), StringAttr.of("s")))));
    }

    @Test
    void denseElements() {
        // tests/vhlo/stablehlo_legalize_to_vhlo.mlir: dense<[[0], [1]]> : tensor<2x1xi64>, dense<true> : tensor<8xi1>
        assertEquals("dense<[[0], [1]]> : tensor<2x1xi64>", a(denseI64(tensor(IntegerType.I64, 2, 1), 0, 1)));
        assertEquals("dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>",
                a(denseI64(tensor(IntegerType.I64, 3, 2), 0, 1, 1, 2, 2, 3)));
        assertEquals("dense<true> : tensor<8xi1>", a(denseBool(tensor(IntegerType.I1, 8), true)));
        assertEquals("dense<[true, false, false, false]> : tensor<4xi1>",
                a(denseBool(tensor(IntegerType.I1, 4), true, false, false, false)));
        // all-equal data is a splat, as MLIR uniques it
        assertEquals("dense<1> : tensor<2x2xi64>", a(denseI64(tensor(IntegerType.I64, 2, 2), 1, 1, 1, 1)));
        assertEquals("dense<2> : tensor<1xi64>", a(denseI64(tensor(IntegerType.I64, 1), 2)));
        // tests/transforms/stablehlo_aggressive_folder.mlir: dense<[2.000000e+00, 5.000000e-01]> : tensor<2xf32>
        assertEquals("dense<[2.000000e+00, 5.000000e-01]> : tensor<2xf32>", a(denseF32(tensor(F32, 2), 2f, 0.5f)));
        assertEquals("dense<0x7FC00000> : tensor<f32>", a(denseF32(tensor(F32), Float.NaN)));
        assertEquals("dense<> : tensor<0xf32>", a(denseF32(tensor(F32, 0))));
        // testdata/fft_complex64_14_15_0_17.mlir: a splat literal on an empty shape stays a splat
        assertEquals("dense<(0.000000e+00,0.000000e+00)> : tensor<14x15x0x17xcomplex<f32>>",
                a(new DenseElementsAttr(tensor(new ComplexType(F32), 14, 15, 0, 17), new byte[8], 0, 8, true)));
        // tests/interpret/printing.mlir: dense<(3.140000e+00,1.000000e+00)> : tensor<4xcomplex<f32>>
        assertEquals("dense<(3.140000e+00,1.000000e+00)> : tensor<4xcomplex<f32>>",
                a(denseF32(tensor(new ComplexType(F32), 4), 3.14f, 1f)));
        assertEquals("dense<[(1,2), (3,-4)]> : tensor<2xcomplex<i32>>", a(complexI32()));
        DenseStringElementsAttr strs = new DenseStringElementsAttr(tensor(new DialectType("tf", "string", true), 2),
                List.of(StringAttr.of("a"), StringAttr.of("b\n")), false);
        assertEquals("dense<[\"a\", \"b\\0A\"]> : tensor<2x!tf.string>", a(strs));
    }

    @Test
    void malformedDenseDataIsAClearError() {
        DenseElementsAttr bad = new DenseElementsAttr(tensor(F32, 4), new byte[8], 0, 8, false);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> a(bad));
        assertEquals("malformed dense elements attribute: 8 bytes of data, 16 needed for its type", e.getMessage());
    }

    private static DenseElementsAttr complexI32() {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(1).putInt(2).putInt(3).putInt(-4);
        return new DenseElementsAttr(tensor(new ComplexType(I32), 2), b.array(), 0, 16, false);
    }

    @Test
    void denseHexAboveHundredElements() {
        // testdata/*.mlir: 400-element constants are printed as dense<"0x..."> (upper-case hex, little endian)
        float[] v = new float[101];
        for (int i = 0; i < v.length; i++) v[i] = i;
        String s = a(denseF32(tensor(F32, 101), v));
        assertEquals("dense<\"0x000000000000803F00000040", s.substring(0, 33));
        assertEquals(6 + 3 + 101 * 8 + 2 + " : tensor<101xf32>".length(), s.length());
        float[] w = new float[100];
        for (int i = 0; i < w.length; i++) w[i] = i;
        String list = a(denseF32(tensor(F32, 100), w));
        assertEquals("dense<[0.000000e+00, 1.000000e+00,", list.substring(0, 34));
    }

    @Test
    void arraysResourcesLocations() {
        assertEquals("array<i64: 1, 2>", a(DenseArrayAttr.ofLongs(1, 2)));
        assertEquals("array<i64>", a(DenseArrayAttr.ofLongs()));
        assertEquals("array<i1: true, false>", a(new DenseArrayAttr(IntegerType.I1, new byte[] {1, 0}, 2)));
        assertEquals("array<i32: -1>", a(new DenseArrayAttr(I32, new byte[] {-1, -1, -1, -1}, 1)));
        assertEquals("dense_resource<blob1> : tensor<4xi8>",
                a(new DenseResourceElementsAttr(tensor(IntegerType.I8, 4), "blob1")));
        assertEquals("loc(unknown)", a(Location.UNKNOWN));
        assertEquals("loc(\"f.mlir\":1:2)", a(Location.FileLineCol.point("f.mlir", 1, 2)));
        // tests/transforms/stablehlo_compatibility_expander_locations.mlir: loc("file.mlir":2:21 to :30)
        assertEquals("loc(\"file.mlir\":2:21 to :30)",
                a(new Location.FileLineCol(StringAttr.of("file.mlir"), 2, 21, 2, 30, true)));
        assertEquals("loc(\"f\":1:2 to 3:4)", a(new Location.FileLineCol(StringAttr.of("f"), 1, 2, 3, 4, true)));
        assertEquals("loc(\"n\"(\"f\":1:2))", a(new Location.Name(StringAttr.of("n"), Location.FileLineCol.point("f", 1, 2))));
        assertEquals("loc(\"n\")", a(new Location.Name(StringAttr.of("n"), Location.UNKNOWN)));
        assertEquals("loc(callsite(\"a\" at \"b\":1:1))", a(new Location.CallSite(
                new Location.Name(StringAttr.of("a"), null), Location.FileLineCol.point("b", 1, 1))));
        assertEquals("loc(fused[unknown, \"x\"])",
                a(new Location.Fused(List.of(Location.UNKNOWN, new Location.Name(StringAttr.of("x"), null)), null)));
        assertEquals("loc(fused<\"m\">[unknown])", a(new Location.Fused(List.of(Location.UNKNOWN), StringAttr.of("m"))));
    }

    @Test
    void dialectAttributes() {
        // tests/vhlo/stablehlo_legalize_to_vhlo.mlir: #vhlo<comparison_direction_v1 EQ>, #stablehlo<comparison_direction EQ>
        assertEquals("#vhlo<comparison_direction_v1 EQ>", a(new DialectAttr("vhlo", "comparison_direction_v1 EQ", false)));
        assertEquals("#stablehlo.bounds<?, 3>", a(new DialectAttr("stablehlo", "bounds<?, 3>", false)));
        Attribute printable = new PrintableAttr("vhlo", "tensor_v1<", denseBool(tensor(IntegerType.I1, 8), true), ">");
        assertEquals("#vhlo.tensor_v1<dense<true> : tensor<8xi1>>", a(printable));
    }

    /** A structured dialect type or attribute printing {@code prefix inner suffix}. */
    interface Wrapping extends DialectPrintable {
        String ns();

        String prefix();

        String suffix();

        /** Writes the wrapped type or attribute. */
        void printInner(AsmSink sink);

        @Override
        default String dialectNamespace() {
            return ns();
        }

        @Override
        default void printBody(AsmSink sink) {
            sink.append(prefix());
            printInner(sink);
            sink.append(suffix());
        }
    }

    record PrintableType(String ns, String prefix, Type inner, String suffix) implements Type, Wrapping {
        @Override
        public void printInner(AsmSink sink) {
            sink.type(inner);
        }
    }

    record PrintableAttr(String ns, String prefix, Attribute inner, String suffix) implements Attribute, Wrapping {
        @Override
        public void printInner(AsmSink sink) {
            sink.attribute(inner);
        }
    }
}
