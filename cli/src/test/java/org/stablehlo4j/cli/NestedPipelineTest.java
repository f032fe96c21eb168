package org.stablehlo4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** stablehlo-opt's {@code --cse} and nested {@code --pass-pipeline}s on op anchors, end to end. */
class NestedPipelineTest {
    private static final String PROGRAM = """
            func.func @f(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
              %0 = stablehlo.add %a, %b : tensor<f32>
              %1 = stablehlo.add %b, %a : tensor<f32>
              return %0, %1 : tensor<f32>, tensor<f32>
            }
            module @inner {
              func.func @g(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
                %0 = stablehlo.abs %a : tensor<f32>
                %1 = stablehlo.abs %a : tensor<f32>
                return %0, %1 : tensor<f32>, tensor<f32>
              }
            }
            """;

    private static final String F_MERGED = """
              func.func @f(%arg0: tensor<f32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
                %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
                return %0, %0 : tensor<f32>, tensor<f32>
              }
            """;
    private static final String G_MERGED = """
              module @inner {
                func.func @g(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
                  %0 = stablehlo.abs %arg0 : tensor<f32>
                  return %0, %0 : tensor<f32>, tensor<f32>
                }
              }
            """;
    private static final String G_KEPT = """
              module @inner {
                func.func @g(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
                  %0 = stablehlo.abs %arg0 : tensor<f32>
                  %1 = stablehlo.abs %arg0 : tensor<f32>
                  return %0, %1 : tensor<f32>, tensor<f32>
                }
              }
            """;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int opt(String... args) throws IOException {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        String[] all = new String[args.length + 4];
        all[0] = "opt";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = in.toString();
        all[args.length + 2] = "-o";
        all[args.length + 3] = dir.resolve("out.mlir").toString();
        return Main.runGuarded(all, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String run(String... args) throws IOException {
        assertEquals(0, opt(args), err.toString(StandardCharsets.UTF_8));
        return Files.readString(dir.resolve("out.mlir"));
    }

    private String fails(String... args) throws IOException {
        assertEquals(1, opt(args));
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void cseFlagRunsOnTheWholeModule() throws IOException {
        assertEquals("module {\n" + F_MERGED + G_MERGED + "}\n\n", run("--cse"));
    }

    @Test
    void nestedPipelinesRunOnTheOpsOfTheirAnchorDirectlyInside() throws IOException {
        assertEquals("module {\n" + F_MERGED + G_KEPT + "}\n\n",
                run("--pass-pipeline=builtin.module(func.func(cse))"));
        assertEquals("module {\n" + F_MERGED + G_MERGED + "}\n\n",
                run("--pass-pipeline=builtin.module(func.func(canonicalize, cse), builtin.module(func.func(cse)))"));
        assertEquals("module {\n" + F_MERGED + G_MERGED + "}\n\n", run("--pass-pipeline=builtin.module(any(cse))"));
    }

    @Test
    void malformedOrMisanchoredPipelinesFailWithMlirMessages() throws IOException {
        assertTrue(fails("--pass-pipeline=builtin.module(func.func(cse)").contains(
                "error: --pass-pipeline: encountered unbalanced parentheses while parsing pipeline"), err.toString());
        err.reset();
        assertTrue(fails("--pass-pipeline=builtin.module(func.func(inline))").contains("error: --pass-pipeline: "
                + "Can't add pass 'inline' restricted to 'builtin.module' on a PassManager intended to run on "
                + "'func.func', did you intend to nest?"), err.toString());
        err.reset();
        assertTrue(fails("--pass-pipeline=func.func(cse)").contains(
                "error: can't run 'func.func' pass manager on 'builtin.module' op"), err.toString());
    }
}
