package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** sdy.manual_computation: the body runs once per device on its shard, collectives meet across devices. */
class ShardMapTest {
    private static String interpret(String text) throws DiagnosticException {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
        return InterpreterDriver.interpret(TestContexts.standard(), m, "", null, false).replaceAll("\\s+", " ").trim();
    }

    private static String program(String mesh) {
        return """
            sdy.mesh @mesh = <MESH>
            func.func @main() -> (tensor<2x2xi64>, tensor<4x2xi64>, tensor<4x2xi64>) {
              %x = stablehlo.constant dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>
              %r:3 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {}]>]
                  out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x", "y"}, {}]>]
                  manual_axes={"x", "y"} (%l: tensor<2x2xi64>) {
                %s = "stablehlo.all_reduce"(%l) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
                    replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
                  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
                    %t = stablehlo.add %a, %b : tensor<i64>
                    stablehlo.return %t : tensor<i64>
                }) : (tensor<2x2xi64>) -> tensor<2x2xi64>
                %id = stablehlo.partition_id : tensor<ui32>
                %i = stablehlo.convert %id : (tensor<ui32>) -> tensor<i64>
                %row = stablehlo.broadcast_in_dim %i, dims = [] : (tensor<i64>) -> tensor<1x2xi64>
                sdy.return %s, %l, %row : tensor<2x2xi64>, tensor<2x2xi64>, tensor<1x2xi64>
              } : (tensor<4x2xi64>) -> (tensor<2x2xi64>, tensor<4x2xi64>, tensor<4x2xi64>)
              return %r#0, %r#1, %r#2 : tensor<2x2xi64>, tensor<4x2xi64>, tensor<4x2xi64>
            }
            """.replace("MESH", mesh);
    }

    @Test
    void bodyRunsPerDeviceAndResultsAreAssembled() throws Exception {
        // The sum over "x" of the two row blocks; the input re-assembled from its shards; each device's id at
        // its position along ("x", "y").
        assertEquals("tensor<2x2xi64> { [ [4, 6], [8, 10] ] } tensor<4x2xi64> { [ [0, 1], [2, 3], [4, 5], [6, 7] ] }"
                + " tensor<4x2xi64> { [ [0, 0], [1, 1], [2, 2], [3, 3] ] }", interpret(program("[\"x\"=2, \"y\"=2]")));
    }

    @Test
    void deviceIdsOfTheMeshNameTheProcesses() throws Exception {
        // With device_ids=[3, 2, 1, 0] the device at mesh position ("x"=0, "y"=0) is device 3.
        assertEquals("tensor<2x2xi64> { [ [4, 6], [8, 10] ] } tensor<4x2xi64> { [ [0, 1], [2, 3], [4, 5], [6, 7] ] }"
                + " tensor<4x2xi64> { [ [3, 3], [2, 2], [1, 1], [0, 0] ] }",
                interpret(program("[\"x\"=2, \"y\"=2], device_ids=[3, 2, 1, 0]")));
    }

    @Test
    void nestedManualComputationsAreAClearError() throws Exception {
        String text = """
            sdy.mesh @mesh = <["x"=2, "y"=2]>
            func.func @main() -> tensor<4xi64> {
              %x = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
              %r = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>]
                  manual_axes={"x"} (%l: tensor<2xi64>) {
                %i = sdy.manual_computation(%l) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"y"}]>]
                    manual_axes={"y"} (%m: tensor<1xi64>) {
                  sdy.return %m : tensor<1xi64>
                } : (tensor<2xi64>) -> tensor<2xi64>
                sdy.return %i : tensor<2xi64>
              } : (tensor<4xi64>) -> tensor<4xi64>
              return %r : tensor<4xi64>
            }
            """;
        DiagnosticException e = org.junit.jupiter.api.Assertions.assertThrows(DiagnosticException.class,
                () -> interpret(text));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("sdy.manual_computation nested in another "
                + "sdy.manual_computation or in interpreter.run_parallel is not supported"), e.getMessage());
    }
}
