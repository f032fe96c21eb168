package org.stablehlo4j.bytecode;

import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.stablehlo4j.testing.TestContexts;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.DialectBytecode.Property;
import org.stablehlo4j.dialect.chlo.ChloBytecode;
import org.stablehlo4j.dialect.func.FuncBytecode;
import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloBytecode;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Type;

/** Focused checks of the per-dialect bytecode interfaces: attribute kinds, property layouts, segment sizes. */
class DialectPropertiesBytecodeTest {
    private static ModuleOp parse(String text) throws org.stablehlo4j.ir.DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, true));
    }

    private static String generic(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, true, false));
    }

    private static ModuleOp roundTrip(String text, long version) throws org.stablehlo4j.ir.DiagnosticException {
        ModuleOp m = parse(text);
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, "test", version);
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "test");
        assertEquals(generic(m), generic(back), "version " + version);
        assertArrayEquals(bytes, BytecodeWriter.write(TestContexts.standard(), back, "test", version), "stable bytes at version " + version);
        return back;
    }

    /** A sink that records the raw bytes (references as their varint, all numbered 0). */
    private static final class Recorder implements DialectWriter.Sink {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        @Override public long attribute(Attribute a) { return 0; }
        @Override public long type(Type t) { return 0; }
        @Override public long string(byte[] s) { return 0; }
        @Override public long resourceHandle(String key) { return 0; }

        @Override
        public void varInt(long v) {
            // MLIR's prefix varint, for small values only in these tests.
            if (v < 0x80) out.write((int) (v << 1) | 1);
            else if (v < 0x4000) {
                long e = (v << 2) | 2;
                out.write((int) e & 0xFF);
                out.write((int) (e >>> 8) & 0xFF);
            } else throw new IllegalArgumentException("too large for the recorder: " + v);
        }

        @Override public void rawByte(int b) { out.write(b); }
        @Override public void bytes(byte[] data, int offset, int length) { out.write(data, offset, length); }
    }

    private static int[] bytes(Recorder r) {
        byte[] b = r.out.toByteArray();
        int[] out = new int[b.length];
        for (int i = 0; i < b.length; i++) out[i] = b[i] & 0xFF;
        return out;
    }

    // ---- Property layouts (ODS: sorted by name, optional/default-valued/unit with a presence flag) ----------

    @Test
    void layoutsSortInherentAttributesByName() {
        assertEquals(List.of(new Property("compare_type", false), new Property("comparison_direction", true)),
                StablehloBytecode.INSTANCE.properties("stablehlo.compare"));
        List<Property> dot = StablehloBytecode.INSTANCE.properties("stablehlo.dot_general");
        assertEquals(List.of("algorithm", "dot_dimension_numbers", "precision_config"),
                dot.stream().map(Property::name).toList());
        assertTrue(dot.get(1).required());
        assertFalse(dot.get(0).required());
        assertEquals(List.of(new Property("value", true)), StablehloBytecode.INSTANCE.properties("stablehlo.constant"));
        assertEquals(List.of(), StablehloBytecode.INSTANCE.properties("stablehlo.add"));
        assertEquals(List.of("arg_attrs", "function_type", "no_inline", "res_attrs", "sym_name", "sym_visibility"),
                FuncBytecode.INSTANCE.properties("func.func").stream().map(Property::name).toList());
        assertEquals(null, StablehloBytecode.INSTANCE.properties("stablehlo.no_such_op"));
    }

    @Test
    void attrSizedOpsEndWithTheirSegmentSizes() {
        List<Property> scan = ChloBytecode.INSTANCE.properties("chlo.scan");
        assertNotNull(scan);
        Property operands = scan.get(scan.size() - 2);
        Property results = scan.get(scan.size() - 1);
        assertEquals(Property.segmentSizes("operandSegmentSizes", 2), operands);
        assertEquals(Property.segmentSizes("resultSegmentSizes", 2), results);
        // Two variadic groups with SameVariadicOperandSize: no segment sizes.
        assertTrue(StablehloBytecode.INSTANCE.properties("stablehlo.reduce").stream()
                .noneMatch(Property::isSegmentSizes));
    }

    // ---- Sparse arrays (MLIR's writeSparseArray/readSparseArray) ----------------------------------------------

    @Test
    void sparseArraysAreDenseUnlessMostlyZero() {
        Recorder r = new Recorder();
        new DialectWriter(r).writeSparseArray(new int[] {1, 1});
        assertArrayEquals(new int[] {(2 << 2) | 1, 3, 3}, bytes(r)); // dense: size 2 << 1, then 1, 1
        r = new Recorder();
        new DialectWriter(r).writeSparseArray(new int[] {0, 0, 5});
        // sparse: (1 << 1 | 1), index bits = ceil(log2(3)) = 2, then 5 << 2 | 2
        assertArrayEquals(new int[] {(3 << 1) | 1, (2 << 1) | 1, (22 << 1) | 1}, bytes(r));
        r = new Recorder();
        new DialectWriter(r).writeSparseArray(new int[] {0, 0});
        assertArrayEquals(new int[] {(1 << 1) | 1}, bytes(r));
    }

    @Test
    void segmentSizesRoundTripNativelyAndAsLegacyAttributes() throws Exception {
        String text = "\"chlo.scan\"(%a, %b, %c) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 2>, "
                + "resultSegmentSizes = array<i32: 1, 0>}> ({\n"
                + "^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>):\n"
                + "  \"stablehlo.return\"(%x) : (tensor<f32>) -> ()\n"
                + "}) : (tensor<2xf32>, tensor<f32>, tensor<f32>) -> tensor<2xf32>\n";
        String module = "func.func @f(%a: tensor<2xf32>, %b: tensor<f32>, %c: tensor<f32>) -> tensor<2xf32> {\n  %0 = "
                + text + "  return %0 : tensor<2xf32>\n}\n";
        for (long version : new long[] {5, 6}) roundTrip(module, version);
    }

    // ---- StableHLO attributes ---------------------------------------------------------------------------------

    @Test
    void enumAndStructAttributesHaveTheirUpstreamCodes() {
        Recorder r = new Recorder();
        assertTrue(StablehloBytecode.INSTANCE.writeAttribute(
                EnumAttr.of(StablehloEnum.COMPARISON_DIRECTION, "LT"), new DialectWriter(r)));
        assertArrayEquals(new int[] {(2 << 1) | 1, (5 << 1) | 1}, bytes(r));
        r = new Recorder();
        assertTrue(StablehloBytecode.INSTANCE.writeAttribute(
                EnumAttr.of(StablehloEnum.RNG_DISTRIBUTION, "NORMAL"), new DialectWriter(r)));
        assertArrayEquals(new int[] {(10 << 1) | 1, (2 << 1) | 1}, bytes(r));
        r = new Recorder();
        assertTrue(StablehloBytecode.INSTANCE.writeAttribute(new ChannelHandleAttr(1, -2), new DialectWriter(r)));
        assertArrayEquals(new int[] {(1 << 1) | 1, (2 << 1) | 1, (3 << 1) | 1}, bytes(r)); // zigzag 1 -> 2, -2 -> 3
        r = new Recorder();
        assertFalse(StablehloBytecode.INSTANCE.writeAttribute(
                org.stablehlo4j.ir.StringAttr.of("x"), new DialectWriter(r)));
    }

    @Test
    void everyStablehloAttributeKindRoundTrips() throws Exception {
        String text = "\"test.op\"() {"
                + "a0 = #stablehlo.channel_handle<handle = 1, type = 2>, "
                + "a1 = #stablehlo<comparison_direction GE>, "
                + "a2 = #stablehlo<comparison_type TOTALORDER>, "
                + "a3 = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, "
                + "a4 = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
                + "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, "
                + "a5 = #stablehlo<fft_type IRFFT>, "
                + "a6 = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [2], "
                + "start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>, "
                + "a7 = #stablehlo<precision HIGHEST>, "
                + "a8 = #stablehlo<rng_algorithm PHILOX>, "
                + "a9 = #stablehlo<rng_distribution UNIFORM>, "
                + "a10 = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
                + "scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, "
                + "a11 = #stablehlo<transpose ADJOINT>, "
                + "a12 = #stablehlo.bounds<?, 4>, "
                + "a13 = #stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, "
                + "operand_tuple_indices = [2]>, "
                + "a14 = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, "
                + "accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, "
                + "num_primitive_operations = 1, allow_imprecise_accumulation = false>, "
                + "a15 = #stablehlo.result_accuracy_mode<TOLERANCE>, "
                + "a16 = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 2.500000e-01, ulps = 3, "
                + "mode = #stablehlo.result_accuracy_mode<TOLERANCE>>, "
                + "a17 = #chlo<comparison_direction NE>, "
                + "a18 = #chlo<comparison_type FLOAT>"
                + "} : () -> (!stablehlo.token, !stablehlo.future<tensor<f32>, tensor<i32>>)\n";
        ModuleOp back = roundTrip(text, 6);
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), back, "test");
        String raw = new String(bytes, StandardCharsets.ISO_8859_1);
        // All of them have custom encodings: none travels as assembly text.
        assertFalse(raw.contains("#stablehlo") || raw.contains("!stablehlo") || raw.contains("#chlo"),
                "an attribute or type was written as text");
    }

    @Test
    void shardingAttributesRoundTrip() throws Exception {
        roundTrip("\"test.op\"() {m = #stablehlo.mesh<axes=[<name = \"x\", size = 2>, <name = \"y\", size = 4>], "
                + "device_ids=dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi64>>, "
                + "r = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = \"x\">, "
                + "#stablehlo.axis_ref<name = \"y\", sub_axis_info = #stablehlo<sub_axis_info(1)2>>]>"
                + "} : () -> ()\n", 6);
    }

    // ---- Optional properties ------------------------------------------------------------------------------------

    @Test
    void optionalPropertiesRoundTripPresentAndAbsent() throws Exception {
        String f = "func.func @f(%a: tensor<2xf32>) -> (tensor<2xi1>, tensor<2xi1>) {\n"
                + "  %0 = stablehlo.compare GT, %a, %a, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                + "  %1 = stablehlo.compare LT, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                + "  return %0, %1 : tensor<2xi1>, tensor<2xi1>\n}\n";
        for (long version = 0; version <= 6; version++) roundTrip(f, version);
    }

    @Test
    void opsMissingARequiredPropertyAreWrittenAsUnregisteredOps() throws Exception {
        // Invalid IR (the verifier rejects it; MLIR would not write it): kept writable and lossless.
        ModuleOp back = roundTrip("func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
                + "  %0 = \"stablehlo.transpose\"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
                + "  return %0 : tensor<3x2xf32>\n}\n", 6);
        assertNotNull(back);
    }

    @Test
    void malformedPropertiesAreBytecodeErrorsInThePropertiesSection() throws Exception {
        ModuleOp m = parse("func.func @f(%a: tensor<2xf32>) -> tensor<2xi1> {\n"
                + "  %0 = stablehlo.compare GT, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
                + "  return %0 : tensor<2xi1>\n}\n");
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, "test");
        int[] props = section(bytes, 8);
        // Corrupt the first byte of the last properties entry (stablehlo.compare's: an absent compare_type flag,
        // then the comparison_direction reference) into a reference to a non-existent attribute.
        byte[] bad = bytes.clone();
        bad[props[1] - 2] = (byte) 0xFF; // a varint of value 127 with the presence bit: attribute #63
        BytecodeException e = assertThrows(BytecodeException.class, () -> BytecodeReader.read(TestContexts.standard(), bad, "bad"));
        assertEquals("Properties", e.section());
        assertTrue(e.offset() >= props[0] && e.offset() < props[1], e.getMessage());
        // Truncated entry: the reader runs out of data inside the entry, still a typed error.
        byte[] cut = bytes.clone();
        cut[props[1] - 3] = 1; // entry length 0
        BytecodeException e2 = assertThrows(BytecodeException.class, () -> BytecodeReader.read(TestContexts.standard(), cut, "cut"));
        assertNotNull(e2.section());
    }

    /** {start, end} of top-level section {@code id} (no alignment handling: test files have none). */
    private static int[] section(byte[] b, int id) {
        int i = 4;
        i = skipVarInt(b, i);
        while (b[i] != 0) i++;
        i++;
        while (i < b.length) {
            int code = b[i++] & 0xFF;
            long[] len = new long[1];
            i = readVarInt(b, i, len);
            if ((code & 0x80) != 0) throw new IllegalStateException("aligned section in a test file");
            if (code == id) return new int[] {i, (int) (i + len[0])};
            i += (int) len[0];
        }
        throw new IllegalStateException("no section " + id);
    }

    private static int skipVarInt(byte[] b, int i) {
        return readVarInt(b, i, new long[1]);
    }

    private static int readVarInt(byte[] b, int i, long[] out) {
        int first = b[i] & 0xFF;
        if (first == 0) {
            long v = 0;
            for (int k = 8; k >= 1; k--) v = (v << 8) | (b[i + k] & 0xFF);
            out[0] = v;
            return i + 9;
        }
        int n = Integer.numberOfTrailingZeros(first) + 1;
        long v = 0;
        for (int k = n - 1; k >= 0; k--) v = (v << 8) | (b[i + k] & 0xFF);
        out[0] = v >>> n;
        return i + n;
    }
}
