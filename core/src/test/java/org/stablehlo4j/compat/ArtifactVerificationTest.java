package org.stablehlo4j.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.UnwritableIRException;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/**
 * Portable artifacts hold verified programs only: reading one verifies what was read (as upstream's
 * parseSourceString and deserialization pipeline do), and every writer refuses a program that does not verify.
 */
class ArtifactVerificationTest {
    /** Parses (the parser does not verify) a program with two functions named {@code main}. */
    private static ModuleOp twoMains(Context ctx) throws DiagnosticException {
        return AsmParser.parse(ctx, """
                func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                  return %arg0 : tensor<f32>
                }
                func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
                  return %0 : tensor<f32>
                }
                """, ParseOptions.of("t.mlir"));
    }

    private static List<String> messages(DiagnosticException e) {
        return e.diagnostics().stream().map(Diagnostic::message).collect(Collectors.toList());
    }

    @Test
    void deserializeVerifiesWhatItRead() throws DiagnosticException {
        Context ctx = TestContexts.standard();
        Version target = Version.current();
        // Written behind the writer's back (the bytecode writer itself does not verify).
        ModuleOp vhlo = PortableArtifacts.legalizeForSerialization(twoMains(ctx), target.toString(), false);
        byte[] artifact = BytecodeWriter.write(ctx, vhlo, PortableArtifactWriter.config(target));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> PortableArtifacts.deserializePortableArtifact(ctx, artifact, "a.mlirbc"));
        assertEquals(List.of("redefinition of symbol named 'main'",
                CompatibilityApi.deserializationFailureMessage()), messages(e));
    }

    @Test
    void serializeRefusesAProgramThatDoesNotVerify() throws DiagnosticException {
        Context ctx = TestContexts.standard();
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> PortableArtifacts.serializePortableArtifact(ctx, twoMains(ctx), "current", false));
        assertEquals(List.of("redefinition of symbol named 'main'"), messages(e));
        String text = "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
                + "  %1 = stablehlo.add %0, %a : tensor<f32>\n  %0 = stablehlo.add %a, %a : tensor<f32>\n"
                + "  return %1 : tensor<f32>\n}\n";
        DiagnosticException fromText = assertThrows(DiagnosticException.class,
                () -> PortableArtifacts.serializePortableArtifact(ctx, text, "current"));
        assertEquals("operand #0 does not dominate this use", messages(fromText).get(0));
    }

    @Test
    void theArtifactWriterRefusesVhloThatDoesNotVerify() throws DiagnosticException {
        Context ctx = TestContexts.standard();
        Version target = Version.current();
        ModuleOp valid = AsmParser.parse(ctx, """
                func.func @main(%a: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.add %a, %a : tensor<f32>
                  %1 = stablehlo.add %0, %a : tensor<f32>
                  return %1 : tensor<f32>
                }
                """, ParseOptions.of("t.mlir"));
        ModuleOp vhlo = PortableArtifacts.legalizeForSerialization(valid, target.toString(), false);
        PortableArtifactWriter.write(ctx, vhlo, target);
        // Swap the two adds in the VHLO function: the second now uses the first before its definition.
        Operation first = vhlo.body().first().region(0).entry().first();
        first.moveAfter(first.next());
        UnwritableIRException e = assertThrows(UnwritableIRException.class,
                () -> PortableArtifactWriter.write(ctx, vhlo, target));
        assertEquals("operand #0 does not dominate this use", e.getMessage());
    }
}
