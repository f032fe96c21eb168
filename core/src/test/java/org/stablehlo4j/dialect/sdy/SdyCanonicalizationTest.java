package org.stablehlo4j.dialect.sdy;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.init.AllPasses;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.CanonicalizePass;
import org.stablehlo4j.pass.PassContext;

/** The generic canonicalize pass with the patterns the sdy op rows declare (canonicalization.cc). */
class SdyCanonicalizationTest {
    private static final String MESH = "sdy.mesh @mesh = <[\"a\"=2, \"b\"=1]>\n";

    private static String canonicalize(String body) throws Exception {
        Context ctx = TestContexts.standard();
        ModuleOp m = AsmParser.parse(ctx, MESH + body, ParseOptions.of("t.mlir"));
        AllPasses.registry().lookup(CanonicalizePass.NAME).create("").run(m, new PassContext(ctx, d -> { }));
        return AsmPrinter.print(ctx, m, org.stablehlo4j.asm.PrintOptions.DEFAULT);
    }

    @Test
    void reshardChainsCollapseAndDuplicatesAreShared() throws Exception {
        String out = canonicalize("""
                func.func @f(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
                  %0 = sdy.reshard %x <@mesh, [{"a"}]> : tensor<8xf32>
                  %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<8xf32>
                  %2 = sdy.reshard %x <@mesh, [{}]> : tensor<8xf32>
                  return %1, %2 : tensor<8xf32>, tensor<8xf32>
                }
                """);
        assertTrue(out.contains("%0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>\n    return %0, %0"), out);
    }

    @Test
    void manualComputationOverSizeOneAxesIsInlined() throws Exception {
        String out = canonicalize("""
                func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
                  %0 = sdy.manual_computation(%x, %y) in_shardings=[<@mesh, [{"b"}]>, <@mesh, [{"b"}]>] \
                out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%l: tensor<8xf32>, %m: tensor<8xf32>) {
                    %1 = stablehlo.abs %l : tensor<8xf32>
                    sdy.return %1 : tensor<8xf32>
                  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
                  return %0 : tensor<8xf32>
                }
                """);
        assertFalse(out.contains("manual_computation"), out);
        assertTrue(out.contains("%0 = stablehlo.abs %arg0 : tensor<8xf32>\n    return %0"), out);
    }

    @Test
    void collectivesWithNothingToDoDisappear() throws Exception {
        String out = canonicalize("""
                func.func @f(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
                  %0 = sdy.all_gather [{}] %x out_sharding=<@mesh, [{"a"}]> : tensor<8xf32>
                  %1 = sdy.all_gather [{"a"}] %0 out_sharding=<@mesh, [{}]> : tensor<8xf32>
                  %2 = sdy.all_slice [{"a"}] %1 out_sharding=<@mesh, [{"a"}]> : tensor<8xf32>
                  return %2 : tensor<8xf32>
                }
                """);
        // The no-op gather and the slice of the gather are gone; the unused gather stays (collectives are not
        // pure, as upstream).
        assertTrue(out.contains("%0 = sdy.all_gather [{\"a\"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<8xf32>\n"
                + "    return %arg0 : tensor<8xf32>"), out);
        assertFalse(out.contains("sdy.all_slice"), out);
    }

    @Test
    void unknownOptionsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CanonicalizePass.fromOptions("no-such-option=1"));
        assertEquals("pass 'canonicalize' has no option 'no-such-option'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CanonicalizePass.fromOptions("region-simplify=some"));
        assertEquals("invalid value 'some' for option 'region-simplify'", e.getMessage());
    }
}
