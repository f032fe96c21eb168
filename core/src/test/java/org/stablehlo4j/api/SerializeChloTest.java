package org.stablehlo4j.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Serializing a module with CHLO: refused as upstream does, with a note naming the opt-in; with
 * {@link SerializeOptions#lowerChlo()} the CHLO pre-serialization pipeline runs on a copy first.
 */
class SerializeChloTest {
    private static final String PROGRAM = """
            func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>)
                -> (tensor<4xf32>, tensor<4xi1>, tensor<2xf32>, tensor<2xi32>, tensor<4xf32>) {
              %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
              %1 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
              %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
              %2 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
              return %0, %1, %v, %i, %2 : tensor<4xf32>, tensor<4xi1>, tensor<2xf32>, tensor<2xi32>, tensor<4xf32>
            }
            """;

    @Test
    void chloIsRefusedWithANoteNamingTheOptIn() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse(PROGRAM);
        StableHloException e = assertThrows(StableHloException.class,
                () -> api.serializePortableArtifact(m, "current"));
        Diagnostic d = e.diagnostics().get(0);
        assertEquals("failed to legalize operation 'chlo.next_after' that was explicitly marked illegal", d.message());
        assertEquals(1, d.notes().size());
        String note = d.notes().get(0).message();
        assertTrue(note.contains("--chlo-pre-serialization-pipeline") && note.contains("--lower-chlo")
                && note.contains("withLowerChlo(true)"), note);
        // the default options are upstream's behaviour
        assertThrows(StableHloException.class, () -> api.serializePortableArtifact(m, "current", SerializeOptions.DEFAULT));
    }

    @Test
    void withLowerChloTheArtifactHoldsNoChloAndEqualsPipelineThenSerialize() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse(PROGRAM);
        String before = api.print(m);
        byte[] artifact = api.serializePortableArtifact(m, "current", SerializeOptions.DEFAULT.withLowerChlo(true));
        assertEquals(before, api.print(m), "the caller's module is not changed");
        String read = api.print(api.deserializePortableArtifact(artifact));
        assertFalse(read.contains("chlo"), read);
        assertTrue(read.contains("stablehlo.sort"), read);

        ModuleOp piped = api.parse(PROGRAM);
        api.runPasses(piped, "chlo-pre-serialization-pipeline");
        assertArrayEquals(api.serializePortableArtifact(piped, "current"), artifact);
    }

    @Test
    void aModuleWithoutChloSerializesAsWithout() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                + "  %0 = stablehlo.abs %x : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n");
        assertArrayEquals(api.serializePortableArtifact(m, "1.9.0"),
                api.serializePortableArtifact(m, "1.9.0", SerializeOptions.DEFAULT.withLowerChlo(true)));
    }

    @Test
    void chloTheLoweringCannotLegalizeIsReported() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse("func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
                + "  %0 = chlo.broadcast_add %x, %x : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>\n"
                + "  return %0 : tensor<?xf32>\n}\n");
        StableHloException e = assertThrows(StableHloException.class, () ->
                api.serializePortableArtifact(m, "current", SerializeOptions.DEFAULT.withLowerChlo(true)));
        // the CHLO lowering broadcasts unbounded shapes under a shape.cstr_broadcastable, which, as upstream's,
        // shape-legalize-to-stablehlo does not lower
        assertEquals("failed to legalize operation 'shape.cstr_broadcastable' that was explicitly marked illegal",
                e.firstMessage());
        ModuleOp n = api.parse("func.func @main(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {\n"
                + "  %0 = chlo.broadcast_add %x, %y {broadcast_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>\n"
                + "  return %0 : tensor<?x?xf32>\n}\n");
        StableHloException f = assertThrows(StableHloException.class, () ->
                api.serializePortableArtifact(n, "current", SerializeOptions.DEFAULT.withLowerChlo(true)));
        assertTrue(f.getMessage().contains(
                "failed to legalize operation 'chlo.broadcast_add' that was explicitly marked illegal"), f.getMessage());
    }

    @Test
    void optionsCompose() {
        SerializeOptions o = SerializeOptions.DEFAULT.withLowerChlo(true).withAllowOtherDialects(true);
        assertTrue(o.lowerChlo() && o.allowOtherDialects());
        assertFalse(o.withLowerChlo(false).lowerChlo());
    }
}
