package org.stablehlo4j.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.ModuleOp;

/** {@link StableHlo#runPasses} with {@code cse} and pipelines nested on op anchors. */
class RunPassesPipelineTest {
    private static final StableHlo API = StableHlo.create();

    private static final String TEXT = """
            func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
              %0 = stablehlo.multiply %a, %b : tensor<f32>
              %1 = stablehlo.multiply %b, %a : tensor<f32>
              return %0, %1 : tensor<f32>, tensor<f32>
            }
            """;

    private static final String MERGED = """
            module {
              func.func @main(%arg0: tensor<f32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
                %0 = stablehlo.multiply %arg0, %arg1 : tensor<f32>
                return %0, %0 : tensor<f32>, tensor<f32>
              }
            }
            """;

    private static String run(String pipeline) throws StableHloException {
        ModuleOp m = API.parse(TEXT);
        assertEquals(List.of(), API.runPasses(m, pipeline));
        return API.print(m).stripTrailing() + "\n";
    }

    @Test
    void cseRunsFlatNestedOrOnAnyOp() throws StableHloException {
        assertTrue(API.passNames().contains("cse"));
        assertEquals(MERGED, run("cse"));
        assertEquals(MERGED, run("builtin.module(cse)"));
        assertEquals(MERGED, run("builtin.module(func.func(canonicalize), cse)"));
        assertEquals(MERGED, run("builtin.module(func.func(cse))"));
        assertEquals(MERGED, run("builtin.module(any(canonicalize, cse))"));
    }

    @Test
    void pipelineErrorsCarryMlirMessages() {
        StableHloException anchor = assertThrows(StableHloException.class, () -> run("func.func(cse)"));
        assertTrue(anchor.getMessage().contains("can't run 'func.func' pass manager on 'builtin.module' op"),
                anchor.getMessage());
        StableHloException nest = assertThrows(StableHloException.class,
                () -> run("builtin.module(func.func(inline))"));
        assertTrue(nest.getMessage().contains("did you intend to nest?"), nest.getMessage());
        StableHloException unknown = assertThrows(StableHloException.class,
                () -> run("builtin.module(func.func(no-such-pass))"));
        assertTrue(unknown.getMessage().contains("unknown pass 'no-such-pass' (known passes: "), unknown.getMessage());
        StableHloException upstream = assertThrows(StableHloException.class,
                () -> run("builtin.module(func.func(stablehlo-legalize-to-linalg))"));
        assertTrue(upstream.getMessage().contains("pass 'stablehlo-legalize-to-linalg' is not implemented in stablehlo4j"),
                upstream.getMessage());
        StableHloException options = assertThrows(StableHloException.class, () -> run("cse{x=1}"));
        assertTrue(options.getMessage().contains("pass 'cse' takes no options"), options.getMessage());
    }
}
