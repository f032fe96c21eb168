package org.stablehlo4j.interpreter;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** run_parallel and collectives, print/probe, quantization, triangular_solve and the dynamic-shape ops. */
class ParallelAndExtrasTest {
    private static String interpret(String text, String probeDir) throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
        return InterpreterDriver.interpret(TestContexts.standard(), m, "", probeDir, false);
    }

    /** The printed results with whitespace collapsed. */
    private static String flat(String printed) {
        return printed.replaceAll("\\s+", " ").trim();
    }

    private static final String ALL_REDUCE_AND_GATHER = """
            func.func @worker(%x : tensor<2xi64>) -> (tensor<2xi64>, tensor<4xi64>, tensor<ui32>) {
              %sum = "stablehlo.all_reduce"(%x) ({
                ^bb0(%a: tensor<i64>, %b: tensor<i64>):
                  %s = stablehlo.add %a, %b : tensor<i64>
                  stablehlo.return %s : tensor<i64>
              }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
              %all = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
                  replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<4xi64>
              %id = stablehlo.replica_id : tensor<ui32>
              return %sum, %all, %id : tensor<2xi64>, tensor<4xi64>, tensor<ui32>
            }
            func.func @main() -> (tensor<2xi64>, tensor<4xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<ui32>) {
              %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
              %b = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
              %r:6 = "interpreter.run_parallel"(%a, %b) {programs = [[@worker], [@worker]]}
                  : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<4xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<ui32>)
              return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<2xi64>, tensor<4xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<ui32>
            }
            """;

    @Test
    void collectivesAcrossReplicas() throws Exception {
        // all_reduce sums across both replicas; all_gather concatenates in group order (replica 1 first).
        String expected = "tensor<2xi64> { [11, 22] } tensor<4xi64> { [10, 20, 1, 2] } tensor<ui32> {0}"
                + " tensor<2xi64> { [11, 22] } tensor<4xi64> { [10, 20, 1, 2] } tensor<ui32> {1}";
        assertEquals(expected, flat(interpret(ALL_REDUCE_AND_GATHER, null)));
    }

    @Test
    void aFailingProcessStopsItsPeers() {
        // Process (0, 0) fails before the all_reduce that process (0, 1) waits in: the run fails fast with the
        // first process's error instead of waiting for the rendezvous timeout.
        String text = """
                func.func @bad(%x : tensor<2xi64>) -> tensor<2xi64> {
                  %y = stablehlo.custom_call @no_such_target(%x) : (tensor<2xi64>) -> tensor<2xi64>
                  return %y : tensor<2xi64>
                }
                func.func @good(%x : tensor<2xi64>) -> tensor<2xi64> {
                  %sum = "stablehlo.all_reduce"(%x) ({
                    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
                      %s = stablehlo.add %a, %b : tensor<i64>
                      stablehlo.return %s : tensor<i64>
                  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids,
                      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}
                      : (tensor<2xi64>) -> tensor<2xi64>
                  return %sum : tensor<2xi64>
                }
                func.func @main() {
                  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
                  %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@bad, @good]]}
                      : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
                  return
                }
                """;
        long start = System.nanoTime();
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> interpret(text, null));
        assertTrue(e.diagnostics().get(0).message().contains("Unsupported custom call: no_such_target"),
                e.diagnostics().get(0).message());
        assertTrue(System.nanoTime() - start < ProcessGrid.TIMEOUT_MS * 1_000_000L, "waited for the timeout");
    }

    @Test
    void runParallelChecksItsPrograms() {
        String prefix = "func.func @one(%x : tensor<i64>) -> tensor<i64> {\n  return %x : tensor<i64>\n}\n"
                + "func.func @main() {\n  %a = stablehlo.constant dense<1> : tensor<i64>\n";
        String[][] cases = {
            {"%r = \"interpreter.run_parallel\"(%a, %a) {programs = [[@one]]} : (tensor<i64>, tensor<i64>) -> tensor<i64>",
                "Number of inputs (2) should match the sum of the number of inputs of all programs (1)"},
            {"%r:2 = \"interpreter.run_parallel\"(%a, %a) {programs = [[@one], [@one, @one]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)",
                "Sizes of second dimension of `programs` should all match 1 but got 2"},
            {"%r = \"interpreter.run_parallel\"(%a) {programs = [[@two]]} : (tensor<i64>) -> tensor<i64>",
                "Function \"two\" not found"},
            {"\"interpreter.run_parallel\"(%a) {programs = [[@one]]} : (tensor<i64>) -> ()",
                "Number of results (0) should match the sum of the number of results of all programs (1)"},
        };
        for (String[] c : cases) {
            String text = prefix + "  " + c[0] + "\n  return\n}";
            DiagnosticException e = assertThrows(DiagnosticException.class, () -> interpret(text, null));
            assertEquals(c[1], e.diagnostics().get(0).message());
        }
    }

    @Test
    void collectivesNeedRunParallel() {
        String text = "func.func @main() -> tensor<ui32> {\n  %id = stablehlo.partition_id : tensor<ui32>\n"
                + "  return %id : tensor<ui32>\n}";
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> interpret(text, null));
        assertEquals("partition_id is only supported when run via interpreter.run_parallel",
                e.diagnostics().get(0).message());
    }

    @Test
    void printAndProbe(@TempDir Path dir) throws Exception {
        String text = """
                func.func @main() {
                  %a = stablehlo.constant dense<[[1, -2, 3]]> : tensor<1x3xi16>
                  interpreter.print %a : tensor<1x3xi16>
                  %p = interpreter.probe %a, probe_id = "p0" : tensor<1x3xi16>
                  %q = interpreter.probe %p, probe_id = "p0" : tensor<1x3xi16>
                  check.expect_serialized_eq %a, probe_id = "p0", iter = 1 : tensor<1x3xi16>
                  return
                }
                """;
        assertEquals("%0 = tensor<1x3xi16> { [ [1, -2, 3] ] }", flat(interpret(text, dir.toString())));
        java.util.List<String> index = Files.readAllLines(dir.resolve("index.csv"));
        assertEquals(2, index.size());
        assertEquals("p0,tensor<1x3xi16>," + dir.resolve("probe2.npy"), index.get(1));
        byte[] npy = Files.readAllBytes(dir.resolve("probe1.npy"));
        int headerLen = (npy[8] & 0xFF) | (npy[9] & 0xFF) << 8;
        String header = new String(npy, 10, headerLen, StandardCharsets.US_ASCII);
        assertEquals("{'descr': '<i2', 'fortran_order': False, 'shape': (1, 3), }", header.trim());
        assertEquals(0, (10 + headerLen) % 64);
        assertArrayEquals(new byte[] {1, 0, (byte) 0xFE, (byte) 0xFF, 3, 0},
                java.util.Arrays.copyOfRange(npy, 10 + headerLen, npy.length));
        // A probe id that was never written is an error.
        String missing = text.replace("probe_id = \"p0\", iter = 1", "probe_id = \"p1\"");
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> interpret(missing, dir.toString()));
        assertTrue(e.diagnostics().get(0).message().contains("Failed to find serialized data for probe p1."));
    }

    @Test
    void npyRoundTripsEveryElementKind() {
        String[] types = {"tensor<2xi1>", "tensor<2xui64>", "tensor<2xbf16>", "tensor<2xcomplex<f32>>", "tensor<0x3xf64>"};
        String[] values = {"dense<[true, false]>", "dense<[18446744073709551615, 7]>", "dense<[1.5, -2.0]>",
                "dense<[(1.0, -2.0), (0.5, 3.0)]>", "dense<>"};
        for (int i = 0; i < types.length; i++) {
            Tensor t = Tensor.fromAttr((org.stablehlo4j.ir.DenseElementsAttr) parsed(s -> AsmParser.parseAttribute(TestContexts.standard(), s), values[i] + " : " + types[i]));
            Tensor back = Probes.fromNpy(Probes.npy(t), t.type());
            assertEquals(t.print(), back.print(), types[i]);
        }
    }

    private interface Parser<T> { T parse(String text) throws DiagnosticException; }

    private static <T> T parsed(Parser<T> parser, String text) {
        try {
            return parser.parse(text);
        } catch (DiagnosticException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void quantizeRequantizeDequantize() throws Exception {
        String q1 = "tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>";
        String q2 = "tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>";
        String text = "func.func @main() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xf32>) {\n"
                + "  %x = stablehlo.constant dense<[4.0, 100.0]> : tensor<2xf32>\n"
                + "  %q = \"stablehlo.uniform_quantize\"(%x) : (tensor<2xf32>) -> " + q1 + "\n"
                + "  %r = \"stablehlo.uniform_quantize\"(%q) : (" + q1 + ") -> " + q2 + "\n"
                + "  %d = \"stablehlo.uniform_dequantize\"(%q) : (" + q1 + ") -> tensor<2xf32>\n"
                + "  %qi = \"stablehlo.bitcast_convert\"(%q) : (" + q1 + ") -> tensor<2xi8>\n"
                + "  %ri = \"stablehlo.bitcast_convert\"(%r) : (" + q2 + ") -> tensor<2xi8>\n"
                + "  return %qi, %ri, %d : tensor<2xi8>, tensor<2xi8>, tensor<2xf32>\n}";
        // 100 / 0.5 - 20 = 180 clamps to 127; dequantized back that is (127 + 20) * 0.5 = 73.5.
        assertEquals("tensor<2xi8> { [10, 127] } tensor<2xi8> { [20, 127] } tensor<2xf32> { [4.000000e+00, 7.350000e+01] }",
                flat(interpret(text, null)));
    }

    @Test
    void quantizedTensorsUseTheirStorageType() {
        RankedTensorType t = (RankedTensorType) parsed(s -> AsmParser.parseType(TestContexts.standard(), s), "tensor<2x!quant.uniform<u8:f32, 0.5:3>>");
        Tensor z = Tensor.zeros(t);
        assertEquals(Tensor.Kind.UINT, z.kind());
        assertEquals(255, z.normalize(-1));
        assertEquals(8, ((IntegerType) Quantization.quantType(t).storageType()).width());
    }

    @Test
    void triangularSolveAllForms() throws Exception {
        // a = [[2, 0], [1, 4]] (lower); b = [[2, 4], [6, 8]].
        String common = "  %a = stablehlo.constant dense<[[2.0, 9.0], [1.0, 4.0]]> : tensor<2x2xf64>\n"
                + "  %b = stablehlo.constant dense<[[2.0, 4.0], [6.0, 8.0]]> : tensor<2x2xf64>\n";
        String[][] cases = {
            // left, lower, transpose, expected x
            {"true", "true", "NO_TRANSPOSE", "[1.000000e+00, 2.000000e+00], [1.250000e+00, 1.500000e+00]"},
            {"false", "true", "NO_TRANSPOSE", "[5.000000e-01, 1.000000e+00], [2.000000e+00, 2.000000e+00]"},
            {"true", "true", "TRANSPOSE", "[2.500000e-01, 1.000000e+00], [1.500000e+00, 2.000000e+00]"},
            {"true", "false", "NO_TRANSPOSE", "[-5.750000e+00, -7.000000e+00], [1.500000e+00, 2.000000e+00]"},
        };
        for (String[] c : cases) {
            String text = "func.func @main() -> tensor<2x2xf64> {\n" + common
                    + "  %x = \"stablehlo.triangular_solve\"(%a, %b) {left_side = " + c[0] + ", lower = " + c[1]
                    + ", unit_diagonal = false, transpose_a = #stablehlo<transpose " + c[2] + ">}"
                    + " : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>\n  return %x : tensor<2x2xf64>\n}";
            assertEquals("tensor<2x2xf64> { [ " + c[3] + " ] }", flat(interpret(text, null)), String.join(" ", c));
        }
    }

    @Test
    void dynamicShapeOpsWithStaticResults() throws Exception {
        String text = """
                func.func @main() -> (tensor<3x4xi64>, tensor<2x5xi64>) {
                  %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
                  %i = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi64>) -> tensor<3x4xi64>
                  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
                  %v = stablehlo.constant dense<0> : tensor<i64>
                  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
                  %hi = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
                  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
                  %p = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in
                      : (tensor<2x2xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x5xi64>
                  return %i, %p : tensor<3x4xi64>, tensor<2x5xi64>
                }
                """;
        assertEquals("tensor<3x4xi64> { [ [0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3] ] }"
                + " tensor<2x5xi64> { [ [0, 1, 0, 2, 0], [0, 3, 0, 4, 0] ] }", flat(interpret(text, null)));
    }
}
