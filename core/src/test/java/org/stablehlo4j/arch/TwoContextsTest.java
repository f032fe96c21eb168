package org.stablehlo4j.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/**
 * Nothing about dialects is global: two contexts used from two threads at once give exactly what one context
 * gives single-threaded (parse, verify, print, write bytecode, read it back and print again), over upstream files.
 */
class TwoContextsTest {
    static List<Path> corpus() throws Exception {
        String shared = System.getProperty("stablehlo.shared");
        assumeTrue(shared != null && Files.isDirectory(Path.of(shared, "stablehlo/tests")), "no upstream corpus");
        try (Stream<Path> s = Files.list(Path.of(shared, "stablehlo/tests"))) {
            return s.filter(p -> p.toString().endsWith(".mlir")).sorted().limit(60).toList();
        }
    }

    /** Everything one file yields, as text (errors included). */
    static String run(Context ctx, Path file) throws Exception {
        String text = Files.readString(file);
        StringBuilder out = new StringBuilder();
        for (String chunk : text.split("// -----", -1)) {
            try {
                ModuleOp m = AsmParser.parse(ctx, chunk, ParseOptions.of(file.getFileName().toString()));
                out.append(AsmPrinter.print(ctx, m, PrintOptions.DEFAULT));
                try {
                    Verifier.verify(TestContexts.standard(), m);
                    out.append("verified\n");
                } catch (DiagnosticException e) {
                    out.append("verify: ").append(e.getMessage()).append('\n');
                }
                try {
                    byte[] bc = BytecodeWriter.write(ctx, m, "test");
                    ModuleOp back = BytecodeReader.read(ctx, bc, "bc");
                    out.append(Arrays.hashCode(bc)).append('\n');
                    out.append(AsmPrinter.print(ctx, back, new PrintOptions(true, false, false)));
                } catch (RuntimeException | DiagnosticException e) {
                    out.append("bytecode: ").append(e.getMessage()).append('\n');
                }
            } catch (DiagnosticException e) {
                out.append("parse: ").append(e.getMessage()).append('\n');
            }
        }
        return out.toString();
    }

    static List<String> runAll(Context ctx, List<Path> files) throws Exception {
        List<String> out = new ArrayList<>();
        for (Path f : files) out.add(run(ctx, f));
        return out;
    }

    @Test
    void twoContextsInTwoThreadsMatchOne() throws Exception {
        List<Path> files = corpus();
        List<String> expected = runAll(TestContexts.fresh(), files);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<List<String>> a = pool.submit(() -> runAll(TestContexts.fresh(), files));
            List<Path> reversed = new ArrayList<>(files);
            java.util.Collections.reverse(reversed);
            Future<List<String>> b = pool.submit(() -> runAll(TestContexts.fresh(), reversed));
            assertEquals(expected, a.get());
            List<String> rb = new ArrayList<>(b.get());
            java.util.Collections.reverse(rb);
            assertEquals(expected, rb);
        } finally {
            pool.shutdown();
        }
        assertEquals(true, expected.stream().anyMatch(s -> s.contains("verified")), "corpus exercised");
    }

    @Test
    void contextsAreIndependent() throws Exception {
        Context plain = TestContexts.fresh();
        Context open = TestContexts.fresh().allowUnregisteredDialects(true);
        String text = "\"foo.bar\"() : () -> ()";
        ModuleOp m = AsmParser.parse(open, text, ParseOptions.of("t.mlir"));
        assertEquals("module {\n  \"foo.bar\"() : () -> ()\n}\n\n", AsmPrinter.print(open, m, PrintOptions.DEFAULT));
        DiagnosticException e = org.junit.jupiter.api.Assertions.assertThrows(DiagnosticException.class,
                () -> AsmParser.parse(plain, text, ParseOptions.of("t.mlir")));
        assertEquals(true, e.getMessage().contains("unregistered dialect"), e.getMessage());
        // unknown ops of a loaded dialect are errors, also in generic form
        e = org.junit.jupiter.api.Assertions.assertThrows(DiagnosticException.class,
                () -> AsmParser.parse(open, "\"stablehlo.ad\"() : () -> ()", ParseOptions.of("t.mlir")));
        assertEquals(true, e.getMessage().contains("unregistered operation 'stablehlo.ad' found in dialect "
                + "('stablehlo') that does not allow unknown operations"), e.getMessage());
        assertEquals(StandardCharsets.UTF_8, StandardCharsets.UTF_8);
    }
}
