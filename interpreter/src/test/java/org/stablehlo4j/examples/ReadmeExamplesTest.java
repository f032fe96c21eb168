package org.stablehlo4j.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.api.StableHlo;

/**
 * The README's Java examples: each is a class of this package, compiled with the tests; the README quotes the
 * files verbatim (checked here) and this test runs them and checks what they print.
 */
public class ReadmeExamplesTest {
    static final Path ROOT = Path.of("..");
    static final Path EXAMPLES = Path.of("src/test/java/org/stablehlo4j/examples");

    /** What the builder of SerializeMlp must produce, written by hand. */
    public static final String MLP = """
        func.func @main(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
          %w1 = stablehlo.constant dense<[[1.0, -1.0, 0.5, 0.0], [0.0, 2.0, 0.5, 1.0], [-1.0, 0.0, 0.5, 1.0]]> : tensor<3x4xf32>
          %b1 = stablehlo.constant dense<[[0.5, 0.0, -1.0, 0.0]]> : tensor<1x4xf32>
          %w2 = stablehlo.constant dense<[[1.0, 0.0], [0.5, -1.0], [1.0, 1.0], [-0.5, 0.25]]> : tensor<4x2xf32>
          %b2 = stablehlo.constant dense<[[0.25, -0.5]]> : tensor<1x2xf32>
          %zero = stablehlo.constant dense<0.0> : tensor<1x4xf32>
          %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x4xf32>) -> tensor<1x4xf32>
          %1 = stablehlo.add %0, %b1 : tensor<1x4xf32>
          %2 = stablehlo.maximum %1, %zero : tensor<1x4xf32>
          %3 = stablehlo.dot_general %2, %w2, contracting_dims = [1] x [0] : (tensor<1x4xf32>, tensor<4x2xf32>) -> tensor<1x2xf32>
          %4 = stablehlo.add %3, %b2 : tensor<1x2xf32>
          return %4 : tensor<1x2xf32>
        }
        """;

    interface Main {
        void run() throws Exception;
    }

    static String capture(Main main) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void readmeQuotesTheExampleFilesVerbatim() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        Pattern block = Pattern.compile("<!-- (?:example|file): (\\S+) -->\n```(?:java|xml)\n(.*?)```\n", Pattern.DOTALL);
        Matcher m = block.matcher(readme);
        int n = 0;
        while (m.find()) {
            String file = m.group(1);
            assertEquals(Files.readString(ROOT.resolve(file)), m.group(2), "README block of " + file);
            n++;
        }
        assertEquals(6, n, "README example and consumer blocks");
    }

    @Test
    void serializeMlp() throws Exception {
        String out = capture(() -> SerializeMlp.main(new String[0]));
        assertTrue(out.startsWith("{builtin.module=1, vhlo.add_v1=2, vhlo.constant_v1=5, vhlo.dot_general_v2=2, "
                + "vhlo.func_v1=1, vhlo.maximum_v1=1, vhlo.return_v1=1}\nneeds at least StableHLO 0.9.0\nmodule {\n"),
                out);
        StableHlo api = StableHlo.create();
        String reprinted = out.substring(out.indexOf("module {"));
        assertEquals(api.print(api.parse(MLP)), reprinted, "the built MLP is this program, and reads back to it");
    }

    @Test
    void runMlpMatchesTheHandComputedResult() throws Exception {
        // x = [1, 2, 3]; x W1 = [-2, 3, 3, 5]; + b1 = [-1.5, 3, 2, 5]; relu = [0, 3, 2, 5];
        // . W2 = [0 + 1.5 + 2 - 2.5, 0 - 3 + 2 + 1.25] = [1, 0.25]; + b2 = [1.25, -0.25]
        String out = capture(() -> RunMlp.main(new String[0]));
        assertEquals("dense<[[1.250000e+00, -2.500000e-01]]> : tensor<1x2xf32>\n[1.25, -0.25]\n", out);
    }

    @Test
    void readArtifact(@TempDir Path tmp) throws Exception {
        String shared = System.getProperty("stablehlo.shared");
        Path sample = shared == null ? null : Path.of(shared).resolve("../jax-samples/mlp.mlir.bc");
        if (sample != null && Files.isRegularFile(sample)) {
            String out = capture(() -> ReadArtifact.main(new String[] {sample.toString()}));
            assertTrue(out.startsWith("StableHLO_v1.15.0: 32 ops, dialects [builtin, vhlo]\n"), out);
            String expected = Files.readString(sample.resolveSibling("mlp.deserialized.mlir"));
            // stablehlo-opt ends the module with one more newline than upstream's saved output
            assertEquals(expected, out.substring(out.indexOf('\n') + 1).replaceAll("\n\n$", "\n"));
        }
        StableHlo api = StableHlo.create();
        Path own = tmp.resolve("mlp.mlir.bc");
        Files.write(own, api.serializePortableArtifact(SerializeMlp.buildMlp(api), "1.9.0"));
        String out = capture(() -> ReadArtifact.main(new String[] {own.toString()}));
        assertTrue(out.startsWith("StableHLO_v1.9.0: 13 ops, dialects [builtin, vhlo]\nmodule {\n"), out);
    }

    @Test
    void specializeExport() throws Exception {
        String shared = System.getProperty("stablehlo.shared", "../../shared/stablehlo");
        Path export = Path.of(shared).resolve("../jax-runtime/poly_mlp.mlir.bc");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(export), "no " + export);
        String out = capture(() -> SpecializeExport.main(new String[] {export.toString()}));
        String[] lines = out.split("\n");
        assertEquals(5, lines.length, out);
        assertEquals("3: func.func public @main(%arg0: tensor<3x8xf32>, %arg1: tensor<8x4xf32>) -> (tensor<3xf32> "
                + "{jax.result_info = \"result\"}) {", lines[0]);
        assertEquals(lines[0].replace("3x8", "5x8").replace("<3xf32>", "<5xf32>").replaceFirst("^3", "5"), lines[1]);
        assertEquals(lines[0], lines[2]);
        assertTrue(lines[3].startsWith("0: ") && lines[3].contains("'b' = 0"), lines[3]);
        assertEquals("2 specializations", lines[4]);
    }

    /**
     * examples/mlp.mlir.bc, the portable artifact the README's Quick start runs, is SerializeMlp's MLP serialized
     * for StableHLO 1.9.0 (byte for byte), and the Quick start's command runs it on x = [[1, 2, 3]], whose result
     * runMlpMatchesTheHandComputedResult checks.
     */
    @Test
    void quickStartArtifactIsTheMlpFor190() throws Exception {
        StableHlo api = StableHlo.create();
        byte[] expected = api.serializePortableArtifact(SerializeMlp.buildMlp(api), "1.9.0");
        assertArrayEquals(expected, Files.readAllBytes(ROOT.resolve("examples/mlp.mlir.bc")),
                "examples/mlp.mlir.bc is stale: write it anew with StableHlo.serializePortableArtifact("
                + "SerializeMlp.buildMlp(api), \"1.9.0\")");
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains("./stablehlo4j translate --interpret "
                + "--args='[dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>]' examples/mlp.mlir.bc"));
    }

    /** examples/MlpExample.java (run by the README's command) compiles against the built classes and prints the hand-computed result. */
    @Test
    void runnableExampleOfTheExamplesDirectory(@TempDir Path tmp) throws Exception {
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, "-d", tmp.toString(), "-cp",
                System.getProperty("java.class.path") + java.io.File.pathSeparator
                + System.getProperty("jdk.module.path", ""), ROOT.resolve("examples/MlpExample.java").toString());
        assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {tmp.toUri().toURL()},
                getClass().getClassLoader())) {
            java.lang.reflect.Method main = loader.loadClass("MlpExample").getMethod("main", String[].class);
            String out = capture(() -> main.invoke(null, (Object) new String[0]));
            assertTrue(out.contains("stablehlo.dot_general %arg0, %cst, contracting_dims = [1] x [0]"), out);
            assertTrue(out.contains("artifact: ") && out.contains("StableHLO_v1.9.0"), out);
            assertTrue(out.endsWith("mlp([1, 2, 3]) = [1.25, -0.25]\n"), out);
        }
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains(
                "java -cp cli/target/lib/stablehlo4j-core.jar:cli/target/lib/stablehlo4j-interpreter.jar examples/MlpExample.java"));
    }
}
