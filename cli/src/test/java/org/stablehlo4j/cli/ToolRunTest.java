package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Location;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drives the shared tool machinery (input, splitting, diagnostics, output) with a stand-in chunk processor:
 * a chunk containing {@code FAIL} fails with an error at that word; others are echoed upper-cased.
 */
class ToolRunTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Echo tool: opt-like (one buffer) or translate-like (each chunk its own buffer). */
    static final class EchoTool extends Tool {
        EchoTool(boolean separate) {
            super("echo-tool", List.of(), new String[] {"echo-tool", "test tool", null},
                    separate ? "" : SplitInput.DEFAULT_MARKER, separate);
        }

        @Override public boolean acceptExtra(String name, String value, String arg) { return false; }
        @Override void setToolOption(String name, Object value) { }
        @Override void prepare() {}

        @Override
        Output.Part processBytecode(SourceBuffer input, DiagnosticHandler handler) throws ToolException {
            throw new ToolException("error: reading MLIR bytecode is not implemented in stablehlo4j");
        }

        @Override
        Output.Part processText(String text, String name, int firstLine, DiagnosticHandler handler) {
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                int col = lines[i].indexOf("FAIL");
                if (col >= 0) {
                    handler.handle(Diagnostic.error(Location.FileLineCol.point(name, firstLine + i, col + 1),
                            "failed here"));
                    return null;
                }
            }
            return Output.Part.of(text.strip().toUpperCase().concat("\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private int run(Tool tool, String... args) {
        return tool.run(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private String err() { return err.toString(StandardCharsets.UTF_8); }

    @Test
    void splitChunksAreJoinedWithTheMarkerAndErrorsUseFileLines() throws IOException {
        Path in = file("in.mlir", "a\n// -----\nb\n// -----\nc FAIL\n// -----\nd\n");
        Path out = dir.resolve("out.txt");
        assertEquals(1, run(new EchoTool(false), "-split-input-file", in.toString(), "-o", out.toString()));
        assertFalse(Files.exists(out), "a failing run must not create the output");
        assertEquals(in + ":5:3: error: failed here\nc FAIL\n  ^\n", err());

        Path ok = file("ok.mlir", "a\n// -----\nb\n");
        assertEquals(0, run(new EchoTool(false), "--split-input-file", ok.toString(), "-o=" + out));
        assertEquals("A\n// -----\nB\n", Files.readString(out));
    }

    @Test
    void translateStyleChunksAreSeparateBuffers() throws IOException {
        Path in = file("in.mlir", "a\n// -----\nx\nFAIL\n");
        assertEquals(1, run(new EchoTool(true), "-split-input-file", in.toString()));
        assertEquals("within split at " + in + ":2 offset :3:1: error: failed here\nFAIL\n^\n", err());
    }

    @Test
    void verifyDiagnosticsAcrossChunks() throws IOException {
        Path in = file("v.mlir", "a\n// -----\n// expected-error@+1 {{failed}}\nFAIL\n// -----\nb\n");
        Path out = dir.resolve("v.out");
        assertEquals(0, run(new EchoTool(false), "-split-input-file", "-verify-diagnostics", in.toString(),
                "-o", out.toString()), err());
        assertEquals("A\n// -----\n// -----\nB\n", Files.readString(out));

        Path bad = file("w.mlir", "a\n// -----\n// expected-error@+1 {{other}}\nFAIL\n");
        assertEquals(1, run(new EchoTool(false), "-split-input-file", "-verify-diagnostics", bad.toString()));
        assertTrue(err().contains(bad + ":4:1: error: unexpected error: failed here"), err());
        assertTrue(err().contains(bad + ":3:4: error: expected error \"other\" was not produced"), err());
    }

    @Test
    void existingOutputIsKeptWhenTheRunFails() throws IOException {
        Path out = file("keep.txt", "old");
        Path in = file("f.mlir", "FAIL");
        assertEquals(1, run(new EchoTool(false), in.toString(), "-o", out.toString()));
        assertEquals("old", Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("f.mlir", "keep.txt"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void invalidUtf8IsRejectedWithItsOffset() throws IOException {
        Path in = dir.resolve("bad.mlir");
        Files.write(in, new byte[] {'o', 'k', '\n', (byte) 0xC3, '('});
        assertEquals(1, run(new EchoTool(false), in.toString()));
        assertEquals(in + ": error: invalid UTF-8 at byte offset 3\n", err());
    }

    @Test
    void bytecodeInputIsRoutedToTheBytecodeHook() throws IOException {
        Path in = dir.resolve("x.mlirbc");
        Files.write(in, new byte[] {'M', 'L', (byte) 0xEF, 'R', 0, (byte) 0xFF});
        assertEquals(1, run(new EchoTool(false), in.toString()));
        assertEquals("error: reading MLIR bytecode is not implemented in stablehlo4j\n", err());
    }

    @Test
    void missingInputAndMissingOutputDirectory() throws IOException {
        assertEquals(1, run(new EchoTool(false), dir.resolve("nope.mlir").toString()));
        Path in = file("f.mlir", "a");
        assertEquals(1, run(new EchoTool(false), in.toString(), "-o", dir.resolve("no/such/dir/x").toString()));
        assertEquals("cannot open input file '" + dir.resolve("nope.mlir")
                + "': No such file or directory\ncannot open output file '" + dir.resolve("no/such/dir/x")
                + "': No such file or directory\n", err());
    }
}
