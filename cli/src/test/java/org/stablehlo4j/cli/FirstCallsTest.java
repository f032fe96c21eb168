package org.stablehlo4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Class-initialization hazards (issue 13): 20 fresh JVMs, each starting eight threads whose first calls are
 * parse, print, read, write, verify, serialize, deserialize and interpret at once ({@link FirstCallsMain}); none
 * may deadlock (a minute each at most) and each thread's result must equal the single-threaded one.
 */
class FirstCallsTest {
    @TempDir
    Path dir;

    @Test
    void concurrentFirstCallsInFreshJvms() throws Exception {
        Context ctx = TestContexts.standard();
        ModuleOp m = AsmParser.parse(ctx, FirstCallsMain.PROGRAM, ParseOptions.of("first-calls.mlir"));
        Path bytecode = dir.resolve("in.mlirbc");
        Files.write(bytecode, BytecodeWriter.write(ctx, m, "MLIR"));
        Path artifact = dir.resolve("in.mlir.bc");
        Files.write(artifact, FirstCallsMain.serialize(ctx, m));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // Surefire puts the module under test (and the modules it requires) on the module path: the child JVM
        // runs everything from the class path, as bin/ does.
        String cp = System.getProperty("java.class.path") + System.getProperty("path.separator")
                + System.getProperty("jdk.module.path", "");
        for (int run = 0; run < 20; run++) {
            Path log = dir.resolve("run" + run + ".out");
            Process p = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", cp,
                    FirstCallsMain.class.getName(), bytecode.toString(), artifact.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = p.waitFor(120, TimeUnit.SECONDS);
            if (!finished) p.destroyForcibly();
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(finished, "run " + run + " did not finish (deadlock?):\n" + out);
            assertEquals(0, p.exitValue(), "run " + run + ":\n" + out);
            assertEquals("OK", out.strip(), "run " + run);
        }
    }
}
