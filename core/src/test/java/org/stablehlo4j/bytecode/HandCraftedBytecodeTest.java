package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.UnitAttr;

import java.nio.ByteBuffer;
import java.io.ByteArrayInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Small hand-assembled files that exercise each version gate and encoding the upstream artifacts do not. */
class HandCraftedBytecodeTest {
    // Strings shared by the tests.
    private static final String[] STRINGS = {"builtin", "test", "a", "b", "r", "u", "k", "blob1"};
    private static final int S_BUILTIN = 0, S_TEST = 1, S_A = 2, S_B = 3, S_R = 4, S_U = 5, S_K = 6, S_BLOB = 7;

    /** Attribute/type entries: each is (dialect index, custom flag, bytes). */
    private record Entry(int dialect, boolean custom, Bytes data) {}

    private static Entry builtin(Bytes b) { return new Entry(0, true, b); }

    private static Entry text(String s) { return new Entry(1, false, new Bytes().cstring(s)); }

    /** The attr/type section and its offset section, entries grouped per entry (one group each). */
    private static Bytes[] attrTypes(Entry[] attrs, Entry[] types) {
        Bytes data = new Bytes();
        Bytes offsets = new Bytes().varint(attrs.length).varint(types.length);
        for (Entry[] list : new Entry[][] {attrs, types}) {
            for (Entry e : list) {
                byte[] d = e.data().bytes();
                data.raw(d);
                offsets.varint(e.dialect()).varint(1).varint(((long) d.length << 1) | (e.custom() ? 1 : 0));
            }
        }
        return new Bytes[] {data, offsets};
    }

    /** Dialect section for dialects builtin and test with the given test op names. */
    private static Bytes dialects(long version, int... testOps) {
        Bytes d = new Bytes().varint(2);
        for (int name : new int[] {S_BUILTIN, S_TEST}) {
            if (version >= 1) d.varint((long) name << 1); else d.varint(name);
        }
        if (version >= 4) d.varint(testOps.length);
        d.varint(1).varint(testOps.length);
        for (int op : testOps) d.varint(version >= 5 ? (long) op << 1 : op);
        return d;
    }

    private static byte[] file(long version, Bytes dialects, Bytes[] attrTypes, Bytes ir) {
        Bytes f = Bytes.header(version).section(0, Bytes.strings(STRINGS)).section(1, dialects)
                .section(2, attrTypes[0]).section(3, attrTypes[1]).section(4, ir);
        if (version >= 5) f.section(8, new Bytes());
        return f.bytes();
    }

    // Common entries: attr 0 = unknown location; type 0 = i32.
    private static final Entry UNKNOWN_LOC = builtin(new Bytes().varint(15));
    private static final Entry I32 = builtin(new Bytes().varint(0).varint(32 << 2));

    /**
     * A graph region where op a uses b's result before b defines it:
     * {@code "test.r"() ({ %0 = "test.a"(%1) : (i32) -> i32; %1 = "test.b"(%0) : (i32) -> i32 })}.
     */
    private static Bytes forwardRefIR(long version) {
        Bytes ir = new Bytes().varint(1 << 1);                       // top block: 1 op, no args
        ir.varint(2).raw(0x10).varint(0).varint(1 << 1);             // test.r, regions: 1, not isolated
        ir.varint(1).varint(2).varint(2 << 1);                       // 1 block, 2 values, 2 ops
        ir.varint(0).raw(0x06).varint(0).varint(1).varint(0).varint(1).varint(1); // test.a(%1) -> i32
        ir.varint(1).raw(0x06).varint(0).varint(1).varint(0).varint(1).varint(0); // test.b(%0) -> i32
        return ir;
    }

    private static void checkForwardRef(ModuleOp m) {
        Operation r = m.body().operations().get(0);
        assertEquals("test.r", r.name());
        Operation a = r.region(0).entry().operations().get(0);
        Operation b = r.region(0).entry().operations().get(1);
        assertEquals("test.a", a.name());
        assertSame(b.result(0), a.operand(0));
        assertSame(a.result(0), b.operand(0));
        assertEquals(IntegerType.I32, a.result(0).type());
        assertEquals(1, b.result(0).uses().size());
    }

    @Test
    void version0ForwardReferences() throws Exception {
        byte[] f = file(0, dialects(0, S_A, S_B, S_R), attrTypes(new Entry[] {UNKNOWN_LOC}, new Entry[] {I32}),
                forwardRefIR(0));
        checkForwardRef(BytecodeReader.read(TestContexts.standard(), f, "v0"));
        BytecodeException e = assertThrows(BytecodeException.class, () -> BytecodeReader.read(TestContexts.standard(), f, "v0", false));
        assertTrue(e.baseMessage().startsWith("dialect 'test' is unknown."), e.getMessage());
    }

    @Test
    void everyVersionAndEveryEntryPoint() throws Exception {
        for (long v = 0; v <= BytecodeReader.MAX_VERSION; v++) {
            byte[] f = file(v, dialects(v, S_A, S_B, S_R),
                    attrTypes(new Entry[] {UNKNOWN_LOC}, new Entry[] {I32}), forwardRefIR(v));
            checkForwardRef(BytecodeReader.read(TestContexts.standard(), f, "v" + v));
            checkForwardRef(BytecodeReader.read(TestContexts.standard(), ByteBuffer.wrap(f), "buffer"));
            checkForwardRef(BytecodeReader.read(TestContexts.standard(), new ByteArrayInputStream(f), "stream"));
            assertEquals(v, BytecodeReader.readHeader(f, "x").version());
        }
    }

    @Test
    void blockArgumentsUseListsAndUnregisteredProperties() throws Exception {
        long v = 6;
        Entry name = builtin(new Bytes().varint(2).varint(S_K));            // attr 1: "k"
        Entry unit = builtin(new Bytes().varint(7));                        // attr 2: unit
        Entry dict = builtin(new Bytes().varint(1).varint(1).varint(1).varint(2)); // attr 3: {k}
        Bytes ir = new Bytes().varint(1 << 1);
        ir.varint(2).raw(0x10).varint(0).varint(1 << 1);                   // test.r with one region
        ir.varint(1).varint(3).varint((2 << 1) | 1);                       // 1 block, 3 values, 2 ops, args
        ir.varint(1).varint(0 << 1);                                       // 1 arg: i32, no location
        ir.raw(1).varint((2 << 1)).varint(1).varint(0);                    // arg use-list order [1, 0]
        // test.u(%arg) {props} -> i32, with a use-list order for its result
        // (its properties are entry 0 of the properties section: the attribute reference #3)
        ir.varint(3).raw(0x02 | 0x04 | 0x40 | 0x20).varint(0).varint(0).varint(1).varint(0).varint(1).varint(0)
                .varint(1 << 1).varint(0);
        ir.varint(0).raw(0x06).varint(0).varint(1).varint(0).varint(2).varint(1).varint(0); // test.a(%u, %arg)
        Bytes[] at = attrTypes(new Entry[] {UNKNOWN_LOC, name, unit, dict}, new Entry[] {I32});
        byte[] f = Bytes.header(v).section(0, Bytes.strings(STRINGS)).section(1, dialects(v, S_A, S_B, S_R, S_U))
                .section(2, at[0]).section(3, at[1]).section(4, ir)
                .section(8, new Bytes().varint(1).varint(1).varint(3)).bytes();
        ModuleOp m = BytecodeReader.read(TestContexts.standard(), f, "props");
        Operation r = m.body().operations().get(0);
        var block = r.region(0).entry();
        assertEquals(1, block.numArguments());
        Operation u = block.operations().get(0);
        assertEquals("test.u", u.name());
        assertEquals(UnitAttr.INSTANCE, u.properties().get("k"));
        assertSame(block.argument(0), u.operand(0));
        Operation a = block.operations().get(1);
        assertSame(u.result(0), a.operand(0));
        assertSame(block.argument(0), a.operand(1));
    }

    @Test
    void resourcesTextualEntriesAndPackedBooleans() throws Exception {
        long v = 6;
        Entry tensor4xi8 = builtin(new Bytes().varint(13).varint(1).svarint(4).varint(1));  // type 0
        Entry i8 = builtin(new Bytes().varint(0).varint(8 << 2));                             // type 1
        Entry i1 = builtin(new Bytes().varint(0).varint(1 << 2));                             // type 2
        Entry tensor10xi1 = builtin(new Bytes().varint(13).varint(1).svarint(10).varint(2));  // type 3
        Entry f8 = text("f8E4M3FN");                                                          // type 4
        Entry opaque = text("!test.t<x>");                                                    // type 5
        Entry res = builtin(new Bytes().varint(16).varint(0).varint(0));           // attr 1: dense_resource
        Entry bits = builtin(new Bytes().varint(18).varint(3).varint(2).raw(0b101, 0b10)); // attr 2: i1 dense
        Entry foo = text("#test.foo<1>");                                          // attr 3
        Entry nData = builtin(new Bytes().varint(2).varint(S_A));                  // attr 4: "a"
        Entry nBits = builtin(new Bytes().varint(2).varint(S_B));                  // attr 5: "b"
        Entry nFoo = builtin(new Bytes().varint(2).varint(S_K));                   // attr 6: "k"
        Entry dict = builtin(new Bytes().varint(1).varint(3).varint(4).varint(1).varint(5).varint(2)
                .varint(6).varint(3));                                             // attr 7
        Bytes ir = new Bytes().varint(1 << 1);
        ir.varint(0).raw(0x01 | 0x02).varint(0).varint(7).varint(2).varint(4).varint(5); // test.a {..} -> f8, !t
        Bytes[] at = attrTypes(new Entry[] {UNKNOWN_LOC, res, bits, foo, nData, nBits, nFoo, dict},
                new Entry[] {tensor4xi8, i8, i1, tensor10xi1, f8, opaque});
        Bytes resourceData = new Bytes().varint(8).varint(4);
        Bytes resourceOffsets = new Bytes().varint(0).varint(0).varint(1).varint(S_BLOB).varint(12).raw(0);
        Bytes f = Bytes.header(v);
        f.alignedSection(5, 8, resourceData.raw(0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB).raw(1, 2, 3, 4));
        f.section(6, resourceOffsets).section(0, Bytes.strings(STRINGS)).section(1, dialects(v, S_A))
                .section(2, at[0]).section(3, at[1]).section(4, ir).section(8, new Bytes());
        byte[] bytes = f.bytes();
        ModuleOp m = BytecodeReader.read(TestContexts.standard(), bytes, "res");
        ResourceBlob blob = m.dialectResources().get("builtin").get("blob1");
        assertEquals(8, blob.alignment());
        assertSame(bytes, blob.rawArray());
        assertEquals(0, blob.offset() % 8);
        assertArrayEquals(new byte[] {1, 2, 3, 4}, blob.bytes());
        Operation a = m.body().operations().get(0);
        DenseResourceElementsAttr dr = assertInstanceOf(DenseResourceElementsAttr.class, a.attributes().get("a"));
        assertEquals("blob1", dr.handle());
        DenseElementsAttr d = assertInstanceOf(DenseElementsAttr.class, a.attributes().get("b"));
        assertArrayEquals(new byte[] {1, 0, 1, 0, 0, 0, 0, 0, 0, 1}, d.rawBytes());
        Attribute foo1 = a.attributes().get("k");
        assertEquals(new DialectAttr("test", "foo<1>", true), foo1);
        assertEquals(new FloatType(FloatKind.F8E4M3FN), a.result(0).type());
        assertEquals(new DialectType("test", "t<x>", true), a.result(1).type());
    }

    private static BytecodeException fails(byte[] f) {
        return assertThrows(BytecodeException.class, () -> BytecodeReader.read(TestContexts.standard(), f, "bad"));
    }

    @Test
    void malformedFilesGiveTypedErrors() {
        assertTrue(fails("hello".getBytes()).baseMessage().contains("not an MLIR bytecode file"));
        assertEquals("bytecode version 7 is newer than the current version 6",
                fails(Bytes.header(7).bytes()).baseMessage());
        assertEquals("missing data for top-level section: Dialect (1)",
                fails(Bytes.header(1).section(0, Bytes.strings(STRINGS)).bytes()).baseMessage());
        assertEquals("duplicate top-level section: String (0)", fails(Bytes.header(1)
                .section(0, Bytes.strings(STRINGS)).section(0, Bytes.strings(STRINGS)).bytes()).baseMessage());
        BytecodeException huge = fails(Bytes.header(1).section(0, new Bytes().varint(1L << 40))
                .section(1, dialects(1)).section(2, new Bytes()).section(3, new Bytes().varint(0).varint(0))
                .section(4, new Bytes().varint(0)).bytes());
        assertEquals("String", huge.section());
        assertTrue(huge.baseMessage().contains("string count"), huge.getMessage());
    }

    @Test
    void textualEntriesUseTheAssemblyParser() throws Exception {
        Bytes ir = new Bytes().varint(1 << 1).varint(0).raw(0x01).varint(0).varint(3);
        Entry arr = text("array<i64: 1, 2>");
        Entry name = builtin(new Bytes().varint(2).varint(S_K));
        Entry dict = builtin(new Bytes().varint(1).varint(1).varint(2).varint(1));
        byte[] ok = file(1, dialects(1, S_A), attrTypes(new Entry[] {UNKNOWN_LOC, arr, name, dict}, new Entry[0]), ir);
        Attribute a = BytecodeReader.read(TestContexts.standard(), ok, "text").body().operations().get(0).attributes().get("k");
        assertEquals(org.stablehlo4j.ir.DenseArrayAttr.ofLongs(1, 2), a);

        Entry broken = text("#test.foo<");
        byte[] bad = file(1, dialects(1, S_A), attrTypes(new Entry[] {UNKNOWN_LOC, broken, name, dict},
                new Entry[0]), ir);
        BytecodeException e = fails(bad);
        assertEquals("AttrType", e.section());
        assertTrue(e.baseMessage().startsWith("invalid attribute assembly format '#test.foo<'"), e.getMessage());
    }

    @Test
    void hugeCountsAreBoundedByTheFileSize() throws Exception {
        // A splat i1 tensor of 2^40 elements stays one byte.
        Entry i1 = builtin(new Bytes().varint(0).varint(1 << 2));
        Entry big = builtin(new Bytes().varint(13).varint(1).svarint(1L << 40).varint(0));
        Entry splat = builtin(new Bytes().varint(18).varint(1).varint(1).raw(0xFF));
        Entry name = builtin(new Bytes().varint(2).varint(S_K));
        Entry dict = builtin(new Bytes().varint(1).varint(1).varint(2).varint(1));
        Bytes ir = new Bytes().varint(1 << 1).varint(0).raw(0x01).varint(0).varint(3);
        byte[] f = file(1, dialects(1, S_A), attrTypes(new Entry[] {UNKNOWN_LOC, splat, name, dict},
                new Entry[] {i1, big}), ir);
        DenseElementsAttr d = assertInstanceOf(DenseElementsAttr.class,
                BytecodeReader.read(TestContexts.standard(), f, "splat").body().operations().get(0).attributes().get("k"));
        assertTrue(d.isSplat());
        assertEquals(1, d.length());

        // Nested regions each claiming as many values as bytes remain.
        Bytes nested = new Bytes().varint(1 << 1);
        for (int i = 0; i < 2000; i++) {
            nested.varint(2).raw(0x10).varint(0).varint(1 << 1).varint(1).varint(15000).varint(1 << 1);
        }
        byte[] g = file(1, dialects(1, S_A, S_B, S_R), attrTypes(new Entry[] {UNKNOWN_LOC}, new Entry[0]), nested);
        assertTrue(fails(g).getMessage().contains("more than the file can hold"), fails(g).getMessage());
    }

    @Test
    void cyclicAndDeeplyNestedAttributesAreRejected() {
        Entry selfArray = builtin(new Bytes().varint(0).varint(1).varint(1));   // attr 1 = [attr 1]
        Bytes ir = new Bytes().varint(1 << 1).varint(0).raw(0x01).varint(0).varint(1);
        byte[] cyclic = file(1, dialects(1, S_A), attrTypes(new Entry[] {UNKNOWN_LOC, selfArray}, new Entry[0]), ir);
        assertTrue(fails(cyclic).baseMessage().contains("refers to itself"));

        int depth = 1000;
        Entry[] attrs = new Entry[depth + 1];
        attrs[0] = UNKNOWN_LOC;
        for (int i = 1; i < depth; i++) attrs[i] = builtin(new Bytes().varint(0).varint(1).varint(i + 1));
        attrs[depth] = builtin(new Bytes().varint(0).varint(0));
        byte[] deep = file(1, dialects(1, S_A), attrTypes(attrs, new Entry[0]), ir);
        assertTrue(fails(deep).baseMessage().contains("nesting exceeds"));
    }
}
