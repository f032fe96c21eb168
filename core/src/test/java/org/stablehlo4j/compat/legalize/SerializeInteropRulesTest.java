package org.stablehlo4j.compat.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.stablehlo4j.testing.TestContexts;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;

/**
 * The rules that make {@code --serialize} write what libStablehlo writes for real exports (see
 * {@link JaxSamplesSerializeTest} for the byte comparison on the JAX samples):
 * <ul>
 * <li>the StableHLO to VHLO conversion only rewrites the ops it owns (StableHLO and func): the module's own
 * attributes stay builtin ({@code mhlo.num_partitions = 1 : i32}, which XLA reads), while func attributes,
 * including arg/res attributes such as {@code jax.result_info}, become VHLO;</li>
 * <li>range locations with four fields are written line, column, end line, end column;</li>
 * <li>the pretty {@code stablehlo.reduce} forms without an explicit location give the op (and, for the compact
 * form, the block arguments, inner op and return it implies) the location of the token after the op name.</li>
 * </ul>
 * Use-list orders on multi-result ops: {@code bytecode.writer.MultiResultUseListOrderTest}.
 */
class SerializeInteropRulesTest {
    private static final String PROGRAM = """
            module @m attributes {mhlo.num_partitions = 1 : i32, jax.uses_shape_polymorphism = false} {
              func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "r"})
                  attributes {mhlo.frontend = "jax"} {
                %0 = stablehlo.abs %arg0 : tensor<4xf32> loc("f.py":3:4 to 5:6)
                return %0 : tensor<4xf32>
              }
            }
            """;

    private static Operation func(ModuleOp m) {
        return m.body().operations().get(0);
    }

    @Test
    void moduleAttributesStayBuiltinFuncAttributesBecomeVhlo() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), PROGRAM, ParseOptions.of("p.mlir"));
        ModuleOp vhlo = PortableArtifacts.legalizeForSerialization(m, "1.0.0", false);
        assertEquals(new IntegerAttr(((IntegerAttr) m.op().attr("mhlo.num_partitions")).type(),
                java.math.BigInteger.ONE), vhlo.op().attr("mhlo.num_partitions"));
        assertInstanceOf(BoolAttr.class, vhlo.op().attr("jax.uses_shape_polymorphism"));
        assertEquals("vhlo.func_v1", func(vhlo).name());
        assertInstanceOf(VhloAttr.class, func(vhlo).attr("mhlo.frontend"));
        assertInstanceOf(VhloAttr.class, func(vhlo).attr("res_attrs"));

        // The artifact carries them so, and deserializing gives the builtin attributes back unchanged.
        byte[] artifact = PortableArtifacts.serializePortableArtifact(TestContexts.standard(), m, "1.0.0", false);
        ModuleOp read = BytecodeReader.read(TestContexts.standard(), artifact, "p.bc");
        assertInstanceOf(IntegerAttr.class, read.op().attr("mhlo.num_partitions"));
        ModuleOp back = PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), artifact, "p.bc");
        assertEquals(m.op().attributes(), back.op().attributes());
        assertEquals(StringAttr.of("jax"), func(back).attr("mhlo.frontend"));
        ArrayAttr res = (ArrayAttr) func(back).attr("res_attrs");
        assertEquals(StringAttr.of("r"), ((DictionaryAttr) res.elements().get(0)).get("jax.result_info"));
    }

    @Test
    void rangeLocationsAreLineColumnEndLineEndColumn() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), PROGRAM, ParseOptions.of("p.mlir"));
        byte[] artifact = PortableArtifacts.serializePortableArtifact(TestContexts.standard(), m, "1.17.0", false);
        // 4 fields (varint 4 = 0x09), then 3, 4, 5, 6 as varints.
        assertTrue(indexOf(artifact, new byte[] {0x09, 0x07, 0x09, 0x0b, 0x0d}) >= 0, "range fields in order");
        Operation abs = func(BytecodeReader.read(TestContexts.standard(), artifact, "p.bc")).region(0).blocks().get(0).operations().get(0);
        assertEquals(new Location.FileLineCol(StringAttr.of("f.py"), 3, 4, 5, 6, true), abs.location());
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        return -1;
    }

    private static Operation reduceIn(String text) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("r.mlir"));
        return func(m).region(0).blocks().get(0).operations().get(0);
    }

    private static Location at(int line, int col) {
        return new Location.FileLineCol(StringAttr.of("r.mlir"), line, col, line, col, false);
    }

    @Test
    void compactReduceWithoutLocationUsesTheTokenAfterTheOpName() throws Exception {
        Operation reduce = reduceIn("""
                func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                  return %0 : tensor<f32>
                }
                """);
        Location paren = at(2, 24);
        assertEquals(paren, reduce.location());
        var block = reduce.region(0).blocks().get(0);
        assertEquals(paren, block.argument(0).location());
        assertEquals(paren, block.argument(1).location());
        for (Operation o : block.operations()) assertEquals(paren, o.location(), o.name());
    }

    @Test
    void compactReduceWithLocationUsesItEverywhere() throws Exception {
        Operation reduce = reduceIn("""
                func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> loc(#l)
                  return %0 : tensor<f32>
                }
                #l = loc("here")
                """);
        Location here = new Location.Name(StringAttr.of("here"), null);
        assertEquals(here, reduce.location());
        var block = reduce.region(0).blocks().get(0);
        assertEquals(here, block.argument(0).location());
        for (Operation o : block.operations()) assertEquals(here, o.location(), o.name());
    }

    @Test
    void regionReduceWithoutLocationUsesTheTokenAfterTheOpNameUnlessTrailingLoc() throws Exception {
        String text = """
                func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                   reducer(%a: tensor<f32>, %b: tensor<f32>) {
                    %1 = stablehlo.add %a, %b : tensor<f32>
                    stablehlo.return %1 : tensor<f32>
                  }TRAILING
                  return %0 : tensor<f32>
                }
                """;
        assertEquals(at(2, 24), reduceIn(text.replace("TRAILING", "")).location());
        assertEquals(new Location.Name(StringAttr.of("t"), null), reduceIn(text.replace("TRAILING", " loc(\"t\")")).location());
    }
}
