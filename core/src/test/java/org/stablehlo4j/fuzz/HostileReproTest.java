package org.stablehlo4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Limits;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.verify.Verifier;

/**
 * The reproducers of issue 13 ({@code ../shared/reliability/repro}): each input, rebuilt here, ends in our typed
 * diagnostic at a precise place (or, when valid, in correct output), never in an exception, hang or huge
 * allocation. The bytecode inputs that cannot be rebuilt in a few lines are read from the shared folder when it
 * is there.
 */
class HostileReproTest {
    private static final Context CONTEXT = TestContexts.allowingUnregistered();

    /** Parses and verifies {@code text} as stablehlo-opt does; returns the first diagnostic (fails if none). */
    private static Diagnostic optError(String text) {
        AtomicReference<Diagnostic> d = new AtomicReference<>();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            DiagnosticException e = assertThrows(DiagnosticException.class, () -> {
                ModuleOp m = AsmParser.parse(CONTEXT, text, ParseOptions.of("repro.mlir"));
                Verifier.verify(CONTEXT, m);
            });
            d.set(e.diagnostics().get(0));
        });
        return d.get();
    }

    private static void assertErrorAt(String text, int line, int column, String message) {
        Diagnostic d = optError(text);
        assertEquals(message, d.message());
        assertTrue(d.location() instanceof Location.FileLineCol, "a file:line:col location: " + d.location());
        Location.FileLineCol at = (Location.FileLineCol) d.location();
        assertEquals("repro.mlir:" + line + ":" + column, at.file().value() + ":" + at.line() + ":" + at.column(),
                "location of: " + d.message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2147483647", "1000000001", "200000000", "0x7FF0000000000000"})
    void hugeSpatialIndexInAConvLayoutIsAnErrorNotAnAllocation(String index) {
        // T1a..T1d: the index used to size an array (negative size, 2 GB, a 50 s loop).
        String text = "module attributes {a = #stablehlo.conv<[b, " + index + ", f]x[0, i, o]->[b, 0, f]>} {}\n";
        Diagnostic d = optError(text);
        assertTrue(d.message().startsWith("Expected spatial dimensions 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"), d.message());
    }

    @Test
    void missingSpatialDimensionsAreListed() {
        assertEquals("Expected spatial dimensions 1 not specified",
                optError("module attributes {a = #stablehlo.conv<[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]>} {}\n")
                        .message());
    }

    @Test
    void hexScaleOfAQuantizedTypeIsItsBits() {
        // T2: NumberFormatException; MLIR reads a hex literal as the double's bits (here +inf, out of range).
        assertErrorAt("func.func @f(%a: tensor<1x!quant.uniform<i8:f32, 0x7FF0000000000000>>) {\n  return\n}\n",
                1, 50, "scale INF out of expressed type range [1.401298e-45, 3.402823e+38]");
    }

    @Test
    void zeroWidthDenseElementsAreNotADivisionByZero() throws DiagnosticException {
        // T3: the constant itself is rejected by stablehlo.constant's type constraint, at the op.
        Diagnostic d = optError("func.func @f() {\n  %0 = stablehlo.constant dense<0> : tensor<2xi0>\n  return\n}\n");
        assertTrue(d.message().startsWith("'stablehlo.constant' op result #0 must be statically shaped tensor"),
                d.message());
        // ...and as an attribute it is valid and prints back.
        String ok = "func.func @f() attributes {a = array<i0: 0>, b = dense<0> : tensor<2xi0>} {\n  return\n}\n";
        Harness.text(CONTEXT, ok);
        assertTrue(print(ok).contains("{a = array<i0: 0>, b = dense<0> : tensor<2xi0>}"));
        assertEquals("integer constant out of range for type",
                optError("func.func @f() attributes {a = array<i0: 1>} {\n  return\n}\n").message());
    }

    @Test
    void hugeBitWidthsDoNotTurnShortListsIntoHugeAllocations() {
        // i16777215 takes 2 MiB per element: 600 listed elements would be 1.2 GB from a 1.3 KB file.
        String ones = String.join(",", java.util.Collections.nCopies(600, "1"));
        assertEquals("array attribute is too large",
                optError("func.func @f() attributes {a = array<i16777215: " + ones + ">} {\n  return\n}\n").message());
        assertEquals("elements literal is too large", optError("func.func @f() attributes {a = dense<[" + ones
                + "]> : tensor<600xi16777215>} {\n  return\n}\n").message());
    }

    private static String print(String text) throws DiagnosticException {
        return AsmPrinter.print(CONTEXT, AsmParser.parse(CONTEXT, text, ParseOptions.of("x.mlir")), PrintOptions.DEFAULT);
    }

    @Test
    void funcFuncWithOperandsAndNoRegionIsRejected() {
        // B1 (text form): used to pass verification and crash the printer.
        assertErrorAt("func.func @main(%a: tensor<2xi64>) -> tensor<2xi64> {\n"
                + "  %0 = \"func.func\"(%a, %a) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>\n"
                + "  return %0 : tensor<2xi64>\n}\n", 2, 3, "'func.func' op requires one region");
    }

    @Test
    void opsThatDoNotFitTheirDefinitionPrintGenerically() throws DiagnosticException {
        // B1, B2, B4, B5 after deserialization: a func.func without its region, a dot_general without its
        // dimension numbers, a select with one operand, a tuple without a result. Built unverified here (as the
        // bytecode reader builds them) and printed: the generic form, which parses back to the same module.
        String generic = "\"builtin.module\"() ({\n"
                + "  \"func.func\"() <{function_type = (tensor<2xi64>) -> tensor<2xi64>, sym_name = \"main\"}> ({\n"
                + "  ^bb0(%arg0: tensor<2xi64>):\n"
                + "    %0 = \"func.func\"(%arg0, %arg0) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>\n"
                + "    %1 = \"stablehlo.dot_general\"(%arg0, %arg0) : (tensor<2xi64>, tensor<2xi64>) -> tensor<i64>\n"
                + "    %2 = \"stablehlo.select\"(%arg0) : (tensor<2xi64>) -> tensor<2xi64>\n"
                + "    \"stablehlo.tuple\"(%arg0) : (tensor<2xi64>) -> ()\n"
                + "    \"func.return\"(%0) : (tensor<2xi64>) -> ()\n"
                + "  }) : () -> ()\n"
                + "}) : () -> ()\n";
        ModuleOp m = AsmParser.parse(CONTEXT, generic, ParseOptions.of("g.mlir"));
        String pretty = AsmPrinter.print(CONTEXT, m, PrintOptions.DEFAULT);
        for (String op : List.of("\"func.func\"(%arg0, %arg0)", "\"stablehlo.dot_general\"(%arg0, %arg0)",
                "\"stablehlo.select\"(%arg0)", "\"stablehlo.tuple\"(%arg0)")) {
            assertTrue(pretty.contains(op), op + " in generic form:\n" + pretty);
        }
        ModuleOp again = AsmParser.parse(CONTEXT, pretty, ParseOptions.of("p.mlir"));
        assertEquals(pretty, AsmPrinter.print(CONTEXT, again, PrintOptions.DEFAULT));
        assertThrows(DiagnosticException.class, () -> Verifier.verify(CONTEXT, m));
    }

    /** {@code depth} nested {@code "test.op"() ({ ... })} regions inside the module, a leaf op innermost. */
    private static String nestedRegions(int depth) {
        return "\"test.op\"() ({\n".repeat(depth) + "\"test.leaf\"() : () -> ()\n" + "}) : () -> ()\n".repeat(depth);
    }

    @Test
    void regionsNestedBeyondTheLimitAreRejectedByBytecodeToo() throws Exception {
        // B8: the reader accepted 4096 levels where text stops at 256; both now share Limits.MAX_NESTING. The
        // bytecode is written from a module nested past the limit, grafted together from two modules within it.
        ModuleOp inner = AsmParser.parse(CONTEXT, nestedRegions(Limits.MAX_NESTING / 2), ParseOptions.of("d.mlir"));
        org.stablehlo4j.ir.Block deepest = inner.op().region(0).entry();
        while (deepest.operations().get(0).numRegions() > 0) deepest = deepest.operations().get(0).region(0).entry();
        ModuleOp extra = AsmParser.parse(CONTEXT, nestedRegions(Limits.MAX_NESTING / 2 + 8), ParseOptions.of("e.mlir"));
        Operation more = extra.op().region(0).entry().operations().get(0);
        more.remove();
        deepest.append(more);
        byte[] bytes = BytecodeWriter.write(CONTEXT, inner, "test");
        BytecodeException e = assertThrows(BytecodeException.class,
                () -> BytecodeReader.read(CONTEXT, bytes, "deep.mlir.bc", true));
        String message = e.diagnostics().get(0).message();
        assertTrue(message.startsWith("region nesting exceeds the limit of " + Limits.MAX_NESTING + " (IR section, byte offset "),
                message);
    }

    @Test
    void aModuleAtTheNestingLimitPrintsAndVerifiesOnADefaultStack() throws Exception {
        // The deepest module text accepts: regions, with a type and an attribute nested as deep inside.
        int regions = Limits.MAX_NESTING - 12;
        String type = "tuple<".repeat(4) + "i32" + ">".repeat(4);
        String text = "\"test.op\"() ({\n".repeat(regions) + "\"test.leaf\"() {a = " + "[".repeat(3) + "1" + "]".repeat(3)
                + "} : () -> " + type + "\n" + "}) : () -> ()\n".repeat(regions);
        ModuleOp m = AsmParser.parse(CONTEXT, text, ParseOptions.of("deep.mlir"));
        byte[] bytes = BytecodeWriter.write(CONTEXT, m, "test");
        AtomicReference<Throwable> crash = new AtomicReference<>();
        AtomicReference<String> printed = new AtomicReference<>();
        // A thread with the JVM's default stack size (0 = default), as any library user's thread has.
        Thread t = new Thread(null, () -> {
            try {
                ModuleOp read = BytecodeReader.read(CONTEXT, bytes, "deep.mlir.bc", true);
                Verifier.verify(CONTEXT, read);
                printed.set(AsmPrinter.print(CONTEXT, read, PrintOptions.DEFAULT));
                AsmPrinter.print(CONTEXT, read, new PrintOptions(true, false, false));
                Harness.checkPrintsBack(CONTEXT, read);
            } catch (Throwable e) {
                crash.set(e);
            }
        }, "default-stack", 0);
        t.start();
        t.join();
        if (crash.get() != null) fail("a module within the limit must print and verify", crash.get());
        assertNotNull(printed.get());
        assertTrue(printed.get().contains("\"test.leaf\"()"));
    }

    // ------------------------------------------------------------------ the shared bytecode reproducers

    private static byte[] sharedRepro(String name) throws Exception {
        Path shared = SeedCorpus.shared();
        Path f = shared == null ? null : shared.resolve("reliability/repro").resolve(name);
        Assumptions.assumeTrue(f != null && Files.isRegularFile(f), "shared reproducer " + name + " not present");
        return Files.readAllBytes(f);
    }

    @ParameterizedTest
    @ValueSource(strings = {"B1_printFunc_IOOBE.mlir.bc", "B2_printAttributeImpl_NPE.mlir.bc",
        "B4_printTypeImpl_NPE.mlir.bc", "B5_Directives2_print_NPE.mlir.bc"})
    void deserializedModulesThatDoNotVerifyStillPrintAndAreRejected(String name) throws Exception {
        byte[] data = sharedRepro(name);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            DiagnosticException e = assertThrows(DiagnosticException.class, () -> Harness.bytecode(CONTEXT, data));
            Diagnostic d = e.diagnostics().get(0);
            // A verifier's diagnostic (these artifacts carry no locations), e.g. "'stablehlo.select' op expected 3
            // operands, but found 1", from the deserializer's own verification or from the harness's.
            assertTrue(!d.message().isBlank() && !d.message().contains("Exception"), d.toString());
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"B3_fieldToComponent198_CCE.mlir.bc", "B6_fieldToComponent200_CCE.mlir.bc",
        "B7_fieldToComponent202_CCE.mlir.bc"})
    void vhloStructFieldsOfTheWrongKindFailLegalization(String name) throws Exception {
        byte[] data = sharedRepro(name);
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Harness.bytecode(CONTEXT, data));
        String all = e.diagnostics().toString();
        assertTrue(all.contains("failed to legalize operation 'vhlo."), all);
    }

    @Test
    void sharedDeepRegionsReproIsRejectedAtItsByteOffset() throws Exception {
        byte[] data = sharedRepro("B8_deep_regions_1000_printer_SOE.mlir.bc");
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Harness.bytecode(CONTEXT, data));
        assertTrue(e.diagnostics().toString().contains("region nesting exceeds the limit of 256 (IR section, byte offset"),
                e.diagnostics().toString());
    }

    /**
     * {@code interpret-vhlo-trunk-producer.mlir.bc}: a portable artifact whose producer is {@code MLIRxxx-trunk}
     * (JAX's exports of early 2023), not {@code StableHLO_vX.Y.Z}. Its dialect section names VHLO, which is how
     * {@code stablehlo-translate --interpret} recognizes it (the CLI's {@code InterpretEntryTest} runs it), and it
     * deserializes to a StableHLO {@code @main}.
     */
    @Test
    void sharedTrunkProducerArtifactIsRecognizedByItsVhloDialect() throws Exception {
        byte[] data = sharedRepro("interpret-vhlo-trunk-producer.mlir.bc");
        BytecodeReader.FileInfo info = BytecodeReader.describe(data, "repro.mlir.bc");
        assertEquals("MLIRxxx-trunk", info.producer());
        assertTrue(info.dialectVersions().containsKey("vhlo"), info.dialectVersions().keySet().toString());
        assertEquals(null, BytecodeReader.getPortableArtifactVersion(data));
        ModuleOp m = org.stablehlo4j.compat.legalize.PortableArtifacts.deserializePortableArtifact(
                TestContexts.standard(), data, "repro.mlir.bc");
        Operation main = m.body().operations().get(0);
        assertEquals("func.func", main.name());
        assertEquals("main", ((org.stablehlo4j.ir.StringAttr) main.attr("sym_name")).value());
    }
}
