package org.stablehlo4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * The rules behind the round-trip findings of the 30-minute fuzz runs (README, "Fuzzing"): types built from
 * bytecode go through the same checked construction as the text parser's ({@code verifyInvariants}), region ops
 * check ODS's {@code SizedRegion<1>}, slice and pad check that their three index lists have the same size, and
 * {@code {}} parses to an empty region. Each finding is kept in {@code src/test/resources/fuzz}.
 */
class CheckedConstructionTest {
    private static final Context CONTEXT = TestContexts.allowingUnregistered();

    /** Parses and verifies {@code text}; returns the first diagnostic as {@code line:col: message}. */
    private static String error(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> {
            ModuleOp m = AsmParser.parse(CONTEXT, text, ParseOptions.of("t.mlir"));
            Verifier.verify(CONTEXT, m);
        });
        Diagnostic d = e.diagnostics().get(0);
        String where = d.location() instanceof org.stablehlo4j.ir.Location.FileLineCol f
                ? f.line() + ":" + f.column() + ": " : "";
        return where + d.message();
    }

    private static void valid(String text) throws DiagnosticException {
        Verifier.verify(CONTEXT, AsmParser.parse(CONTEXT, text, ParseOptions.of("t.mlir")));
    }

    // ---- quantized types: one check, for the text parser and for VHLO read from bytecode

    @Test
    void quantizedTypeInvariants() {
        double[] one = {1.0};
        long[] zero = {0};
        assertNull(UniformQuantizedType.verifyInvariants(true, IntegerType.I8, -128, 127, FloatType.F32, -1, one,
                zero));
        assertEquals("illegal storage type", UniformQuantizedType.verifyInvariants(true, FloatType.F32, -128, 127,
                FloatType.F32, -1, one, zero));
        assertEquals("illegal storage type size: 64", UniformQuantizedType.verifyInvariants(true, IntegerType.I64,
                -128, 127, FloatType.F32, -1, one, zero));
        assertEquals("illegal storage min and storage max", UniformQuantizedType.verifyInvariants(true,
                IntegerType.I8, -129, 127, FloatType.F32, -1, one, zero));
        assertEquals("illegal storage min and storage max", UniformQuantizedType.verifyInvariants(false,
                IntegerType.I8, 0, 256, FloatType.F32, -1, one, zero));
        assertEquals("illegal expressed type", UniformQuantizedType.verifyInvariants(true, IntegerType.I8, -128,
                127, IntegerType.I32, -1, one, zero));
        assertEquals("illegal quantized dimension: -2", UniformQuantizedType.verifyInvariants(true,
                IntegerType.I8, -128, 127, FloatType.F32, -2, one, zero));
        assertEquals("illegal number of scales and zeroPoints: 2, 1", UniformQuantizedType.verifyInvariants(true,
                IntegerType.I8, -128, 127, FloatType.F32, 0, new double[] {1, 2}, zero));
        assertEquals("scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]",
                UniformQuantizedType.verifyInvariants(true, IntegerType.I8, -128, 127, FloatType.F32, -1,
                        new double[] {0}, zero));
        assertEquals("scale nan out of expressed type range [5.960464e-08, 6.550400e+04]",
                UniformQuantizedType.verifyInvariants(true, IntegerType.I8, -128, 127, FloatType.F16, 1,
                        new double[] {1, Double.NaN}, new long[] {0, 0}));
    }

    @Test
    void textParserReportsTheSameScaleRule() {
        assertEquals("1:48: scale 1.000000e-300 out of expressed type range [1.401298e-45, 3.402823e+38]",
                error("func.func @f(%a: tensor<!quant.uniform<i8:f32, 1.0e-300>>) {\n  return\n}\n"));
    }

    // ---- tensor types

    @Test
    void tensorTypeInvariants() {
        assertNull(RankedTensorType.verifyInvariants(new long[] {2}, FloatType.F32, null));
        assertEquals("invalid tensor element type", RankedTensorType.verifyInvariants(new long[] {2},
                new FunctionType(List.of(), List.of()), null));
        assertEquals("invalid tensor element type", RankedTensorType.verifyInvariants(new long[] {2},
                new RankedTensorType(new long[] {1}, FloatType.F32), null));
        assertEquals("invalid tensor element type", UnrankedTensorType.verifyInvariants(NoneType.INSTANCE));
        assertNull(UnrankedTensorType.verifyInvariants(IntegerType.I1));
        TypeExtensionsAttr bounds = new TypeExtensionsAttr(List.of(3L, ShapedType.DYNAMIC));
        assertNull(RankedTensorType.verifyInvariants(new long[] {ShapedType.DYNAMIC, ShapedType.DYNAMIC},
                FloatType.F32, bounds));
        assertEquals("Static dimension 0 cannot have a bound, use ShapedType::kDynamic to indicate a missing bound"
                        + " in tensor tensor<3x?xf32, #stablehlo.bounds<3, ?>>",
                RankedTensorType.verifyInvariants(new long[] {3, ShapedType.DYNAMIC}, FloatType.F32, bounds));
    }

    @Test
    void textParserReportsTheSameTensorRules() {
        assertEquals("1:27: invalid tensor element type", error("func.func @f(%a: tensor<2xtensor<f32>>)\n"));
        assertTrue(error("func.func @f(%a: tensor<3x?xf32, #stablehlo.bounds<3, ?>>)\n")
                .endsWith(": Static dimension 0 cannot have a bound, use ShapedType::kDynamic to indicate a missing"
                        + " bound in tensor tensor<3x?xf32, #stablehlo.bounds<3, ?>>"));
    }

    /** The fuzzer's bytecode findings: each now stops at the checked construction, at its byte offset. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "quant-scale-zero.mlir.bc|scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]"
                + " (AttrType section, byte offset 3468)",
        "quant-scale-below-expressed-range.mlir.bc|scale 6.435804e-269 out of expressed type range"
                + " [1.401298e-45, 3.402823e+38] (AttrType section, byte offset 4474)",
        "quant-expressed-type-not-float.mlir.bc|illegal expressed type (AttrType section, byte offset 4039)",
        "tensor-of-invalid-element-type.mlir.bc|invalid tensor element type (AttrType section, byte offset 3205)",
        "bounds-on-static-dimension.mlir.bc|Static dimension 0 cannot have a bound, use ShapedType::kDynamic to"
                + " indicate a missing bound in tensor !vhlo.tensor_v1<9223372036854775681x?x!vhlo.f32_v1,"
                + " #vhlo.type_extensions_v1<bounds = [16, ?]>> (AttrType section, byte offset 3699)",
    })
    void bytecodeFindingsStopAtTheirByteOffset(String file, String message) throws IOException {
        byte[] data;
        try (InputStream in = getClass().getResourceAsStream("/fuzz/bytecode/" + file)) {
            data = in.readAllBytes();
        }
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> PortableArtifacts.deserializePortableArtifact(CONTEXT, data, "fuzz.mlir.bc"));
        assertEquals(message, e.diagnostics().get(0).message());
    }

    // ---- region ops: SizedRegion<1>

    @Test
    void regionOpsNeedExactlyOneBlock() throws DiagnosticException {
        assertEquals("2:3: 'stablehlo.reduce' op region #0 ('body') failed to verify constraint: region with 1 blocks",
                error("""
                        func.func @r(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
                          %0 = "stablehlo.reduce"(%a, %z) ({}) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                          func.return %0 : tensor<f32>
                        }
                        """));
        // the pretty form prints an empty region as `{` `}`, which parses back to the same empty region
        assertEquals("2:24: 'stablehlo.reduce' op region #0 ('body') failed to verify constraint: region with 1 blocks",
                error("""
                        func.func @r(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
                          %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                           reducer {
                          }
                          func.return %0 : tensor<f32>
                        }
                        """));
        // a variadic list of sized regions: case's second branch
        assertEquals("2:3: 'stablehlo.case' op region #1 ('branches') failed to verify constraint: region with 1"
                + " blocks", error("""
                        func.func @c(%i: tensor<i32>) {
                          "stablehlo.case"(%i) ({
                            stablehlo.return
                          }, {}) : (tensor<i32>) -> ()
                          func.return
                        }
                        """));
        valid("""
                func.func @r(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                  func.return %0 : tensor<f32>
                }
                """);
    }

    // ---- slice and pad: AllMatchSameOperatorTrait<[...], "$_self.size()", "size">

    @Test
    void sliceAndPadIndexListsHaveTheSameSize() {
        assertEquals("2:3: 'stablehlo.slice' op failed to verify that all of {start_indices, limit_indices,"
                + " strides} have same size", error("""
                        func.func @s(%a: tensor<3x4xi32>) -> tensor<1x2xi32> {
                          %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1>} : (tensor<3x4xi32>) -> tensor<1x2xi32>
                          func.return %0 : tensor<1x2xi32>
                        }
                        """));
        assertEquals("2:3: 'stablehlo.pad' op failed to verify that all of {edge_padding_low, edge_padding_high,"
                + " interior_padding} have same size", error("""
                        func.func @p(%a: tensor<3x4xi32>, %p: tensor<i32>) -> tensor<3x4xi32> {
                          %0 = "stablehlo.pad"(%a, %p) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0, 0>} : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
                          func.return %0 : tensor<3x4xi32>
                        }
                        """));
    }

    // ---- `{}` is an empty region

    @Test
    void emptyBracesAreAnEmptyRegion() throws DiagnosticException {
        assertEquals("1:16: expected non-empty function body", error("func.func @f() {}\n"));
        // with entry arguments `{}` holds their block, which then lacks a terminator (as in MLIR)
        assertEquals("1:1: empty block: expect at least a terminator", error("func.func @f(%a: tensor<f32>) {}\n"));
        // the generic form's `({})` is a declaration
        ModuleOp m = AsmParser.parse(CONTEXT, "\"func.func\"() ({}) {sym_name = \"f\", function_type = () -> (),"
                + " sym_visibility = \"private\"} : () -> ()\n", ParseOptions.of("t.mlir"));
        Verifier.verify(CONTEXT, m);
        assertTrue(m.body().first().region(0).isEmpty());
    }

    // ---- symbols and modules (the second 30-minute run's findings)

    @Test
    void emptySymbolNamesAndModulesWithValuesAreRejected() {
        // MLIR prints an empty symbol as `@<<INVALID EMPTY SYMBOL>>`, which does not parse back
        assertEquals("1:1: 'func.func' op requires a non-empty symbol name", error("func.func @\"\"() {\n  return\n}\n"));
        // ModuleOp's ZeroOperands and ZeroResults traits
        assertEquals("2:2: 'builtin.module' op requires zero results",
                error("\"builtin.module\"() ({\n %0 = \"builtin.module\"() ({}) : () -> i32\n}) : () -> ()\n"));
    }
}
