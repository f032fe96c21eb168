package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LlvmArgsTest {
    private static OptTool opt(String... args) throws ToolException {
        OptTool t = new OptTool();
        t.parseCommandLine(args);
        return t;
    }

    private static TranslateTool translate(String... args) throws ToolException {
        TranslateTool t = new TranslateTool();
        t.parseCommandLine(args);
        return t;
    }

    @Test
    void singleAndDoubleDashAreTheSame() throws ToolException {
        for (String dash : List.of("-", "--")) {
            OptTool t = opt(dash + "split-input-file", dash + "verify-diagnostics", dash + "mlir-print-op-generic",
                    dash + "allow-unregistered-dialect", "in.mlir");
            assertEquals(SplitInput.DEFAULT_MARKER, t.splitMarker);
            assertEquals("all", t.verifyDiagnostics);
            assertTrue(t.printGeneric);
            assertTrue(t.allowUnregisteredDialect);
            assertFalse(t.printDebugInfo);
            assertEquals("in.mlir", t.input);
        }
    }

    @Test
    void defaultsReadStdinAndWriteStdout() throws ToolException {
        OptTool t = opt();
        assertEquals("-", t.input);
        assertEquals("-", t.output);
        assertNull(t.splitMarker);
        assertNull(t.verifyDiagnostics);
    }

    @Test
    void valueFormsOfOutput() throws ToolException {
        assertEquals("a.mlir", opt("-o", "a.mlir").output);
        assertEquals("b.mlir", opt("-o=b.mlir").output);
        assertEquals("c.mlir", opt("--o", "c.mlir", "x").output);
        ToolException e = assertThrows(ToolException.class, () -> opt("-o"));
        assertEquals("stablehlo-opt: for the -o option: requires a value!", e.getMessage());
    }

    @Test
    void optionalValueNeverConsumesTheNextArgument() throws ToolException {
        OptTool t = opt("-split-input-file", "file.mlir");
        assertEquals(SplitInput.DEFAULT_MARKER, t.splitMarker);
        assertEquals("file.mlir", t.input);
        assertEquals("// ===", opt("--split-input-file=// ===").splitMarker);
        assertEquals("only-expected", opt("--verify-diagnostics=only-expected").verifyDiagnostics);
    }

    @Test
    void booleanValues() throws ToolException {
        assertTrue(opt("--mlir-print-debuginfo=true").printDebugInfo);
        assertTrue(opt("--mlir-print-debuginfo=1").printDebugInfo);
        assertFalse(opt("--mlir-print-debuginfo=false").printDebugInfo);
        assertFalse(opt("-verify-each=0").verifyEach);
        ToolException e = assertThrows(ToolException.class, () -> opt("--emit-bytecode=maybe"));
        assertTrue(e.getMessage().contains("'maybe' is invalid value for boolean argument"), e.getMessage());
    }

    @Test
    void passesAreKeptInOrderWithTheirOptions() throws ToolException {
        OptTool t = opt("--stablehlo-legalize-to-vhlo", "-inline", "in.mlir", "--vhlo-to-version=target=1.9.0",
                "-pass-pipeline=builtin.module(canonicalize)", "--strip-debuginfo", "-debug-only=vhlo-bytecode");
        assertEquals(List.of("stablehlo-legalize-to-vhlo", "inline", "vhlo-to-version", "pass-pipeline",
                "strip-debuginfo", "debug-only"), t.passSpecs.stream().map(PassSpec::name).toList());
        assertEquals("target=1.9.0", t.passSpecs.get(2).options());
        assertEquals("builtin.module(canonicalize)", t.passSpecs.get(3).options());
        assertEquals("in.mlir", t.input);
    }

    @Test
    void unknownFlagIsAnErrorLikeLlvm() {
        ToolException e = assertThrows(ToolException.class, () -> opt("-foo"));
        assertEquals("stablehlo-opt: Unknown command line argument '-foo'.  Try: 'stablehlo-opt --help'",
                e.getMessage());
        // A translate-only flag is unknown to opt and vice versa.
        assertThrows(ToolException.class, () -> opt("--serialize"));
        assertThrows(ToolException.class, () -> translate("--emit-bytecode", "--interpret"));
    }

    @Test
    void positionalsAndDoubleDash() throws ToolException {
        assertEquals("-", opt("-").input);
        assertEquals("-weird.mlir", opt("--", "-weird.mlir").input);
        ToolException e = assertThrows(ToolException.class, () -> opt("a.mlir", "b.mlir"));
        assertTrue(e.getMessage().startsWith("stablehlo-opt: Too many positional arguments specified!"));
        assertThrows(ToolException.class, () -> opt("-split-input-file", "--split-input-file"));
    }

    @Test
    void translateFlags() throws ToolException {
        TranslateTool t = translate("--serialize", "--target=1.0.0", "-strip-debuginfo", "--allow-other-dialects",
                "x.mlir");
        assertEquals(List.of(TranslateTool.Translation.SERIALIZE), t.translations);
        assertEquals("1.0.0", t.target);
        assertTrue(t.stripDebugInfo);
        assertTrue(t.allowOtherDialects);
        t = translate("-deserialize", "-print-stablehlo-version", "--interpret", "--args=[dense<1> : tensor<i32>]",
                "-target", "current");
        assertEquals(List.of(TranslateTool.Translation.DESERIALIZE, TranslateTool.Translation.INTERPRET),
                t.translations);
        assertTrue(t.printVersion);
        assertEquals("[dense<1> : tensor<i32>]", t.interpreterArgs);
        assertEquals("current", t.target);
    }
}
