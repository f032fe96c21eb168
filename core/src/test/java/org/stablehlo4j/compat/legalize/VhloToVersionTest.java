package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionException;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassRegistry;

class VhloToVersionTest {
    private static final String ACCURACY = "#stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, "
            + "ulps = 0, mode = #stablehlo.result_accuracy_mode<%s>>";

    static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
    }

    static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
    }

    static String cbrt(String mode) {
        return "func.func @f(%arg0: tensor<f32>) -> tensor<f32> {\n"
                + "  %0 = \"stablehlo.cbrt\"(%arg0) {result_accuracy = " + String.format(ACCURACY, mode)
                + "} : (tensor<f32>) -> tensor<f32>\n"
                + "  func.return %0 : tensor<f32>\n}\n";
    }

    static ModuleOp toVersion(String source, String target) throws DiagnosticException {
        return VhloToVersion.convert(Legalize.stablehloToVhlo(parse(source), false), VhloToVersion.target(target));
    }

    @Test
    void targetsAreValidatedWithUpstreamMessages() {
        assertTrue(assertThrows(VersionException.class, () -> VhloToVersion.target("")).getMessage()
                .startsWith("No target version specified."));
        assertTrue(assertThrows(VersionException.class, () -> VhloToVersion.target("x.y.z")).getMessage()
                .startsWith("Invalid target version argument 'x.y.z'"));
        assertTrue(assertThrows(VersionException.class, () -> VhloToVersion.target("0.0.0")).getMessage()
                .startsWith("target version 0.0.0 is less than minimum supported"));
        assertTrue(assertThrows(VersionException.class, () -> VhloToVersion.target("100.10.10")).getMessage()
                .startsWith("target version 100.10.10 is greater than current version"));
        assertEquals(Version.current(), VhloToVersion.target("current"));
        assertEquals(Version.parse("1.4.0"), VhloToVersion.target("1.4.1"));
    }

    @Test
    void defaultAttributeIsDroppedOnDowngradeAndRestoredOnUpgrade() throws DiagnosticException {
        ModuleOp old = toVersion(cbrt("DEFAULT"), "1.9.0");
        String text = print(old);
        assertTrue(text.contains("\"vhlo.cbrt_v1\"(%arg0) : "), text);
        ModuleOp back = VhloToVersion.convert(old, Version.current());
        String current = print(back);
        assertTrue(current.contains("\"vhlo.cbrt_v2\"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<"),
                current);
        // And legalizing back gives the program without the (default) attribute.
        String shlo = print(Legalize.vhloToStablehlo(back));
        assertTrue(shlo.contains("\"stablehlo.cbrt\"(%arg0) : (tensor<f32>) -> tensor<f32>"), shlo);
    }

    /** The users of {@code v}, oldest use first, as {@code name#operand}. */
    private static List<String> users(org.stablehlo4j.ir.Value v) {
        return v.uses().stream().map(u -> u.user().name() + "#" + u.index()).toList();
    }

    @Test
    void replacedOpsGetUpstreamUseOrders() throws DiagnosticException {
        String src = "func.func @f(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {\n"
                + "  %0 = \"stablehlo.cbrt\"(%arg0) {result_accuracy = " + String.format(ACCURACY, "DEFAULT")
                + "} : (tensor<f32>) -> tensor<f32>\n"
                + "  %1 = \"stablehlo.abs\"(%0) : (tensor<f32>) -> tensor<f32>\n"
                + "  %2 = \"stablehlo.negate\"(%arg0) : (tensor<f32>) -> tensor<f32>\n"
                + "  %3 = \"stablehlo.negate\"(%0) : (tensor<f32>) -> tensor<f32>\n"
                + "  func.return %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>\n}\n";
        // No replacement at the current version: uses in program order.
        org.stablehlo4j.ir.Block body = toVersion(src, "current").body().operations().get(0).region(0).entry();
        assertEquals(List.of("vhlo.cbrt_v2#0", "vhlo.negate_v1#0"), users(body.argument(0)));
        assertEquals(List.of("vhlo.abs_v1#0", "vhlo.negate_v1#0"),
                users(body.operations().get(0).result(0)));
        // cbrt_v2 -> cbrt_v1 is a replacement: its operand use is the newest, its result's uses are reversed.
        body = toVersion(src, "1.9.0").body().operations().get(0).region(0).entry();
        assertEquals("vhlo.cbrt_v1", body.operations().get(0).name());
        assertEquals(List.of("vhlo.negate_v1#0", "vhlo.cbrt_v1#0"), users(body.argument(0)));
        List<String> resultUsers = users(body.operations().get(0).result(0));
        assertEquals(List.of("vhlo.negate_v1#0", "vhlo.abs_v1#0"), resultUsers);
        assertFalse(body.operations().get(3).operands().isEmpty());
        assertTrue(body.operations().get(3).operand(0) == body.operations().get(0).result(0));
    }

    @Test
    void nonDefaultAttributeCannotBeDowngraded() {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> toVersion(cbrt("HIGHEST"), "1.9.0"));
        List<Diagnostic> d = e.diagnostics();
        assertEquals(2, d.size());
        assertEquals("failed to legalize operation 'vhlo.cbrt_v2' that was explicitly marked illegal",
                d.get(0).message());
        assertEquals("failed to convert VHLO to v1.9.0", d.get(1).message());
    }

    @Test
    void newTypeMakesTheFunctionIllegal() {
        String src = "func.func @f(%arg0: tensor<f4E2M1FN>) -> tensor<f4E2M1FN> {\n"
                + "  func.return %arg0 : tensor<f4E2M1FN>\n}\n";
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> toVersion(src, "1.7.0"));
        assertEquals("failed to legalize operation 'vhlo.func_v1' that was explicitly marked illegal",
                e.diagnostics().get(0).message());
        assertEquals("failed to convert VHLO to v1.7.0", e.diagnostics().get(1).message());
    }

    @Test
    void variadicOpWithOneOperandDowngradesToItsSingleOperandVersion() throws DiagnosticException {
        String src = "func.func @f(%arg0: tensor<8xf32>) -> tensor<16xf32> {\n"
                + "  %0 = \"stablehlo.all_gather\"(%arg0) {all_gather_dim = 0 : i64, "
                + "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8xf32>) -> tensor<16xf32>\n"
                + "  func.return %0 : tensor<16xf32>\n}\n";
        String v14 = print(toVersion(src, "1.4.0"));
        assertTrue(v14.contains("\"vhlo.all_gather_v1\""), v14);
        assertTrue(print(toVersion(src, "current")).contains("\"vhlo.all_gather_v2\""));
        String two = src.replace("(%arg0)", "(%arg0, %arg0)").replace("(tensor<8xf32>) -> tensor<16xf32>\n",
                "(tensor<8xf32>, tensor<8xf32>) -> (tensor<16xf32>, tensor<16xf32>)\n").replace("%0 =", "%0:2 =")
                .replace("return %0 :", "return %0#0 :");
        assertThrows(DiagnosticException.class, () -> toVersion(two, "1.4.0"));
    }

    @Test
    void promotedReductionTypesNeedVersion0170() throws DiagnosticException {
        String src = "func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f64> {\n"
                + "  %0 = \"stablehlo.reduce\"(%arg0, %arg1) ({\n"
                + "  ^bb0(%a: tensor<f64>, %b: tensor<f64>):\n"
                + "    %1 = \"stablehlo.add\"(%a, %b) : (tensor<f64>, tensor<f64>) -> tensor<f64>\n"
                + "    \"stablehlo.return\"(%1) : (tensor<f64>) -> ()\n"
                + "  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f64>\n"
                + "  func.return %0 : tensor<f64>\n}\n";
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> toVersion(src, "0.16.0"));
        assertEquals("failed to legalize operation 'vhlo.reduce_v1' that was explicitly marked illegal",
                e.diagnostics().get(0).message());
        assertFalse(print(toVersion(src, "0.17.0")).isEmpty());
    }

    @Test
    void passesAreRegistered() throws DiagnosticException {
        ModuleOp m = parse(cbrt("DEFAULT"));
        String before = print(m);
        for (String spec : new String[] {"stablehlo-legalize-to-vhlo", "vhlo-to-version=target=1.9.0",
                "vhlo-to-version=target=current", "vhlo-legalize-to-stablehlo"}) {
            int eq = spec.indexOf('=');
            Pass p = TestContexts.passes().lookup(eq < 0 ? spec : spec.substring(0, eq))
                    .create(eq < 0 ? "" : spec.substring(eq + 1));
            p.run(m);
        }
        // The explicit default attribute is gone; everything else is as before.
        String without = before.replaceFirst(" <\\{result_accuracy = [^\\n]*\\}> :", " :");
        assertTrue(!without.equals(before) && !without.contains("result_accuracy"), before);
        assertEquals(without, print(m));
        Pass bad = TestContexts.passes().lookup("vhlo-to-version").create("target=9.9.9");
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> bad.run(m));
        assertTrue(e.diagnostics().get(0).message().startsWith("target version 9.9.9 is greater"));
        assertThrows(IllegalArgumentException.class,
                () -> TestContexts.passes().lookup("stablehlo-legalize-to-vhlo").create("bogus=1"));
    }
}
