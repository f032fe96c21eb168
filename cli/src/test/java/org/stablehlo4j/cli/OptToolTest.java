package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** stablehlo-opt end to end with the real parser and printer. */
class OptToolTest {
    private static final String PROGRAM = "\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n"
            + "  \"func.return\"() : () -> ()\n"
            + "}) : () -> ()\n";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int opt(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "opt";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.runGuarded(all, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String run(String input, String... flags) throws IOException {
        Path in = Files.writeString(dir.resolve("in.mlir"), input);
        Path out = dir.resolve("out.mlir");
        Files.deleteIfExists(out);
        String[] args = new String[flags.length + 3];
        System.arraycopy(flags, 0, args, 0, flags.length);
        args[flags.length] = in.toString();
        args[flags.length + 1] = "-o";
        args[flags.length + 2] = out.toString();
        assertEquals(0, opt(args), err.toString(StandardCharsets.UTF_8));
        return Files.readString(out);
    }

    @Test
    void outputParsesBackToTheSameText() throws IOException {
        String once = run(PROGRAM);
        assertTrue(once.startsWith("module {") && once.endsWith("}\n\n"), once); // MLIR: op, newline, tool newline
        assertEquals(once, run(once));
        String generic = run(PROGRAM, "--mlir-print-op-generic");
        assertTrue(generic.contains("\"func.func\"()"), generic);
        assertEquals(once, run(generic));
    }

    @Test
    void bytecodeOutputReadsBackToTheSameModule() throws IOException {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        Path bc = dir.resolve("out.mlirbc");
        assertEquals(0, opt("-emit-bytecode", in.toString(), "-o", bc.toString()), err.toString(StandardCharsets.UTF_8));
        byte[] bytes = Files.readAllBytes(bc);
        assertTrue(new SourceBuffer("x", bytes).isBytecode());
        Path back = dir.resolve("back.mlir");
        assertEquals(0, opt(bc.toString(), "-o", back.toString()), err.toString(StandardCharsets.UTF_8));
        assertEquals(run(PROGRAM), Files.readString(back));
    }

    @Test
    void stripDebugInfoRemovesFileLocations() throws IOException {
        String withLocs = run(PROGRAM, "--mlir-print-debuginfo");
        assertTrue(withLocs.contains("in.mlir\":2:3"), withLocs);
        String stripped = run(PROGRAM, "--strip-debuginfo", "--mlir-print-debuginfo");
        assertFalse(stripped.contains("in.mlir"), stripped);
        assertTrue(stripped.contains("loc(unknown)"), stripped);
    }

    @Test
    void splitOutputIsJoinedByTheMarker() throws IOException {
        String single = run(PROGRAM);
        assertEquals(single + "// -----\n" + single, run(PROGRAM + "// -----\n" + PROGRAM, "-split-input-file"));
        assertEquals(single + "===\n" + single,
                run(PROGRAM + "// -----\n" + PROGRAM, "-split-input-file", "--output-split-marker===="));
    }

    @Test
    void parseErrorsPointAtTheOriginalLine() throws IOException {
        Path in = Files.writeString(dir.resolve("bad.mlir"), PROGRAM + "// -----\n\n  %x = \n");
        assertEquals(1, opt("-split-input-file", in.toString()));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith(in + ":6:"), e);
    }

    private static final String BROADCAST_ERRORS = """
            // expected-error @+1 {{incompatible shapes for broadcasting 10 and 5}}
            func.func @f(%arg0: tensor<10xf64>, %arg1: tensor<5xf64>) -> !stablehlo.token {
              %0 = "hlo_test_broadcast.numpy_broadcast"(%arg0, %arg1) : (tensor<10xf64>, tensor<5xf64>) -> !stablehlo.token
              return %0 : !stablehlo.token
            }
            """;

    @Test
    void nonFatalPassErrorsArePrintedAndTheRunSucceeds() throws IOException {
        String out = run(BROADCAST_ERRORS, "--hlo-test-broadcast", "--allow-unregistered-dialect");
        assertTrue(out.contains("hlo_test_broadcast.numpy_broadcast"), out); // the op stays
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith(dir.resolve("in.mlir") + ":2:37: error: incompatible shapes for broadcasting 10 and 5\n"
                + "func.func @f(%arg0"), e);
        assertTrue(e.contains("\n" + " ".repeat(36) + "^\n"), e);
    }

    @Test
    void nonFatalPassErrorsCountForVerifyDiagnostics() throws IOException {
        Path in = Files.writeString(dir.resolve("in.mlir"), BROADCAST_ERRORS);
        assertEquals(0, opt("--hlo-test-broadcast", "--allow-unregistered-dialect", "--verify-diagnostics",
                in.toString(), "-o", dir.resolve("out.mlir").toString()), err.toString(StandardCharsets.UTF_8));
        Path unexpected = Files.writeString(dir.resolve("u.mlir"), BROADCAST_ERRORS.replace("// expected-error", "//"));
        assertEquals(1, opt("--hlo-test-broadcast", "--allow-unregistered-dialect", "--verify-diagnostics",
                unexpected.toString(), "-o", dir.resolve("out.mlir").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("error: unexpected error: incompatible shapes"));
    }
}
