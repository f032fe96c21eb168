package org.stablehlo4j.cli;

import org.stablehlo4j.testing.TestContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code stablehlo-translate --interpret --args-json=IN --results-json=OUT}. */
class JsonFlagsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static final String PROGRAM = "func.func @main(%a: tensor<2xf32>, %n: tensor<ui32>) -> (tensor<2xf32>, tensor<ui32>) {\n"
            + "  %0 = stablehlo.multiply %a, %a : tensor<2xf32>\n  return %0, %n : tensor<2xf32>, tensor<ui32>\n}\n";
    private static final String INPUTS = "{\"inputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [0.5, -3.0]}, "
            + "{\"shape\": [], \"dtype\": \"uint32\", \"data\": [4294967295]}]}";
    private static final String OUTPUTS = "{\"outputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [0.25, 9.0]}, "
            + "{\"shape\": [], \"dtype\": \"uint32\", \"data\": [4294967295]}]}\n";

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

    private void files() throws IOException {
        Files.writeString(dir.resolve("p.mlir"), PROGRAM);
        Files.writeString(dir.resolve("in.json"), INPUTS);
    }

    @Test
    void outputsGoToStdoutWithoutResultsJson() throws IOException {
        files();
        assertEquals(0, run("--interpret", "--args-json=in.json", "p.mlir"), err());
        assertEquals(OUTPUTS, out());
    }

    @Test
    void resultsJsonWritesTheFile() throws IOException {
        files();
        assertEquals(0, run("-interpret", "-args-json", "in.json", "--results-json=out.json", "p.mlir"), err());
        assertEquals("", out());
        assertEquals(OUTPUTS, Files.readString(dir.resolve("out.json")));
    }

    @Test
    void portableArtifactsAreDeserializedFirst() throws Exception {
        files();
        byte[] artifact = Backends.serializer.serialize(TestContexts.standard(),
                AsmParser.parse(TestContexts.standard(), PROGRAM, new ParseOptions("p.mlir", 1, false)), "1.0.0", false);
        Files.write(dir.resolve("p.mlir.bc"), artifact);
        assertEquals(0, run("--interpret", "--args-json=in.json", "p.mlir.bc"), err());
        assertEquals(OUTPUTS, out());
    }

    @Test
    void badInputsFailWithTheByteOffsetAndWriteNothing() throws IOException {
        files();
        Files.writeString(dir.resolve("bad.json"), INPUTS.replace("\"uint32\"", "\"int32\""));
        assertEquals(1, run("--interpret", "--args-json=bad.json", "--results-json=out.json", "p.mlir"));
        assertEquals("error: bad.json: byte offset 92: input 1 of @main has dtype uint32 (tensor<ui32>), the file "
                + "gives int32\n", err());
        assertFalse(Files.exists(dir.resolve("out.json")));
        err.reset();
        Files.writeString(dir.resolve("bad.json"), INPUTS.replace("[0.5, -3.0]", "[0.5 -3.0]"));
        assertEquals(1, run("--interpret", "--args-json=bad.json", "p.mlir"));
        assertEquals("error: bad.json: byte offset 60: expected ',' or ']', found '-'\n", err());
        assertEquals("", out());
    }

    @Test
    void flagCombinationsAreChecked() throws IOException {
        files();
        assertEquals(1, run("--interpret", "--args-json=missing.json", "p.mlir"));
        assertTrue(err().contains("error: cannot open --args-json file 'missing.json': No such file or directory"), err());
        err.reset();
        assertEquals(1, run("--interpret", "--args-json=in.json", "--args=[dense<1> : tensor<i32>]", "p.mlir"));
        assertEquals("error: --args and --args-json cannot be used together\n", err());
        err.reset();
        assertEquals(1, run("--serialize", "--target=1.0.0", "--args-json=in.json", "p.mlir"));
        assertEquals("error: --args-json and --results-json need --interpret\n", err());
        err.reset();
        assertEquals(1, run("--interpret", "--split-input-file", "--results-json=o.json", "p.mlir"));
        assertEquals("error: --results-json cannot be used with --split-input-file\n", err());
        err.reset();
        assertEquals(1, run("--interpret", "--args-json=in.json", "--results-json=nodir/o.json", "p.mlir"));
        assertTrue(err().contains("cannot open output file 'nodir/o.json'"), err());
    }

    @Test
    void programErrorsAreDiagnostics() throws IOException {
        files();
        Files.writeString(dir.resolve("tok.mlir"), "func.func @main() -> !stablehlo.token {\n"
                + "  %0 = stablehlo.create_token : !stablehlo.token\n  return %0 : !stablehlo.token\n}\n");
        assertEquals(1, run("--interpret", "--results-json=o.json", "tok.mlir"));
        assertTrue(err().contains("error: result 0 of @main (!stablehlo.token) cannot be written as JSON"), err());
        assertFalse(Files.exists(dir.resolve("o.json")));
    }
}
