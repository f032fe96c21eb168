package org.stablehlo4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stablehlo-translate --serialize --lower-chlo}: the artifact of a module with CHLO holds no CHLO and is
 * byte for byte what {@code stablehlo-opt --chlo-pre-serialization-pipeline} then {@code --serialize} write;
 * without the flag serialization fails as upstream's, with a note naming the flag.
 */
class LowerChloTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static final String PROGRAM = """
            func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>)
                -> (tensor<4xf32>, tensor<2xf32>, tensor<2xi32>, tensor<4xf32>) {
              %0 = chlo.broadcast_next_after %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
              %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
              %1 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
              return %0, %v, %i, %1 : tensor<4xf32>, tensor<2xf32>, tensor<2xi32>, tensor<4xf32>
            }
            """;

    private int run(String... args) {
        return Main.runGuarded(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void lowerChloSerializesWhatThePipelineThenSerializeWrite() throws Exception {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        Path direct = dir.resolve("direct.bc");
        Path lowered = dir.resolve("lowered.mlir");
        Path piped = dir.resolve("piped.bc");
        assertEquals(0, run("translate", "--serialize", "--target=current", "--lower-chlo", "--strip-debuginfo",
                in.toString(), "-o", direct.toString()), err.toString(StandardCharsets.UTF_8));
        assertEquals(0, run("opt", "--chlo-pre-serialization-pipeline", in.toString(), "-o", lowered.toString()));
        assertEquals(0, run("translate", "--serialize", "--target=current", "--strip-debuginfo", lowered.toString(),
                "-o", piped.toString()));
        assertArrayEquals(Files.readAllBytes(piped), Files.readAllBytes(direct));
        Path back = dir.resolve("back.mlir");
        assertEquals(0, run("translate", "--deserialize", direct.toString(), "-o", back.toString()));
        String text = Files.readString(back);
        assertFalse(text.contains("chlo"), text);
        assertTrue(text.contains("stablehlo.sort"), text);
    }

    @Test
    void withoutTheFlagChloIsRefusedWithANote() throws Exception {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        assertEquals(1, run("translate", "--serialize", "--target=current", in.toString(), "-o",
                dir.resolve("out.bc").toString()));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("error: failed to legalize operation 'chlo.broadcast_next_after' that was explicitly "
                + "marked illegal"), e);
        assertTrue(e.contains("note: CHLO ops are not part of portable artifacts") && e.contains("--lower-chlo"), e);
        assertFalse(Files.exists(dir.resolve("out.bc")));
    }
}
