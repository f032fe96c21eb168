package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Writing then reading gives back the same module (compared through the generic printer with debug info). */
class BytecodeWriterTest {
    private static final PrintOptions GENERIC = new PrintOptions(true, true, false);

    private static void assertRoundTrip(ModuleOp m, String what) throws DiagnosticException {
        String before = AsmPrinter.print(TestContexts.standard(), m, GENERIC);
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, "StableHLO4J");
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, what);
        assertEquals(before, AsmPrinter.print(TestContexts.standard(), back, GENERIC), what);
        assertEquals(bytes.length, BytecodeWriter.write(TestContexts.standard(), back, "StableHLO4J").length, what);
    }

    @Test
    void everyArtifactIsRewrittenByteIdentically() throws Exception {
        int identical = 0;
        List<String> different = new ArrayList<>();
        for (Path p : BytecodeReaderTest.artifacts()) {
            if (BytecodeReaderTest.isInvalid(p)) continue;
            byte[] original = Files.readAllBytes(p);
            BytecodeReader.Header h = BytecodeReader.readHeader(original, p.toString());
            byte[] written = BytecodeWriter.write(TestContexts.standard(), BytecodeReader.read(TestContexts.standard(), original, p.toString()), h.producer(),
                    h.version());
            if (java.util.Arrays.equals(original, written)) identical++;
            else different.add(p.getFileName().toString());
        }
        assertEquals(List.of(), different);
        assertEquals(33, identical); // bytecode versions 0, 1, 3, 4 and 6
    }

    @Test
    void vhloArtifactsRoundTrip() throws Exception {
        int n = 0;
        for (Path p : BytecodeReaderTest.artifacts()) {
            if (BytecodeReaderTest.isInvalid(p)) continue;
            assertRoundTrip(BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(p), p.toString()), p.getFileName().toString());
            n++;
        }
        assertEquals(33, n);
    }

    /** Upstream test files whose RUN lines pipe {@code -emit-bytecode} output back into the tools. */
    @Test
    void upstreamEmitBytecodeFilesRoundTrip() throws Exception {
        Path tests = SharedCorpus.upstream("stablehlo", "tests");
        int files = 0;
        int chunks = 0;
        List<String> failures = new ArrayList<>();
        List<Path> all = SharedCorpus.mlirFiles(tests);
        for (Path p : all) {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            if (!text.contains("-emit-bytecode")) continue;
            files++;
            for (String chunk : text.split("(?m)^// -----\\s*$")) {
                ModuleOp m;
                try {
                    m = AsmParser.parse(TestContexts.standard(), chunk, new ParseOptions(p.toString(), 1, true));
                } catch (DiagnosticException e) {
                    continue; // expected-error chunks and constructs the parser rejects
                }
                chunks++;
                try {
                    String before = AsmPrinter.print(TestContexts.standard(), m, PrintOptions.DEFAULT);
                    ModuleOp back = BytecodeReader.read(TestContexts.standard(), BytecodeWriter.write(TestContexts.standard(), m, "StableHLO4J"), p.toString());
                    assertEquals(before, AsmPrinter.print(TestContexts.standard(), back, PrintOptions.DEFAULT));
                } catch (AssertionError | Exception e) {
                    if (failures.size() < 5) failures.add(p.getFileName() + ": " + e.getMessage());
                }
            }
        }
        System.err.println("emit-bytecode round trip: " + files + " files, " + chunks + " chunks");
        assertTrue(chunks > 0);
        assertEquals(List.of(), failures);
    }

    private static final String TEXT = """
            "test.op"() {a = [1 : i32, "s", unit], b = dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>, \
            c = array<i64: 1, 2>, d = @sym::@nested, e = true, f = dense<[true, false, true]> : tensor<3xi1>, \
            g = 1.500000e+00 : f64, h = #test.foo<x>, i = i32, j = dense<["ab", "c"]> : tensor<2x!test.str>, \
            k = dense<7> : tensor<4x4xi64>, l = dense_resource<blob1> : tensor<4xi8>, m = -3 : si8, \
            n = 0x7FC00000 : f32, o = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>} \
            : () -> (tensor<?x3xf8E4M3FN>, !test.t<1>, complex<f32>, tuple<i32, index>, none, tensor<*xbf16>, \
            ui8, si4, tensor<2xi32, #test.enc>, (i32) -> f16) loc(fused["a":1:2, "b"("c":3:4)])
            "test.region"() ({
            ^bb0(%a: i32 loc("f":1:2), %b: f32):
              %0 = "test.use"(%a, %1) : (i32, i32) -> i32 loc(callsite("x" at "y":5:6))
              %1 = "test.use"(%0, %a) : (i32, i32) -> i32
              "test.br"(%0)[^bb1] : (i32) -> ()
            ^bb1:
              "test.ret"(%b) : (f32) -> ()
            }, {
            }) : () -> ()
            {-#
              dialect_resources: {
                builtin: {
                  blob1: "0x0800000001020304"
                }
              }
            #-}
            """;

    @Test
    void handWrittenModuleRoundTrips() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), TEXT, new ParseOptions("text", 1, true));
        assertRoundTrip(m, "text");
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), BytecodeWriter.write(TestContexts.standard(), m, "x"), "x");
        assertEquals(4, back.dialectResources().get("builtin").get("blob1").length());
    }
}
