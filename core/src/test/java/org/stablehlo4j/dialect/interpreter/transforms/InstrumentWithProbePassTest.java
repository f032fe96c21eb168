package org.stablehlo4j.dialect.interpreter.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;

class InstrumentWithProbePassTest {
    private static final String PROGRAM = """
            func.func @f(%a: tensor<2xf32>, %d: tensor<?xf32>) -> (tensor<2xf32>, tensor<?xf32>) {
              %0 = stablehlo.add %a, %a : tensor<2xf32> loc("sum@file")
              %1 = stablehlo.abs %d : tensor<?xf32>
              %2 = stablehlo.multiply %0, %0 : tensor<2xf32>
              return %2, %1 : tensor<2xf32>, tensor<?xf32>
            }
            """;

    @Test
    void withoutDebugInfoIdsCountUpAndDynamicShapesAreNotProbed() throws Exception {
        String out = TestContexts.runPass(InstrumentWithProbePass.fromOptions(""), PROGRAM);
        assertTrue(out.contains("interpreter.probe %0, probe_id = \"probe1\" : tensor<2xf32>"), out);
        assertTrue(out.contains("stablehlo.multiply %1, %1"), "uses go through the probe: " + out);
        assertTrue(out.contains("probe_id = \"probe2\""), out);
        assertEquals(2, out.split("interpreter.probe", -1).length - 1, out);
    }

    @Test
    void debugInfoNamesCutAtTheAtSign() throws Exception {
        String out = TestContexts.runPass(InstrumentWithProbePass.fromOptions("useDebugInfo"), PROGRAM);
        assertTrue(out.contains("probe_id = \"sum.1\""), out);
        assertTrue(out.contains("probe_id = \"probe2\""), out);
        assertFalse(out.contains("sum@file."), out);
    }

    @Test
    void badOptionsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InstrumentWithProbePass.fromOptions("useDebugInfo=yes"));
        assertTrue(e.getMessage().contains("invalid value 'yes' for option 'useDebugInfo'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> InstrumentWithProbePass.fromOptions("debug=true"));
        assertTrue(e.getMessage().contains("unknown option 'debug'"), e.getMessage());
    }
}
