package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.compat.PortableArtifactWriter;
import org.stablehlo4j.bytecode.UnwritableIRException;
import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Encodings and IR shapes the upstream artifacts do not exercise. */
class BytecodeWriterEdgeCaseTest {
    private static final PrintOptions GENERIC = new PrintOptions(true, true, false);

    private static ModuleOp parse(String text) throws Exception {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("edge.mlir", 1, true));
    }

    private static BytecodeWriterConfig v(int version) {
        return new BytecodeWriterConfig(version, "edge", Map.of(), false);
    }

    @Test
    void varIntsUseMlirsPrefixEncoding() {
        long[] values = {0, 1, 127, 128, (1L << 14) - 1, 1L << 14, (1L << 49) - 1, (1L << 56) - 1, 1L << 56,
            Long.MAX_VALUE, -1L};
        int[] sizes = {1, 1, 1, 2, 2, 3, 7, 8, 9, 9, 9};
        for (int i = 0; i < values.length; i++) {
            Emitter e = new Emitter();
            e.emitVarInt(values[i]);
            byte[] b = e.toByteArray();
            assertEquals(sizes[i], b.length, "size of " + values[i]);
            // Decode through a one-entry string section header: reuse the test decoder.
            byte[] file = new byte[b.length + 16];
            System.arraycopy(b, 0, file, 0, b.length);
            assertEquals(values[i], SectionMapDecoder.decode(file), "value " + values[i]);
        }
        Emitter z = new Emitter();
        z.emitSignedVarInt(-1);
        z.emitSignedVarInt(1);
        z.emitSignedVarInt(Long.MIN_VALUE);
        byte[] zb = z.toByteArray();
        assertEquals(0x03, zb[0] & 0xFF); // zigzag(-1) = 1
        assertEquals(0x05, zb[1] & 0xFF); // zigzag(1) = 2
        assertEquals(11, zb.length);      // zigzag(MIN) = 2^64 - 1 needs the 9-byte form
    }

    @Test
    void sectionAlignmentPadsAndFlagsTheSection() {
        Emitter body = new Emitter();
        body.emitByte(7);
        body.alignTo(16);
        body.emitByte(9);
        Emitter top = new Emitter();
        top.emitByte(1);
        top.emitSection(5, body);
        byte[] b = top.toByteArray();
        // [01] [85 = code 5 | alignment flag] [size 17] [alignment 16] [12 x CB] body: [07] [15 x CB] [09]
        assertEquals(33, b.length);
        assertEquals(5 | 0x80, b[1] & 0xFF);
        assertEquals((17 << 1) | 1, b[2] & 0xFF);
        assertEquals((16 << 1) | 1, b[3] & 0xFF);
        for (int i = 4; i < 16; i++) assertEquals(0xCB, b[i] & 0xFF);
        assertEquals(7, b[16]);
        assertEquals(0xCB, b[17] & 0xFF);
        assertEquals(9, b[32]);
        assertEquals(16, top.requiredAlignment());
    }

    @Test
    void resourceBlobsAreAlignedAndRoundTrip() throws Exception {
        ModuleOp m = parse("""
                module {
                  "test.c"() {value = dense_resource<blob1> : tensor<4xi32>, other = dense_resource<missing> : tensor<1xi8>} : () -> ()
                }
                {-#
                  dialect_resources: {
                    builtin: {
                      blob1: "0x1000000001000000020000000300000004000000"
                    }
                  }
                #-}
                """);
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, v(6));
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "res");
        ResourceBlob blob = back.dialectResources().get("builtin").get("blob1");
        assertEquals(16, blob.alignment());
        assertArrayEquals(new byte[] {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}, blob.bytes());
        assertEquals(0, blob.offset() % 16, "blob data must be 16-byte aligned in the file");
        assertArrayEquals(bytes, BytecodeWriter.write(TestContexts.standard(), back, v(6)));
    }

    @Test
    void useListOrdersSurviveARoundTrip() throws Exception {
        ModuleOp m = parse("""
                "test.r"() ({
                  %0 = "test.def"() : () -> i32
                  "test.use"(%0) {n = 1} : (i32) -> ()
                  "test.use"(%0) {n = 2} : (i32) -> ()
                  "test.use"(%0, %0) {n = 3} : (i32, i32) -> ()
                }) : () -> ()
                """);
        Value v0 = m.body().operations().get(0).region(0).entry().operations().get(0).result(0);
        List<Value.Use> shuffled = new ArrayList<>(v0.uses());
        java.util.Collections.swap(shuffled, 0, 3);
        java.util.Collections.swap(shuffled, 1, 2);
        v0.setUseOrder(shuffled);
        for (int version = 0; version <= BytecodeWriter.MAX_VERSION; version++) {
            byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, v(version));
            ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "uses");
            Block body = back.body().operations().get(0).region(0).entry();
            Value b0 = body.operations().get(0).result(0);
            List<String> expected = describe(v0.uses(), m.body().operations().get(0).region(0).entry());
            List<String> actual = describe(b0.uses(), body);
            if (version >= BytecodeWriter.V_USE_LIST_ORDERING) {
                assertEquals(expected, actual, "use-list order at version " + version);
                assertArrayEquals(bytes, BytecodeWriter.write(TestContexts.standard(), back, v(version)));
            } else {
                assertNotEquals(expected, actual, "formats before 3 cannot record use-list orders");
            }
        }
    }

    private static List<String> describe(List<Value.Use> uses, Block block) {
        List<String> out = new ArrayList<>();
        for (Value.Use u : uses) out.add(block.operations().indexOf(u.user()) + ":" + u.index());
        return out;
    }

    @Test
    void blocksSuccessorsArgumentLocationsAndGraphRegions() throws Exception {
        String text = """
                "test.cfg"() ({
                ^bb0(%a: i32 loc("a"), %b: i64):
                  "test.br"(%a)[^bb1] : (i32) -> ()
                ^bb1(%c: i32 loc(fused["x", "y"])):
                  "test.graph"() ({
                    %1 = "test.n"(%2) : (i32) -> i32
                    %2 = "test.n"(%1, %c) : (i32, i32) -> i32
                  }) : () -> ()
                  "test.ret"(%c) : (i32) -> ()
                }) {big = 123456789012345678901234567890 : i128, s = "\\00\\ff", f = 0x7FC00000 : f32} : () -> ()
                """;
        ModuleOp m = parse(text);
        String expected = AsmPrinter.print(TestContexts.standard(), m, GENERIC);
        for (int version = 0; version <= BytecodeWriter.MAX_VERSION; version++) {
            byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, v(version));
            ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "cfg");
            assertEquals(expected, AsmPrinter.print(TestContexts.standard(), back, GENERIC), "version " + version);
            assertArrayEquals(bytes, BytecodeWriter.write(TestContexts.standard(), back, v(version)), "version " + version);
        }
    }

    @Test
    void manyAttributesOfSeveralDialectsSpanVarIntBands() throws Exception {
        StringBuilder sb = new StringBuilder("\"test.many\"() {");
        for (int i = 0; i < 300; i++) {
            if (i > 0) sb.append(", ");
            sb.append("a").append(i).append(" = ").append(i % 3 == 0 ? "#foo.x<" + i + ">" : "\"s" + i + "\"");
        }
        sb.append("} : () -> ()");
        ModuleOp m = parse(sb.toString());
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, v(6));
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "many");
        assertEquals(AsmPrinter.print(TestContexts.standard(), m, GENERIC), AsmPrinter.print(TestContexts.standard(), back, GENERIC));
        assertArrayEquals(bytes, BytecodeWriter.write(TestContexts.standard(), back, v(6)));
    }

    @Test
    void propertiesOutsideAnOpsLayoutAreKeptAsAttributes() throws Exception {
        // builtin.module's layout is (sym_name, sym_visibility); "extra" has no place in it.
        ModuleOp m = parse("module @m {}");
        org.stablehlo4j.ir.Attribute one = parse("\"test.x\"() {v = 1 : i32} : () -> ()").body().operations().get(0)
                .attr("v");
        m.op().setProperties(m.op().properties().with("extra", one));
        for (int version = 0; version <= BytecodeWriter.MAX_VERSION; version++) {
            ModuleOp back = BytecodeReader.read(TestContexts.standard(), BytecodeWriter.write(TestContexts.standard(), m, v(version)), "extra");
            assertEquals(one, back.op().attr("extra"), "version " + version);
            assertEquals(m.op().attr("sym_name"), back.op().attr("sym_name"), "version " + version);
        }
    }

    @Test
    void invalidRequestsFailClearly() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BytecodeWriterConfig(7, "x", Map.of(), false));
        assertTrue(e.getMessage().contains("unsupported version requested 7"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PortableArtifactWriter.config(new Version(0, 8, 0)));
        ModuleOp a = parse("%0 = \"test.def\"() : () -> i32");
        ModuleOp b = parse("\"test.sink\"() : () -> ()");
        Value outside = a.body().operations().get(0).result(0);
        Operation user = Operation.create("test.use", List.of(outside), List.of(), null, null, 0, List.of(), null);
        b.body().append(user);
        UnwritableIRException e2 = assertThrows(UnwritableIRException.class, () -> BytecodeWriter.write(TestContexts.standard(), b, v(6)));
        assertTrue(e2.getMessage().contains("defined outside"), e2.getMessage());
        assertEquals(user.location(), e2.location());
        ModuleOp missing = parse("%0 = \"vhlo.constant_v1\"() : () -> !vhlo.tensor_v1<!vhlo.f32_v1>");
        UnwritableIRException e3 = assertThrows(UnwritableIRException.class,
                () -> BytecodeWriter.write(TestContexts.standard(), missing, v(6)));
        assertEquals("op 'vhlo.constant_v1' is missing its required property 'value'", e3.getMessage());
    }

    @Test
    void portableArtifactConfigFollowsTheTarget() {
        BytecodeWriterConfig c = PortableArtifactWriter.config(new Version(0, 12, 3));
        assertEquals(3, c.bytecodeVersion());
        assertEquals("StableHLO_v0.12.3", c.producer());
        assertEquals(1, PortableArtifactWriter.config(new Version(0, 10, 0)).bytecodeVersion());
        assertEquals(6, PortableArtifactWriter.config(Version.current()).bytecodeVersion());
    }

    /** Decodes the varint at the start of a buffer. */
    private static final class SectionMapDecoder {
        static long decode(byte[] b) {
            int first = b[0] & 0xFF;
            if (first == 0) {
                long v = 0;
                for (int i = 0; i < 8; i++) v |= (long) (b[1 + i] & 0xFF) << (8 * i);
                return v;
            }
            int extra = Integer.numberOfTrailingZeros(first);
            long v = 0;
            for (int i = 0; i <= extra; i++) v |= (long) (b[i] & 0xFF) << (8 * i);
            return extra == 7 ? v >>> 8 : v >>> (extra + 1);
        }
    }
}
