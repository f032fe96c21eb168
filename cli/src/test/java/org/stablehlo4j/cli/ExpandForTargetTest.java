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
 * {@code stablehlo-translate --serialize --expand-for-target}: ops newer than {@code --target} are rewritten by the
 * compatibility expander first (listed on stderr), and the artifact is what {@code stablehlo-opt
 * --stablehlo-compatibility-expander} then {@code --serialize} write; without the flag serialization fails as
 * upstream's, with a note naming the flag.
 */
class ExpandForTargetTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static final String PROGRAM = """
            func.func @main(%x: tensor<4xf32>, %c: tensor<?xcomplex<f32>>) -> (tensor<4xf32>, tensor<?xcomplex<f32>>) {
              %0 = stablehlo.tan %x : tensor<4xf32>
              %1 = stablehlo.tan %c : tensor<?xcomplex<f32>>
              return %0, %1 : tensor<4xf32>, tensor<?xcomplex<f32>>
            }
            """;

    private int run(String... args) {
        return Main.runGuarded(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void expandForTargetSerializesWhatTheExpanderThenSerializeWrite() throws Exception {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        Path direct = dir.resolve("direct.bc");
        assertEquals(0, run("translate", "--serialize", "--target=1.3.0", "--expand-for-target", "--strip-debuginfo",
                in.toString(), "-o", direct.toString()), err.toString(StandardCharsets.UTF_8));
        assertEquals("stablehlo-translate: expanded 3 x stablehlo.tan for StableHLO 1.3.0\n",
                err.toString(StandardCharsets.UTF_8));
        // the dynamic complex tan's constant_like (CHLO) is lowered as part of the expansion
        Path expanded = dir.resolve("expanded.mlir");
        Path piped = dir.resolve("piped.bc");
        assertEquals(0, run("opt", "--stablehlo-compatibility-expander=target=1.3.0",
                "--chlo-pre-serialization-pipeline",
                in.toString(), "-o", expanded.toString()));
        assertEquals(0, run("translate", "--serialize", "--target=1.3.0", "--strip-debuginfo", expanded.toString(),
                "-o", piped.toString()));
        assertArrayEquals(Files.readAllBytes(piped), Files.readAllBytes(direct));
        Path back = dir.resolve("back.mlir");
        assertEquals(0, run("translate", "--deserialize", direct.toString(), "-o", back.toString()));
        String text = Files.readString(back);
        assertFalse(text.contains("stablehlo.tan ") || text.contains("chlo"), text);
    }

    @Test
    void withoutTheFlagTheNewerOpIsRefusedWithANote() throws Exception {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        assertEquals(1, run("translate", "--serialize", "--target=1.3.0", in.toString(), "-o",
                dir.resolve("out.bc").toString()));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("error: failed to legalize operation 'vhlo.tan_v2' that was explicitly marked illegal"), e);
        assertTrue(e.contains("note: the module uses stablehlo.tan, newer than StableHLO 1.3.0")
                && e.contains("--expand-for-target"), e);
        assertTrue(e.contains("error: failed to convert VHLO to v1.3.0"), e);
        assertFalse(Files.exists(dir.resolve("out.bc")));
    }

    @Test
    void atATargetThatHasTheOpsNothingIsExpanded() throws Exception {
        Path in = Files.writeString(dir.resolve("in.mlir"), PROGRAM);
        Path with = dir.resolve("with.bc");
        Path without = dir.resolve("without.bc");
        assertEquals(0, run("translate", "--serialize", "--target=1.4.0", "--expand-for-target", in.toString(), "-o",
                with.toString()));
        assertEquals(0, run("translate", "--serialize", "--target=1.4.0", in.toString(), "-o", without.toString()));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertArrayEquals(Files.readAllBytes(without), Files.readAllBytes(with));
    }
}
