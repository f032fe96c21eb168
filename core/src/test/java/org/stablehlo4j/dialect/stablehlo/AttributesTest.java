package org.stablehlo4j.dialect.stablehlo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.DialectBodyException;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;

/** Round trips of each StableHLO attribute and type, with texts from upstream tests (cited per case). */
class AttributesTest {
    /** Parses {@code #stablehlo...} text via the DialectAttr the generic parser would produce. */
    private static Attribute parse(String text) {
        String rest = text.substring("#stablehlo".length());
        DialectAttr d = rest.startsWith(".") ? new DialectAttr("stablehlo", rest.substring(1), true)
                : new DialectAttr("stablehlo", rest.substring(1, rest.length() - 1), false);
        return StablehloAsm.parseAttribute(d);
    }

    private static <T> T roundTrip(String text, Class<T> cls) {
        Attribute a = parse(text);
        assertInstanceOf(cls, a);
        assertEquals(text, StablehloAsm.print(a));
        assertEquals(a, parse(StablehloAsm.print(a)));
        return cls.cast(a);
    }

    @Test
    void enums() {
        // tests/ops_stablehlo_roundtrip.mlir (compare, fft, rng, rng_bit_generator), tests/ops_stablehlo.mlir
        EnumAttr eq = roundTrip("#stablehlo<comparison_direction GE>", EnumAttr.class);
        assertEquals(StablehloEnum.COMPARISON_DIRECTION, eq.kind());
        assertEquals("GE", eq.caseName());
        assertEquals(2, eq.value());
        roundTrip("#stablehlo<comparison_type TOTALORDER>", EnumAttr.class);
        roundTrip("#stablehlo<fft_type RFFT>", EnumAttr.class);
        assertEquals(2, roundTrip("#stablehlo<rng_distribution NORMAL>", EnumAttr.class).value());
        roundTrip("#stablehlo<rng_algorithm PHILOX>", EnumAttr.class);
        roundTrip("#stablehlo<transpose NO_TRANSPOSE>", EnumAttr.class);
        roundTrip("#stablehlo<precision DEFAULT>", EnumAttr.class);
        // tests/print_stablehlo.mlir
        roundTrip("#stablehlo.result_accuracy_mode<HIGHEST>", EnumAttr.class);
        // integer values (as VHLO and bytecode carry them) map back to cases
        assertEquals(0, StablehloEnum.RNG_DISTRIBUTION.indexOfValue(1));
        assertEquals(-1, StablehloEnum.RNG_DISTRIBUTION.indexOfValue(0));
        assertEquals(StablehloEnum.FFT_TYPE, StablehloEnum.byMnemonic("fft_type"));
        assertNull(StablehloEnum.byMnemonic("custom_call_api_version"));
        DialectBodyException e = assertThrows(DialectBodyException.class,
                () -> parse("#stablehlo<comparison_direction EQUAL>"));
        assertTrue(e.getMessage().contains("EQ, NE, GE, GT, LE, LT"), e.getMessage());
    }

    @Test
    void dimensionNumbers() {
        // testdata/scatter_min_int32_1_2_3_int32_1.mlir (printed by upstream)
        ScatterDimensionNumbersAttr s = roundTrip("#stablehlo.scatter<update_window_dims = [1, 2, 3], "
                + "inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 1>",
                ScatterDimensionNumbersAttr.class);
        assertEquals(List.of(0L, 1L, 2L, 3L), s.scatterDimsToOperandDims());
        assertEquals(List.of(), s.inputBatchingDims());
        // tests/ops_stablehlo.mlir @gather (written over several lines; printed on one)
        GatherDimensionNumbersAttr g = (GatherDimensionNumbersAttr) parse("#stablehlo.gather<\n"
                + "      offset_dims = [3],\n      collapsed_slice_dims = [1, 2],\n      operand_batching_dims = [0],\n"
                + "      start_indices_batching_dims = [1],\n      start_index_map = [1, 2],\n"
                + "      index_vector_dim = 3\n    >");
        assertEquals("#stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [1, 2], operand_batching_dims = [0],"
                + " start_indices_batching_dims = [1], start_index_map = [1, 2], index_vector_dim = 3>",
                StablehloAsm.print(g));
        // zero index_vector_dim and empty lists are left out; fields may come in any order
        assertEquals("#stablehlo.gather<offset_dims = [1]>",
                StablehloAsm.print(parse("#stablehlo.gather<index_vector_dim = 0, offset_dims = [1]>")));
        // tests/print_stablehlo.mlir (dot_general input)
        DotDimensionNumbersAttr d = (DotDimensionNumbersAttr) parse("#stablehlo.dot<lhs_batching_dimensions = [0],"
                + " rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>");
        assertEquals(List.of(2L), d.lhsContractingDimensions());
        roundTrip("#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
                + "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>", DotDimensionNumbersAttr.class);
        // tests/ops_stablehlo.mlir: expected-error {{duplicated ...}} style checks
        DialectBodyException dup = assertThrows(DialectBodyException.class,
                () -> parse("#stablehlo.dot<lhs_batching_dimensions = [0], lhs_batching_dimensions = [1]>"));
        assertEquals("duplicated `lhs_batching_dimensions` entry", dup.reason());
    }

    @Test
    void convolution() {
        // tests/ops_speculatability.mlir
        ConvDimensionNumbersAttr c = roundTrip("#stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>",
                ConvDimensionNumbersAttr.class);
        assertEquals(0, c.inputBatchDimension());
        assertEquals(3, c.inputFeatureDimension());
        assertEquals(List.of(1L, 2L), c.inputSpatialDimensions());
        assertEquals(3, c.kernelInputFeatureDimension());
        assertEquals(2, c.kernelOutputFeatureDimension());
        // tests/verify_convolution.mlir: permuted layouts
        ConvDimensionNumbersAttr p = (ConvDimensionNumbersAttr) parse(
                "#stablehlo.conv<[b, f, 1, 0]x[o, 0, 1, i]->[f, b, 0, 1]>");
        assertEquals(List.of(3L, 2L), p.inputSpatialDimensions());
        assertEquals("#stablehlo.conv<[b, f, 1, 0]x[o, 0, 1, i]->[f, b, 0, 1]>", StablehloAsm.print(p));
        // the raw form, and how an attribute with no compact form prints
        ConvDimensionNumbersAttr raw = (ConvDimensionNumbersAttr) parse("#stablehlo.conv<raw input_batch_dimension = 0,"
                + " input_feature_dimension = 0, input_spatial_dimensions = [1], kernel_input_feature_dimension = 0,"
                + " kernel_output_feature_dimension = 1, kernel_spatial_dimensions = [2],"
                + " output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [2]>");
        String printed = StablehloAsm.print(raw);
        assertTrue(printed.startsWith("#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0,"),
                printed);
        assertEquals(raw, parse(printed));
    }

    @Test
    void structs() {
        // tests/ops_stablehlo_roundtrip.mlir
        ChannelHandleAttr ch = roundTrip("#stablehlo.channel_handle<handle = 1, type = 0>", ChannelHandleAttr.class);
        assertEquals(1, ch.handle());
        assertEquals(ch, parse("#stablehlo.channel_handle<type = 0, handle = 1>"));
        DialectBodyException missing = assertThrows(DialectBodyException.class,
                () -> parse("#stablehlo.channel_handle<handle = 1>"));
        assertTrue(missing.reason().contains("missing required parameter: type"), missing.reason());
        // tests/ops_stablehlo.mlir (CHECK-SAME{LITERAL} line)
        OutputOperandAliasAttr alias = roundTrip("#stablehlo.output_operand_alias<output_tuple_indices = [0], "
                + "operand_index = 0, operand_tuple_indices = [1]>", OutputOperandAliasAttr.class);
        assertEquals(List.of(1L), alias.operandTupleIndices());
        roundTrip("#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, "
                + "operand_tuple_indices = []>", OutputOperandAliasAttr.class);
        // tests/print_stablehlo.mlir (input is multi-line)
        DotAlgorithmAttr alg = roundTrip("#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = "
                + "tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, "
                + "num_primitive_operations = 1, allow_imprecise_accumulation = false>", DotAlgorithmAttr.class);
        assertEquals(FloatType.F32, alg.accumulationType());
        assertEquals("tf32", alg.lhsPrecisionType().toString());
    }

    @Test
    void typeExtensions() {
        // tests/print_stablehlo.mlir: both spellings print in the short form
        TypeExtensionsAttr b = roundTrip("#stablehlo.bounds<3, ?>", TypeExtensionsAttr.class);
        assertEquals(List.of(3L, ShapedType.DYNAMIC), b.bounds());
        assertEquals(b, parse("#stablehlo.type_extensions<bounds = [3, ?]>"));
        roundTrip("#stablehlo.bounds<>", TypeExtensionsAttr.class);
    }

    @Test
    void resultAccuracy() {
        // tests/print_stablehlo.mlir: inputs and the CHECK lines they must print as
        String[][] cases = {
            {"#stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>",
             "#stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>"},
            {"#stablehlo.result_accuracy<atol = 1.0e-5, rtol = 1.0e-4, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>",
             "#stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 1.000000e-04, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>"},
            {"#stablehlo.result_accuracy<atol = 1.0e-5, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>",
             "#stablehlo.result_accuracy<atol = 1.000000e-05, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>"},
        };
        for (String[] c : cases) assertEquals(c[1], StablehloAsm.print(parse(c[0])));
        ResultAccuracyAttr r = (ResultAccuracyAttr) parse(cases[1][0]);
        assertEquals(1.0e-5, r.atol());
        assertEquals(2, r.ulps());
        assertEquals(ResultAccuracyAttr.ofMode("DEFAULT"), parse(cases[0][0]));
    }

    @Test
    void meshes() {
        // tests/vhlo/stablehlo_legalize_to_vhlo.1_20_0.mlir and tests/replica_groups_mesh_axes.mlir
        ReplicaGroupMeshAxesAttr g = (ReplicaGroupMeshAxesAttr) parse("#stablehlo.replica_group_mesh_axes<\n"
                + "      mesh = @mesh,\n      axes = [\n        #stablehlo.axis_ref<name = \"x\", sub_axis_info = (1)2>,\n"
                + "        #stablehlo.axis_ref<name = \"y\">\n      ]\n    >");
        assertEquals(SymbolRefAttr.flat("mesh"), g.mesh());
        AxisRefAttr x = (AxisRefAttr) g.axes().elements().get(0);
        assertEquals(new SubAxisInfoAttr(1, 2), x.subAxisInfo());
        assertNull(((AxisRefAttr) g.axes().elements().get(1)).subAxisInfo());
        assertEquals("#stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = \"x\", "
                + "sub_axis_info = (1)2>, #stablehlo.axis_ref<name = \"y\">]>", StablehloAsm.print(g));
        // tests/transforms/mesh_axes_replica_group_compatibility.mlir (inline mesh)
        ReplicaGroupMeshAxesAttr inline = (ReplicaGroupMeshAxesAttr) parse("#stablehlo.replica_group_mesh_axes<mesh = "
                + "#stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = \"x\", size = 2>, #stablehlo.mesh_axis<name = "
                + "\"y\", size = 2>]>, axes = [#stablehlo.axis_ref<name = \"x\">]>");
        MeshAttr mesh = (MeshAttr) inline.mesh();
        assertEquals(List.of(new MeshAxisAttr("x", 2), new MeshAxisAttr("y", 2)), mesh.axes());
        assertEquals(inline, parse(StablehloAsm.print(inline)));
        MeshAttr withIds = (MeshAttr) parse("#stablehlo.mesh<axes = [<name = \"x\", size = 4>], "
                + "device_ids = dense<[0, 2, 1, 3]> : tensor<4xi64>>");
        assertEquals("#stablehlo.mesh<axes=[<name = \"x\", size = 4>], device_ids=dense<[0, 2, 1, 3]> : tensor<4xi64>>",
                StablehloAsm.print(withIds));
        assertEquals(withIds, parse(StablehloAsm.print(withIds)));
        assertEquals(new ArrayAttr(List.of()), ((ReplicaGroupMeshAxesAttr) parse(
                "#stablehlo.replica_group_mesh_axes<mesh = @sdy_mesh_max, axes = []>")).axes());
    }

    @Test
    void types() {
        // tests/ops_stablehlo_roundtrip.mlir
        assertSame(TokenType.INSTANCE, StablehloAsm.parseType(new DialectType("stablehlo", "token", true)));
        assertEquals("!stablehlo.token", StablehloAsm.print(TokenType.INSTANCE));
        Type f = StablehloAsm.parseType(new DialectType("stablehlo", "future<tensor<4x4xf32>>", true));
        FutureType ft = assertInstanceOf(FutureType.class, f);
        assertEquals(new RankedTensorType(new long[] {4, 4}, FloatType.F32), ft.types().get(0));
        assertEquals("!stablehlo.future<tensor<4x4xf32>>", StablehloAsm.print(f));
        assertEquals("!stablehlo.future<tensor<?xf32>, tensor<2xcomplex<f32>>>", StablehloAsm.print(
                StablehloAsm.parseTypeBody("future<tensor<?xf32>,tensor<2xcomplex<f32>>>")));
        // tests/ops_stablehlo.mlir: unknown type
        DialectBodyException e = assertThrows(DialectBodyException.class, () -> StablehloAsm.parseTypeBody("foobar"));
        assertEquals("unknown stablehlo type: foobar", e.reason());
    }

    @Test
    void resolveWalksNestedValues() {
        // precision_config = [#stablehlo<precision DEFAULT>, ...] and a bounded tensor type as the generic
        // parser leaves them
        Attribute arr = new ArrayAttr(List.of(new DialectAttr("stablehlo", "precision DEFAULT", false),
                new DialectAttr("stablehlo", "precision HIGH", false)));
        assertEquals(new ArrayAttr(List.of(EnumAttr.of(StablehloEnum.PRECISION, "DEFAULT"),
                EnumAttr.of(StablehloEnum.PRECISION, "HIGH"))), StablehloAsm.resolve(arr));
        Type t = new FunctionType(List.of(new RankedTensorType(new long[] {ShapedType.DYNAMIC}, FloatType.F32,
                new DialectAttr("stablehlo", "bounds<3>", true))), List.of(new DialectType("stablehlo", "token", true)));
        FunctionType r = (FunctionType) StablehloAsm.resolve(t);
        assertEquals(new TypeExtensionsAttr(List.of(3L)), ((RankedTensorType) r.inputs().get(0)).encoding());
        assertSame(TokenType.INSTANCE, r.results().get(0));
        // other dialects are untouched
        Attribute other = new DialectAttr("vhlo", "bool_v1<true>", true);
        assertSame(other, StablehloAsm.resolve(other));
    }

    @Test
    void badInputGivesClearErrors() {
        String[][] bad = {
            {"#stablehlo.nonsense<1>", "unknown StableHLO attribute"},
            {"#stablehlo.gather<offset_dims = [1", "expected ']'"},
            {"#stablehlo.gather<offset_dims = [1]", "expected '>'"},
            {"#stablehlo.gather<offset_dims = [99999999999999999999]>", "too large"},
            {"#stablehlo.channel_handle<handle = 1, type = 2> junk", "after the end"},
            {"#stablehlo.conv<[b, 0, f]x[i, o, 0]>", "expected '->'"},
            {"#stablehlo.axis_ref<name = \"x>", "expected '\"' in string literal"},
            // a nested type is read with the file grammar: upstream's parseType message
            {"#stablehlo.dot_algorithm<lhs_precision_type = bogus, rhs_precision_type = f32>",
             "expected non-function type"},
            {"#stablehlo.replica_group_mesh_axes<mesh = @m, axes = [300 : i8]>", "out of range"},
            {"#stablehlo.result_accuracy<atol = 1.0, mode = #stablehlo.result_accuracy_mode<SOMETIMES>>",
             "one of: DEFAULT, HIGHEST, TOLERANCE"},
        };
        for (String[] c : bad) {
            DialectBodyException e = assertThrows(DialectBodyException.class, () -> parse(c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
            assertTrue(e.offset() >= 0 && e.offset() <= c[0].length(), c[0]);
        }
        // hostile nesting is rejected, not a StackOverflowError
        String deep = "#stablehlo.mesh<axes = [], device_ids = " + "[".repeat(100000) + "]".repeat(100000) + ">";
        DialectBodyException e = assertThrows(DialectBodyException.class, () -> parse(deep));
        assertTrue(e.getMessage().contains("nesting"), e.getMessage());
    }
}
