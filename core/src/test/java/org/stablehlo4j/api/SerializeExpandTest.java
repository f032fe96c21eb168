package org.stablehlo4j.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.ModuleOp;

/**
 * {@link SerializeOptions#withExpandForTarget(boolean)} through the API: the options, a dynamic complex tan (whose
 * expansion makes a {@code chlo.constant_like} that serialization then lowers), and errors of the expander.
 */
class SerializeExpandTest {
    @Test
    void theOptionsKeepTheirOtherFields() {
        SerializeOptions o = SerializeOptions.DEFAULT.withLowerChlo(true).withExpandForTarget(true)
                .withAllowOtherDialects(true);
        assertEquals(new SerializeOptions(true, true, true), o);
        assertEquals(new SerializeOptions(false, true, false), new SerializeOptions(false, true));
        assertFalse(SerializeOptions.DEFAULT.expandForTarget());
    }

    @Test
    void aDynamicComplexTanIsExpandedAndItsChloLowered() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse("""
                func.func @main(%c: tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
                  %0 = stablehlo.tan %c : tensor<?xcomplex<f32>>
                  return %0 : tensor<?xcomplex<f32>>
                }
                """);
        SerializedArtifact a = api.serialize(m, "1.2.0", SerializeOptions.DEFAULT.withExpandForTarget(true));
        assertEquals(List.of("expanded 2 x stablehlo.tan for StableHLO 1.2.0"), a.expanded());
        String read = api.print(api.deserializePortableArtifact(a.bytes()));
        assertFalse(read.contains("chlo") || read.contains("stablehlo.tan "), read);
        assertTrue(read.contains("stablehlo.dynamic_broadcast_in_dim"), read);
    }

    @Test
    void replicaGroupsTheExpanderCannotFlattenAreReported() throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp m = api.parse("""
                func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 0 : i64,
                    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "y">]>
                  } : (tensor<4xf32>) -> tensor<4xf32>
                  return %0 : tensor<4xf32>
                }
                """);
        StableHloException e = assertThrows(StableHloException.class,
                () -> api.serialize(m, "1.15.0", SerializeOptions.DEFAULT.withExpandForTarget(true)));
        assertEquals("axis \"y\" is not an axis of the mesh", e.diagnostics().get(0).message());
    }
}
