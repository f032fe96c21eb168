package org.stablehlo4j.dialect.stablehlo.transforms;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UpstreamPassesTest {
    @Test
    void stablehlosOwnPassesAreListedAndOtherNamesInTheirNamespacesAreNot() {
        for (String name : new String[] {"stablehlo-refine-shapes", "stablehlo-aggressive-folder", "vhlo-to-version",
                "chlo-legalize-to-stablehlo", "hlo-test-speculatability", "interpreter-instrument-with-probe",
                "stablehlo-deserialize", "chlo-pre-serialization-pipeline", "tosa-rescale-legalize-to-stablehlo"}) {
            assertTrue(UpstreamPasses.isUpstream(name), name);
            assertTrue(UpstreamPasses.isPassShaped(name), name);
        }
        for (String name : new String[] {"stablehlo-typo", "vhlo-foo", "chlo-bar", "hlo-test-baz", "interpreter-x"}) {
            assertFalse(UpstreamPasses.isUpstream(name), name);
            assertTrue(UpstreamPasses.isPassShaped(name), name);
        }
    }

    @Test
    void coreMlirPassesAndNamespaces() {
        for (String name : new String[] {"cse", "canonicalize", "symbol-dce", "tosa-infer-shapes", "linalg-x"}) {
            assertTrue(UpstreamPasses.isUpstream(name), name);
        }
        for (String name : new String[] {"foo", "version", "stablehlo", "Stablehlo-refine-shapes", "mlir-x"}) {
            assertFalse(UpstreamPasses.isPassShaped(name), name);
        }
    }
}
