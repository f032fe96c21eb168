package org.stablehlo4j.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.testing.TestContexts;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code stablehlo-translate --interpret}: which function runs, on which inputs (issue 22). A portable artifact is
 * recognized by its VHLO dialect whatever its producer says; a module with functions but no entry function is an
 * error naming them; {@code --args} tensors are checked against the entry function's signature with upstream's
 * texts; messages name the function that runs.
 */
class InterpretEntryTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static final String CONSTANT = "func.func @main() -> tensor<2xf32> {\n"
            + "  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n";
    private static final String CONSTANT_RESULT = "tensor<2xf32> {\n  [1.000000e+00, 2.000000e+00]\n}\n";
    private static final String ADD = "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
            + "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n";

    private int run(String... args) {
        ToolIO.set(new ToolIO.Context(new ByteArrayInputStream(new byte[0]), out, dir));
        String[] all = new String[args.length + 1];
        all[0] = "translate";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.runGuarded(all, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void reset() {
        ToolIO.set(null);
    }

    private String out() { return out.toString(StandardCharsets.UTF_8); }

    private String err() { return err.toString(StandardCharsets.UTF_8); }

    /** A portable artifact of {@code text} for {@code target} whose producer string is {@code producer}. */
    private static byte[] artifact(String text, String target, String producer) throws Exception {
        byte[] a = Backends.serializer.serialize(TestContexts.standard(),
                AsmParser.parse(TestContexts.standard(), text, new ParseOptions("p.mlir", 1, false)), target, false);
        // magic (4 bytes), version (a one-byte varint here), producer up to its NUL, then the sections
        assertTrue(a[4] > 0 && a[4] < 0x80, "one-byte version");
        int nul = 5;
        while (a[nul] != 0) nul++;
        assertEquals("StableHLO_v" + target, new String(a, 5, nul - 5, StandardCharsets.ISO_8859_1));
        byte[] p = producer.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[5 + p.length + a.length - nul];
        System.arraycopy(a, 0, out, 0, 5);
        System.arraycopy(p, 0, out, 5, p.length);
        System.arraycopy(a, nul, out, 5 + p.length, a.length - nul);
        return out;
    }

    // ------------------------------------------------------------------ VHLO by dialect, not by producer

    @Test
    void anArtifactWithATrunkProducerIsInterpretedAsWithAStableHloProducer() throws Exception {
        Files.write(dir.resolve("v.mlir.bc"), artifact(CONSTANT, "0.9.0", "StableHLO_v0.9.0"));
        Files.write(dir.resolve("t.mlir.bc"), artifact(CONSTANT, "0.9.0", "MLIRxxx-trunk"));
        assertEquals(0, run("--interpret", "v.mlir.bc"), err());
        assertEquals(CONSTANT_RESULT, out());
        out.reset();
        assertEquals(0, run("--interpret", "t.mlir.bc"), err());
        assertEquals(CONSTANT_RESULT, out());
        assertEquals("", err());
        out.reset();
        Files.writeString(dir.resolve("none.json"), "{\"inputs\": []}");
        assertEquals(0, run("--interpret", "--args-json=none.json", "t.mlir.bc"), err());
        assertEquals("{\"outputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [1.0, 2.0]}]}\n", out());
    }

    @Test
    void aTrunkProducerArtifactTakesArgsLikeAnyOther() throws Exception {
        Files.write(dir.resolve("t.mlir.bc"), artifact(ADD, "1.0.0", "MLIR17.0.0git"));
        assertEquals(0, run("--interpret", "--args=[dense<1.0> : tensor<2xf32>, dense<2.0> : tensor<2xf32>]",
                "t.mlir.bc"), err());
        assertEquals("tensor<2xf32> {\n  [3.000000e+00, 3.000000e+00]\n}\n", out());
    }

    /** The reproducer of {@code ../shared/reliability}, read in place when the shared folder is there. */
    @Test
    void sharedReliabilityReproducer() {
        String shared = System.getProperty("stablehlo.shared", "../shared/stablehlo");
        Path repro = Path.of(shared).resolve("../reliability/repro/interpret-vhlo-trunk-producer.mlir.bc")
                .toAbsolutePath().normalize();
        assumeTrue(Files.isRegularFile(repro), "shared reproducer not present at " + repro);
        assertEquals(0, run("--interpret", repro.toString()), err());
        assertEquals(CONSTANT_RESULT, out());
        assertEquals("", err());
    }

    @Test
    void bytecodeWithoutVhloIsReadAsIs() throws IOException {
        Files.writeString(dir.resolve("p.mlir"), CONSTANT);
        assertEquals(0, run("--interpret", "p.mlir"), err());
        assertEquals(CONSTANT_RESULT, out());
        out.reset();
        // MLIR bytecode of StableHLO (func, stablehlo dialects): not a portable artifact, interpreted as read
        byte[] bc;
        try {
            bc = Backends.bytecodeWriter.write(TestContexts.standard(),
                    AsmParser.parse(TestContexts.standard(), CONSTANT, new ParseOptions("p.mlir", 1, false)));
        } catch (org.stablehlo4j.ir.DiagnosticException e) {
            throw new AssertionError(e);
        }
        assertTrue(!TranslateTool.usesVhlo(bc, "p.bc"));
        Files.write(dir.resolve("p.bc"), bc);
        assertEquals(0, run("--interpret", "p.bc"), err());
        assertEquals(CONSTANT_RESULT, out());
    }

    @Test
    void unreadableBytecodeIsNotTakenForVhlo() {
        assertTrue(!TranslateTool.usesVhlo(new byte[] {'M', 'L', (byte) 0xEF, 'R'}, "x"));
        assertTrue(!TranslateTool.usesVhlo(new byte[] {'M', 'L', (byte) 0xEF, 'R', 1, 'x', 0, (byte) 0xFF}, "x"));
    }

    // ------------------------------------------------------------------ the entry function

    @Test
    void noEntryFunctionIsAnErrorNamingTheFunctions() throws IOException {
        Files.writeString(dir.resolve("two.mlir"), "func.func @add() {\n  return\n}\nfunc.func @foo() {\n  return\n}\n");
        assertEquals(1, run("--interpret", "two.mlir"));
        assertEquals("two.mlir:0:0: error: module must have entry func with name main; it has @add, @foo\n", err());
        assertEquals("", out());
        err.reset();
        Files.writeString(dir.resolve("none.json"), "{\"inputs\": []}");
        assertEquals(1, run("--interpret", "--args-json=none.json", "two.mlir"));
        assertEquals("two.mlir:0:0: error: module must have entry func with name main; it has @add, @foo\n", err());
    }

    @Test
    void aModuleWithoutFunctionsIsAnError() throws IOException {
        Files.writeString(dir.resolve("mesh.mlir"), "sdy.mesh @mesh = <[\"a\"=2]>\n");
        assertEquals(1, run("--interpret", "mesh.mlir"));
        assertEquals("mesh.mlir:0:0: error: module must have entry func with name main; it has no functions\n",
                err());
        assertEquals("", out());
    }

    @Test
    void anEmptyModuleRunsNothingAsUpstreams() throws IOException {
        // upstream's evalModule returns no results for a module without ops (tests/interpret/probe.mlir's first
        // chunk, "Test an empty module", must succeed)
        Files.writeString(dir.resolve("e.mlir"), "// nothing\n\n// -----\n\n" + CONSTANT);
        assertEquals(0, run("--interpret", "--split-input-file", "e.mlir"), err());
        assertEquals(CONSTANT_RESULT.strip(), out().strip());
        assertEquals("", err());
    }

    @Test
    void theOnlyFunctionRunsAndMessagesNameIt() throws IOException {
        Files.writeString(dir.resolve("add.mlir"), ADD.replace("@main", "@add"));
        assertEquals(0, run("--interpret", "--args=[dense<1.0> : tensor<2xf32>, dense<2.0> : tensor<2xf32>]",
                "add.mlir"), err());
        assertEquals("tensor<2xf32> {\n  [3.000000e+00, 3.000000e+00]\n}\n", out());
        out.reset();
        Files.writeString(dir.resolve("one.json"),
                "{\"inputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [1.0, 2.0]}]}");
        assertEquals(1, run("--interpret", "--args-json=one.json", "add.mlir"));
        assertEquals("error: one.json: byte offset 11: \"inputs\" has 1 array, @add takes 2 arguments\n", err());
        err.reset();
        Files.writeString(dir.resolve("i64.json"), "{\"inputs\": [{\"shape\": [2], \"dtype\": \"int64\", \"data\": [1, 2]},"
                + " {\"shape\": [2], \"dtype\": \"float32\", \"data\": [1.0, 2.0]}]}");
        assertEquals(1, run("--interpret", "--args-json=i64.json", "add.mlir"));
        assertEquals("error: i64.json: byte offset 36: input 0 of @add has dtype float32 (tensor<2xf32>), the file "
                + "gives int64\n", err());
        err.reset();
        Files.writeString(dir.resolve("tok.mlir"), "func.func @tok() -> !stablehlo.token {\n"
                + "  %0 = stablehlo.create_token : !stablehlo.token\n  return %0 : !stablehlo.token\n}\n");
        Files.writeString(dir.resolve("none.json"), "{\"inputs\": []}");
        assertEquals(1, run("--interpret", "--args-json=none.json", "tok.mlir"));
        assertTrue(err().contains("error: result 0 of @tok (!stablehlo.token) cannot be written as JSON"), err());
    }

    // ------------------------------------------------------------------ --args against the signature

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // too many elements: used to be truncated silently
        "[dense<1.0> : tensor<3xf32>, dense<2.0> : tensor<2xf32>]|invalid input argument type at index 0, input type"
                + " was tensor<3xf32> but entry function expected tensor<2xf32>",
        // f64 for f32: used to run
        "[dense<1.0> : tensor<2xf32>, dense<2.0> : tensor<2xf64>]|invalid input argument type at index 1, input type"
                + " was tensor<2xf64> but entry function expected tensor<2xf32>",
        // i32 for f32: used to end in a NullPointerException
        "[dense<1> : tensor<2xi32>, dense<2.0> : tensor<2xf32>]|invalid input argument type at index 0, input type"
                + " was tensor<2xi32> but entry function expected tensor<2xf32>",
        // too few elements: used to end in an ArrayIndexOutOfBoundsException
        "[dense<1.0> : tensor<2xf32>, dense<2.0> : tensor<1xf32>]|invalid input argument type at index 1, input type"
                + " was tensor<1xf32> but entry function expected tensor<2xf32>",
        "[dense<1.0> : tensor<2x1xf32>, dense<2.0> : tensor<2xf32>]|invalid input argument type at index 0, input type"
                + " was tensor<2x1xf32> but entry function expected tensor<2xf32>",
        "[dense<1.0> : tensor<2xf32>]|incorrect number of arguments specified, provided 1 inputs but function"
                + " expected 2",
        "[dense<1.0> : tensor<2xf32>, dense<1.0> : tensor<2xf32>, dense<1.0> : tensor<2xf32>]|incorrect number of"
                + " arguments specified, provided 3 inputs but function expected 2",
    })
    void argsThatDoNotFitTheSignatureAreRejected(String args, String message) throws IOException {
        Files.writeString(dir.resolve("p.mlir"), ADD);
        assertEquals(1, run("--interpret", "--args=" + args, "p.mlir"));
        assertEquals("p.mlir:1:1: error: " + message + "\n"
                + "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n^\n", err());
        assertEquals("", out());
    }

    @Test
    void noArgsForAFunctionWithArgumentsIsACountMismatch() throws IOException {
        Files.writeString(dir.resolve("p.mlir"), ADD.replace("@main", "@add"));
        assertEquals(1, run("--interpret", "p.mlir"));
        assertTrue(err().startsWith("p.mlir:1:1: error: incorrect number of arguments specified, provided 0 inputs "
                + "but function expected 2\n"), err());
    }

    @Test
    void argsWithResultsJsonAreCheckedToo() throws IOException {
        Files.writeString(dir.resolve("p.mlir"), ADD);
        assertEquals(1, run("--interpret", "--args=[dense<1> : tensor<2xi32>, dense<2.0> : tensor<2xf32>]",
                "--results-json=o.json", "p.mlir"));
        assertTrue(err().startsWith("p.mlir:1:1: error: invalid input argument type at index 0, input type was "
                + "tensor<2xi32> but entry function expected tensor<2xf32>\n"), err());
        assertTrue(!Files.exists(dir.resolve("o.json")));
    }

    @Test
    void aDynamicDimensionTakesAnySize() throws IOException {
        Files.writeString(dir.resolve("d.mlir"), "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {\n"
                + "  return %a : tensor<?xf32>\n}\n");
        assertEquals(0, run("--interpret", "--args=[dense<[1.0, 2.0, 3.0]> : tensor<3xf32>]", "d.mlir"), err());
        assertEquals("tensor<3xf32> {\n  [1.000000e+00, 2.000000e+00, 3.000000e+00]\n}\n", out());
        out.reset();
        assertEquals(1, run("--interpret", "--args=[dense<1> : tensor<3xi32>]", "d.mlir"));
        assertTrue(err().startsWith("d.mlir:1:1: error: invalid input argument type at index 0, input type was "
                + "tensor<3xi32> but entry function expected tensor<?xf32>\n"), err());
    }
}
