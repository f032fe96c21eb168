package org.stablehlo4j.asm;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;

/** Golden texts for whole modules in the default, generic, debug-info and local-scope forms. */
class AsmPrinterOpsPrintTest {
    static final RankedTensorType TI32 = new RankedTensorType(new long[0], IntegerType.I32);
    static final RankedTensorType TBF = new RankedTensorType(new long[] {2, 2}, FloatType.BF16);
    static final PrintOptions GENERIC = new PrintOptions(true, false, false);
    static final PrintOptions DEBUG = new PrintOptions(false, true, false);

    /**
     * Minimal pretty forms of two stablehlo ops (their real printers live in the dialect package), registered
     * only when nothing else provides them.
     */
    /** A registered row with a hand-written pretty form and the given inherent attributes. */
    static org.stablehlo4j.ir.OpDefinition testRow(String name, List<String> inherent) {
        org.stablehlo4j.ir.OpTable t = new org.stablehlo4j.ir.OpTable(name.substring(0, name.indexOf('.')));
        org.stablehlo4j.ir.OpTable.Row r = t.op(name.substring(name.indexOf('.') + 1)).custom();
        for (String a : inherent) r.optAttr(a, org.stablehlo4j.ir.AttrKind.ANY);
        return t.build().all().iterator().next();
    }

    /** The pretty printers of the test dialect {@code testp} (filled by the tests before first use). */
    static final OpAsmTable TESTP_ASM = new OpAsmTable();

    /** A context with every dialect plus {@code testp} (ops while, pair, iso with the printers above). */
    static final org.stablehlo4j.ir.Context TESTP = new org.stablehlo4j.ir.Context(
            org.stablehlo4j.init.AllDialects.registry().insert("testp", ctx -> new org.stablehlo4j.ir.Dialect("testp", ctx) {
                {
                    for (String n : List.of("testp.while", "testp.pair", "testp.iso")) {
                        addOperation(testRow(n, List.of()));
                    }
                    addInterface(OpAsmDialectInterface.class, TESTP_ASM);
                }
            }));

    static DictionaryAttr dict(Object... kv) {
        List<NamedAttribute> l = new ArrayList<>();
        for (int i = 0; i < kv.length; i += 2) l.add(new NamedAttribute((String) kv[i], (Attribute) kv[i + 1]));
        return DictionaryAttr.of(l);
    }

    static Operation op(String name, List<Value> operands, List<Type> results, DictionaryAttr props,
                        DictionaryAttr attrs, int regions, Location loc) {
        return Operation.create(name, operands, results, props, attrs, regions, List.of(), loc);
    }

    /** func.func with an entry block whose arguments have the given types/locations. */
    static Operation func(Block parent, String name, String visibility, List<Type> in, List<Type> out,
                          ArrayAttr resAttrs, Location loc, List<Location> argLocs) {
        DictionaryAttr props = dict("sym_name", StringAttr.of(name), "function_type",
                new TypeAttr(new FunctionType(in, out)));
        if (visibility != null) props = props.with("sym_visibility", StringAttr.of(visibility));
        if (resAttrs != null) props = props.with("res_attrs", resAttrs);
        Operation f = op("func.func", List.of(), List.of(), props, null, 1, loc);
        Block body = new Block();
        for (int i = 0; i < in.size(); i++) body.addArgument(in.get(i), argLocs == null ? Location.UNKNOWN : argLocs.get(i));
        f.region(0).append(body);
        parent.append(f);
        return f;
    }

    static Operation call(Block b, String callee, List<Type> results) {
        Operation c = op("func.call", List.of(), results, dict("callee", SymbolRefAttr.flat(callee)), null, 0, null);
        b.append(c);
        return c;
    }

    static Operation ret(Block b, Location loc, Value... values) {
        Operation r = op("func.return", List.of(values), List.of(), null, null, 0, loc);
        b.append(r);
        return r;
    }

    static DenseElementsAttr splatI32(int v) {
        return new DenseElementsAttr(TI32, new byte[] {(byte) v, 0, 0, 0}, 0, 4, true);
    }

    /** Shape of testdata/*.mlir files (e.g. the first file of testdata/), written by stablehlo-opt. */
    @Test
    void defaultFormLikeTestdata() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        m.op().setProperties(dict("sym_name", StringAttr.of("jit_main")));
        m.op().setAttributes(dict("mhlo.num_partitions", IntegerAttr.of(IntegerType.I32, 1),
                "mhlo.num_replicas", IntegerAttr.of(IntegerType.I32, 1)));
        ArrayAttr mainRes = new ArrayAttr(List.of(dict("jax.result_info", StringAttr.of(""),
                "mhlo.layout_mode", StringAttr.of("default"))));
        Operation main = func(m.body(), "main", "public", List.of(), List.of(TBF), mainRes, null, null);
        Block mb = main.region(0).entry();
        Operation c0 = call(mb, "inputs", List.of(TBF));
        Operation abs = op("stablehlo.abs", List.of(c0.result(0)), List.of(TBF), null, null, 0, null);
        mb.append(abs);
        Operation cc = op("test.custom_call", List.of(abs.result(0), c0.result(0)), List.of(),
                dict("call_target_name", StringAttr.of("check.expect_close")),
                dict("has_side_effect", org.stablehlo4j.ir.BoolAttr.TRUE), 0, null);
        mb.append(cc);
        ret(mb, null, abs.result(0));
        ArrayAttr inRes = new ArrayAttr(List.of(dict("mhlo.layout_mode", StringAttr.of("default"))));
        Operation inputs = func(m.body(), "inputs", "private", List.of(), List.of(TBF), inRes, null, null);
        Block ib = inputs.region(0).entry();
        byte[] data = {0x29, (byte) 0xC0, (byte) 0xC7, 0x40, 0x4A, 0x40, 0x71, (byte) 0xC0};
        Operation cst = op("stablehlo.constant", List.of(), List.of(TBF),
                dict("value", new DenseElementsAttr(TBF, data, 0, 8, false)), null, 0, null);
        ib.append(cst);
        ret(ib, null, cst.result(0));
        String expected = """
                module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
                  func.func public @main() -> (tensor<2x2xbf16> {jax.result_info = "", mhlo.layout_mode = "default"}) {
                    %0 = call @inputs() : () -> tensor<2x2xbf16>
                    %1 = stablehlo.abs %0 : tensor<2x2xbf16>
                    "test.custom_call"(%1, %0) <{call_target_name = "check.expect_close"}> {has_side_effect = true} : (tensor<2x2xbf16>, tensor<2x2xbf16>) -> ()
                    return %1 : tensor<2x2xbf16>
                  }
                  func.func private @inputs() -> (tensor<2x2xbf16> {mhlo.layout_mode = "default"}) {
                    %cst = stablehlo.constant dense<[[-2.640630e+00, 6.218750e+00], [3.156250e+00, -3.765630e+00]]> : tensor<2x2xbf16>
                    return %cst : tensor<2x2xbf16>
                  }
                }

                """;
        assertEquals(expected, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    /** Generic form as in the CHECK lines of tests/vhlo/*.mlir ("func.func"() <{...}> ({ ^bb0(...): ... })). */
    @Test
    void genericForm() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Operation f = func(m.body(), "main", null, List.of(TI32), List.of(TI32), null, null, null);
        Block b = f.region(0).entry();
        ret(b, null, b.argument(0));
        Operation g = func(m.body(), "empty", "private", List.of(), List.of(), null, null, null);
        ret(g.region(0).entry(), null);
        Operation u = op("test.region", List.of(), List.of(), null, null, 2, null);
        m.body().append(u);
        String expected = """
                "builtin.module"() ({
                  "func.func"() <{function_type = (tensor<i32>) -> tensor<i32>, sym_name = "main"}> ({
                  ^bb0(%arg0: tensor<i32>):
                    "func.return"(%arg0) : (tensor<i32>) -> ()
                  }) : () -> ()
                  "func.func"() <{function_type = () -> (), sym_name = "empty", sym_visibility = "private"}> ({
                    "func.return"() : () -> ()
                  }) : () -> ()
                  "test.region"() ({
                  }, {
                  }) : () -> ()
                }) : () -> ()

                """;
        assertEquals(expected, AsmPrinter.print(TestContexts.standard(), m, GENERIC));
        assertEquals("""
                module {
                  func.func @main(%arg0: tensor<i32>) -> tensor<i32> {
                    return %arg0 : tensor<i32>
                  }
                  func.func private @empty() {
                    return
                  }
                  "test.region"() ({
                  }, {
                  }) : () -> ()
                }

                """, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    @Test
    void emptyModuleAndDeclaration() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        assertEquals("module {\n}\n\n", AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
        assertEquals("\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n\n", AsmPrinter.print(TestContexts.standard(), m, GENERIC));
        // tests/vhlo/stablehlo_legalize_to_vhlo.mlir: func.func private @mesh()
        Operation decl = op("func.func", List.of(), List.of(), dict("sym_name", StringAttr.of("mesh"),
                "sym_visibility", StringAttr.of("private"), "function_type",
                new TypeAttr(new FunctionType(List.of(TI32), List.of()))), null, 1, null);
        m.body().append(decl);
        assertEquals("module {\n  func.func private @mesh(tensor<i32>)\n}\n\n", AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    /** Blocks, successors, predecessor comments, multi-result ops and nested-region numbering. */
    @Test
    void blocksAndResults() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Operation f = func(m.body(), "f", null, List.of(TI32), List.of(), null, null, null);
        Region2 r = new Region2(f);
        Block entry = r.entry;
        Block bb1 = new Block();
        Block bb2 = new Block();
        Value x = bb2.addArgument(TI32, Location.UNKNOWN);
        f.region(0).append(bb1);
        f.region(0).append(bb2);
        Operation two = op("test.two", List.of(entry.argument(0)), List.of(TI32, TI32), null, null, 1, null);
        entry.append(two);
        Block inner = new Block();
        Value ia = inner.addArgument(TI32, Location.UNKNOWN);
        two.region(0).append(inner);
        inner.append(op("test.use", List.of(ia, two.result(1)), List.of(TI32), null, null, 0, null));
        entry.append(Operation.create("test.br", List.of(two.result(1)), List.of(), null, null, 0, List.of(bb1, bb2), null));
        bb1.append(Operation.create("test.br", List.of(), List.of(), null, null, 0, List.of(bb2), null));
        bb2.append(op("test.sink", List.of(x, two.result(0)), List.of(), null, null, 0, null));
        ret(bb2, null);
        String expected = """
                module {
                  func.func @f(%arg0: tensor<i32>) {
                    %0:2 = "test.two"(%arg0) ({
                    ^bb0(%arg1: tensor<i32>):
                      %2 = "test.use"(%arg1, %0#1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
                    }) : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
                    "test.br"(%0#1)[^bb1, ^bb2] : (tensor<i32>) -> ()
                  ^bb1:  // pred: ^bb0
                    "test.br"()[^bb2] : () -> ()
                  ^bb2(%1: tensor<i32>):  // 2 preds: ^bb0, ^bb1
                    "test.sink"(%1, %0#0) : (tensor<i32>, tensor<i32>) -> ()
                    return
                  }
                }

                """;
        assertEquals(expected, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    /** Holder for a function's entry block. */
    record Region2(Block entry) {
        Region2(Operation f) {
            this(f.region(0).entry());
        }
    }

    /**
     * Location aliases exactly as in the input of tests/transforms/stablehlo_compatibility_expander_locations.mlir
     * (itself stablehlo-opt --mlir-print-debuginfo output): non-deferred block-argument aliases first, the rest
     * after the module ordered by depth.
     */
    @Test
    void debugInfoAliases() {
        StringAttr file = StringAttr.of("file.mlir");
        Location loc0 = range(file, 0, 0, 3);
        Location loc1 = range(file, 1, 1, 2);
        Location loc2 = range(file, 2, 19, 20);
        Location loc3 = range(file, 2, 21, 30);
        Location loc4 = range(file, 2, 8, 10);
        Location loc5 = range(file, 4, 10, 12);
        Location loc6 = range(file, 3, 3, 5);
        Location loc7 = new Location.Name(StringAttr.of("WrappedLocation.call"), loc1);
        Location loc8 = new Location.Name(StringAttr.of("WrappedLocation.callsite"), loc2);
        Location loc9 = new Location.CallSite(loc7, loc8);
        ModuleOp m = ModuleOp.empty(loc0);
        Operation f = func(m.body(), "main", null, List.of(TI32), List.of(TI32), null, loc9, List.of(loc3));
        Block b = f.region(0).entry();
        Operation c = op("stablehlo.constant", List.of(), List.of(TI32), dict("value", splatI32(1)), null, 0, loc4);
        b.append(c);
        Operation add = op("stablehlo.add", List.of(b.argument(0), c.result(0)), List.of(TI32), null, null, 0, loc5);
        b.append(add);
        ret(b, loc6, add.result(0));
        String expected = """
                #loc3 = loc("file.mlir":2:21 to :30)
                module {
                  func.func @main(%arg0: tensor<i32> loc("file.mlir":2:21 to :30)) -> tensor<i32> {
                    %c = stablehlo.constant dense<1> : tensor<i32> loc(#loc4)
                    %0 = stablehlo.add %arg0, %c : tensor<i32> loc(#loc5)
                    return %0 : tensor<i32> loc(#loc6)
                  } loc(#loc9)
                } loc(#loc)
                #loc = loc("file.mlir":0:0 to :3)
                #loc1 = loc("file.mlir":1:1 to :2)
                #loc2 = loc("file.mlir":2:19 to :20)
                #loc4 = loc("file.mlir":2:8 to :10)
                #loc5 = loc("file.mlir":4:10 to :12)
                #loc6 = loc("file.mlir":3:3 to :5)
                #loc7 = loc("WrappedLocation.call"(#loc1))
                #loc8 = loc("WrappedLocation.callsite"(#loc2))
                #loc9 = loc(callsite(#loc7 at #loc8))

                """;
        assertEquals(expected, AsmPrinter.print(TestContexts.standard(), m, DEBUG));
        // Local scope: everything inline, no alias section.
        String local = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, true, true));
        assertEquals("""
                module {
                  func.func @main(%arg0: tensor<i32> loc("file.mlir":2:21 to :30)) -> tensor<i32> {
                    %c = stablehlo.constant dense<1> : tensor<i32> loc("file.mlir":2:8 to :10)
                    %0 = stablehlo.add %arg0, %c : tensor<i32> loc("file.mlir":4:10 to :12)
                    return %0 : tensor<i32> loc("file.mlir":3:3 to :5)
                  } loc(callsite("WrappedLocation.call"("file.mlir":1:1 to :2) at "WrappedLocation.callsite"("file.mlir":2:19 to :20)))
                } loc("file.mlir":0:0 to :3)
                """, local);
        // Without debug info, no locations at all.
        assertEquals(false, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT).contains("loc("));
    }

    @Test
    void unknownLocationsShareOneAlias() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Operation f = func(m.body(), "f", null, List.of(), List.of(), null, null, null);
        ret(f.region(0).entry(), null);
        assertEquals("""
                module {
                  func.func @f() {
                    return loc(#loc)
                  } loc(#loc)
                } loc(#loc)
                #loc = loc(unknown)

                """, AsmPrinter.print(TestContexts.standard(), m, DEBUG));
        assertEquals("""
                "builtin.module"() ({
                  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
                    "func.return"() : () -> () loc(#loc)
                  }) : () -> () loc(#loc)
                }) : () -> () loc(#loc)
                #loc = loc(unknown)

                """, AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, true, false)));
    }

    /** Resource section layout: {-#\n  dialect_resources: {\n    builtin: {\n      key: "0x..."\n    }\n  }\n#-}. */
    @Test
    void resources() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        RankedTensorType t = new RankedTensorType(new long[] {4}, IntegerType.I8);
        Operation c = op("test.const", List.of(), List.of(t), null,
                dict("value", new DenseResourceElementsAttr(t, "blob1")), 0, null);
        m.body().append(c);
        Map<String, ResourceBlob> builtin = new java.util.LinkedHashMap<>();
        builtin.put("unused", new ResourceBlob(8, new byte[] {9}, 0, 1));
        builtin.put("blob1", new ResourceBlob(4, new byte[] {1, 2, 3, 4}, 0, 4));
        m.dialectResources().put("builtin", builtin);
        assertEquals("""
                module {
                  %0 = "test.const"() {value = dense_resource<blob1> : tensor<4xi8>} : () -> tensor<4xi8>
                }

                {-#
                  dialect_resources: {
                    builtin: {
                      blob1: "0x0400000001020304"
                    }
                  }
                #-}

                """, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    @Test
    void quotedNamesAndSymbols() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Operation f = func(m.body(), "my func", null, List.of(), List.of(), null, null, null);
        f.setAttributes(dict("no_inline", org.stablehlo4j.ir.UnitAttr.INSTANCE, "x-y", IntegerAttr.of(IntegerType.I64, 3)));
        ret(f.region(0).entry(), null);
        assertEquals("""
                module {
                  func.func @"my func"() attributes {no_inline, "x-y" = 3 : i64} {
                    return
                  }
                }

                """, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    /** The streaming printer writes the same text as the String one, flushing hex in chunks. */
    @Test
    void streamingLargeConstants() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        int n = 3 << 20;
        byte[] data = new byte[n * 4];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 31 + 7);
        RankedTensorType t = new RankedTensorType(new long[] {n}, FloatType.F32);
        DenseElementsAttr big = new DenseElementsAttr(t, data, 0, data.length, false);
        Attribute wrapped = new AsmPrinterTypesAttrsPrintTest.PrintableAttr("vhlo", "tensor_v1<", big, ">");
        m.body().append(op("test.const", List.of(), List.of(t), null, dict("value", wrapped), 0, null));
        java.util.Map<String, ResourceBlob> res = new java.util.LinkedHashMap<>();
        res.put("r", new ResourceBlob(16, data, 0, data.length));
        m.dialectResources().put("builtin", res);
        m.body().append(op("test.const", List.of(), List.of(t), null,
                dict("value", new DenseResourceElementsAttr(t, "r")), 0, null));
        String whole = AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT);
        java.io.StringWriter w = new java.io.StringWriter();
        AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT, w);
        assertEquals(whole.length(), w.toString().length());
        assertEquals(whole, w.toString());
        assertEquals(true, whole.startsWith("module {\n  %0 = \"test.const\"() {value = #vhlo.tensor_v1<dense<\"0x07"));
        assertEquals(true, whole.endsWith("\"\n    }\n  }\n#-}\n\n"));
    }

    /** The parser's nesting limit (256 levels of regions or attributes) prints without deep-stack trouble. */
    @Test
    void deepNesting() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Block b = m.body();
        Attribute nested = IntegerAttr.of(IntegerType.I32, 1);
        for (int i = 0; i < 256; i++) nested = new ArrayAttr(List.of(nested));
        Location loc = Location.UNKNOWN;
        for (int i = 0; i < 256; i++) loc = new Location.Name(StringAttr.of("n" + i), loc);
        for (int i = 0; i < 256; i++) {
            Operation o = op("test.nest", List.of(), List.of(), null, dict("a", nested), 1, loc);
            b.append(o);
            Block inner = new Block();
            o.region(0).append(inner);
            b = inner;
        }
        for (PrintOptions mode : new PrintOptions[] {PrintOptions.DEFAULT, GENERIC, DEBUG}) {
            String s = AsmPrinter.print(TestContexts.standard(), m, mode);
            assertEquals(true, s.contains("[".repeat(256) + "1 : i32" + "]".repeat(256)));
        }
        // with debug info every distinct nested name location gets its own alias, innermost first
        String dbg = AsmPrinter.print(TestContexts.standard(), m, DEBUG);
        assertEquals(true, dbg.contains("#loc1 = loc(\"n0\")\n#loc2 = loc(\"n1\"(#loc1))\n"));
    }

    /**
     * tests/vhlo/stablehlo_legalize_to_vhlo_mixed.mlir: {@code builtin.unrealized_conversion_cast %0 : A to B}
     * keeps its prefix outside a builtin default-dialect scope; unregistered ops never use a custom form.
     */
    @Test
    void unrealizedCastAndDefaultDialect() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Operation f = op("test.func", List.of(), List.of(), null, null, 1, null);
        m.body().append(f);
        Block b = new Block();
        Value arg = b.addArgument(TI32, Location.UNKNOWN);
        f.region(0).append(b);
        Type vt = new org.stablehlo4j.ir.DialectType("vhlo", "tensor_v1<!vhlo.i32_v1>", true);
        b.append(op("builtin.unrealized_conversion_cast", List.of(arg), List.of(vt), null, null, 0, null));
        Operation top = op("builtin.unrealized_conversion_cast", List.of(), List.of(TI32), null, null, 0, null);
        m.body().append(top);
        m.body().append(op("func.return", List.of(), List.of(), null, null, 0, null));
        assertEquals("""
                module {
                  "test.func"() ({
                  ^bb0(%arg0: tensor<i32>):
                    %1 = builtin.unrealized_conversion_cast %arg0 : tensor<i32> to !vhlo.tensor_v1<!vhlo.i32_v1>
                  }) : () -> ()
                  %0 = unrealized_conversion_cast to tensor<i32>
                  func.return
                }

                """, AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
    }

    /** Builtin aliases other than locations: {@code #map} for affine maps and {@code !tuple} for wide tuples. */
    @Test
    void mapAndTupleAliases() {
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Attribute map0 = new org.stablehlo4j.ir.AffineMapAttr("(d0) -> (d0 + 1)");
        Attribute map1 = new org.stablehlo4j.ir.AffineMapAttr("(d0) -> (d0 * 2)");
        List<Type> many = new ArrayList<>();
        for (int i = 0; i < 17; i++) many.add(IntegerType.I32);
        Type wide = new org.stablehlo4j.ir.TupleType(many);
        m.body().append(op("test.a", List.of(), List.of(wide), null, dict("m", map1, "n", map0), 0, null));
        m.body().append(op("test.b", List.of(), List.of(), null, dict("m", map1), 0, null));
        String tuple = "tuple<" + String.join(", ", java.util.Collections.nCopies(17, "i32")) + ">";
        // same depth: type aliases first, then attributes, each in first-use order
        assertEquals("!tuple = " + tuple + "\n"
                + "#map = affine_map<(d0) -> (d0 * 2)>\n"
                + "#map1 = affine_map<(d0) -> (d0 + 1)>\n"
                + "module {\n"
                + "  %0 = \"test.a\"() {m = #map, n = #map1} : () -> !tuple\n"
                + "  \"test.b\"() {m = #map} : () -> ()\n"
                + "}\n\n", AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT));
        assertEquals(true, AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, true)).contains("m = affine_map<(d0) -> (d0 * 2)>"));
    }

    /**
     * The alias pass is skipped only when nothing could get an alias: candidates nested deep (a wide tuple as
     * the argument type of a block in a nested op, or inside an array attribute) are still found.
     */
    @Test
    void nestedAliasCandidatesAreFound() {
        List<Type> many = new ArrayList<>();
        for (int i = 0; i < 17; i++) many.add(IntegerType.I32);
        Type wide = new org.stablehlo4j.ir.TupleType(many);
        String tuple = "tuple<" + String.join(", ", java.util.Collections.nCopies(17, "i32")) + ">";

        ModuleOp inBlock = ModuleOp.empty(Location.UNKNOWN);
        Operation outer = op("test.outer", List.of(), List.of(), null, null, 1, null);
        Block b = new Block();
        b.addArgument(wide, Location.UNKNOWN);
        outer.region(0).append(b);
        inBlock.body().append(outer);
        String printed = AsmPrinter.print(TestContexts.standard(), inBlock, PrintOptions.DEFAULT);
        assertEquals(true, printed.startsWith("!tuple = " + tuple + "\n"), printed);
        assertEquals(true, printed.contains("^bb0(%arg0: !tuple):"), printed);

        ModuleOp inAttr = ModuleOp.empty(Location.UNKNOWN);
        Attribute nested = new ArrayAttr(List.of(IntegerAttr.of(IntegerType.I64, 1),
                new org.stablehlo4j.ir.TypeAttr(wide)));
        inAttr.body().append(op("test.a", List.of(), List.of(), null, dict("t", nested), 0, null));
        assertEquals("!tuple = " + tuple + "\n"
                + "module {\n"
                + "  \"test.a\"() {t = [1, !tuple]} : () -> ()\n"
                + "}\n\n", AsmPrinter.print(TestContexts.standard(), inAttr, PrintOptions.DEFAULT));
    }

    /** Custom block-argument names ({@code %iterArg}, as stablehlo.while in testdata), result groups, shadowing. */
    @Test
    void customNamesAndGroups() {
        for (String name : List.of("testp.while", "testp.pair", "testp.iso")) {
        }
        TESTP_ASM.printer("testp.while", new AsmPrinterCustomOp() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                p.printOpName(op);
                p.append("(");
                Block body = op.region(0).entry();
                for (int i = 0; i < op.numOperands(); i++) {
                    if (i > 0) p.append(", ");
                    p.printOperand(body.argument(i));
                    p.append(" = ");
                    p.printOperand(op.operand(i));
                }
                p.append(") ");
                p.printRegion(op.region(0), false, true, false);
            }

            @Override
            public void blockArgumentNames(org.stablehlo4j.ir.Region region,
                                           java.util.function.BiConsumer<Value, String> setName) {
                for (Value a : region.entry().arguments()) setName.accept(a, "iterArg");
            }
        });
        TESTP_ASM.printer("testp.pair", new AsmPrinterCustomOp() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                p.printOpName(op);
            }

            @Override
            public void resultNames(Operation op, java.util.function.BiConsumer<Value, String> setName) {
                setName.accept(op.result(0), "values");
                setName.accept(op.result(1), "indices");
            }
        });
        TESTP_ASM.printer("testp.iso", (op, p) -> {
            p.printOpName(op);
            p.shadowRegionArgs(op.region(0), op.operands());
            p.append(" ");
            p.printRegion(op.region(0), false, true, false);
        });
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        Operation f = func(m.body(), "f", null, List.of(TI32), List.of(), null, null, null);
        Block fb = f.region(0).entry();
        Value a0 = fb.argument(0);
        Operation w = op("testp.while", List.of(a0, a0), List.of(TI32, TI32), null, null, 1, null);
        Block wb = new Block();
        wb.addArgument(TI32, Location.UNKNOWN);
        wb.addArgument(TI32, Location.UNKNOWN);
        w.region(0).append(wb);
        wb.append(op("test.use", List.of(wb.argument(0), wb.argument(1)), List.of(), null, null, 0, null));
        fb.append(w);
        Operation pair = op("testp.pair", List.of(), List.of(TI32, TI32), null, null, 0, null);
        fb.append(pair);
        Operation iso = op("testp.iso", List.of(pair.result(1)), List.of(), null, null, 1, null);
        Block ib = new Block();
        ib.addArgument(TI32, Location.UNKNOWN);
        iso.region(0).append(ib);
        ib.append(op("test.use", List.of(ib.argument(0), w.result(1)), List.of(), null, null, 0, null));
        fb.append(iso);
        ret(fb, null);
        assertEquals("""
                module {
                  func.func @f(%arg0: tensor<i32>) {
                    %0:2 = testp.while(%iterArg = %arg0, %iterArg_0 = %arg0) {
                      "test.use"(%iterArg, %iterArg_0) : (tensor<i32>, tensor<i32>) -> ()
                    }
                    %values, %indices = testp.pair
                    testp.iso {
                      "test.use"(%indices, %0#1) : (tensor<i32>, tensor<i32>) -> ()
                    }
                    return
                  }
                }

                """, AsmPrinter.print(TESTP, m, PrintOptions.DEFAULT));
        // generic form ignores all naming hooks
        assertEquals(true, AsmPrinter.print(TESTP, m, GENERIC).contains("%1:2 = \"testp.pair\"() : () -> (tensor<i32>, tensor<i32>)"));
    }

    static Location range(StringAttr file, int line, int col, int endCol) {
        return new Location.FileLineCol(file, line, col, line, endCol, true);
    }

    static BigInteger big(long v) {
        return BigInteger.valueOf(v);
    }
}
