package org.stablehlo4j.dialect.sdy;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/** The sdy verification rules (verifiers.cc), with upstream's messages (cases from *_verification.mlir). */
class SdyVerifiersTest {
    private static String error(String text) {
        Context ctx = TestContexts.standard();
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> {
            ModuleOp m = AsmParser.parse(ctx, text, ParseOptions.of("t.mlir"));
            Verifier.verify(ctx, m);
        });
        return e.diagnostics().get(0).message();
    }

    private static void valid(String text) throws Exception {
        Context ctx = TestContexts.standard();
        Verifier.verify(ctx, AsmParser.parse(ctx, text, ParseOptions.of("t.mlir")));
    }

    @Test
    void meshAttributes() {
        assertEquals("custom op 'sdy.mesh' duplicate axis name: \"a\"",
                error("sdy.mesh @mesh = <[\"a\"=2, \"b\"=2, \"a\"=4]>"));
        assertEquals("custom op 'sdy.mesh' total product of axis sizes must match total number of device ids, "
                + "got: 2 != 1", error("sdy.mesh @mesh = <[\"a\"=2], device_ids=[0]>"));
        assertEquals("custom op 'sdy.mesh' sorted device ids must be iota(product(axes)), got: 1, 2",
                error("sdy.mesh @mesh = <[\"a\"=2], device_ids=[2, 1]>"));
        assertTrue(error("sdy.mesh @mesh = <[\"a\"=2, \"b\"=0]>").endsWith("axis size must be at least 1, got: 0"));
    }

    @Test
    void argumentShardings() throws Exception {
        String mesh = "sdy.mesh @mesh = <[\"a\"=2, \"b\"=2]>\n";
        assertEquals("'func.func' op arg 0 - sharding doesn't match tensor rank: 1 != 2", error(mesh
                + "func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}]>}) {\n"
                + "  return\n}\n"));
        assertEquals("'func.func' op result 0 - unknown axis name: \"c\"", error(mesh
                + "func.func @f(%a: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, "
                + "[{\"c\"}]>}) {\n  return %a : tensor<8xf32>\n}\n"));
        assertEquals("'func.func' op arg 0 - replicated axes are not ordered w.r.t. mesh", error(mesh
                + "func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], "
                + "replicated={\"b\", \"a\"}>}) {\n  return\n}\n"));
        valid("sdy.mesh @mesh = <[\"a\"=2, \"b\"=4]>\n" + "func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}, "
                + "{\"b\":(1)2}]>}) {\n  return\n}\n");
    }

    @Test
    void opRules() {
        assertEquals("'sdy.propagation_barrier' op cannot specify `BOTH` as the direction. Not blocking "
                + "propagation direction makes the op redundant.", error(
                "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = sdy.propagation_barrier %a allowed_direction=BOTH : tensor<8xf32>\n"
                + "  return %0 : tensor<8xf32>\n}\n"));
        assertEquals("'sdy.sharding_constraint' op sharding doesn't match tensor rank: 2 != 1", error(
                "sdy.mesh @mesh = <[\"a\"=2, \"b\"=2]>\nfunc.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = sdy.sharding_constraint %a <@mesh, [{}, {\"b\"}]> : tensor<8xf32>\n"
                + "  return %0 : tensor<8xf32>\n}\n"));
        assertEquals("'stablehlo.custom_call' op should have a sharding rule attribute of type OpShardingRuleAttr "
                + "for attr named 'sdy.sharding_rule'", error(
                "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = stablehlo.custom_call @foo(%a) {sdy.sharding_rule = 1 : i64} : (tensor<8xf32>) -> "
                + "tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n"));
        assertEquals("'stablehlo.custom_call' op has factor j=4 that isn't used in operand and result mappings",
                error("func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = stablehlo.custom_call @foo(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) "
                + "{i=8, j=4}>} : (tensor<8xf32>) -> tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n"));
    }

    private static final String MESH = "sdy.mesh @mesh = <[\"x\"=4, \"y\"=2]>\n";

    private static String collective(String op) {
        return MESH + "func.func @f(%a: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>})"
                + " -> tensor<16x8xf32> {\n  %0 = " + op + " : tensor<16x8xf32>\n  return %0 : tensor<16x8xf32>\n}\n";
    }

    @Test
    void collectiveSymbolUses() throws Exception {
        assertEquals("'sdy.all_gather' op can't apply gathering axis \"x\" to operand sharding on dimension 1",
                error(collective("sdy.all_gather [{}, {\"x\"}] %a out_sharding=<@mesh, [{\"x\"}, {}]>")));
        assertEquals("'sdy.all_gather' op result sharding doesn't match expected sharding [\"y\"] on dimension 1",
                error(collective("sdy.all_gather [{\"x\"}, {}] %a out_sharding=<@mesh, [{}, {}]>")));
        assertEquals("'sdy.all_slice' op result sharding has rank 2 but collective axes has rank 1",
                error(collective("sdy.all_slice [{}] %a out_sharding=<@mesh, [{\"x\"}, {\"y\"}]>")));
        assertEquals("'sdy.all_to_all' op overlapping source/target dimensions in all-to-all params: 0",
                error(collective("sdy.all_to_all [{\"x\"}: 0->0] %a out_sharding=<@mesh, [{}, {\"y\", \"x\"}]>")));
        assertEquals("'sdy.collective_permute' op sharded size of result doesn't match operand on dimension 0: "
                + "2 != 4", error(collective("sdy.collective_permute %a out_sharding=<@mesh, [{\"y\"}, {\"x\"}]>")));
        assertEquals("'sdy.all_reduce' op reduction axis \"x\" overlaps with operand dimension sharding or "
                + "replicated axes", error(collective("sdy.all_reduce {\"x\"} %a out_sharding=<@mesh, [{\"x\"}, "
                + "{\"y\"}]>")));
        valid(collective("sdy.all_gather [{\"x\"}, {}] %a out_sharding=<@mesh, [{}, {\"y\"}]>"));
        valid(collective("sdy.all_to_all [{\"x\"}: 0->1] %a out_sharding=<@mesh, [{}, {\"y\", \"x\"}]>"));
    }

    private static String edges(String edges) {
        return MESH + "func.func @f(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {\n  %0 = stablehlo.add %a, %a "
                + "{sdy.propagation_edges = " + edges + ", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, "
                + "{\"x\", ?}]>]>} : tensor<8x8xf32>\n  return %0 : tensor<8x8xf32>\n}\n";
    }

    @Test
    void propagationEdges() throws Exception {
        assertEquals("propagation edges have duplicate step index: 1", error(edges(
                "#sdy.propagation_edges<[{step-1 = [{\"x\" = operand-0 -> [result-0]}]}, {step-1 = []}]>")));
        assertEquals("propagation edges have a source that is the same as a target", error(edges(
                "#sdy.propagation_edges<[{step-0 = [{\"x\" = operand-0 -> [operand-0]}]}]>")));
        assertEquals("'stablehlo.add' op expected a value ref to have an operand index in range [0, 2), got: 3",
                error(edges("#sdy.propagation_edges<[{step-0 = [{\"x\" = result-0 -> [operand-3]}]}]>")));
        assertEquals("'stablehlo.add' op expected axis ref to be in one of the meshes", error(edges(
                "#sdy.propagation_edges<[{step-0 = [{\"z\" = result-0 -> [operand-1]}]}]>")));
        assertEquals("'stablehlo.add' op should have a propagation edges attribute of type PropagationEdgesAttr for "
                + "attr named 'sdy.propagation_edges'", error(edges("64 : i64")));
        valid(edges("#sdy.propagation_edges<[{step-2 = [{\"x\" = operand-1 -> [operand-0, result-0]}]}]>"));
    }

    /** All diagnostics of a parse failure, in order. */
    private static java.util.List<String> parseErrors(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("t.mlir")));
        return e.diagnostics().stream().map(d -> d.message()).toList();
    }

    @Test
    void nestedAttributeParseFailuresAddTheEnclosingParsersErrors() {
        assertEquals(java.util.List.of("expected string",
                "failed to parse Sdy_AxisRef parameter 'name' which is to be a `::llvm::StringRef`",
                "failed to parse axis list which is expected to be an `ArrayRef<AxisRefAttr>`",
                "failed to parse Sdy_TensorSharding parameter 'replicated_axes'",
                "failed to parse Sdy_TensorShardingPerValue parameter 'shardings' which is to be a "
                        + "`::llvm::ArrayRef<TensorShardingAttr>`"),
                parseErrors(MESH + "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = stablehlo.abs %a "
                        + "{sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], replicated={\"x\", y}>]>} : "
                        + "tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n"));
        assertEquals(java.util.List.of("expecting symbol from 'i' to 'z'. Received: 'a'",
                "failed to parse Sdy_TensorMapping parameter 'dim_mappings' which is to be a "
                        + "`::llvm::ArrayRef<DimMappingAttr>`",
                "failed to parse Sdy_OpShardingRule parameter 'operand_mappings' which is to be a "
                        + "`::llvm::ArrayRef<TensorMappingAttr>`"),
                parseErrors("func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n  %0 = stablehlo.abs %a "
                        + "{sdy.sharding_rule = #sdy.op_sharding_rule<([a])->([i]) {i=8}>} : tensor<8xf32>\n"
                        + "  return %0 : tensor<8xf32>\n}\n"));
    }
}
