package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

/** Options, limits and errors of {@code --stablehlo-compatibility-expander} that upstream's lit tests leave out. */
class CompatibilityExpanderPassTest {
    private static ModuleOp parse(String text) throws Exception {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void theTargetIsRequiredWellFormedAndSupported() {
        assertEquals(new Version(1, 0, 0), CompatibilityExpanderPass.target("1.0.0"));
        assertTrue(message("").contains("No target version specified"), message(""));
        assertTrue(message("target=1.x").contains("Invalid target version argument '1.x'"), message("target=1.x"));
        assertTrue(message("target=0.1.0").contains("is less than minimum supported"), message("target=0.1.0"));
        assertTrue(message("target=99.0.0").contains("is greater than current version"), message("target=99.0.0"));
        assertEquals("pass 'stablehlo-compatibility-expander': unknown option 'version' (known options: target)", message("version=1.0.0"));
        // quoted values, as a pass pipeline gives them
        CompatibilityExpanderPass.fromOptions("target='1.2.3'");
        CompatibilityExpanderPass.fromOptions("target=\"1.2.3\"");
    }

    private static String message(String options) {
        return assertThrows(IllegalArgumentException.class, () -> CompatibilityExpanderPass.fromOptions(options))
                .getMessage();
    }

    @Test
    void whatIsExpandedIsCountedPerFeatureAndNothingAtTheCurrentVersion() throws Exception {
        String program = """
                func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = stablehlo.tan %a : tensor<4xf32>
                  %1 = stablehlo.tan %0 : tensor<4xf32>
                  return %1 : tensor<4xf32>
                }
                """;
        ModuleOp m = parse(program);
        CompatibilityExpanderPass.Expansion none = CompatibilityExpanderPass.expand(m.op(), Version.current());
        assertTrue(none.isEmpty());
        assertEquals(2, print(m).split("stablehlo.tan").length - 1);
        CompatibilityExpanderPass.Expansion e = CompatibilityExpanderPass.expand(m.op(), new Version(1, 3, 9));
        assertEquals(Map.of("stablehlo.tan", 2), e.counts());
        assertEquals(List.of("expanded 2 x stablehlo.tan for StableHLO 1.3.9"), e.lines());
        assertFalse(print(m).contains("stablehlo.tan"), print(m));
    }

    @Test
    void nonDefaultAccuracyTanIsKept() throws Exception {
        ModuleOp m = parse("""
                func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = stablehlo.tan %a {result_accuracy = #stablehlo.result_accuracy<ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
                  return %0 : tensor<4xf32>
                }
                """);
        assertTrue(CompatibilityExpanderPass.expand(m.op(), new Version(1, 0, 0)).isEmpty());
        assertTrue(print(m).contains("stablehlo.tan"), print(m));
    }

    @Test
    void dynamicComplexTanGetsAConstantLike() throws Exception {
        ModuleOp m = parse("""
                func.func @f(%a: tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
                  %0 = stablehlo.tan %a : tensor<?xcomplex<f32>>
                  return %0 : tensor<?xcomplex<f32>>
                }
                """);
        CompatibilityExpanderPass.expand(m.op(), new Version(1, 0, 0));
        String out = print(m);
        assertTrue(out.contains("\"chlo.constant_like\"(%3) <{value = 1.000000e+00 : f32}>"), out);
        assertFalse(out.contains("stablehlo.tan "), out);
    }

    @Test
    void rangesInLocationsAreCutToTheirStartBefore190Only() throws Exception {
        String program = "func.func @f(%a: tensor<i32> loc(\"a.mlir\":1:2 to :5)) -> tensor<i32> {\n"
                + "  return %a : tensor<i32> loc(fused[\"x\"(\"a.mlir\":2:3 to 4:1), \"a.mlir\":7:7])\n"
                + "} loc(callsite(\"a.mlir\":3:1 to :2 at \"b.mlir\":1:1))\n";
        ModuleOp kept = parse(program);
        assertTrue(CompatibilityExpanderPass.expand(kept.op(), new Version(1, 9, 0)).isEmpty());
        ModuleOp m = parse(program);
        CompatibilityExpanderPass.Expansion e = CompatibilityExpanderPass.expand(m.op(), new Version(1, 8, 0));
        assertEquals(Map.of(CompatibilityExpanderPass.LOCATION_RANGES, 3), e.counts());
        String out = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, true, true));
        assertFalse(out.contains(" to "), out);
        assertTrue(out.contains("loc(\"a.mlir\":1:2)") && out.contains("\"x\"(\"a.mlir\":2:3)")
                && out.contains("callsite(\"a.mlir\":3:1 at \"b.mlir\":1:1)"), out);
    }

    private static final String MESH_PROGRAM = """
            module {
              "sdy.mesh"() {sym_name = "m", stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 3 : i64}]}} : () -> ()
              "sdy.mesh"() {sym_name = "bad_ids", stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}], device_ids = dense<[0, 1, 2]> : tensor<3xi64>}} : () -> ()
              "sdy.mesh"() {sym_name = "none"} : () -> ()
              func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 0 : i64,
                  replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @MESH, axes = [AXES]>
                } : (tensor<4xf32>) -> tensor<4xf32>
                return %0 : tensor<4xf32>
              }
            }
            """;

    private static String meshError(String mesh, String axes) throws Exception {
        ModuleOp m = parse(MESH_PROGRAM.replace("MESH", mesh).replace("AXES", axes));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> CompatibilityExpanderPass.expand(m.op(), new Version(1, 15, 0)));
        assertEquals(1, e.diagnostics().size(), e.diagnostics().toString());
        Diagnostic d = e.diagnostics().get(0);
        assertEquals(Diagnostic.Severity.ERROR, d.severity());
        return d.message();
    }

    @Test
    void meshAxesGroupsFollowTheMeshLayout() throws Exception {
        ModuleOp m = parse(MESH_PROGRAM.replace("MESH", "m").replace("AXES",
                "#stablehlo.axis_ref<name = \"y\">, #stablehlo.axis_ref<name = \"x\">"));
        CompatibilityExpanderPass.expand(m.op(), new Version(1, 15, 0));
        // one group of all six devices, ordered with y major over x
        assertTrue(print(m).contains("replica_groups = dense<[[0, 3, 1, 4, 2, 5]]> : tensor<1x6xi64>"), print(m));
        ModuleOp x = parse(MESH_PROGRAM.replace("MESH", "m").replace("AXES", "#stablehlo.axis_ref<name = \"x\">"));
        CompatibilityExpanderPass.expand(x.op(), new Version(1, 15, 0));
        assertTrue(print(x).contains("replica_groups = dense<[[0, 3], [1, 4], [2, 5]]> : tensor<3x2xi64>"), print(x));
        // at 1.16.0 they stay
        ModuleOp kept = parse(MESH_PROGRAM.replace("MESH", "m").replace("AXES", ""));
        assertTrue(CompatibilityExpanderPass.expand(kept.op(), new Version(1, 16, 0)).isEmpty());
    }

    @Test
    void meshAxesGroupsThatCannotBeFlattenedAreErrors() throws Exception {
        assertEquals("Failed to find mesh attribute on symbol", meshError("none", ""));
        assertEquals("axis \"z\" is not an axis of the mesh", meshError("m", "#stablehlo.axis_ref<name = \"z\">"));
        assertEquals("axis \"x\" appears more than once",
                meshError("m", "#stablehlo.axis_ref<name = \"x\">, #stablehlo.axis_ref<name = \"x\">"));
        assertEquals("Subaxes are not supported in flattenReplicaGroupMeshAxes",
                meshError("m", "#stablehlo.axis_ref<name = \"x\", sub_axis_info = (1)2>"));
        assertEquals("mesh device_ids must be 2 integers, one per device", meshError("bad_ids", ""));
    }

    @Test
    void aHugeMeshIsRefusedNotAllocated() throws Exception {
        String program = """
                func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 0 : i64,
                    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 65536>, #stablehlo.mesh_axis<name = "y", size = 9223372036854775807>]>, axes = []>
                  } : (tensor<4xf32>) -> tensor<4xf32>
                  return %0 : tensor<4xf32>
                }
                """;
        ModuleOp m = parse(program);
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> CompatibilityExpanderPass.expand(m.op(), new Version(1, 0, 0)));
        assertEquals("mesh has more than " + MeshAxesReplicaGroups.MAX_DEVICES + " devices",
                e.diagnostics().get(0).message());
    }
}
