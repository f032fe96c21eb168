package org.stablehlo4j.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PassPipelineParserTest {
    private static List<String> names(String pipeline) {
        return PassPipelineParser.parse(pipeline).stream().map(p -> p.name() + "|" + p.options()).toList();
    }

    @Test
    void modulePipelineExpandsInOrderWithOptions() {
        // tests/vhlo/stablehlo_legalize_to_vhlo.mlir: --pass-pipeline='builtin.module(stablehlo-deserialize)'
        assertEquals(List.of("stablehlo-deserialize|"), names("'builtin.module(stablehlo-deserialize)'"));
        assertEquals(List.of("inline|", "vhlo-to-version|target=1.9.0", "strip-debuginfo|"),
                names("builtin.module(inline, vhlo-to-version{target=1.9.0},builtin.module(strip-debuginfo))"));
        assertEquals(List.of("inline|"), names("inline"));
    }

    @Test
    void malformedPipelinesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> names("builtin.module(inline"));
        assertThrows(IllegalArgumentException.class, () -> names("func.func(canonicalize)"));
        assertThrows(IllegalArgumentException.class, () -> names("vhlo-to-version{target=1.9.0"));
        assertThrows(IllegalArgumentException.class, () -> names("inline)"));
    }
}
