package org.stablehlo4j.asm;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DialectAttr;
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
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/** Unit tests of the assembly parser, construct by construct. */
class AsmParseTest {
    static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.allowingUnregistered(), text, ParseOptions.of("t.mlir"));
    }

    static String error(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> parse(text));
        Location.FileLineCol l = (Location.FileLineCol) e.diagnostics().get(0).location();
        return l.line() + ":" + l.column() + ": " + e.diagnostics().get(0).message();
    }

    /** The value of attribute {@code a} on a generic unregistered-namespace op holding it. */
    static Attribute attr(String attrText) throws DiagnosticException {
        ModuleOp m = parse("\"tests.x\"() {a = " + attrText + "} : () -> ()");
        return m.body().operations().get(0).attributes().get("a");
    }

    static Type type(String typeText) throws DiagnosticException {
        return ((TypeAttr) attr(typeText)).value();
    }

    @Test
    void splatOnEmptyShapeKeepsItsValue() throws DiagnosticException {
        // testdata/fft_*.mlir: MLIR keeps the splat value even though the tensor has no elements
        Attribute a = AsmParser.parseAttribute(TestContexts.allowingUnregistered(), "dense<(1.0, 2.0)> : tensor<2x0xcomplex<f32>>");
        DenseElementsAttr d = assertInstanceOf(DenseElementsAttr.class, a);
        assertTrue(d.isSplat());
        assertEquals(8, d.length());
        assertEquals("dense<(1.000000e+00,2.000000e+00)> : tensor<2x0xcomplex<f32>>", AsmPrinter.printAttribute(a));
        DenseElementsAttr empty = assertInstanceOf(DenseElementsAttr.class,
                AsmParser.parseAttribute(TestContexts.allowingUnregistered(), "dense<> : tensor<0xf32>"));
        assertFalse(empty.isSplat());
        assertEquals(0, empty.length());
    }

    @Test
    void standaloneTypesAndAttributes() throws DiagnosticException {
        assertEquals(new RankedTensorType(new long[] {2}, FloatType.F32), AsmParser.parseType(TestContexts.allowingUnregistered(), "tensor<2xf32>"));
        assertEquals(IntegerAttr.of(IntegerType.I32, 5), AsmParser.parseAttribute(TestContexts.allowingUnregistered(), "5 : i32"));
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> AsmParser.parseType(TestContexts.allowingUnregistered(), "i32 i64"));
        assertEquals("found trailing characters: 'i64'", e.diagnostics().get(0).message());
        assertThrows(DiagnosticException.class, () -> AsmParser.parseAttribute(TestContexts.allowingUnregistered(), "[1,"));
    }

    @Test
    void integerAndFloatTypes() throws DiagnosticException {
        assertEquals(new IntegerType(7, IntegerType.Signedness.SIGNLESS), type("i7"));
        assertEquals(new IntegerType(8, IntegerType.Signedness.SIGNED), type("si8"));
        assertEquals(new IntegerType(16, IntegerType.Signedness.UNSIGNED), type("ui16"));
        assertSame(IndexType.INSTANCE, type("index"));
        assertSame(NoneType.INSTANCE, type("none"));
        for (FloatKind k : FloatKind.values()) assertEquals(new FloatType(k), type(k.keyword));
        assertTrue(error("\"tests.x\"() {a = i16777216} : () -> ()").contains("integer bitwidth is limited"));
    }

    @Test
    void compositeTypes() throws DiagnosticException {
        RankedTensorType t = (RankedTensorType) type("tensor<2x?x0xf32>");
        assertArrayEquals(new long[] {2, ShapedType.DYNAMIC, 0}, t.shape());
        assertEquals(FloatType.F32, t.elementType());
        RankedTensorType hexLike = (RankedTensorType) type("tensor<0x3xi8>");
        assertArrayEquals(new long[] {0, 3}, hexLike.shape());
        assertEquals(new RankedTensorType(new long[0], IntegerType.I1), type("tensor<i1>"));
        assertEquals(new UnrankedTensorType(FloatType.BF16), type("tensor<*xbf16>"));
        assertEquals(new ComplexType(FloatType.F64), type("complex<f64>"));
        assertEquals(new TupleType(List.of()), type("tuple<>"));
        assertEquals(new TupleType(List.of(IntegerType.I32, FloatType.F16)), type("tuple<i32, f16>"));
        assertEquals(new FunctionType(List.of(IntegerType.I32), List.of(IntegerType.I64, IntegerType.I1)),
                type("(i32) -> (i64, i1)"));
        assertEquals(new FunctionType(List.of(), List.of(IntegerType.I8)), type("() -> i8"));
        RankedTensorType enc = (RankedTensorType) type("tensor<?xf32, #stablehlo.bounds<3>>");
        // StableHLO attributes are parsed into their structured classes
        assertEquals(new org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr(List.of(3L)), enc.encoding());
        assertTrue(error("\"tests.x\"() {a = tensor<2xfoo>} : () -> ()").contains("expected non-function type"));
        assertEquals(new MemRefType(new long[] {2}, FloatType.F32, null, null), type("memref<2xf32>"));
        assertEquals(new MemRefType(null, IntegerType.I8, null, IntegerAttr.of(IntegerType.I64, 1)),
                type("memref<*xi8, 1>"));
        assertEquals(new AffineMapAttr("(d0) -> (d0)"), attr("affine_map<(d0) -> (d0)>"));
    }

    @Test
    void dialectTypesKeepTheirBodyText() throws DiagnosticException {
        assertEquals(new DialectType("vhlo", "tensor_v<1x!vhlo.f32_v, (a -> b) \"x>\">", true),
                type("!vhlo.tensor_v<1x!vhlo.f32_v, (a -> b) \"x>\">"));
        assertEquals(new DialectType("vhlo", "token_v1", true), type("!vhlo.token_v1"));
        assertEquals(new DialectType("foo", "a [b] {c}", false), type("!foo<a [b] {c}>"));
        assertTrue(error("\"tests.x\"() {a = !foo<a [b> } : () -> ()").contains("unbalanced '['"));
        assertTrue(error("\"tests.x\"() {a = !nope} : () -> ()").contains("undefined symbol alias id 'nope'"));
    }

    @Test
    void quantizedTypes() throws DiagnosticException {
        UniformQuantizedType q = (UniformQuantizedType) type("!quant.uniform<i8:f32, 1.0:3>");
        assertTrue(q.isSigned());
        assertEquals(-128, q.storageMin());
        assertEquals(127, q.storageMax());
        assertFalse(q.hasExplicitRange());
        assertEquals(1.0, q.scale(0));
        assertEquals(3, q.zeroPoint(0));
        assertFalse(q.isPerAxis());
        UniformQuantizedType p = (UniformQuantizedType) type("!quant.uniform<i8<-127:127>:f32:1, {0.1:2, 0.2:-3}>");
        assertEquals(-127, p.storageMin());
        assertTrue(p.hasExplicitRange());
        assertEquals(1, p.quantizedDimension());
        assertArrayEquals(new double[] {0.1, 0.2}, p.scales());
        assertArrayEquals(new long[] {2, -3}, p.zeroPoints());
        assertEquals(type("!quant.uniform<i8:f32, 1.0:3>"), type("!quant.uniform<i8<-128:127>:f32, 1.0:3>"));
        UniformQuantizedType ui = (UniformQuantizedType) type("!quant.uniform<ui8:f32, 34.0:16>");
        assertFalse(ui.isSigned());
        assertEquals(new IntegerType(8, IntegerType.Signedness.UNSIGNED), ui.storageType());
        assertEquals(255, ui.storageMax());
        assertTrue(error("\"tests.x\"() {a = !quant.uniform<i8:f32:-1, {0.1:1}>} : () -> ()")
                .contains("illegal quantized dimension: -1"));
        UniformQuantizedType u = (UniformQuantizedType) type("!quant.uniform<u4:f16, 2.5e-1>");
        assertFalse(u.isSigned());
        assertEquals(15, u.storageMax());
        assertEquals(0, u.zeroPoint(0));
    }

    @Test
    void typeAndAttributeAliases() throws DiagnosticException {
        ModuleOp m = parse("!t = tensor<4xi32>\n#a = [1, !t]\n\"tests.x\"() {a = #a, b = !t} : () -> ()");
        Operation op = m.body().operations().get(0);
        Type t = new RankedTensorType(new long[] {4}, IntegerType.I32);
        assertEquals(new TypeAttr(t), op.attributes().get("b"));
        assertEquals(new ArrayAttr(List.of(IntegerAttr.of(IntegerType.I64, 1), new TypeAttr(t))),
                op.attributes().get("a"));
        assertTrue(error("#a = 1\n#a = 2").contains("redefinition of attribute alias id 'a'"));
    }

    @Test
    void scalarAttributes() throws DiagnosticException {
        assertEquals(IntegerAttr.of(IntegerType.I64, 42), attr("42"));
        assertEquals(IntegerAttr.of(IntegerType.I32, -7), attr("-7 : i32"));
        assertEquals(IntegerAttr.of(IntegerType.I8, -1), attr("255 : i8"));
        assertEquals(IntegerAttr.of(new IntegerType(8, IntegerType.Signedness.UNSIGNED), 255), attr("255 : ui8"));
        assertEquals(IntegerAttr.of(IndexType.INSTANCE, 16), attr("0x10 : index"));
        assertTrue(error("\"tests.x\"() {a = 256 : i8} : () -> ()").contains("out of range"));
        assertTrue(error("\"tests.x\"() {a = -129 : i8} : () -> ()").contains("out of range"));
        assertSame(BoolAttr.TRUE, attr("true"));
        assertSame(BoolAttr.FALSE, attr("false"));
        assertSame(UnitAttr.INSTANCE, attr("unit"));
        assertEquals(new FloatAttr(FloatType.F64, BigInteger.valueOf(Double.doubleToLongBits(1.5))), attr("1.5"));
        assertEquals(new FloatAttr(FloatType.F32, BigInteger.valueOf(Float.floatToIntBits(-2.0f) & 0xFFFFFFFFL)),
                attr("-2.0 : f32"));
        assertEquals(new FloatAttr(FloatType.F32, BigInteger.valueOf(0x7FC00000L)), attr("0x7FC00000 : f32"));
        assertEquals(new FloatAttr(FloatType.BF16, BigInteger.valueOf(0x3F80)), attr("1.0 : bf16"));
        assertTrue(error("\"tests.x\"() {a = 1 : f32} : () -> ()")
                .contains("unexpected decimal integer literal for a floating point value"));
    }

    @Test
    void stringsAreByteStrings() throws DiagnosticException {
        StringAttr s = (StringAttr) attr("\"a\\n\\t\\\"\\\\\\00\\FF\u00e9\"");
        assertArrayEquals(new byte[] {'a', '\n', '\t', '"', '\\', 0, (byte) 0xFF, (byte) 0xC3, (byte) 0xA9}, s.bytes());
        assertNull(s.type());
        assertEquals(IntegerType.I32, ((StringAttr) attr("\"x\" : i32")).type());
    }

    @Test
    void containersAndSymbols() throws DiagnosticException {
        DictionaryAttr d = (DictionaryAttr) attr("{z = 1, a, \"q r\" = [], b = {}}");
        assertEquals(List.of("a", "b", "q r", "z"), d.entries().stream().map(e -> e.name()).toList());
        assertSame(UnitAttr.INSTANCE, d.get("a"));
        assertEquals(new SymbolRefAttr("a", List.of("b", "c d")), attr("@a::@b::@\"c d\""));
        assertTrue(error("\"tests.x\"() {a = {x, x}} : () -> ()").contains("duplicate key 'x'"));
    }

    @Test
    void denseElements() throws DiagnosticException {
        DenseElementsAttr a = (DenseElementsAttr) attr("dense<[[1, 2], [3, -4]]> : tensor<2x2xi16>");
        assertFalse(a.isSplat());
        assertArrayEquals(new byte[] {1, 0, 2, 0, 3, 0, -4, -1}, a.rawBytes());
        DenseElementsAttr s = (DenseElementsAttr) attr("dense<1.0> : tensor<2147483648xf32>");
        assertTrue(s.isSplat());
        assertEquals(4, s.length());
        DenseElementsAttr same = (DenseElementsAttr) attr("dense<[7, 7, 7]> : tensor<3xi8>");
        assertTrue(same.isSplat());
        assertArrayEquals(new byte[] {7}, same.rawBytes());
        DenseElementsAttr bools = (DenseElementsAttr) attr("dense<[true, false]> : tensor<2xi1>");
        assertArrayEquals(new byte[] {1, 0}, bools.rawBytes());
        DenseElementsAttr cplx = (DenseElementsAttr) attr("dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f16>>");
        assertArrayEquals(new byte[] {0, 0x3C, 0, 0x40, 0, 0x42, 0, 0x44}, cplx.rawBytes());
        DenseElementsAttr hex = (DenseElementsAttr) attr("dense<\"0x0100000002000000\"> : tensor<2xi32>");
        assertArrayEquals(new byte[] {1, 0, 0, 0, 2, 0, 0, 0}, hex.rawBytes());
        DenseElementsAttr hexSplat = (DenseElementsAttr) attr("dense<\"0x0000803F\"> : tensor<3xf32>");
        assertTrue(hexSplat.isSplat());
        DenseElementsAttr empty = (DenseElementsAttr) attr("dense<> : tensor<0xf32>");
        assertEquals(0, empty.length());
        DenseElementsAttr f8 = (DenseElementsAttr) attr("dense<[1.0, 0x7F]> : tensor<2xf8E4M3FN>");
        assertArrayEquals(new byte[] {0x38, 0x7F}, f8.rawBytes());
        DenseStringElementsAttr strs = (DenseStringElementsAttr) attr("dense<[\"a\", \"bc\"]> : tensor<2x!foo.str>");
        assertEquals(2, strs.values().size());
        assertTrue(error("\"tests.x\"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()")
                .contains("inferred shape of elements literal ([2]) does not match type ([3])"));
        assertTrue(error("\"tests.x\"() {a = dense<[[1], 2]> : tensor<2xi32>} : () -> ()")
                .contains("ranks are not consistent"));
        assertTrue(error("\"tests.x\"() {a = dense<\"0x0102\"> : tensor<3xi32>} : () -> ()")
                .contains("elements hex data size is invalid"));
        assertTrue(error("\"tests.x\"() {a = dense<300> : tensor<i8>} : () -> ()").contains("out of range"));
    }

    @Test
    void denseArraysAndResources() throws DiagnosticException {
        assertEquals(DenseArrayAttr.ofLongs(1, -2), attr("array<i64: 1, -2>"));
        assertEquals(DenseArrayAttr.ofLongs(), attr("array<i64>"));
        DenseArrayAttr b = (DenseArrayAttr) attr("array<i1: true, false>");
        assertArrayEquals(new byte[] {1, 0}, b.rawBytes());
        DenseArrayAttr f = (DenseArrayAttr) attr("array<f32: 1.0>");
        assertArrayEquals(new byte[] {0, 0, (byte) 0x80, 0x3F}, f.rawBytes());
        ModuleOp m = parse("\"tests.x\"() {a = dense_resource<blob1> : tensor<2xi8>} : () -> ()\n"
                + "{-#\n  dialect_resources: {\n    builtin: {\n      blob1: \"0x040000000A0B\"\n    }\n  },\n"
                + "  external_resources: { mlir_reproducer: { pipeline: \"x\" } }\n#-}\n");
        assertEquals(new DenseResourceElementsAttr(new RankedTensorType(new long[] {2}, IntegerType.I8), "blob1"),
                m.body().operations().get(0).attributes().get("a"));
        var blob = m.dialectResources().get("builtin").get("blob1");
        assertEquals(4, blob.alignment());
        assertArrayEquals(new byte[] {0x0A, 0x0B}, blob.bytes());
        assertEquals("\"x\"", m.externalResources().get("mlir_reproducer").get("pipeline"));
    }

    @Test
    void locations() throws DiagnosticException {
        assertSame(Location.UNKNOWN, attr("loc(unknown)"));
        assertEquals(Location.FileLineCol.point("f", 1, 2), attr("loc(\"f\":1:2)"));
        assertEquals(new Location.FileLineCol(StringAttr.of("f"), 1, 2, 3, 4, true), attr("loc(\"f\":1:2 to 3:4)"));
        assertEquals(new Location.FileLineCol(StringAttr.of("f"), 1, 2, 1, 4, true), attr("loc(\"f\":1:2 to :4)"));
        assertEquals(new Location.Name(StringAttr.of("n"), null), attr("loc(\"n\")"));
        assertEquals(new Location.Name(StringAttr.of("n"), null), attr("loc(\"n\"(unknown))"));
        assertEquals(new Location.Name(StringAttr.of("n"), Location.FileLineCol.point("f", 1, 1)),
                attr("loc(\"n\"(\"f\":1:1))"));
        assertEquals(new Location.CallSite(new Location.Name(StringAttr.of("a"), null), Location.UNKNOWN),
                attr("loc(callsite(\"a\" at unknown))"));
        assertEquals(new Location.Fused(List.of(Location.UNKNOWN, Location.FileLineCol.point("f", 3, 4)),
                StringAttr.of("m")), attr("loc(fused<\"m\">[unknown, \"f\":3:4])"));
    }

    @Test
    void genericOperationsAndDefaultLocations() throws DiagnosticException {
        ModuleOp m = parse("%r:2, %s = \"tests.a\"() : () -> (i32, i32, f32)\n"
                + "\"tests.b\"(%r#1, %s) <{p = 1}> ({\n^bb0(%x: i32 loc(\"arg\"), %y: f32):\n"
                + "  \"tests.c\"(%x, %r#0)[^bb1] : (i32, i32) -> ()\n^bb1:\n  \"tests.d\"() : () -> ()\n})"
                + " {q = 2} : (i32, f32) -> () loc(\"named\")\n");
        assertEquals(Location.FileLineCol.point("t.mlir", 0, 0), m.op().location());
        Operation a = m.body().operations().get(0);
        Operation b = m.body().operations().get(1);
        assertEquals(Location.FileLineCol.point("t.mlir", 1, 1), a.location());
        assertEquals(new Location.Name(StringAttr.of("named"), null), b.location());
        assertSame(a.result(1), b.operand(0));
        assertSame(a.result(2), b.operand(1));
        assertEquals(IntegerAttr.of(IntegerType.I64, 1), b.properties().get("p"));
        assertEquals(IntegerAttr.of(IntegerType.I64, 2), b.attributes().get("q"));
        List<Block> blocks = b.region(0).blocks();
        assertEquals(2, blocks.size());
        assertEquals(new Location.Name(StringAttr.of("arg"), null), blocks.get(0).argument(0).location());
        assertEquals(Location.FileLineCol.point("t.mlir", 3, 26), blocks.get(0).argument(1).location());
        Operation c = blocks.get(0).operations().get(0);
        assertSame(blocks.get(0).argument(0), c.operand(0));
        assertSame(a.result(0), c.operand(1));
        assertSame(blocks.get(1), c.successors().get(0));
    }

    @Test
    void forwardReferencesResolve() throws DiagnosticException {
        ModuleOp m = parse("\"tests.region\"() ({\n  \"tests.use\"(%later) : (i32) -> ()\n"
                + "  %later = \"tests.def\"() : () -> i32\n}) : () -> ()");
        Block body = m.body().operations().get(0).region(0).entry();
        assertSame(body.operations().get(1).result(0), body.operations().get(0).operand(0));
        assertTrue(body.operations().get(1).result(0).hasUses());
    }

    @Test
    void namesOfASiblingRegionCanBeReused() throws DiagnosticException {
        ModuleOp m = parse("\"tests.r\"() ({\n  \"tests.u\"(%x) : (i32) -> ()\n  %x = \"tests.d\"() : () -> i32\n}, {\n"
                + "  %x = \"tests.d\"() : () -> i64\n}) : () -> ()");
        assertEquals(2, m.body().operations().get(0).numRegions());
    }

    @Test
    void ssaErrors() {
        assertEquals("1:13: use of undeclared SSA value name", error("\"tests.use\"(%nope) : (i32) -> ()"));
        assertEquals("2:1: redefinition of SSA value '%a'",
                error("%a = \"tests.a\"() : () -> i32\n%a = \"tests.a\"() : () -> i32"));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> parse("  %a = \"tests.a\"() : () -> i32\n%a = \"tests.a\"() : () -> i32"));
        assertEquals(1, e.diagnostics().get(0).notes().size());
        assertEquals("previously defined here", e.diagnostics().get(0).notes().get(0).message());
        assertEquals(Location.FileLineCol.point("t.mlir", 1, 3), e.diagnostics().get(0).notes().get(0).location());
        assertEquals("2:1: definition of SSA value '%a#0' has type 'i64'", error(
                "\"tests.b\"(%a) : (i32) -> ()\n%a = \"tests.a\"() : () -> i64"));
        assertEquals("1:25: expected 1 operand type but had 0", error("\"tests.b\"(%a) {x = 1} : () -> ()"));
        assertTrue(error("%a, %b = \"tests.a\"() : () -> i32")
                .contains("operation defines 1 results but was provided 2 to bind"));
        assertTrue(error("%a = \"tests.a\"() : () -> i32\n\"tests.b\"(%a) : (i64) -> ()")
                .contains("expects different type than prior uses"));
        assertTrue(error("\"tests.b\"() [^missing] : () -> ()").contains("reference to an undefined block"));
        assertTrue(error("%a:2 = \"tests.a\"() : () -> (i32, i32)\n\"tests.b\"(%a#2) : (i32) -> ()")
                .contains("reference to invalid result number"));
        // values of an isolated func body are not visible outside and vice versa
        assertTrue(error("%a = \"tests.a\"() : () -> i32\nfunc.func @f() {\n  \"tests.b\"(%a) : (i32) -> ()\n"
                + "  return\n}").contains("use of undeclared SSA value name"));
    }

    @Test
    void funcModuleReturnCall() throws DiagnosticException {
        ModuleOp m = parse("module @m attributes {x.y = 1} {\n"
                + "  func.func private @decl(i32 {a.b}) -> (i32 {c.d})\n"
                + "  func.func @main(%arg0: tensor<f32> loc(\"p\"), %arg1: i32) -> tensor<f32> attributes {k} {\n"
                + "    %0 = call @decl(%arg1) : (i32) -> i32\n"
                + "    func.return %arg0 : tensor<f32>\n"
                + "  }\n}\n");
        Operation mod = m.op();
        assertEquals(StringAttr.of("m"), mod.properties().get("sym_name"));
        assertEquals(IntegerAttr.of(IntegerType.I64, 1), mod.attributes().get("x.y"));
        Operation decl = m.body().operations().get(0);
        assertEquals("func.func", decl.name());
        assertEquals(StringAttr.of("private"), decl.properties().get("sym_visibility"));
        assertTrue(decl.region(0).isEmpty());
        assertInstanceOf(ArrayAttr.class, decl.properties().get("arg_attrs"));
        assertInstanceOf(ArrayAttr.class, decl.properties().get("res_attrs"));
        Operation main = m.body().operations().get(1);
        assertNull(main.properties().get("arg_attrs"));
        assertSame(UnitAttr.INSTANCE, main.attributes().get("k"));
        Type tf = new RankedTensorType(new long[0], FloatType.F32);
        assertEquals(new TypeAttr(new FunctionType(List.of(tf, IntegerType.I32), List.of(tf))),
                main.properties().get("function_type"));
        Block body = main.region(0).entry();
        assertEquals(new Location.Name(StringAttr.of("p"), null), body.argument(0).location());
        assertEquals(Location.FileLineCol.point("t.mlir", 3, 48), body.argument(1).location());
        Operation call = body.operations().get(0);
        assertEquals("func.call", call.name());
        assertEquals(SymbolRefAttr.flat("decl"), call.properties().get("callee"));
        assertSame(body.argument(1), call.operand(0));
        Operation ret = body.operations().get(1);
        assertEquals("func.return", ret.name());
        assertSame(body.argument(0), ret.operand(0));
    }

    @Test
    void genericFuncMovesInherentAttributesToProperties() throws DiagnosticException {
        ModuleOp m = parse("\"func.func\"() ({\n}) {sym_name = \"f\", function_type = () -> (), other = 1}"
                + " : () -> ()");
        Operation f = m.body().operations().get(0);
        assertEquals(StringAttr.of("f"), f.properties().get("sym_name"));
        assertNull(f.attributes().get("sym_name"));
        assertEquals(IntegerAttr.of(IntegerType.I64, 1), f.attributes().get("other"));
    }

    @Test
    void implicitModuleWrapsSeveralTopLevelOps() throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.allowingUnregistered(), "module {}\nmodule {}", new ParseOptions("b", 7, false));
        assertEquals(2, m.body().operations().size());
        assertEquals(Location.FileLineCol.point("b", 7, 1), m.op().location());
        assertEquals(Location.FileLineCol.point("b", 8, 1), m.body().operations().get(1).location());
        assertEquals(1, m.body().operations().get(0).region(0).blocks().size());
    }

    @Test
    void locationAliasesMayBeDefinedAfterUse() throws DiagnosticException {
        ModuleOp m = parse("func.func @f(%a: i32 loc(#loc1)) {\n  return loc(#loc2)\n} loc(#loc)\n"
                + "#loc = loc(\"f.py\":1:2)\n#loc1 = loc(\"a\")\n#loc2 = loc(callsite(#loc1 at #loc))\n");
        Operation f = m.body().operations().get(0);
        assertEquals(Location.FileLineCol.point("f.py", 1, 2), f.location());
        assertEquals(new Location.Name(StringAttr.of("a"), null), f.region(0).entry().argument(0).location());
        assertInstanceOf(Location.CallSite.class, f.region(0).entry().operations().get(0).location());
        assertTrue(error("\"tests.a\"() : () -> () loc(#nope)").contains("location alias was never defined"));
    }

    @Test
    void unknownOpsAndDialects() throws DiagnosticException {
        // gather has no pretty form upstream
        assertEquals("1:6: custom op 'stablehlo.gather' is unknown",
                error("%0 = stablehlo.gather %a, %b : tensor<f32>"));
        assertTrue(error("func.func @f() {\n  foo\n}").contains("custom op 'foo' is unknown (tried 'func.foo' as well)"));
        assertTrue(assertThrows(DiagnosticException.class, () -> AsmParser.parse(TestContexts.standard(),
                "\"foo.bar\"() : () -> ()", ParseOptions.of("t"))).getMessage()
                .contains("operation being parsed with an unregistered dialect"));
        assertTrue(error("\"func.bogus\"() : () -> ()").contains("does not allow unknown operations"));
        ModuleOp m = AsmParser.parse(TestContexts.allowingUnregistered(), "\"foo.bar\"() : () -> ()", new ParseOptions("t", 1, true));
        assertEquals("foo.bar", m.body().operations().get(0).name());
    }

    @Test
    void errorsPointWhereSomethingIsMissing() {
        assertEquals("1:18: expected ')' to end operand list", error("%0 = \"tests.a\"(%x : () -> ()"));
        // a missing token at the start of a line is reported at the end of the previous token
        assertEquals("1:20: expected ':' followed by operation type",
                error("\"tests.a\"() {a = 1}   \n// c\n\"tests.b\"() : () -> ()"));
        assertEquals("1:23: expected operation name in quotes", error("\"tests.a\"() : () -> ()\n42"));
        assertTrue(error("\"tests.a\"() {a = \"abc}").contains("expected '\"' in string literal"));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> AsmParser.parse(TestContexts.allowingUnregistered(), "\n\n 5", new ParseOptions("buf.mlir", 10, false)));
        assertEquals(Location.FileLineCol.point("buf.mlir", 12, 2), e.diagnostics().get(0).location());
    }
}
