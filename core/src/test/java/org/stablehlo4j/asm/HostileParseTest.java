package org.stablehlo4j.asm;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/** Hostile and malformed inputs must end in a clean diagnostic: no stack overflow, hang or huge allocation. */
class HostileParseTest {
    /** Parses on a fresh thread with a small (512 KiB) stack; returns the first error message or null. */
    private static String parseOnSmallStack(String text) throws InterruptedException {
        AtomicReference<String> result = new AtomicReference<>();
        AtomicReference<Throwable> crash = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                AsmParser.parse(TestContexts.allowingUnregistered(), text, ParseOptions.of("h.mlir"));
            } catch (DiagnosticException e) {
                result.set(e.diagnostics().get(0).message());
            } catch (Throwable e) {
                crash.set(e);
            }
        }, "parse", 512 * 1024);
        t.start();
        t.join();
        if (crash.get() != null) fail("parser crashed", crash.get());
        return result.get();
    }

    private static String nested(String open, String middle, String close, int n) {
        return open.repeat(n) + middle + close.repeat(n);
    }

    @Test
    void deepNestingIsRejectedWithoutStackOverflow() throws InterruptedException {
        int n = 100_000;
        String[] inputs = {
            nested("\"tests.a\"() ({\n", "", "}) : () -> ()\n", n),
            "\"tests.a\"() {a = " + nested("[", "1", "]", n) + "} : () -> ()",
            "\"tests.a\"() {a = " + nested("{b = ", "1", "}", n) + "} : () -> ()",
            "\"tests.a\"() {a = " + nested("tensor<", "f32", ">", n) + "} : () -> ()",
            "\"tests.a\"() {a = " + nested("(", "i32", ") -> i32", n) + "} : () -> ()",
            "\"tests.a\"() {a = dense<" + nested("[", "1", "]", n) + "> : tensor<1xi32>} : () -> ()",
            "\"tests.a\"() : () -> () loc(" + nested("fused[", "unknown", "]", n) + ")",
            "\"tests.a\"() : () -> () loc(" + nested("\"n\"(", "unknown", ")", n) + ")",
            "\"tests.a\"() {a = " + nested("complex<", "f32", ">", n) + "} : () -> ()",
        };
        for (String in : inputs) {
            String msg = parseOnSmallStack(in);
            assertTrue(msg != null && msg.contains("nesting depth exceeded"), "got: " + msg);
        }
        String body = parseOnSmallStack("\"tests.a\"() {a = !foo" + nested("<", "", ">", n) + "} : () -> ()");
        assertTrue(body != null && body.contains("nesting depth exceeded"), "got: " + body);
    }

    @Test
    void moderateNestingStillParses() throws InterruptedException {
        // just below the limit, and each level holding types and attributes too
        int levels = ParserState.MAX_NESTING - 6;
        String op = "%r = \"tests.a\"(%x) ({\n";
        String end = "}) {a = [[dense<[[1]]> : tensor<1x1xi8>]]} : (tensor<2xcomplex<f32>>) -> tuple<tensor<i1>>\n";
        assertEquals(null, parseOnSmallStack("func.func @f(%x: tensor<2xcomplex<f32>>) {\n"
                + nested(op, "", end, levels) + "return\n}"));
        assertEquals(null, parseOnSmallStack("\"tests.a\"() {a = " + nested("[", "1", "]", levels) + "} : () -> ()"));
    }

    @Test
    void emptyFunctionBodyIsNotADeclaration() throws InterruptedException {
        assertEquals("expected non-empty function body", parseOnSmallStack("func.func @f() {}"));
        assertEquals(null, parseOnSmallStack("func.func private @f()"));
    }

    @Test
    void unterminatedString() throws InterruptedException {
        assertEquals("expected '\"' in string literal", parseOnSmallStack("\"tests.a\"() {a = \"abc"));
        assertEquals("expected '\"' in string literal", parseOnSmallStack("\"tests.a\"() {a = \"abc\n\"} : () -> ()"));
    }

    @Test
    void giantIntegerLiteralFailsQuickly() {
        String digits = "9".repeat(1_000_000);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            String msg = parseOnSmallStack("\"tests.a\"() {a = " + digits + " : i32} : () -> ()");
            assertTrue(msg != null && msg.contains("out of range"), "got: " + msg);
            msg = parseOnSmallStack("\"tests.a\"() {a = dense<" + digits + "> : tensor<2xi64>} : () -> ()");
            assertTrue(msg != null && msg.contains("out of range"), "got: " + msg);
            msg = parseOnSmallStack("\"tests.a\"() {a = tensor<" + digits + "xf32>} : () -> ()");
            assertTrue(msg != null && msg.contains("invalid dimension"), "got: " + msg);
        });
    }

    @Test
    void hugeSplatDoesNotAllocatePerElement() throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.allowingUnregistered(), "\"tests.a\"() {a = dense<1.0> : tensor<2147483648x1024xf32>} : () -> ()",
                ParseOptions.of("h"));
        DenseElementsAttr d = (DenseElementsAttr) m.body().operations().get(0).attributes().get("a");
        assertTrue(d.isSplat());
        assertEquals(4, d.length());
    }

    @Test
    void elementCountsThatOverflowAreRejected() throws InterruptedException {
        String big = "tensor<4611686018427387904xf32>";
        assertEquals(null, parseOnSmallStack("\"tests.a\"() {a = dense<1.0> : " + big + "} : () -> ()"));
        String msg = parseOnSmallStack("\"tests.a\"() {a = dense<\"0x\"> : " + big + "} : () -> ()");
        assertTrue(msg != null && msg.contains("hex data size is invalid"), "got: " + msg);
        msg = parseOnSmallStack("\"tests.a\"() {a = dense<1.0> : tensor<4294967296x4294967296xf32>} : () -> ()");
        assertTrue(msg != null && msg.contains("too many elements"), "got: " + msg);
    }

    @Test
    void wrongElementCountErrors() throws InterruptedException {
        String msg = parseOnSmallStack("\"tests.a\"() {a = dense<[1.0, 2.0]> : tensor<2147483648xf32>} : () -> ()");
        assertTrue(msg != null && msg.contains("does not match type"), "got: " + msg);
    }

    /** Random token soups end in a diagnostic or a module, never in another exception. */
    @Test
    void randomTokenSequencesNeverCrash() {
        String[] vocab = {"\"tests.a\"", "(", ")", "{", "}", "[", "]", "<", ">", ":", ",", "=", "->", "%0", "%1#1",
            "^bb0", "@f", "#a", "!t", "#x.y<", "!q.r<", "tensor", "dense", "array", "loc", "fused", "callsite", "at",
            "i32", "f32", "complex", "tuple", "1", "-", "1.5", "0x1F", "\"0x00\"", "\"s\"", "true", "unit",
            "func.func", "module", "return", "call", "attributes", "x", "?", "*", "{-#", "#-}", "dialect_resources",
            "builtin", "!quant.uniform<", "i8", "u8", "memref", "affine_map<", "%x:2", "\n", "private", "...",
            "#a = ", "!t = "};
        Random rnd = new Random(1);
        int parsed = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + rnd.nextInt(30);
            for (int j = 0; j < n; j++) sb.append(vocab[rnd.nextInt(vocab.length)]).append(rnd.nextInt(3) == 0 ? "" : " ");
            try {
                AsmParser.parse(TestContexts.allowingUnregistered(), sb.toString(), new ParseOptions("f", 1, rnd.nextBoolean()));
                parsed++;
            } catch (DiagnosticException e) {
                assertTrue(!e.diagnostics().isEmpty() && e.diagnostics().get(0).message() != null);
            } catch (RuntimeException e) {
                fail("crash on: " + sb, e);
            }
        }
        assertTrue(parsed < 20_000);
    }

    /** Truncations and byte flips of a real test file must yield diagnostics, never other exceptions. */
    @Test
    void mutatedCorpusNeverCrashes() throws IOException, InterruptedException {
        String dir = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(dir != null && Files.isDirectory(Path.of(dir)), "upstream corpus not available");
        String text = Files.readString(Path.of(dir, "stablehlo/tests/vhlo/stablehlo_legalize_to_vhlo.1_0_0.mlir"));
        text = text.substring(0, Math.min(text.length(), 20_000));
        Random rnd = new Random(42);
        String punct = "{}()[]<>\"%^#!@:,=-x0.\\";
        int diagnosed = 0;
        for (int i = 0; i < 300; i++) {
            String mutated;
            if (i % 3 == 0) {
                mutated = text.substring(0, rnd.nextInt(text.length()));
            } else {
                char[] cs = text.toCharArray();
                for (int k = 0; k < 3; k++) cs[rnd.nextInt(cs.length)] = punct.charAt(rnd.nextInt(punct.length()));
                mutated = new String(cs);
            }
            if (parseOnSmallStack(mutated) != null) diagnosed++;
        }
        assertTrue(diagnosed > 100, "most mutations should be rejected, got " + diagnosed);
    }
}
