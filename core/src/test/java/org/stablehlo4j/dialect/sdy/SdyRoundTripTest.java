package org.stablehlo4j.dialect.sdy;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/** Text and bytecode round trips of the sdy dialect (cases from shardy/dialect/sdy/ir/test/*.mlir). */
class SdyRoundTripTest {
    private static String roundTripAttr(String text) throws Exception {
        Attribute a = AsmParser.parseAttribute(TestContexts.standard(), text);
        assertInstanceOf(SdyAttr.class, a, text);
        return AsmPrinter.printAttribute(a);
    }

    @Test
    void attributesPrintAsUpstream() throws Exception {
        String[] same = {
            "#sdy.mesh<[\"a\"=2, \"b\"=4]>",
            "#sdy.mesh<[]>",
            "#sdy.mesh<[], device_ids=[3]>",
            "#sdy.mesh<[\"a\"=2], device_ids=[1, 0]>",
            "#sdy.sharding<@mesh, [{\"a\", \"b\":(1)2}, {?}, {\"c\", ?}p1]>",
            "#sdy.sharding<@mesh, [{}, {}], replicated={\"a\"}, unreduced={\"b\"}>",
            "#sdy.sharding<@mesh, [{}], unreduced=max{\"b\"}>",
            "#sdy.sharding<mesh<[\"a\"=2]>, [{\"a\"}]>",
            "#sdy.sharding_per_value<[<@mesh, [{\"a\"}]>, <@mesh, []>]>",
            "#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=32, k=16} reduction={j}>",
            "#sdy.op_sharding_rule<([], [])->([])>",
            "#sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>",
            "#sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} "
                    + "need_replication={i, l} permutation={k} blocked_propagation={l}, custom>",
        };
        for (String s : same) assertEquals(s, roundTripAttr(s));
        // iota device ids are dropped; whitespace is normalised
        assertEquals("#sdy.mesh<[\"a\"=2]>", roundTripAttr("#sdy.mesh<[\"a\"=2], device_ids=[0, 1]>"));
        assertEquals("#sdy.sharding<@m, [{\"a\"}]>", roundTripAttr("#sdy.sharding< @m , [ { \"a\" } ] >"));
        assertEquals("#sdy.op_sharding_rule<([z_1])->([z]) {i=2}>",
                roundTripAttr("#sdy.op_sharding_rule<([z_1])->([z]) {i=2}>"));
    }

    @Test
    void attributeParseErrors() {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> AsmParser.parse(
                TestContexts.standard(), "func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, "
                        + "[{\"a\"}p01]>}) {\n  return\n}\n", ParseOptions.of("t.mlir")));
        assertTrue(e.getMessage().contains("priorities with leading zeros are not allowed, got: p01"),
                e.getMessage());
    }

    private static final String OPS = """
            module {
              sdy.mesh @mesh = <["x"=4, "y"=2]>
              func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<16x8xf32> {
                %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]> : tensor<16x8xf32>
                %1 = sdy.reshard %0 <@mesh, [{}, {"y"}]> : tensor<16x8xf32>
                %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<4x4xf32>) {
                  sdy.return %arg1 : tensor<4x4xf32>
                } : (tensor<16x8xf32>) -> tensor<16x8xf32>
                %3 = sdy.all_gather [{}, {"y"}] %2 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
                %4 = sdy.all_reduce max {"y"} %3 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
                %5 = sdy.all_to_all [{"x"}: 0->1] %4 out_sharding=<@mesh, [{}, {"x"}]> : tensor<16x8xf32>
                %6 = sdy.propagation_barrier %5 allowed_direction=BOTH : tensor<16x8xf32>
                %7 = sdy.named_computation<"foo">(%6) in_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: tensor<16x8xf32>) {
                  sdy.return %arg1 : tensor<16x8xf32>
                } : (tensor<16x8xf32>) -> tensor<16x8xf32>
                sdy.sharding_group %7 group_id=3 : tensor<16x8xf32>
                %8 = sdy.data_flow_edge %7 sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
                return %8 : tensor<16x8xf32>
              }
            }
            """;

    @Test
    void opsPrintAsParsedAndSurviveBytecode() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), OPS, ParseOptions.of("t.mlir"));
        String printed = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        assertEquals(OPS.stripTrailing(), printed.stripTrailing());
        byte[] bc = BytecodeWriter.write(TestContexts.standard(), m, "test");
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bc, "t.mlirbc");
        assertEquals(OPS.stripTrailing(),
                AsmPrinter.print(TestContexts.standard(), back, new PrintOptions(false, false, false)).stripTrailing());
    }

    private static byte[] sample(String name) throws Exception {
        String shared = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(shared != null);
        Path p = Path.of(shared).resolveSibling("shardy").resolve("samples").resolve(name);
        Assumptions.assumeTrue(Files.exists(p));
        return Files.readAllBytes(p);
    }

    /** Every corruption or truncation of an artifact with sdy attributes gets a diagnostic with its byte offset. */
    @Test
    void corruptSdyBytecodeGetsDiagnosticsWithOffsets() throws Exception {
        byte[] data = sample("shard_map_psum.mlir.bc");
        BytecodeReader.read(TestContexts.standard(), data, "x.mlir.bc");
        boolean sawUnknownCode = false;
        for (int i = 0; i < data.length; i++) {
            for (int v : new int[] {0x7F, 0x23, 0xFF}) {
                byte[] bad = data.clone();
                bad[i] = (byte) v;
                try {
                    BytecodeReader.read(TestContexts.standard(), bad, "x.mlir.bc");
                } catch (DiagnosticException e) {
                    String msg = e.getMessage();
                    assertNotNull(msg);
                    assertTrue(msg.contains("byte offset"), msg);
                    if (msg.contains("unknown sdy attribute code")) {
                        sawUnknownCode = true;
                        assertTrue(msg.contains("byte offset"), msg);
                    }
                }
            }
        }
        assertTrue(sawUnknownCode);
        for (int n = 0; n < data.length; n++) {
            byte[] cut = java.util.Arrays.copyOf(data, n);
            DiagnosticException e = assertThrows(DiagnosticException.class,
                    () -> BytecodeReader.read(TestContexts.standard(), cut, "x.mlir.bc"));
            if (n >= 8) assertTrue(e.getMessage().contains("byte offset"), e.getMessage());
        }
    }

    @Test
    void javaApiReadsMeshesAndShardings() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), OPS, ParseOptions.of("t.mlir"));
        assertEquals(java.util.List.of("mesh"), java.util.List.copyOf(SdyShardings.meshes(m).keySet()));
        assertEquals(8, SdyShardings.meshes(m).get("mesh").totalSize());
        java.util.List<SdyShardings.ValueSharding> args = SdyShardings.argumentShardings(m, "main");
        assertEquals(1, args.size());
        assertEquals("mesh", args.get(0).meshName());
        assertEquals(java.util.List.of(java.util.List.of("x"), java.util.List.of("y")), args.get(0).dimensionAxes());
        assertEquals(4, args.get(0).shards(0));
        assertEquals(2, args.get(0).shards(1));
        assertTrue(SdyShardings.resultShardings(m, "main").isEmpty());
    }

    /** The typed API on a real JAX export, read from its portable artifact (no text involved). */
    @Test
    void javaApiReadsAnExportedArtifact() throws Exception {
        ModuleOp m = org.stablehlo4j.api.StableHlo.create()
                .deserializePortableArtifact(sample("matmul_sharded.mlir.bc"));
        MeshAttr mesh = SdyShardings.meshes(m).get("mesh");
        assertEquals(java.util.List.of(new MeshAxisAttr("x", 4), new MeshAxisAttr("y", 2)), mesh.axes());
        java.util.List<SdyShardings.ValueSharding> args = SdyShardings.argumentShardings(m, "main");
        assertEquals(java.util.List.of(java.util.List.of("x"), java.util.List.of("y")), args.get(0).dimensionAxes());
        assertEquals(java.util.List.of(java.util.List.of("y"), java.util.List.of()), args.get(1).dimensionAxes());
        assertEquals(2, args.get(1).shards(0));
        assertEquals(1, args.get(1).shards(1));
        java.util.List<SdyShardings.ValueSharding> results = SdyShardings.resultShardings(m, "main");
        assertEquals(1, results.size());
        assertEquals(java.util.List.of(java.util.List.of(), java.util.List.of("x")), results.get(0).dimensionAxes());
        assertEquals(4, results.get(0).shards(1));
        assertSame(mesh, results.get(0).mesh());
    }
}
