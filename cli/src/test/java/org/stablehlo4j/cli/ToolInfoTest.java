package org.stablehlo4j.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.pass.PassRegistry;

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

/** {@code --version}, {@code --help}'s pass list and the errors for pass names the tools do not know. */
class ToolInfoTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Known passes as the unknown-pass error lists them. */
    private static final String KNOWN = "canonicalize, chlo-legalize-to-stablehlo, chlo-pre-serialization-pipeline, cse, "
            + "hlo-test-broadcast, hlo-test-infer, hlo-test-speculatability, inline, "
            + "interpreter-instrument-with-probe, reconcile-unrealized-casts, shape-legalize-to-stablehlo, "
            + "stablehlo-aggressive-folder, stablehlo-aggressive-simplification, stablehlo-canonicalize-dynamism, "
            + "stablehlo-check-shape-assertions, stablehlo-compatibility-expander, "
            + "stablehlo-complex-math-expander, stablehlo-convert-to-signless, stablehlo-deserialize, "
            + "stablehlo-legalize-composite-to-call, stablehlo-legalize-deprecated-ops, "
            + "stablehlo-legalize-qdq-to-quantized-op, stablehlo-legalize-quant-to-math, "
            + "stablehlo-legalize-quantized-op-to-qdq, stablehlo-legalize-to-vhlo, stablehlo-refine-arguments, "
            + "stablehlo-refine-shapes, stablehlo-target-independent-optimization, stablehlo-wrap-in-composite, "
            + "strip-debuginfo, vhlo-legalize-to-stablehlo, vhlo-to-version";

    private int run(String... args) {
        ToolIO.set(new ToolIO.Context(new ByteArrayInputStream("func.func @main() { return }\n"
                .getBytes(StandardCharsets.UTF_8)), out, dir));
        return Main.runGuarded(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void reset() {
        ToolIO.set(null);
    }

    private String out() { return out.toString(StandardCharsets.UTF_8); }

    private String err() { return err.toString(StandardCharsets.UTF_8); }

    @Test
    void versionOfBothTools() {
        String version = Tool.projectVersion();
        assertTrue(version.matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), version);
        String expected = "stablehlo4j " + version + "\nStableHLO 1.20.0 (portable artifacts from 0.9.0 to 1.20.0)\n";
        assertEquals(0, run("opt", "--version"));
        assertEquals(expected, out());
        out.reset();
        assertEquals(0, run("translate", "-version"));
        assertEquals(expected, out());
        assertEquals("", err());
    }

    @Test
    void helpListsEveryPassWithItsDescription() {
        assertEquals(0, run("opt", "--help"));
        String help = out();
        PassRegistry registry = org.stablehlo4j.init.AllPasses.registry();
        int width = 0;
        for (String name : registry.names()) width = Math.max(width, name.length());
        for (String name : registry.names()) {
            String description = registry.description(name);
            assertFalse(description.isBlank(), name + " has no description");
            assertFalse(description.contains("\n"), name);
            String line = "  --" + name + " ".repeat(width - name.length() + 2) + description + "\n";
            assertTrue(help.contains(line), line + " not in\n" + help);
        }
        assertTrue(help.contains("\n  --inline" + " ".repeat(width - 4) + "Inline function calls\n"), help);
        assertTrue(help.contains("Passes (run in the order given):\n"), help);
        assertTrue(help.contains("--version"), help);
    }

    @Test
    void helpShowsOptionalValuesWithOneEqualsSign() {
        assertEquals(0, run("translate", "--help"));
        String help = out();
        assertTrue(help.contains("--split-input-file[=<marker>]"), help);
        assertTrue(help.contains("--verify-diagnostics[=all|only-expected]"), help);
        assertFalse(help.contains("[=="), help);
        assertFalse(help.contains("Passes ("), help);
    }

    @Test
    void misspeltPassFlagIsAnUnknownPass() {
        assertEquals(1, run("opt", "--stablehlo-typo", "-"));
        assertEquals("error: unknown pass 'stablehlo-typo' (known passes: " + KNOWN + ")\n", err());
        assertEquals("", out());
    }

    @Test
    void upstreamPassWeLackIsNotImplemented() {
        assertEquals(1, run("opt", "--stablehlo-legalize-to-linalg", "-"));
        assertEquals("error: pass '--stablehlo-legalize-to-linalg' is not implemented in stablehlo4j\n", err());
        err.reset();
        assertEquals(1, run("opt", "--stablehlo-legalize-to-linalg", "-"));
        assertEquals("error: pass '--stablehlo-legalize-to-linalg' is not implemented in stablehlo4j\n", err());
        err.reset();
        // core MLIR's namespaces: not listed in full, so not called unknown
        assertEquals(1, run("opt", "--tosa-infer-shapes", "-"));
        assertEquals("error: pass '--tosa-infer-shapes' is not implemented in stablehlo4j\n", err());
    }

    @Test
    void pipelineEntriesAreCheckedTheSameWay() {
        assertEquals(1, run("opt", "--pass-pipeline=builtin.module(inline,stablehlo-typo)", "-"));
        assertEquals("error: unknown pass 'stablehlo-typo' (known passes: " + KNOWN + ")\n", err());
        err.reset();
        // in a pipeline every entry is a pass, pass-shaped or not
        assertEquals(1, run("opt", "--pass-pipeline=builtin.module(foo)", "-"));
        assertEquals("error: unknown pass 'foo' (known passes: " + KNOWN + ")\n", err());
        err.reset();
        assertEquals(1, run("opt", "--pass-pipeline=builtin.module(symbol-dce)", "-"));
        assertEquals("error: pass '--symbol-dce' is not implemented in stablehlo4j\n", err());
    }

    @Test
    void otherFlagsKeepLlvmsUnknownArgumentText() {
        assertEquals(1, run("opt", "--foo", "-"));
        assertEquals("stablehlo-opt: Unknown command line argument '--foo'.  Try: 'stablehlo-opt --help'\n", err());
        err.reset();
        assertEquals(1, run("translate", "--stablehlo-typo", "-"));
        assertEquals("stablehlo-translate: Unknown command line argument '--stablehlo-typo'.  Try: "
                + "'stablehlo-translate --help'\n", err());
    }

    @Test
    void deeplyNestedInputEchoesAWindowOfTheLine() throws IOException {
        String text = "func.func @main() -> tensor<" + "tuple<".repeat(300) + "f32" + ">".repeat(300) + "> { return }\n";
        Path in = dir.resolve("deep.mlir");
        Files.writeString(in, text);
        assertEquals(1, run("opt", in.toString()));
        int column = "func.func @main() -> tensor<".length() + 6 * 256; // the 256th "<"
        String window = "..." + text.substring(column - 1 - 80, column - 1 + 80) + "...";
        assertEquals(in + ":1:" + column + ": error: nesting depth exceeded: more than 256 nested levels\n"
                + window + "\n" + " ".repeat(83) + "^\n", err());
    }
}
