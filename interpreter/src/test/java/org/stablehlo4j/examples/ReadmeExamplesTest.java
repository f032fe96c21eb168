package org.stablehlo4j.examples;

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
class ReadmeExamplesTest {
    static final Path ROOT = Path.of("..");
    static final Path EXAMPLES = Path.of("src/test/java/org/stablehlo4j/examples");

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
        Pattern block = Pattern.compile("<!-- example: (\\S+) -->\n```java\n(.*?)```\n", Pattern.DOTALL);
        Matcher m = block.matcher(readme);
        int n = 0;
        while (m.find()) {
            String file = m.group(1);
            assertEquals(Files.readString(ROOT.resolve(file)), m.group(2), "README block of " + file);
            n++;
        }
        assertEquals(3, n, "README example blocks");
    }

    @Test
    void serializeMlp() throws Exception {
        String out = capture(() -> SerializeMlp.main(new String[0]));
        assertTrue(out.startsWith("{builtin.module=1, vhlo.add_v1=2, vhlo.constant_v1=5, vhlo.dot_general_v2=2, "
                + "vhlo.func_v1=1, vhlo.maximum_v1=1, vhlo.return_v1=1}\nneeds at least StableHLO 0.9.0\nmodule {\n"),
                out);
        StableHlo api = StableHlo.create();
        String reprinted = out.substring(out.indexOf("module {"));
        assertEquals(api.print(api.parse(SerializeMlp.MLP)), reprinted, "the artifact reads back to the program");
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
        Files.write(own, api.serializePortableArtifact(api.parse(SerializeMlp.MLP), "1.9.0"));
        String out = capture(() -> ReadArtifact.main(new String[] {own.toString()}));
        assertTrue(out.startsWith("StableHLO_v1.9.0: 13 ops, dialects [builtin, vhlo]\nmodule {\n"), out);
    }
}
